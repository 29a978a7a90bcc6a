// One server per data file. Two servers appending to the same journal would interleave their
// records and each would miss the other's writes, so `FILE.lock` names the process that owns
// FILE. Node has no flock() without native code; a lock file holding the owner's pid is the
// portable substitute, and a crash (kill -9) leaves a lock whose pid is dead: that one is
// taken over.
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DataFileError, errorCode } from './data-file-error.js';

export class DataFileLockedError extends Error {
  override name = 'DataFileLockedError';
}

export interface DataFileLock {
  readonly path: string;
  /** Removes the lock if it is still ours. Safe to call twice. */
  release(): void;
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | undefined {
  const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

/**
 * Creates the lock file with its content in one step: the pid goes into a private temporary
 * file that is then hard-linked to the lock's name (link fails if the name exists), so no
 * other process ever reads a lock that exists but is still empty. Whatever fails (a full disk
 * fails the write after the file was created), no file of ours is left behind: a leftover
 * lock would read as "in use" at every later start.
 */
function tryCreate(lockPath: string, content: string): boolean {
  const temporary = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(temporary, content, { flag: 'wx', mode: 0o600 });
    try {
      linkSync(temporary, lockPath);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    }
  } finally {
    unlinkQuietly(temporary);
  }
  // A file system without hard links: an exclusive create is nearly as good (a reader can then
  // see the file empty for an instant, which counts as "in use" below).
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  // Created here, so removed here when its content cannot be written.
  try {
    try {
      writeFileSync(fd, content);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    unlinkQuietly(lockPath);
    throw error;
  }
  return true;
}

/** A disk with no room for the lock's few bytes is said to be full, with what to do; other failures are passed on. */
function lockFailure(error: unknown, dataPath: string, lockPath: string): unknown {
  const code = errorCode(error);
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return error;
  const folder = resolve(dirname(dataPath));
  return new DataFileError(
    `data file ${dataPath}: cannot create its lock file ${lockPath}: ` +
      `${code === 'ENOSPC' ? 'the disk' : 'your quota on the disk'} holding ${folder} is full (${code})`,
    `free some space in ${folder}, or keep the data file on another disk (--data)`,
  );
}

/** Takes `dataPath.lock` or throws DataFileLockedError naming the process that holds it. */
export function acquireLock(dataPath: string, log: (line: string) => void): DataFileLock {
  const lockPath = `${dataPath}.lock`;
  const content = `${process.pid}\n`;
  // Bounded: each round either takes the lock, refuses, or removes one stale lock.
  for (let attempt = 0; attempt < 5; attempt++) {
    let created: boolean;
    try {
      created = tryCreate(lockPath, content);
    } catch (error) {
      throw lockFailure(error, dataPath, lockPath);
    }
    if (created) return ownLock(lockPath);

    let holder: number | undefined;
    try {
      holder = readPid(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile
      throw error;
    }
    if (holder === undefined || isAlive(holder)) {
      throw new DataFileLockedError(
        `data file ${dataPath} is in use by another server (${holder === undefined ? 'unknown process' : `process ${holder}`}); ` +
          `stop it first, or remove ${lockPath} if no server runs`,
      );
    }

    // Stale: its process is gone. Move it aside before deleting it, and check that what was
    // moved is the dead lock, so that two servers starting at once cannot both take over.
    const aside = `${lockPath}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      renameSync(lockPath, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // another server removed it
      throw error;
    }
    const moved = readPid(aside);
    if (moved !== holder) {
      // A live server's fresh lock was moved by mistake: put it back (unless yet another one exists).
      try {
        linkSync(aside, lockPath);
      } catch {
        // The name is taken again: that lock is the one that counts.
      }
      unlinkQuietly(aside);
      continue;
    }
    unlinkQuietly(aside);
    log(`data file ${dataPath}: took over the lock of process ${holder}, which is no longer running`);
  }
  throw new DataFileLockedError(`data file ${dataPath}: could not take the lock ${lockPath} (other servers keep starting on it)`);
}

function ownLock(lockPath: string): DataFileLock {
  let released = false;
  // A forced exit (process.exit after the shutdown grace period) still removes the lock.
  const onExit = () => release();
  process.once('exit', onExit);
  function release(): void {
    if (released) return;
    released = true;
    process.off('exit', onExit);
    try {
      if (readPid(lockPath) === process.pid) unlinkSync(lockPath);
    } catch {
      // Gone already: nothing to release.
    }
  }
  return { path: lockPath, release };
}

// `statusctl server --data FILE`: the server's state survives restarts and crashes. Opening
// takes the lock, replays the journal into one store per account (repairing a torn last
// line, refusing corruption anywhere else), and from then on journals every store mutation.
//
// A data file that exists is the whole truth: an account found in it gets exactly the state
// the file gives, whatever --fixtures says now; an account not yet in it is seeded (demo data
// or fixtures) once, and those seeding calls are journaled like any other, so a later start
// never re-derives them (relative fixture times, fresh ids) differently.
//
// The file is read in chunks (line-reader.ts), never as one string, and kept small by
// compaction (compaction.ts). When a journal write fails, the stores are rolled back to what
// the file holds (a replay of it), so nothing a client was refused stays in memory.
import { closeSync, openSync, rmSync, truncateSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Account } from '../account.js';
import { AccountStore } from '../store.js';
import { Compactor, compactionPath, fsyncDirectory, type CompactionOptions } from './compaction.js';
import { Journal } from './journal.js';
import { journalStore } from './journaled-store.js';
import { forEachLine } from './line-reader.js';
import { acquireLock, DataFileLockedError } from './lock.js';
import { asRecord, headerLine, readHeader, type AccountRecord, type SnapshotRecord } from './records.js';

export class DataFileError extends Error {
  override name = 'DataFileError';
}

export interface DataFile {
  readonly path: string;
  readonly journal: Journal;
  /** Accounts the file holds with a generated key: served again when no --account is given. */
  readonly generatedAccounts: Account[];
  /**
   * The account's store: the one replayed from the file, or a new one that `seed` fills
   * (journaled). `seedName` says where seed data comes from, for the file and the log.
   */
  openAccount(account: Account, seedName: string, seed: (store: AccountStore) => void, generated: boolean): AccountStore;
  /** Logs what the file holds and resolves once everything appended so far is on disk. */
  ready(): Promise<void>;
  /** Writes what is queued, closes the file, releases the lock. */
  close(): Promise<void>;
}

interface Replayed {
  stores: Map<string, AccountStore>;
  accounts: Map<string, AccountRecord>;
  records: number;
  /** No header yet: the file is new (or held only a torn first line). */
  fresh: boolean;
  /** Bytes of complete lines: where the journal appends. */
  size: number;
  /** When the file was first created (its header): a compacted file keeps it. */
  created: number;
}

function fsyncPath(path: string): void {
  fsyncDirectory(path);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads and replays the file (up to `limit` bytes); repairs a torn last line when `repair`;
 * throws DataFileError on corruption.
 */
function replay(path: string, log: (line: string) => void, { repair = true, limit }: { repair?: boolean; limit?: number } = {}): Replayed {
  const result: Replayed = { stores: new Map(), accounts: new Map(), records: 0, fresh: true, size: 0, created: Number.NaN };
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw new DataFileError(`data file ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? message(error)})`);
  }

  // Every record is written with its newline in the same write, and acknowledged only after
  // the sync: bytes after the last newline are a record whose write a crash cut short, never
  // one a client was told about.
  let read: { end: number; size: number };
  try {
    read = forEachLine(fd, (line, index) => replayLine(path, result, line, index), { limit });
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    throw new DataFileError(`data file ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? message(error)})`);
  } finally {
    closeSync(fd);
  }
  result.size = read.end;

  const torn = read.size - read.end;
  if (torn > 0 && repair) {
    // Only now, with the rest of the file known to be good: a refused file is left untouched.
    truncateSync(path, read.end);
    fsyncPath(path);
    log(`data file ${path}: dropped a torn last record (${torn} bytes) left by a crash`);
  }
  return result;
}

function replayLine(path: string, result: Replayed, line: string, index: number): void {
  const where = `data file ${path}: line ${index + 1}`;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new DataFileError(`${where}: corrupt record (${message(error)}); the server will not start on a damaged file`);
  }
  if (index === 0) {
    const header = readHeader(value);
    if (typeof header === 'string') throw new DataFileError(`${where}: ${header}`);
    result.fresh = false;
    result.created = header.created;
    return;
  }
  const record = asRecord(value);
  if (typeof record === 'string')
    throw new DataFileError(`${where}: corrupt record (${record}); the server will not start on a damaged file`);
  if (record.type === 'account') {
    if (result.accounts.has(record.account)) throw new DataFileError(`${where}: account ${record.account} is started twice`);
    result.accounts.set(record.account, record);
    result.stores.set(record.account, new AccountStore(record.account));
  } else {
    const store = result.stores.get(record.account);
    if (!store) throw new DataFileError(`${where}: a change to account ${record.account} before its account record`);
    try {
      if (record.type === 'snapshot') store.restoreEntry(record.entry);
      else (store[record.method] as (...args: unknown[]) => unknown).apply(store, record.args);
    } catch (error) {
      const what = record.type === 'snapshot' ? `snapshot entry ${record.entry.kind}` : record.method;
      throw new DataFileError(`${where}: ${what} cannot be replayed (${message(error)})`);
    }
  }
  result.records++;
}

/** Joins lines into buffers of about 1 MiB: a big state is never one string. */
class ChunkedLines {
  readonly chunks: Buffer[] = [];
  private lines: string[] = [];
  private length = 0;

  push(line: string): void {
    this.lines.push(line);
    this.length += line.length + 1;
    if (this.length >= 1 << 20) this.flush();
  }

  flush(): Buffer[] {
    if (this.lines.length) this.chunks.push(Buffer.from(`${this.lines.join('\n')}\n`, 'utf8'));
    this.lines = [];
    this.length = 0;
    return this.chunks;
  }
}

function takeLock(path: string, log: (line: string) => void) {
  try {
    return acquireLock(path, log);
  } catch (error) {
    if (error instanceof DataFileLockedError) throw error;
    // A missing directory, no permission: say so in terms of the data file.
    const code = (error as NodeJS.ErrnoException).code;
    throw new DataFileError(`data file ${path}: cannot create its lock file ${path}.lock (${code ?? message(error)})`);
  }
}

export function openDataFile(path: string, log: (line: string) => void, now: () => number, compaction: CompactionOptions = {}): DataFile {
  const lock = takeLock(path, log);
  let fd: number | undefined;
  try {
    // Left by a compaction that a crash interrupted before its rename: the file is the truth.
    try {
      rmSync(compactionPath(path), { force: true });
    } catch (error) {
      throw new DataFileError(
        `data file ${path}: cannot remove ${compactionPath(path)} (${(error as NodeJS.ErrnoException).code ?? message(error)}); remove it by hand`,
      );
    }
    const replayed = replay(path, log);
    try {
      fd = openSync(path, 'a', 0o600);
    } catch (error) {
      throw new DataFileError(`data file ${path}: cannot open it for writing (${(error as NodeJS.ErrnoException).code ?? message(error)})`);
    }
    const journal = new Journal(fd, path, log, replayed.size, now);
    if (replayed.fresh) {
      // The new file's name must survive a power loss too, not only its content.
      fsyncPath(dirname(path));
      replayed.created = now();
      journal.append(headerLine(replayed.created));
    }
    for (const store of replayed.stores.values()) journalStore(store, journal);

    // A write failed and was cut off the file: every store goes back to what the file holds
    // (refused changes, and those queued behind them, vanish from memory too).
    journal.onFailure = () => {
      try {
        const onDisk = replay(path, log, { repair: false, limit: journal.size });
        for (const [id, store] of replayed.stores) store.restoreFrom(onDisk.stores.get(id) ?? new AccountStore(id));
        log(`data file ${path}: state rolled back to the ${onDisk.records} records on disk`);
      } catch (error) {
        // Reading failed too (the disk is gone): memory keeps changes that were refused.
        log(`error: data file ${path}: cannot roll back to the file (${message(error)}); restart the server`);
      }
    };

    const snapshot = () => {
      const lines = new ChunkedLines();
      lines.push(headerLine(Number.isNaN(replayed.created) ? now() : replayed.created));
      for (const [id, record] of replayed.accounts) {
        lines.push(JSON.stringify(record));
        for (const entry of replayed.stores.get(id)!.snapshotEntries())
          lines.push(JSON.stringify({ type: 'snapshot', account: id, entry } satisfies SnapshotRecord));
      }
      return lines.flush();
    };
    const compactor = new Compactor(path, journal, snapshot, log, compaction);
    journal.onWritten = () => compactor.check();

    const served = new Set<string>();
    const notApplied: string[] = [];
    const generatedAccounts = [...replayed.accounts.values()]
      .filter((record) => record.key !== undefined)
      .map((record) => ({ id: record.account, key: record.key! }));

    return {
      path,
      journal,
      generatedAccounts,
      openAccount(account, seedName, seed, generated) {
        served.add(account.id);
        const existing = replayed.stores.get(account.id);
        if (existing) {
          const record = replayed.accounts.get(account.id)!;
          if (record.seed !== seedName)
            notApplied.push(
              `account ${account.id} keeps its data from the file (first filled from ${record.seed}): ${seedName} not applied`,
            );
          return existing;
        }
        const store = new AccountStore(account.id);
        journalStore(store, journal);
        const record: AccountRecord = {
          type: 'account',
          account: account.id,
          at: new Date(now()).toISOString(),
          seed: seedName,
          ...(generated ? { key: account.key } : {}),
        };
        journal.append(JSON.stringify(record));
        seed(store);
        replayed.stores.set(account.id, store);
        replayed.accounts.set(account.id, record);
        return store;
      },
      async ready() {
        log(
          replayed.fresh
            ? `data file ${path}: new; every acknowledged change is written to it`
            : `data file ${path}: replayed ${replayed.records} records`,
        );
        for (const line of notApplied) log(`data file ${path}: ${line}`);
        const unserved = [...replayed.accounts.keys()].filter((id) => !served.has(id));
        if (unserved.length)
          log(`data file ${path}: also holds account(s) ${unserved.join(', ')}, not served now (give --account ID:KEY to serve one)`);
        await journal.durable();
        // A file grown long by an earlier life is compacted now, not at the next write.
        compactor.check();
      },
      async close() {
        try {
          journal.onWritten = undefined;
          await compactor.settled();
          await journal.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    lock.release();
    throw error;
  }
}

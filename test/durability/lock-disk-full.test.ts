// Taking a data file's lock when no file can be written: the server does not start, and it
// leaves no file behind (a leftover lock, or its temporary file, would stay for good). On a
// real full disk (a small tmpfs, filled, mounted in a mount namespace of its own by unshare:
// as root, or as a user where user namespaces are allowed) it says the disk holding the data
// file is full, with a hint. Where no such namespace can be made, the same start under a
// file-size limit of 0 (prlimit --fsize, whose write fails with EFBIG as on a full disk)
// still shows that nothing is left behind.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, BIN, startChild, startInProcess, tempDir } from './helpers.js';

/** Whether a tmpfs can be mounted here, in a mount namespace that ends with the command. */
function canMountTmpfs(): boolean {
  const point = tempDir();
  return spawnSync('unshare', ['-Urm', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$1"', 'sh', point]).status === 0;
}

const hasPrlimit = spawnSync('prlimit', ['--version']).status === 0;

/** A data file holding the demo data, as a server that ran on it left it. */
async function seededDataFile(): Promise<string> {
  const dataPath = join(tempDir(), 'data.jsonl');
  await (await startInProcess({ dataPath })).close();
  return dataPath;
}

const ACCOUNT_ARG = `${ACCOUNT.id}:${ACCOUNT.key}`;

describe.skipIf(!canMountTmpfs())('a restart on a full disk (a filled tmpfs; skipped where unshare cannot mount one)', () => {
  it('refuses to start, says the disk holding the data file is full with a hint, and leaves no lock file behind', async () => {
    const seeded = await seededDataFile();
    const disk = tempDir();
    // In the namespace: the disk holds the data file and a filler that takes the rest of its
    // room; the server starts on it (bounded, should it ever start); then what the disk holds.
    const script = [
      'mount -t tmpfs -o size=1m tmpfs "$1" || exit 90',
      'cp "$2" "$1/data.jsonl" || exit 91',
      'cat /dev/zero > "$1/filler" 2>/dev/null',
      'timeout 30 "$3" "$4" server --port 0 --data "$1/data.jsonl" --account "$5"',
      'echo "exit $?"',
      'cmp -s "$2" "$1/data.jsonl" && echo "data file unchanged"',
      'ls -A "$1"',
    ].join('\n');
    const run = spawnSync('unshare', ['-Urm', 'sh', '-c', script, 'sh', disk, seeded, process.execPath, BIN, ACCOUNT_ARG], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', STATUSCTL_CACHE_DIR: process.env.STATUSCTL_CACHE_DIR ?? '' },
    });
    expect(run.status, run.stderr).toBe(0);
    const [exit, unchanged, ...files] = run.stdout.trim().split('\n');
    expect(exit, run.stderr).toBe('exit 1');
    // No lock, no temporary file of it: the next start, once there is room, is not refused.
    expect(files.sort()).toEqual(['data.jsonl', 'filler']);
    expect(run.stderr).toContain(
      `statusctl: data file ${disk}/data.jsonl: cannot create its lock file ${disk}/data.jsonl.lock: the disk holding ${disk} is full (ENOSPC)`,
    );
    expect(run.stderr).toContain(`hint: free some space in ${disk}, or keep the data file on another disk (--data)`);
    expect(unchanged).toBe('data file unchanged');
  });
});

describe.skipIf(!hasPrlimit)('a start where no file may grow (prlimit --fsize=0; skipped where prlimit is absent)', () => {
  it('fails to take the lock and leaves no file behind', async () => {
    const dataPath = await seededDataFile();
    const before = readFileSync(dataPath, 'utf8');
    const server = startChild(['--data', dataPath, '--account', ACCOUNT_ARG], undefined, { wrapper: ['prlimit', '--fsize=0:unlimited'] });
    expect((await server.exited).code).toBe(1);
    expect(server.stderr()).toContain(`statusctl: data file ${dataPath}: cannot create its lock file ${dataPath}.lock (EFBIG)`);
    expect(readdirSync(join(dataPath, '..'))).toEqual(['data.jsonl']);
    expect(readFileSync(dataPath, 'utf8')).toBe(before);
  });
});

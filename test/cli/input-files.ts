// Hostile input files for the tests of templates, --message-file and the editor: in a directory,
// the entries a repository can ship where a file of text is expected (git stores symbolic links),
// and a secret outside it that a link must not publish.
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempConfigDir } from './helpers.js';

/** What the secret file holds: were it read, it would show in the output or the server's log. */
export const SECRET = 'STATUSCTL_API_KEY=sk_live_fake_secret_do_not_publish';

/** Just past the bound input files are read to. */
export const HUGE = 'a'.repeat(64 * 1024 + 1);

/** The bad entries, by base name (NAME.md in the directory), and what the error says each is. */
export const BAD = {
  secret: 'it is a symbolic link to ',
  zero: 'it is a symbolic link to /dev/zero',
  fifo: 'it is a FIFO (named pipe), not a regular file',
  dir: 'it is a directory, not a regular file',
  huge: 'it holds more than 64 KiB',
} as const;

/**
 * Makes the bad entries in `dir`: secret.md a link to a file outside holding SECRET, zero.md a
 * link to /dev/zero, fifo.md a FIFO, dir.md a directory, huge.md a regular file over the bound.
 * Returns the secret file's path.
 */
export function makeBadEntries(dir: string): string {
  const outside = join(tempConfigDir(), 'credentials');
  writeFileSync(outside, `${SECRET}\n`);
  symlinkSync(outside, join(dir, 'secret.md'));
  symlinkSync('/dev/zero', join(dir, 'zero.md'));
  mkfifo(join(dir, 'fifo.md'));
  mkdirSync(join(dir, 'dir.md'));
  writeFileSync(join(dir, 'huge.md'), HUGE);
  return outside;
}

export function mkfifo(path: string): void {
  execFileSync('mkfifo', [path]);
}

/** The server's log lines from `mark` on that are writes (anything but GET). */
export function writesSince(logs: readonly string[], mark: number): string[] {
  return logs.slice(mark).filter((line) => !line.startsWith('GET ') && !line.startsWith('HEAD '));
}

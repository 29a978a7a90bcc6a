// The text of a file the CLI was pointed at (a template, --message-file, what the editor left),
// read only when it is a regular file of at most MAX_INPUT_BYTES. A repository can ship a
// symbolic link or a special file where a template is looked for: a link to /proc/self/environ
// would post the user's environment (the API key in it) as an incident's public update, one to
// /dev/zero would read until memory runs out, and a FIFO would block the read forever. So a link
// is followed only to a file in the directory it is in (or below), the file is opened without
// blocking and its type checked on the opened descriptor (what is read is what was checked),
// at most one byte past the bound is read, and a byte-order mark is dropped.
import { constants } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { dirname, relative, isAbsolute } from 'node:path';
import type { Stats } from 'node:fs';
import { CliError, ExitCode } from '../errors/exit-codes.js';

/** The most a message or template may hold: far more than an update's text, far less than a runaway read. */
export const MAX_INPUT_BYTES = 64 * 1024;

/** What a file is, in words, when it is not a regular file. */
export function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/** `target` is `dir` or something below it. */
export function isWithin(target: string, dir: string): boolean {
  const rel = relative(dir, target);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Why a file cannot be opened, from the error's code. */
function why(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'ELOOP') return 'it is a symbolic link';
  return String(code ?? (error instanceof Error ? error.message : error));
}

/** A file that cannot be read, or a template whose text is wrong: `problem` is the message without the file's name. */
export class InputFileError extends CliError {
  constructor(
    label: string,
    readonly problem: string,
    hint?: string,
  ) {
    super(ExitCode.usage, `${label}: ${problem}`, undefined, hint);
  }
}

export interface InputFileOptions {
  /** What the error starts with, e.g. `--message-file: cannot read notes.md` or `template /repo/.statusctl/templates/t.md`. */
  label: string;
  /** Where a symbolic link may lead: the directory the file is in unless given. */
  within?: string;
  /** The `hint:` for a file that is not a regular one (or a link leading out): what to give instead. */
  hint: string;
  /** Added to every hint, e.g. `nothing was sent`. */
  note?: string;
}

/**
 * The file's text, or a usage error naming it and what it is: no such file, a symbolic link
 * leading outside `within`, not a regular file, or more than MAX_INPUT_BYTES.
 */
export async function readInputFile(path: string, options: InputFileOptions): Promise<string> {
  const fail = (problem: string, hint = options.hint) =>
    new InputFileError(options.label, problem, options.note ? `${hint}; ${options.note}` : hint);
  const unreadable = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? new InputFileError(options.label, 'no such file') : fail(why(error));
  };
  let opened = path;
  try {
    if ((await lstat(path)).isSymbolicLink()) {
      const target = await realpath(path).catch(() => undefined);
      if (target === undefined) throw fail('it is a symbolic link to a file that does not exist');
      const dir = await realpath(options.within ?? dirname(path));
      if (!isWithin(target, dir)) throw fail(`it is a symbolic link to ${target}, outside ${dir}: it is not read`);
      opened = target;
    }
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    throw unreadable(error);
  }
  // O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer. O_NOFOLLOW: a
  // link put in the file's place since it was looked at is refused, not followed. (Neither
  // exists on Windows, which has no FIFOs or links of this kind to open by mistake.)
  const flags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(opened, flags);
  } catch (error) {
    throw unreadable(error);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw fail(`it is ${fileKind(stats)}, not a regular file: it is not read`);
    const kib = MAX_INPUT_BYTES / 1024;
    const tooBig = () => fail(`it holds more than ${kib} KiB: it is not read`, `keep it under ${kib} KiB`);
    if (stats.size > MAX_INPUT_BYTES) throw tooBig();
    // A regular file's size can be wrong (files under /proc say 0) or change: read one byte past the bound at most.
    const buffer = Buffer.alloc(MAX_INPUT_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_INPUT_BYTES) throw tooBig();
    }
    return stripBom(buffer.subarray(0, length).toString('utf8'));
  } finally {
    await handle.close();
  }
}

/** Text without the byte-order mark some editors put first, which would hide front matter or show on the page. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

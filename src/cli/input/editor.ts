// `-e/--editor`: a message written in the user's editor, as gh opens one for bodies. The editor
// ($VISUAL, else $EDITOR, else vi or Notepad) is opened on a temporary file holding the text so
// far and comment lines saying what the text is for; lines starting with `#` are dropped, and
// an empty result cancels (exit 2, nothing sent). The temporary file is removed either way.
// Only on a terminal (stdin and stdout): off one there is nobody to write, so -e is a usage error
// there, and a command that would open the editor for a missing message says what is missing.
import { join } from 'node:path';
import { Option } from '@commander-js/extra-typings';
import type { Context } from '../runtime/context.js';
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';

/** `-e, --editor`, beside --message and --message-file (which it excludes). */
export function editorOption(what: string) {
  return new Option('-e, --editor', `write ${what} in $VISUAL or $EDITOR (on a terminal; lines starting with # are dropped)`).conflicts([
    'message',
    'messageFile',
  ]);
}

/** The editor's command line: what the user set, else the platform's usual one. */
export function editorCommand(env: Context['env']): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || (process.platform === 'win32' ? 'notepad' : 'vi');
}

/** Refuses -e off a terminal, before any request. */
export function requireTerminal(ctx: Context): void {
  if (ctx.interactive) return;
  throw usageError(
    "option '-e, --editor' needs a terminal (stdin and stdout), and this is not one: nothing was sent",
    'give the text with --message TEXT or --message-file FILE|- instead',
  );
}

/**
 * The text written in the editor, comment lines dropped and trailing space trimmed. `initial` is
 * the text the file starts with; `about` the comment lines (without `#`) saying what it is for.
 */
export async function editText(ctx: Context, options: { initial?: string; about: string[] }): Promise<string> {
  requireTerminal(ctx);
  const command = editorCommand(ctx.env);
  // Loaded here: the commands that take -e load this module whether or not the editor opens.
  const [{ mkdtemp, rm, writeFile }, { tmpdir }, { readInputFile }] = await Promise.all([
    import('node:fs/promises'),
    import('node:os'),
    import('./input-file.js'),
  ]);
  const dir = await mkdtemp(join(tmpdir(), 'statusctl-'));
  const file = join(dir, 'MESSAGE.md');
  try {
    const comments = [
      ...options.about,
      'Write the text above these lines; lines starting with # are dropped.',
      'An empty text cancels: nothing is sent.',
    ].map((line) => `# ${line}`);
    await writeFile(file, `${options.initial ?? ''}\n\n${comments.join('\n')}\n`);
    const code = await runEditor(command, file);
    if (code !== 0) {
      throw new CliError(
        ExitCode.usage,
        `the editor (${command}) exited with ${code === null ? 'a signal' : `status ${code}`}: nothing was sent`,
        undefined,
        'set VISUAL or EDITOR to an editor that waits until the file is closed (e.g. "code --wait")',
      );
    }
    // What the editor left is read as any input file: a link out of the directory, a FIFO or a
    // device put in the file's place is refused, not read (nothing is sent).
    const left = await readInputFile(file, {
      label: `cannot read what the editor (${command}) left in ${file}`,
      within: dir,
      hint: 'save the text in the file the editor opened',
      note: 'nothing was sent',
    });
    const text = left
      .split(/\r?\n/)
      .filter((line) => !line.startsWith('#'))
      .join('\n')
      .trim();
    if (text === '') throw new CliError(ExitCode.usage, 'cancelled: the text was left empty; nothing was sent');
    return text;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the editor on the file with the terminal, through the shell: EDITOR is a command line
 * ("code --wait", "vim -c startinsert"), and the file's path is passed as an argument of its own.
 */
async function runEditor(command: string, file: string): Promise<number | null> {
  const { spawn } = await import('node:child_process');
  const child =
    process.platform === 'win32'
      ? spawn(`${command} "${file}"`, { shell: true, stdio: 'inherit' })
      : spawn('/bin/sh', ['-c', `${command} "$1"`, 'sh', file], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.on('error', (error) => reject(usageError(`cannot start the editor (${command}): ${error.message}`)));
    child.on('close', (code) => resolve(code));
  });
}

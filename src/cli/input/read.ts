// What a command reads besides its options: ids from stdin (`error-groups archive -`) and long
// text from a file or stdin (`--message-file FILE|-`). Bad input is a usage error naming the
// option, raised before any request.
import type { Context } from '../runtime/context.js';
import type { InputStream } from '../iostreams/iostreams.js';
import { usageError } from '../errors/exit-codes.js';

/** The whole of a stream as UTF-8 text (chunks joined as bytes, so a character split between chunks survives). */
export async function readAll(stream: InputStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Stdin for `--message-file -`, refused past MAX_INPUT_BYTES so an endless stream is not read into memory. */
async function readMessageStdin(stream: InputStream): Promise<string> {
  const { MAX_INPUT_BYTES, stripBom } = await import('./input-file.js');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size > MAX_INPUT_BYTES) {
      throw usageError(
        `--message-file -: stdin holds more than ${MAX_INPUT_BYTES / 1024} KiB: nothing was sent`,
        `keep the message under ${MAX_INPUT_BYTES / 1024} KiB`,
      );
    }
    chunks.push(bytes);
  }
  return stripBom(Buffer.concat(chunks).toString('utf8'));
}

/** One id per line; blank lines and lines starting with `#` are skipped, spaces around an id dropped. */
export function idsFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * The ids a command was given, `-` replaced (once, where it stands) by the ids read from stdin.
 * An empty stdin gives no ids: the command says there is nothing to do.
 */
export async function expandIds(ctx: Context, args: readonly string[]): Promise<string[]> {
  let fromStdin: string[] | undefined;
  const ids: string[] = [];
  for (const arg of args) {
    if (arg !== '-') {
      ids.push(arg);
      continue;
    }
    if (fromStdin) continue;
    if (ctx.io.stdin.isTTY) ctx.info('reading ids from stdin, one per line (Ctrl-D to end)');
    fromStdin = idsFromText(await readAll(ctx.io.stdin));
    ids.push(...fromStdin);
  }
  // An empty stdin (a query that found nothing) is an empty list: the command has nothing to do.
  if (ids.length === 0 && !fromStdin) throw usageError('no ids given');
  return ids;
}

/**
 * The text of `--message`, or of `--message-file FILE|-` (read whole, trailing line breaks and
 * spaces dropped). Undefined when neither was given; commander has refused both at once.
 */
export async function messageText(
  ctx: Context,
  options: { message?: string | undefined; messageFile?: string | undefined },
): Promise<string | undefined> {
  if (options.messageFile === undefined) return options.message;
  const file = options.messageFile;
  let text: string;
  if (file === '-') {
    // On a terminal nothing would show that the command waits for typed text.
    if (ctx.io.stdin.isTTY) ctx.info('reading the message from stdin… Ctrl-D to end');
    text = await readMessageStdin(ctx.io.stdin);
  } else {
    // Loaded here, by the runs that name a file.
    const { readInputFile } = await import('./input-file.js');
    text = await readInputFile(file, {
      label: `--message-file: cannot read ${file}`,
      hint: 'give a regular file of text (or pipe the text to --message-file -)',
      note: 'nothing was sent',
    });
  }
  text = text.replace(/\s+$/, '');
  if (text.trim() === '') throw usageError(`--message-file: ${file === '-' ? 'stdin' : file} holds no text (a message must not be empty)`);
  return text;
}

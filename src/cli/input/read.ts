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

/** The lines of a stream as they arrive (a character split between chunks kept whole), the last one unended too. */
async function* linesOf(stream: InputStream): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of stream) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true });
    const lines = rest.split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}

/** The ids of `args` in order, `-` replaced (once, where it stands) by those of stdin as each line arrives (idsFromText's rules). */
async function* idsOf(ctx: Context, args: readonly string[], unique: boolean): AsyncGenerator<string> {
  const seen = new Set<string>();
  let readStdin = false;
  const once = (id: string) => !unique || (!seen.has(id) && Boolean(seen.add(id)));
  for (const arg of args) {
    if (arg !== '-') {
      if (once(arg)) yield arg;
      continue;
    }
    if (readStdin) continue;
    readStdin = true;
    if (ctx.io.stdin.isTTY) ctx.info('reading ids from stdin, one per line (Ctrl-D to end)');
    for await (const line of linesOf(ctx.io.stdin)) {
      for (const id of idsFromText(line)) if (once(id)) yield id;
    }
  }
}

/**
 * The ids a command was given, read as a stream: `-` stands (once, where it stands) for the ids
 * of stdin, each given as soon as its line is read, so a bulk command acts on the first while a
 * slow producer is still writing. Stdin is read up to the first id here: undefined when there is
 * none at all (an empty stdin, a query that found nothing), and the command has nothing to do.
 * `unique`: an id given twice is given once.
 */
export async function streamIds(
  ctx: Context,
  args: readonly string[],
  { unique = false }: { unique?: boolean } = {},
): Promise<AsyncIterable<string> | undefined> {
  if (args.length === 0) throw usageError('no ids given');
  const ids = idsOf(ctx, args, unique);
  const first = await ids.next();
  if (first.done) return undefined;
  return (async function* () {
    yield first.value;
    yield* ids;
  })();
}

/**
 * The ids a command was given, `-` replaced (once, where it stands) by the ids read from stdin,
 * all of them read before the command goes on. An empty stdin gives no ids: the command says
 * there is nothing to do.
 */
export async function expandIds(ctx: Context, args: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for await (const id of (await streamIds(ctx, args)) ?? []) ids.push(id);
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

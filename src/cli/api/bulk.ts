// One write per id, for commands that take many ids (`error-groups archive ID... | -`, stdin
// read as a stream): a few requests at a time, one result line per id on stdout in the order given (each printed
// as soon as the ones before it are done) under the whole id (a prefix given is replaced by the
// id it stands for), for one id as for many, `--json` an array of {id, ok, status, error, ...the
// command's fields}, and the exit code of the worst
// outcome; no ids at all (an empty stdin) is nothing to do, exit 0. Rate limits are the client's business: the workers share the
// client's rate-limit state (src/client/rate-limit.ts), so a 429 pauses them all until its
// Retry-After, fewer requests are in flight for a while, and a 429 is retried until --max-wait:
// a long list finishes under a limit, and so do two jobs sharing one key.
import type { Context } from '../runtime/context.js';
import { CliError, ExitCode } from '../errors/exit-codes.js';
import { describeFailure } from '../errors/failure.js';
import { terminalLine } from '../output/terminal-text.js';

/** What one id's write came to when it succeeded. */
export interface Done {
  /** One word: `archived`, `unarchived`, `resolved`, `already-resolved`. */
  outcome: string;
  /** HTTP status of the request that decided it; null when none was sent (a dry run that needs no read). */
  status: number | null;
  reason?: string;
  /** More fields of this id's JSON entry, such as the analysis id `rca request` was given. */
  fields?: Record<string, unknown>;
}

/** What a bulk command acts on, in the sentence a person reads when they gave one id (`incident`). */
export interface BulkSubject {
  noun: string;
}

export interface BulkResult {
  id: string;
  ok: boolean;
  /** HTTP status; null when no answer came (network failure, not sent). */
  status: number | null;
  /** Why it failed; null when it did not. */
  error: string | null;
}

/** Worst last: a bad key or permission spoils every id, a missing id only its own line. */
const SEVERITY: readonly ExitCode[] = [ExitCode.ok, ExitCode.notFound, ExitCode.failure, ExitCode.usage, ExitCode.auth];

const OUTCOME_OF_FAILURE: Partial<Record<ExitCode, string>> = {
  [ExitCode.notFound]: 'not-found',
  [ExitCode.auth]: 'denied',
  [ExitCode.usage]: 'invalid',
};

interface Line extends BulkResult {
  outcome: string;
  reason: string;
  exitCode: ExitCode;
  fields?: Record<string, unknown> | undefined;
  /** What the write threw, when it failed. */
  cause?: unknown;
}

export const DEFAULT_CONCURRENCY = 4;
/** How long a bulk command waits out 429s for one id before it fails (--max-wait). */
export const DEFAULT_MAX_WAIT_S = 300;

/**
 * No ids at all (an empty stdin: a query that found nothing, piped in) is not a mistake, so a CI
 * step goes on: exit 0, "nothing to do" on stderr, an empty array with -o json.
 */
export async function nothingToDo(ctx: Context): Promise<void> {
  ctx.info('nothing to do: no ids were given');
  if (ctx.json) await ctx.printJson([]);
}

/**
 * A failure every id left would meet too, and why the rest is not sent: a refused key or
 * permission, or a 402 (the account's plan, or its quota, refuses what is asked).
 */
function stopsTheRest(error: unknown, exitCode: ExitCode): string | undefined {
  if (exitCode === ExitCode.auth) return 'not sent after an authentication failure';
  if ((error as { status?: unknown } | null)?.status === 402) return "not sent after the account's plan or quota refused one (402)";
  return undefined;
}

/** Ids one at a time, in their order, from a list or as they are read (stdin: input/read.ts). */
async function* inOrder(ids: readonly string[] | AsyncIterable<string>): AsyncGenerator<string> {
  yield* ids;
}

/**
 * Runs `write` for each id, at most `concurrency` at once. `ids` may be a stream (`-`: stdin,
 * input/read.ts): each id is sent as soon as it is read and a worker is free, and its line printed
 * once the ones before it are, so a slow producer's first id is acted on before its input ends.
 * After a failure the ids left would all meet (authentication, a 402) no new request is started:
 * the ids left are reported `skipped`. Throws a CliError with the worst exit code when any id
 * failed (with one id, what it threw). Returns how many ids there were.
 */
export async function runBulk(
  ctx: Context,
  ids: readonly string[] | AsyncIterable<string>,
  concurrency: number,
  write: (id: string, found: (wholeId: string) => void) => Promise<Done>,
  /** The extra JSON fields of an id that failed (the same keys as `Done.fields`, null), so every entry has one type. */
  failedFields: Record<string, null> = {},
  subject?: BulkSubject,
): Promise<number> {
  const source = inOrder(ids);
  const lines: (Line | undefined)[] = [];
  // An async generator answers its calls to next() in the order they were made, so the index
  // taken with a call is the place of the id it gives.
  let taken = 0;
  /** How many ids have come from the source so far. */
  let received = 0;
  let count = Number.POSITIVE_INFINITY;
  // One id given by a person at a terminal: one sentence, as gh says it (a failure is said on
  // stderr, as any command's). Several ids, a pipe or -o json: one row or entry per id.
  const sentences = !ctx.json && Boolean(ctx.io.stdout.isTTY) && ctx.globals.output !== 'md';
  let printed = 0;
  /** Why the ids left are not sent, and the failure that decided it (its exit code and hint are theirs). */
  let stopped: { reason: string; exitCode: ExitCode; cause: unknown } | undefined;

  const flush = () => {
    if (ctx.json) return;
    // Whether the first id is alone is known once the ids are read or a second one has come.
    if (sentences && printed === 0 && count === Number.POSITIVE_INFINITY && received < 2) return;
    while (printed < count && lines[printed]) {
      const line = lines[printed++]!;
      if (!(sentences && count === 1)) ctx.out(format(ctx, line));
      else if (line.ok) ctx.out(sentence(ctx, line, subject));
    }
  };

  async function one(given: string): Promise<Line> {
    // The row carries the whole id as soon as a prefix is found, whatever happens after.
    let id = given;
    const found = (wholeId: string) => {
      id = wholeId;
    };
    if (stopped) {
      const { reason, exitCode, cause } = stopped;
      return { id, ok: false, status: null, error: reason, outcome: 'skipped', reason, exitCode, cause };
    }
    try {
      const done = await write(id, found);
      return {
        id,
        ok: true,
        status: done.status,
        error: null,
        outcome: done.outcome,
        reason: done.reason ?? '',
        exitCode: ExitCode.ok,
        fields: done.fields,
      };
    } catch (error) {
      const failure = describeFailure(error);
      const reason = stopsTheRest(error, failure.exitCode);
      if (reason && !stopped) stopped = { reason, exitCode: failure.exitCode, cause: error };
      const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : null;
      const outcome = OUTCOME_OF_FAILURE[failure.exitCode] ?? 'failed';
      return {
        id,
        ok: false,
        status,
        error: failure.message,
        outcome,
        reason: shortReason(failure.message),
        exitCode: failure.exitCode,
        cause: error,
      };
    }
  }

  async function worker(): Promise<void> {
    for (;;) {
      const index = taken++;
      const step = await source.next();
      if (step.done) {
        count = Math.min(count, index);
        return;
      }
      received++;
      lines[index] = await one(step.value);
      flush();
    }
  }
  const workers = Array.isArray(ids) ? Math.min(concurrency, ids.length) : concurrency;
  await Promise.all(Array.from({ length: Math.max(1, workers) }, worker));
  flush();

  if (count === 0) {
    await nothingToDo(ctx);
    return 0;
  }
  const results = lines.slice(0, count) as Line[];
  if (ctx.json) {
    await ctx.printJson(
      results.map(({ id, ok, status, error, fields }): BulkResult => ({ id, ok, status, error, ...(fields ?? failedFields) })),
    );
  }
  const failed = results.filter((line) => !line.ok);
  if (failed.length === 0) return count;
  // One id: stderr says what went wrong with it, and how to fix it, as any command that failed does.
  if (count === 1) throw failed[0]!.cause;
  const worst = failed.reduce(
    (acc, line) => (SEVERITY.indexOf(line.exitCode) > SEVERITY.indexOf(acc) ? line.exitCode : acc),
    ExitCode.ok as ExitCode,
  );
  const counts = new Map<string, number>();
  for (const line of failed) counts.set(line.outcome, (counts.get(line.outcome) ?? 0) + 1);
  const summary = [...counts].map(([outcome, count]) => `${count} ${outcome}`).join(', ');
  // A hint every failed id shares (a 402: the plan's quota) is said once, under the summary.
  const hints = new Set(failed.map((line) => describeFailure(line.cause).hint));
  throw new CliError(worst, `${failed.length} of ${count} failed (${summary})`, undefined, hints.size === 1 ? [...hints][0] : undefined);
}

/** A UUID's first 8 characters, what tables show and every command takes back; another id whole. */
const shortId = (id: string) => (/^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(id) ? id.slice(0, 8) : id);

/** `✓ Resolved incident 0ae1221b (Checkout widget fails to load)`: one id's outcome for a person. */
function sentence(ctx: Context, line: Line, subject: BulkSubject | undefined): string {
  const words = line.outcome.replace(/-/g, ' ');
  const what = [words.charAt(0).toUpperCase() + words.slice(1), subject?.noun, shortId(line.id)].filter(Boolean).join(' ');
  return `${ctx.style.green('✓')} ${terminalLine(`${what}${line.reason ? ` (${line.reason})` : ''}`)}`;
}

/** `ID<TAB>OUTCOME<TAB>REASON`: three columns always, so `cut -f2` works; colored on a terminal. */
function format(ctx: Context, line: Line): string {
  const outcome = line.ok ? ctx.style.green(line.outcome) : ctx.style.red(line.outcome);
  return `${terminalLine(line.id)}\t${outcome}\t${terminalLine(line.reason)}`;
}

/**
 * A client message without its closing "(PATCH /v1/error-groups/ID)": the line already names the
 * id. How many attempts were made is kept (the client counts none refused by a 429 unless the
 * 429 is the failure).
 */
export function shortReason(message: string): string {
  return message.replace(/ \([A-Z]+ \/[^ ,)]*(?:, (\d+ attempts))?\)$/, (_, attempts: string | undefined) =>
    attempts ? ` (${attempts})` : '',
  );
}

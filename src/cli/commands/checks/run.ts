// `checks run CHECK...|--tag T...`: runs checks now (the API's check sessions, one per matched
// check) and, with --wait, prints each outcome as it comes: exit 0 when every check passed, 5
// when one failed, 1 when the wait ran out first. The wait is the API's completion route, asked
// again after each 408 until --wait-timeout is spent; the time counted is the longer of what the
// server was asked to wait and what this side's clock measured, so a server that answers a 408
// early is waited for no longer than one that waits in full.
import type { Client } from '../../../client/index.js';
import { CliError, ExitCode, usageError } from '../../errors/exit-codes.js';
import { isNotFound } from '../../errors/not-found.js';
import { CHECK_HINT, findCheck, listStatuses } from '../../lookup/checks.js';
import { terminalLine } from '../../output/terminal-text.js';
import { collect, examples, positiveNumber } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { CHECK_SESSION, type ShownSession } from '../../views/check-session.js';
import { CHECK_STATUS } from '../../views/check-status.js';
import { renderList } from '../../views/resource.js';

export const DEFAULT_WAIT_SECONDS = 300;
/** The most the completion route waits a request (the API's bound). */
const MAX_SERVER_WAIT_S = 30;
const PASSING = new Set(['PASSED', 'DEGRADED']);

export interface RunOptions {
  tag?: string[][];
  wait?: boolean;
  waitTimeout: number;
  dryRun?: boolean;
}

/** `--tag a,b`: one group, checks holding both; each --tag is a group of its own. */
function tagGroup(value: string, previous: string[][] = []): string[][] {
  return [...previous, collect(value)];
}

export function declare(checks: Noun): void {
  examples(
    checks
      .command('run')
      .argument('[check...]', `${CHECK_STATUS.argument.help}; several run together`)
      .description(
        'Run checks now, each in a check session of its own: those named, and those holding the tags of a --tag ' +
          '(each --tag is a group of its own, so checks with any of them run; --tag a,b is one group: checks with both). ' +
          'The fix-verified-then-resolve step: run the check that failed, and resolve once it passes.\n\n' +
          'With --wait, each outcome is printed as it comes (progress on stderr): exit 0 when every check passed ' +
          '(a degraded run passed, slowly), 5 when one failed, 1 when --wait-timeout ran out first. Piped: SESSION, ' +
          "CHECK ID, CHECK, STATUS, RESULT, STARTED (ISO), tab-separated. With -o json: the API's answer, " +
          '{sessions: [...]}, one session per check, and with --wait the sessions as they ended (those still running ' +
          'as last read). A CHECK is its name (any case, or a unique prefix) or its id; an unknown one is exit 4.',
      )
      .option('--tag <tags>', 'run the checks holding these tags (a,b: both); repeat for checks with any group', tagGroup)
      .option('--wait', 'wait for each outcome: exit 0 when all pass, 5 when one fails')
      .option('--wait-timeout <seconds>', 'with --wait: give up after this long (exit 1)', positiveNumber, DEFAULT_WAIT_SECONDS)
      .option('--dry-run', 'print the request that would start the runs, and send nothing')
      .action((given, options, command) => run(Context.fromCommand(command), given, options)),
    [
      "statusctl checks run 'Orders API' --wait",
      "statusctl checks run 'Orders API' 'Postgres primary' --wait --wait-timeout 120",
      'statusctl checks run --tag database --tag web --wait',
      'statusctl checks run --tag api,checkout --dry-run',
      "statusctl checks run 'Orders API' --wait -o json --jq '.sessions[] | [.name, .status]'",
    ],
  );
}

export async function run(ctx: Context, given: string[], options: RunOptions): Promise<void> {
  const groups = options.tag ?? [];
  if (given.length === 0 && groups.length === 0) {
    throw usageError('name the checks to run (CHECK...) or their tags (--tag)', "statusctl checks run 'Orders API' --wait");
  }
  const empty = groups.findIndex((group) => group.length === 0);
  if (empty >= 0)
    throw usageError(`option '--tag <tags>': the ${ordinal(empty + 1)} --tag names no tag`, 'statusctl checks run --tag checkout');
  const checkIds = await idsOf(ctx, given);
  const body = {
    target: { ...(checkIds.length > 0 ? { checkId: checkIds } : {}), ...(groups.length > 0 ? { matchTags: groups } : {}) },
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('triggerCheckSessions', { body }));
  }
  const client = await ctx.client();
  let started: ShownSession[];
  try {
    started = (await client.triggerCheckSessions({ body })).sessions;
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const tags = groups.map((group) => `--tag ${group.join(',')}`).join(' ');
    throw new CliError(
      ExitCode.notFound,
      `no activated check matches ${[...given, tags].filter(Boolean).join(' ')}`,
      undefined,
      CHECK_HINT,
    );
  }
  if (!options.wait) return printStarted(ctx, started);
  const ended = await waitForAll(ctx, client, started, options.waitTimeout);
  if (ctx.json) await ctx.printJson({ sessions: ended });
  judge(ended, options.waitTimeout, ctx.json);
}

/** The checks' ids: a whole id as given, names and prefixes found among the statuses (read once). */
async function idsOf(ctx: Context, given: string[]): Promise<string[]> {
  const { isUuid } = await import('../../../contract/rules.js');
  const lower = given.map((value) => value.trim().toLowerCase());
  const statuses = lower.every((value) => isUuid(value)) ? [] : await listStatuses(await ctx.client());
  return [...new Set(given.map((value, i) => (isUuid(lower[i]!) ? lower[i]! : findCheck(value, statuses).checkId)))];
}

async function printStarted(ctx: Context, sessions: ShownSession[]): Promise<void> {
  if (ctx.json) return ctx.printJson({ sessions });
  if (sessions.length === 1 && ctx.io.stdout.isTTY) {
    const [session] = sessions;
    ctx.out(
      `${ctx.style.green('✓')} ${terminalLine(`Started a run of check "${session!.name}" (check session ${session!.checkSessionId})`)}`,
    );
  } else {
    ctx.out(await renderList(ctx, CHECK_SESSION, sessions));
  }
  ctx.info('add --wait to wait for the outcome (exit 5 when a check fails)');
}

/** Every session as it ended, or as last read when the wait ran out; each outcome printed as it comes. */
async function waitForAll(ctx: Context, client: Client, started: ShownSession[], timeoutSeconds: number): Promise<ShownSession[]> {
  const { startProgress } = await import('../../output/progress.js');
  const deadline = ctx.monotonicNow() + timeoutSeconds * 1000;
  // A request waits at most the server's bound, and ends before the client's own timeout would cut it.
  const perRequest = Math.max(1, Math.min(MAX_SERVER_WAIT_S, Math.floor((ctx.globals.timeout ?? 30) - 5)));
  let left = started.length;
  const waiting = () => `Waiting for ${left} of ${started.length} check ${started.length === 1 ? 'run' : 'runs'}…`;
  let progress = await startProgress(ctx, waiting());
  const shown = async (session: ShownSession) => {
    left--;
    progress.stop();
    if (!ctx.json) ctx.out(ctx.io.stdout.isTTY ? outcomeLine(ctx, session) : await renderList(ctx, CHECK_SESSION, [session]));
    if (left > 0) progress = await startProgress(ctx, waiting());
  };
  try {
    return await Promise.all(
      started.map(async (session) => {
        const ended = await waitForOne(ctx, client, session.checkSessionId, deadline, timeoutSeconds * 1000, perRequest);
        const last = ended ?? (await client.getCheckSession({ params: { checkSessionId: session.checkSessionId } }));
        await shown(last);
        return last;
      }),
    );
  } finally {
    progress.stop();
  }
}

/** The session once it ended; undefined when the wait ran out first. */
async function waitForOne(
  ctx: Context,
  client: Client,
  checkSessionId: string,
  deadline: number,
  budgetMs: number,
  perRequest: number,
): Promise<ShownSession | undefined> {
  let asked = 0;
  for (;;) {
    const remaining = Math.min(budgetMs - asked, deadline - ctx.monotonicNow());
    if (remaining <= 0) return undefined;
    const seconds = Math.min(perRequest, Math.max(1, Math.ceil(remaining / 1000)));
    try {
      return await client.awaitCheckSession({ params: { checkSessionId }, query: { maxWaitSeconds: String(seconds) } });
    } catch (error) {
      // 408: still running after `seconds`; anything else is a failure of the command.
      if ((error as { status?: unknown }).status !== 408) throw error;
      asked += seconds * 1000;
    }
  }
}

/** `✓ Orders API passed (result 1a2b3c4d…, 180 ms)`: one outcome for a person. */
function outcomeLine(ctx: Context, session: ShownSession): string {
  const s = ctx.style;
  const result = session.results?.[0];
  const detail = result ? ` (result ${result.checkResultId}${result.responseTime === null ? '' : `, ${result.responseTime} ms`})` : '';
  const words =
    session.status === 'STARTED' || session.status === 'PROGRESS' ? 'still running' : session.status.toLowerCase().replace(/_/g, ' ');
  const mark =
    session.status === 'PASSED'
      ? s.green('✓')
      : session.status === 'DEGRADED'
        ? s.yellow('!')
        : session.stoppedAt === null
          ? s.dim('…')
          : s.red('✗');
  return `${mark} ${terminalLine(`${session.name} ${words}${detail}`)}`;
}

/** The exit: 5 when a check failed, else 1 when one was still running, else 0. */
function judge(sessions: ShownSession[], timeoutSeconds: number, json: boolean): void {
  const failed = sessions.filter((session) => !PASSING.has(session.status) && session.stoppedAt !== null);
  const running = sessions.filter((session) => session.stoppedAt === null);
  const names = (list: ShownSession[]) => list.map((session) => `"${terminalLine(session.name)}"`).join(', ');
  if (failed.length > 0) {
    throw new CliError(
      ExitCode.threshold,
      `${failed.length} of ${sessions.length} ${sessions.length === 1 ? 'check' : 'checks'} failed: ${names(failed)}`,
      undefined,
      json ? undefined : `statusctl checks result CHECK RESULT shows a run in full; statusctl checks alerts shows the changes of state`,
    );
  }
  if (running.length > 0) {
    throw new CliError(
      ExitCode.failure,
      `the wait ran out after ${timeoutSeconds}s: ${running.length} of ${sessions.length} still running: ${names(running)}`,
      undefined,
      'wait longer with --wait-timeout SECONDS; statusctl checks status shows each check once its run ends',
    );
  }
}

function ordinal(n: number): string {
  return n === 1 ? 'first' : n === 2 ? 'second' : n === 3 ? 'third' : `${n}th`;
}

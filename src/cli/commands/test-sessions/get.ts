// `test-sessions get`: one test session with its results and its error groups. With --wait it
// waits for the session to end first (the API's completion route holds each request until then,
// or answers 408 after the seconds asked), then shows it: exit 0 when it passed, 5 when it did not,
// 1 when the wait ran out. -o json is the session as the API gives it.
import type { Client } from '../../../client/index.js';
import type { TestSession, TestSessionErrorGroup } from '../../../contract/schemas.js';
import { CliError, ExitCode } from '../../errors/exit-codes.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { isNotFound } from '../../errors/not-found.js';
import { testSessionIds } from '../../lookup/test-sessions.js';
import { tableFormat } from '../../output/cells.js';
import { startProgress } from '../../output/progress.js';
import { examples, positiveNumber } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { TEST_SESSION_ERROR_GROUP } from '../../views/error-group.js';
import { renderList, renderRecord } from '../../views/resource.js';
import { TEST_SESSION } from '../../views/test-session.js';
import { TEST_SESSION_RESULT } from '../../views/test-session-result.js';

/** The demo's test session, for the examples. */
export const EXAMPLE_SESSION = '8fa45150-d481-509f-b1c2-274af8797ae3';
const DEFAULT_WAIT_SECONDS = 600;
/** The most the completion route holds one request (the API's bound is 30 s; the request's own timeout must outlast it). */
const MAX_HOLD_SECONDS = 25;

export interface GetOptions {
  wait?: boolean;
  waitTimeout: number;
}

export function declare(sessions: Noun): void {
  examples(
    sessions
      .command('get')
      .description(
        'One test session: its status, when it ran, its results (status, type, error groups) and its error groups ' +
          '(state, last seen, error).\n\n' +
          'The id may be a unique prefix of at least 6 characters, as terminal tables show it. Piped: the fields as ' +
          'label<TAB>value lines, a line --, the results (ID, STATUS, TYPE, ERROR GROUPS, RESPONSE TIME, NAME), a line --, ' +
          'the error groups (ID, STATE, LAST SEEN, ERROR). With -o json: the session as the API gives it.\n\n' +
          '--wait waits for a running session to end (progress on stderr), then shows it: exit 0 when it passed, ' +
          '5 when it failed or was cancelled, 1 when --wait-timeout ran out first.',
      )
      .argument(`<${TEST_SESSION.argument.name}>`, TEST_SESSION.argument.help)
      .option('--wait', 'wait for the session to end; exit 0 passed, 5 failed or cancelled, 1 the wait ran out')
      .option('--wait-timeout <seconds>', 'with --wait: give up after this long (exit 1)', positiveNumber, DEFAULT_WAIT_SECONDS)
      .action((session, options, command) => run(Context.fromCommand(command), session, options)),
    [
      `statusctl test-sessions get ${EXAMPLE_SESSION}`,
      `statusctl test-sessions get ${EXAMPLE_SESSION.slice(0, 8)} --wait --wait-timeout 300 || echo "did not pass: exit $?"`,
      `statusctl test-sessions get ${EXAMPLE_SESSION} --jq '.results[] | select(.status == "FAILED") | .name'`,
      `statusctl test-sessions get ${EXAMPLE_SESSION} -o md`,
    ],
  );
  valueKinds(sessions, 'get', { session: 'test-session' });
}

export async function run(ctx: Context, given: string, options: GetOptions): Promise<void> {
  const testSessionId = await testSessionIds(() => ctx.client())(given);
  const client = await ctx.client();
  const session = options.wait
    ? await waitForSession(ctx, client, testSessionId, options.waitTimeout)
    : await client.getTestSession({ params: { testSessionId } });
  if (ctx.json) await ctx.printJson(session);
  else await ctx.outPaged(await renderSession(ctx, session, await errorGroupsOf(client, session)));
  if (options.wait && session.status !== 'PASSED') {
    throw new CliError(ExitCode.threshold, `test session ${session.testSessionId} ${session.status.toLowerCase()} (${session.name})`);
  }
}

/** The session's error groups, read at once; a group gone since (archived groups stay) is left out. */
async function errorGroupsOf(client: Client, session: TestSession): Promise<TestSessionErrorGroup[]> {
  const groups = await Promise.all(
    session.errorGroupIds.map((id) =>
      client.getTestSessionErrorGroup({ params: { id } }).catch((error: unknown) => {
        if (isNotFound(error)) return undefined;
        throw error;
      }),
    ),
  );
  return groups.filter((group): group is TestSessionErrorGroup => group !== undefined);
}

/** The session's record, then its results and its error groups as tables (piped: each after a line `--`). */
async function renderSession(ctx: Context, session: TestSession, groups: TestSessionErrorGroup[]): Promise<string> {
  const format = tableFormat(ctx);
  const parts = [await renderRecord(ctx, TEST_SESSION, session)];
  const tables: [string, string | undefined][] = [
    [
      `Results (${session.results.length})`,
      session.results.length ? await renderList(ctx, TEST_SESSION_RESULT, session.results) : undefined,
    ],
    [`Error groups (${groups.length})`, groups.length ? await renderList(ctx, TEST_SESSION_ERROR_GROUP, groups) : undefined],
  ];
  for (const [title, table] of tables) {
    if (format === 'tsv') parts.push('--', ...(table ? [table] : []));
    else parts.push('', format === 'md' ? `#### ${title}\n` : ctx.style.bold(title), table ?? 'None.');
  }
  return parts.join('\n');
}

/**
 * Waits for the session to end: the completion route holds each request until it has, or answers
 * 408 after the seconds asked. The wait counts both the time measured here and the seconds the
 * server says it waited, so it ends on time whichever clock runs.
 */
async function waitForSession(ctx: Context, client: Client, testSessionId: string, timeoutSeconds: number): Promise<TestSession> {
  const started = ctx.monotonicNow();
  let held = 0;
  const waited = () => Math.max((ctx.monotonicNow() - started) / 1000, held);
  const progress = await startProgress(ctx, `Waiting for test session ${testSessionId} to end…`);
  try {
    for (;;) {
      const left = timeoutSeconds - waited();
      if (left <= 0) {
        throw new CliError(
          ExitCode.failure,
          `test session ${testSessionId} is still running after ${Math.round(waited())}s (--wait-timeout ${timeoutSeconds})`,
          undefined,
          `wait more: statusctl test-sessions get ${testSessionId} --wait`,
        );
      }
      const hold = Math.max(1, Math.min(Math.ceil(left), MAX_HOLD_SECONDS, (ctx.globals.timeout ?? 30) - 2));
      try {
        const ended = await client.awaitTestSession({ params: { testSessionId }, query: { maxWaitSeconds: String(hold) } });
        progress.stop(`Test session ${testSessionId} ${ended.status.toLowerCase()} after ${Math.round(waited())}s of waiting`);
        return ended;
      } catch (error) {
        if ((error as { status?: unknown }).status !== 408) throw error;
        held += hold;
        progress.update(`Waiting for test session ${testSessionId} to end… (${Math.round(waited())}s, still running)`);
      }
    }
  } catch (error) {
    progress.stop();
    throw error;
  }
}

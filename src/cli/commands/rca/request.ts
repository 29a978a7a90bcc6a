// `rca request`: ask for a root cause analysis of error groups. One line per group, whatever
// their number (src/cli/api/bulk.ts): the group, `requested`, the analysis id; -o json an array of
// {id, ok, status, error, analysisId}. With --wait (one group) it polls for the analysis as
// `rca get --wait` does and prints it with get's renderer.
//
// The API analyses a check's error group and a test session's by two routes; the user never
// picks one. The group is read first (GET /v1/error-groups/{id}): found, it is a check's group and
// goes to the error-groups route; not found (404), the test-session route is asked, which answers
// 404 in turn when the id is neither. A prefix (as error-groups list and this command's sentence
// show a group) is looked for among both kinds' lists, which tell the route too (lookup/error-groups.ts).
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { WriteMayBeAppliedError } from '../../../client/errors.js';
import type { Client } from '../../../client/index.js';
import { nothingToDo, runBulk } from '../../api/bulk.js';
import { examples, positiveNumber } from '../../runtime/command-kit.js';
import { bulkOptions } from '../../verbs/write.js';
import { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import { describeFailure } from '../../errors/failure.js';
import type { Noun } from '../../runtime/globals.js';
import { expandIds } from '../../input/read.js';
import { sentId } from '../../input/ids.js';
import { isNotFound } from '../../errors/not-found.js';
import { errorGroupIds, type FoundGroupId, isGroupPrefix } from '../../lookup/error-groups.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { DEFAULT_WAIT_SECONDS, printAnalysis, waitForAnalysis } from './get.js';
import { terminalLine } from '../../output/terminal-text.js';

const MAX_CONTEXT = 256;
const GROUP = 'c463c2d9-a899-5e7b-9e54-5b24368461d1';

export interface RequestOptions {
  context?: string;
  dryRun?: boolean;
  wait?: boolean;
  waitTimeout: number;
  concurrency: number;
  maxWait: number;
}

function userContext(value: string): string {
  if (value.length > MAX_CONTEXT) {
    throw new InvalidArgumentError(`at most ${MAX_CONTEXT} characters (got ${value.length})`);
  }
  return value;
}

export function declare(rca: Noun): void {
  examples(
    bulkOptions(
      rca
        .command('request')
        .description(
          'Ask for a root cause analysis of error groups; prints one line per group (the group, requested, the analysis id), or the analysis with --wait.\n\n' +
            'ERROR_GROUP is the id of an error group (a UUID, or a unique prefix of at least 6 characters, as terminal tables ' +
            'show it), or - to read ids from stdin (one per line; blank lines and ' +
            '# comments skipped). Several groups are sent a few at a time, one line each in the order given, tab-separated: ' +
            'ID, outcome, analysis id or reason; -o json gives an array of {id, ok, status, error, analysisId}, the same ' +
            'for one group as for many. The exit code is that of the worst outcome (4 when some groups are unknown). ' +
            'Under a rate limit the requests pace themselves (a 429 pauses them all until its Retry-After, and is retried ' +
            'until --max-wait has passed).\n\n' +
            "A check's error group (error-groups list shows them) and a test session's are both taken: the group is read " +
            'first, which tells the API route that analyses it.\n\n' +
            '--wait takes one group: it waits for the analysis and prints it (-o json: the analysis as the API gives it).',
        )
        .argument(
          '<error-group...>',
          "ids of error groups (UUIDs or unique prefixes of at least 6 characters: a check's or a test session's), or - to read them from stdin",
        )
        .option('--context <text>', `what you know that helps the analysis (at most ${MAX_CONTEXT} characters)`, userContext)
        .option('--wait', 'wait for the analysis (progress on stderr) and print it; one group only')
        .option('--wait-timeout <seconds>', 'with --wait: give up after this long (exit 1)', positiveNumber, DEFAULT_WAIT_SECONDS),
      {
        dryRun: 'print the requests (method, path, JSON body; null when none is sent) instead of sending them',
        several: 'groups',
        one: 'that group',
      },
    ).action((errorGroupIds, options, command) => run(Context.fromCommand(command), errorGroupIds, options)),
    [
      `statusctl rca request ${GROUP}`,
      `statusctl rca request ${GROUP} --context "started after the 14:00 deploy" --wait`,
      `statusctl rca request ${GROUP} --wait --wait-timeout 300 -o json`,
      `ID=$(statusctl rca request ${GROUP} | cut -f3) && statusctl rca get "$ID" --wait`,
      `statusctl rca request ${GROUP} --context "after the deploy" --dry-run -o json`,
      'statusctl rca request - < ids.txt',
    ],
  );
  valueKinds(rca, 'request', { 'error-group': 'error-group' });
}

/** The request that starts an analysis of one group, by the route that serves its kind. */
type Planned =
  | { id: 'requestErrorGroupAnalysis'; input: { params: { errorGroupId: string }; body?: { userContext: string } } }
  | { id: 'requestRootCauseAnalysis'; input: { params: { testSessionErrorGroupId: string }; body?: { userContext: string } } };

/** Both routes and the read take the group's id as a UUID (or a prefix, looked up): anything else is refused, unsent. */
function groupId(given: string): string {
  return sentId('requestErrorGroupAnalysis', 'errorGroupId', given, {
    name: 'ERROR_GROUP',
    hint: "statusctl error-groups list shows a check's groups; a test session's is in the session's results",
  });
}

/** The groups a run names: a prefix is looked for among both kinds' lists, read once for all the ids given. */
function groupLookup(client: Client): (given: string) => Promise<FoundGroupId> {
  return errorGroupIds(async () => client, groupId);
}

/**
 * Which route serves the group: the kind a prefix was found as; else a check's group is found by
 * the error-groups read, and any other id is a test session's.
 */
async function planFor(client: Client, found: FoundGroupId, options: RequestOptions): Promise<Planned> {
  const errorGroupId = found.id;
  const body = options.context !== undefined ? { body: { userContext: options.context } } : {};
  const testSession = { id: 'requestRootCauseAnalysis', input: { params: { testSessionErrorGroupId: errorGroupId }, ...body } } as const;
  if (found.kind === 'test-session') return testSession;
  if (found.kind !== 'check') {
    try {
      await client.getErrorGroup({ params: { id: errorGroupId } });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      return testSession;
    }
  }
  return { id: 'requestErrorGroupAnalysis', input: { params: { errorGroupId }, ...body } };
}

export async function run(ctx: Context, args: string[], options: RequestOptions): Promise<void> {
  const ids = [...new Set(await expandIds(ctx, args))];
  if (ids.length === 0) return nothingToDo(ctx);
  if (options.wait && ids.length > 1) {
    throw usageError(
      `--wait takes one error group (got ${ids.length})`,
      'request them without --wait, then follow each analysis with: statusctl rca get ID --wait',
    );
  }
  const client = await ctx.client({ maxWaitMs: options.maxWait * 1000 });
  const lookup = groupLookup(client);
  if (options.dryRun) {
    // The read that picks the route is made; the POST is printed, not sent.
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    // Every id of a wrong form is refused before any read, a prefix's included.
    for (const id of ids) if (!isGroupPrefix(id)) groupId(id);
    const planned = await Promise.all(
      ids.map(async (id) => {
        const plan = await planFor(client, await lookup(id), options);
        return plan.id === 'requestErrorGroupAnalysis' ? planRequest(plan.id, plan.input) : planRequest(plan.id, plan.input);
      }),
    );
    return printPlanned(ctx, options.wait ? planned[0]! : planned);
  }
  if (options.wait) {
    const found = await lookup(ids[0]!);
    const accepted = await requestAnalysis(client, found, options);
    ctx.info(`Analysis ${terminalLine(accepted.body.id)} requested for error group ${found.id}`);
    await printAnalysis(ctx, await waitForAnalysis(ctx, client, accepted.body.id, options.waitTimeout));
    return;
  }
  const requested: string[] = [];
  await runBulk(
    ctx,
    ids,
    options.concurrency,
    async (id, shown) => {
      try {
        const found = await lookup(id);
        shown(found.id);
        const { status, body } = await requestAnalysis(client, found, options);
        requested.push(body.id);
        return { outcome: 'requested', status, reason: body.id, fields: { analysisId: body.id } };
      } catch (error) {
        // The group's line says it failed; what to do about an answer that was lost is said here.
        if (error instanceof WriteMayBeAppliedError) ctx.info(`hint: ${id}: ${describeFailure(error).hint}`);
        throw error;
      }
    },
    { analysisId: null },
    { noun: 'analysis of error group' },
  ).finally(() => {
    if (requested.length === 1) ctx.info(`Analysis requested; follow it with: statusctl rca get ${requested[0]} --wait`);
  });
}

/** The POST that starts an analysis of one group, by the route that serves its kind. */
async function requestAnalysis(client: Client, found: FoundGroupId, options: RequestOptions) {
  const plan = await planFor(client, found, options);
  return plan.id === 'requestErrorGroupAnalysis' ? client.call(plan.id, plan.input) : client.call(plan.id, plan.input);
}

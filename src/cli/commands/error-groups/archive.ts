// `error-groups archive`: the PATCH of an error group, for CI jobs that silence a known failure.
// One result line per id, for one id as for many (`-`: ids from stdin), each JSON entry carrying
// the group as the API answered it (src/cli/api/bulk.ts). The PATCH states the wanted state, so a group already archived, archived
// again, is a success like any other. `unarchive` shares the request flow below.
import type { ErrorGroup } from '../../../contract/schemas.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_WAIT_S, nothingToDo, runBulk } from '../../api/bulk.js';
import { examples, positiveInt } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { field } from '../../output/sections.js';
import { expandIds } from '../../input/read.js';
import { type IdArgument, sentId } from '../../input/ids.js';
import { terminalLine } from '../../output/terminal-text.js';

/** An error group's id as the verbs of error-groups take it: whole, a UUID, as the list shows it. */
export const GROUP_ARGUMENT: IdArgument = { name: 'ID', hint: 'statusctl error-groups list shows the ids' };

export type ArchiveBody = { archivedUntilNextEvent?: boolean; archiveForEver?: boolean };

/** The options archive and unarchive share. */
export interface WriteOptions {
  dryRun?: boolean;
  concurrency: number;
  maxWait: number;
}

export interface ArchiveOptions extends WriteOptions {
  forever?: boolean;
}

export const IDS_HELP =
  'Prints one line per id, in the order given, for one id as for several: ID, outcome, reason, tab-separated ' +
  '(on a terminal, one group also shows its state after its line); -o json gives an array of {id, ok, status, error, group}, ' +
  'group being the group as the API answered (null when the id failed). --dry-run prints the same lines with the outcome ' +
  'it would have and the request; -o json {id, ok, status, error, method, path, body}. Ids may come from stdin with - ' +
  '(one per line; blank lines and # comments skipped); several are sent a few at a time. ' +
  'The exit code is that of the worst outcome (4 when some ids are unknown). Under a rate limit the requests pace ' +
  'themselves: a 429 pauses them all until its Retry-After, fewer are sent at once for a while, and a 429 is retried ' +
  'until --max-wait has passed.';

/** The arguments and options archive and unarchive share. */
export function declareWrite(command: Noun) {
  return command
    .argument('<id...>', 'ids of error groups (UUIDs), or - to read them from stdin')
    .option('--dry-run', 'read each group and print the requests (method, path, JSON body) instead of sending them')
    .option('--concurrency <n>', 'requests at a time with several ids, 1 to 16', positiveInt(1, 16), DEFAULT_CONCURRENCY)
    .option('--max-wait <seconds>', 'how long a 429 is waited out before that id fails', positiveInt(0, 86_400), DEFAULT_MAX_WAIT_S);
}

export function declare(groups: Noun): void {
  examples(
    declareWrite(
      groups.command('archive').description(`Archive error groups until the next matching error arrives (or for ever).\n\n${IDS_HELP}`),
    )
      .option('--forever', 'stay archived even when new matching errors arrive')
      .action((ids, options, command) => run(Context.fromCommand(command), ids, options)),
    [
      'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1',
      'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1 --forever',
      'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1 -o json',
      'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1 10aca8a9-d93d-5f90-a123-88518e7122af --dry-run',
      "grep -v '^#' known-failures.txt | statusctl error-groups archive - --forever -o json",
      'statusctl error-groups archive - --concurrency 12 --max-wait 600 < ids.txt',
    ],
  );
}

export function run(ctx: Context, ids: string[], options: ArchiveOptions): Promise<void> {
  const body = options.forever ? { archiveForEver: true } : { archivedUntilNextEvent: true };
  return patchGroups(ctx, ids, body, options, options.forever ? 'for ever' : 'until the next matching error');
}

/** The PATCH for each id; `archived` says how (for people), undefined for unarchive. */
export async function patchGroups(
  ctx: Context,
  args: string[],
  body: ArchiveBody,
  options: WriteOptions,
  archived: string | undefined,
): Promise<void> {
  const ids = await expandIds(ctx, args);
  if (ids.length === 0) return nothingToDo(ctx);

  if (options.dryRun) {
    const { planRequest, plannedOutcome, runPlannedBulk } = await import('../../api/dry-run.js');
    const reader = await ctx.client({ maxWaitMs: options.maxWait * 1000 });
    // Checked as the real run would find it: the id's form, then that the group exists (a read).
    return runPlannedBulk(ctx, ids, options.concurrency, async (id) => {
      const planned = await planRequest('updateErrorGroup', { params: { id: groupId(id) }, body });
      await reader.getErrorGroup({ params: { id: groupId(id) } });
      return plannedOutcome(archived ? 'would-archive' : 'would-unarchive', planned, 200);
    });
  }

  const client = await ctx.client({ maxWaitMs: options.maxWait * 1000 });
  // One row per id whatever their number, so a script reads one shape; a person at a terminal
  // who changed one group also sees it after its row.
  const showDetail = ids.length === 1 && !ctx.json && Boolean(ctx.io.stdout.isTTY);
  let detail: string | undefined;
  await runBulk(
    ctx,
    ids,
    options.concurrency,
    async (id) => {
      const { status, body: group } = await client.call('updateErrorGroup', { params: { id: groupId(id) }, body });
      if (showDetail) detail = render(ctx, group, body.archiveForEver === true);
      const fields = { group };
      return archived
        ? { outcome: 'archived', status, reason: archived, fields }
        : { outcome: 'unarchived', status, reason: 'active again', fields };
    },
    { group: null },
  );
  if (detail) ctx.out(detail);
}

/**
 * Error group ids are UUIDs (the API's form for them): anything else is that id's usage error,
 * without a request the hosted API would refuse, in a dry run too.
 */
function groupId(given: string): string {
  return sentId('updateErrorGroup', 'id', given, GROUP_ARGUMENT);
}

/**
 * An error group for people. The API reports only whether a group is archived; whether it stays
 * archived when new errors arrive is known only from what was asked for, so the caller passes
 * that along.
 */
export function render(ctx: Context, group: ErrorGroup, archivedForEver = false): string {
  const s = ctx.style;
  // The group's values on their lines, nothing in them steering the terminal (output/terminal-text.ts).
  const line = terminalLine;
  const state = !group.archivedUntilNextEvent
    ? s.yellow('active')
    : archivedForEver
      ? s.green('archived for ever') + s.dim(' (stays archived when new errors arrive)')
      : s.green('archived') + s.dim(' (until the next matching error)');
  const lines = [
    `${s.bold('Error group')} ${line(group.id)}`,
    field(ctx, 'state', state),
    field(ctx, 'check', line(group.checkId)),
    field(ctx, 'error', line(group.cleanedErrorMessage)),
    field(ctx, 'first seen', line(group.firstSeen)),
    field(ctx, 'last seen', line(group.lastSeen)),
  ];
  if (group.rootCauseAnalyses?.length) {
    lines.push(field(ctx, 'analyses', line(group.rootCauseAnalyses.map((rca) => rca.id).join(', '))));
  }
  return lines.join('\n');
}

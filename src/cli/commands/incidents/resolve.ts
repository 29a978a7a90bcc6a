// `incidents resolve`: a RESOLVED update for each incident that is not resolved yet, so a
// retried script step does not notify subscribers twice. One result line per id, for one id as
// for many (`-`: ids from stdin), each JSON entry carrying the update (src/cli/api/bulk.ts), so a
// script reads the same shape whatever it passed.
import type { Incident } from '../../api/types.js';
import { nothingToDo, runBulk } from '../../api/bulk.js';
import { examples } from '../../runtime/command-kit.js';
import { type BulkOptions, bulkOptions } from '../../verbs/write.js';
import { Context } from '../../runtime/context.js';
import { CliError, ExitCode, usageError } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { messageFileOption, nonEmpty } from '../../input/incident-options.js';
import { MIN_PREFIX } from '../../lookup/short-ids.js';
import type { FoundIncident } from '../../lookup/v3-incidents.js';
import { renderUpdate } from '../../views/incident-update.js';
import { timeline } from '../../api/incident-timeline.js';
import { expandIds, messageText } from '../../input/read.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { editorOption } from '../../input/editor.js';
import { terminalLine } from '../../output/terminal-text.js';

export interface ResolveOptions extends BulkOptions {
  message: string;
  messageFile?: string;
  editor?: boolean;
  notify?: boolean;
  force?: boolean;
}

export function declare(incidents: Noun): void {
  examples(
    bulkOptions(
      incidents
        .command('resolve')
        .argument('<id...>', `incident ids (or their first ${MIN_PREFIX} or more characters), or - to read them from stdin`)
        .description(
          'Add a RESOLVED update to incidents.\n\n' +
            'An incident already resolved is left alone: nothing is sent, stderr says so and the exit code is 0 ' +
            '(its entry carries its last update), so a retried script step does not notify subscribers twice. ' +
            '--force adds another RESOLVED update anyway.\n\n' +
            'Prints one line per id in the order given, for one id as for several: ID, outcome (resolved, already-resolved, ' +
            'not-found, ...), reason, tab-separated (on a terminal, one incident resolved also shows its update); ' +
            '-o json gives an array of {id, ok, status, error, update}, update being the RESOLVED update (null when the id failed); ' +
            '--dry-run prints the same lines with the outcome it would have (would-resolve, ...) and the request, ' +
            '-o json {id, ok, status, error, method, path, body}. Ids may come from stdin with - (one per line; blank lines and ' +
            '# comments skipped). The exit code is that of the worst outcome. ' +
            'Under a rate limit the requests pace themselves: a 429 pauses them all until its Retry-After, fewer are sent at ' +
            'once for a while, and a 429 is retried until --max-wait has passed.',
        )
        .option('--message <text>', 'text of the update', nonEmpty, 'Resolved.')
        .addOption(messageFileOption('the text of the update'))
        .addOption(editorOption('the text of the update ("Resolved." in it to start with)'))
        .option('--notify', 'notify the status page subscribers')
        .option('--force', 'add a RESOLVED update even when the incident is already resolved'),
      { dryRun: 'read the incident and print the request (method, path, JSON body) instead of sending it' },
    ).action((ids, options, command) => run(Context.fromCommand(command), ids, options)),
    [
      'statusctl incidents resolve 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd',
      'statusctl incidents resolve 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Fixed by rolling back v2.3" --notify',
      'statusctl incidents resolve 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message-file postmortem-summary.txt --dry-run',
      "statusctl incidents list --status open -o json | jq -r '.entries[].id' | statusctl incidents resolve -",
    ],
  );
  valueKinds(incidents, 'resolve', { id: 'incident' });
}

export async function run(ctx: Context, args: string[], options: ResolveOptions): Promise<void> {
  // The dry run checks the request as the client would: it brings the contract's schemas.
  const { planRequest, plannedOutcome, runPlannedBulk } = await import('../../api/dry-run.js');
  if (options.messageFile === '-' && args.includes('-')) throw usageError('--message-file - and - (ids from stdin) cannot both read stdin');
  let description = (await messageText(ctx, options)) ?? options.message;
  if (options.editor) {
    const { editText } = await import('../../input/editor.js');
    const which = args.includes('-') ? 'the incidents read from stdin' : `incident ${args.join(', ')}`;
    description = await editText(ctx, { initial: description, about: [`The RESOLVED update of ${which}.`] });
  }
  const ids = await expandIds(ctx, args);
  if (ids.length === 0) return nothingToDo(ctx);
  const client = await ctx.client({ maxWaitMs: options.maxWait * 1000 });
  const { findIncident, readAgain, shownIncident } = await import('../../lookup/v3-incidents.js');
  const notify = options.notify ? { notifySubscribers: true } : {};

  /** The incident, and whether a RESOLVED update is to be sent (not when it is resolved already, unless --force). */
  async function check(given: string, found?: (id: string) => void) {
    // Either kind of incident: a V3 incident is posted to on its page (lookup/v3-incidents.ts).
    const where = await findIncident(ctx, given);
    const { id } = where;
    found?.(id);
    const incident = shownIncident(where);
    return { id, where, incident, send: options.force === true || incident.lastUpdateStatus !== 'RESOLVED' };
  }
  const alreadyNote = (id: string, incident: Incident) => {
    const last = timeline(incident).at(-1);
    return `incident ${id} is already resolved${last ? ` (since ${terminalLine(last.publicIncidentUpdateDate)})` : ''}: nothing ${options.dryRun ? 'would be' : 'was'} sent (--force adds another RESOLVED update)`;
  };
  /**
   * The RESOLVED update's body. The incident's status is that of its latest-dated update, so an
   * update dated later than now would outrank an update dated now: the RESOLVED update is then
   * dated just after it (docs/cli.md#writes), and stderr says so.
   */
  const bodyFor = (id: string, incident: Incident) => {
    const latest = timeline(incident).at(-1);
    const latestAt = latest ? Date.parse(latest.publicIncidentUpdateDate) : Number.NaN;
    if (!(latestAt >= ctx.now())) return { description, status: 'RESOLVED' as const, ...notify };
    const date = new Date(latestAt + AFTER_LATEST_MS).toISOString();
    ctx.info(
      `incident ${id} has an update dated ${latest!.publicIncidentUpdateDate}, later than now: the RESOLVED update ${options.dryRun ? 'would be' : 'is'} dated ${date}, after it, so that it decides the status`,
    );
    return { description, status: 'RESOLVED' as const, publicIncidentUpdateDate: date, ...notify };
  };
  /**
   * Posts the update; "resolved" is said only when the answer shows it: a RESOLVED update dated no
   * earlier than every update of the incident as read before (a tie goes to the update added
   * last). Otherwise the incident is read back, and anything but RESOLVED is a failure.
   */
  async function resolveOne(id: string, incident: Incident, where: FoundIncident) {
    const answer =
      where.kind === 'v2'
        ? await client.call('createIncidentUpdate', { params: { incidentId: id }, body: bodyFor(id, incident) })
        : await client.call('createV3IncidentUpdate', {
            params: { statusPageId: where.page.id, incidentId: id },
            body: bodyFor(id, incident),
          });
    const update = answer.body;
    const latestBefore = timeline(incident).at(-1);
    const decides =
      update.status === 'RESOLVED' &&
      (!latestBefore || Date.parse(update.publicIncidentUpdateDate) >= Date.parse(latestBefore.publicIncidentUpdateDate));
    if (!decides) {
      const after = shownIncident(await readAgain(client, where));
      if (after.lastUpdateStatus !== 'RESOLVED') throw notResolved(id, update.id, after);
    }
    return { update, status: answer.status };
  }

  if (options.dryRun) {
    // Each id checked as the real run checks it: its syntax, that it exists, whether it is resolved.
    return runPlannedBulk(ctx, ids, options.concurrency, async (given, found) => {
      const { id, incident, send, where } = await check(given, found);
      if (!send) {
        if (ids.length === 1) ctx.info(alreadyNote(id, incident));
        return plannedOutcome('already-resolved', undefined, 200, 'nothing would be sent');
      }
      const planned =
        where.kind === 'v2'
          ? await planRequest('createIncidentUpdate', { params: { incidentId: id }, body: bodyFor(id, incident) })
          : await planRequest('createV3IncidentUpdate', {
              params: { statusPageId: where.page.id, incidentId: id },
              body: bodyFor(id, incident),
            });
      return plannedOutcome('would-resolve', planned, 200);
    });
  }

  // One row per id whatever their number, so a script reads one shape; a person at a terminal
  // who resolved one incident reads one sentence, and the update after it.
  const showDetail = ids.length === 1 && !ctx.json && Boolean(ctx.io.stdout.isTTY);
  let detail: string | undefined;
  await runBulk(
    ctx,
    ids,
    options.concurrency,
    async (given, found) => {
      const { id, incident, send, where } = await check(given, found);
      if (!send) {
        if (ids.length === 1) ctx.info(alreadyNote(id, incident));
        return { outcome: 'already-resolved', status: 200, reason: 'nothing sent', fields: { update: timeline(incident).at(-1) ?? null } };
      }
      const { update, status } = await resolveOne(id, incident, where);
      if (showDetail) detail = await renderUpdate(ctx, id, update);
      return { outcome: 'resolved', status, reason: incident.name, fields: { update } };
    },
    { update: null },
    { noun: 'incident' },
  );
  if (detail) ctx.out(detail);
}

/** How much later than the latest update a RESOLVED update is dated when that one lies in the future. */
const AFTER_LATEST_MS = 1000;

/**
 * The RESOLVED update was added but the incident, read back, is not resolved: an update dated
 * later still (one added meanwhile, or a server that orders updates otherwise) decides its status.
 */
function notResolved(id: string, updateId: string, incident: Incident): CliError {
  const latest = timeline(incident).at(-1);
  return new CliError(
    ExitCode.failure,
    `incident ${id} is still ${incident.lastUpdateStatus} after the RESOLVED update ${updateId} was added` +
      (latest ? `: its latest update (${latest.id}, ${latest.status}, dated ${latest.publicIncidentUpdateDate}) decides its status` : ''),
    undefined,
    `'statusctl incidents get ${id}' shows its timeline; 'statusctl incident-updates put ${id} UPDATE --date ...' moves an update`,
  );
}

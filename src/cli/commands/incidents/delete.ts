// `incidents delete`: removes incidents with their updates, for a test incident declared by
// mistake. Each id is read first, so what goes is shown (and asked about on a terminal) by name,
// severity and number of updates. One result line per id, for one id as for many
// (src/cli/api/bulk.ts), so a script reads the same shape whatever it passed. A DELETE repeated
// after a lost answer finds nothing left; the client counts that as done.
import type { Incident } from '../../api/types.js';
import { nothingToDo, runBulk } from '../../api/bulk.js';
import { examples } from '../../runtime/command-kit.js';
import { type BulkOptions, bulkOptions } from '../../verbs/write.js';
import { type ConfirmOptions, confirmDelete, requireYes, yesOption } from '../../prompts/confirm.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { expandIds } from '../../input/read.js';
import { IncidentIds, MIN_PREFIX } from '../../api/short-ids.js';
import { valueKinds } from '../../completion/value-kinds.js';

export interface DeleteOptions extends ConfirmOptions, BulkOptions {}

export function declare(incidents: Noun): void {
  examples(
    bulkOptions(
      incidents
        .command('delete')
        .argument('<id...>', `incident ids (or their first ${MIN_PREFIX} or more characters), or - to read them from stdin`)
        .description(
          'Delete incidents and their updates; status pages stop showing them.\n\n' +
            'Each incident is read first. On a terminal, the command shows what goes (name, severity, number of ' +
            'updates) and asks; not on a terminal, --yes is required (exit 2 otherwise, nothing deleted). ' +
            '--dry-run reads each as the real run does and prints the same lines, with the outcome it would have ' +
            '(would-delete, not-found, ...) and the request; -o json adds method, path and body to each entry; nothing is sent.\n\n' +
            'Prints one line per id, in the order given, for one id as for several: ID, outcome (deleted, ' +
            'not-found, ...), the incident (name, severity, updates), tab-separated; -o json gives an array of ' +
            '{id, ok, status, error}; the exit code is that of the worst outcome (4 when some ids are unknown). ' +
            'Ids may come from stdin with - (one per line; blank lines and # comments skipped). Under a rate limit ' +
            'the requests pace themselves: a 429 pauses them all until its Retry-After, fewer are sent at once for ' +
            'a while, and a 429 is retried until --max-wait has passed.',
        )
        .addOption(yesOption()),
      { dryRun: 'read each incident and print the requests (method, path) instead of sending them' },
    ).action((ids, options, command) => run(Context.fromCommand(command), ids, options)),
    [
      'statusctl incidents delete 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --dry-run',
      'statusctl incidents create --name "Test incident" --severity minor --service "Web App" --yes --jq .id | statusctl incidents delete - --yes',
      "statusctl incidents list --status resolved --all --jq '.entries[].id' | statusctl incidents delete - --dry-run -o json",
    ],
  );
  valueKinds(incidents, 'delete', { id: 'incident' });
}

/** `Checkout errors (MAJOR, 3 updates)`: what goes with an incident. */
export function describeIncident(incident: Incident): string {
  const count = incident.incidentUpdates?.length ?? 0;
  return `${incident.name} (${incident.severity}, ${count} update${count === 1 ? '' : 's'})`;
}

export async function run(ctx: Context, args: string[], options: DeleteOptions): Promise<void> {
  const single = args.length === 1 && args[0] !== '-';
  requireYes(ctx, options, single ? `incident ${args[0]}` : 'incidents');
  const ids = single ? args : await expandIds(ctx, args);
  if (ids.length === 0) return nothingToDo(ctx);
  const client = await ctx.client({ maxWaitMs: options.maxWait * 1000 });
  const incidentIds = new IncidentIds(() => ctx.client());

  /** The incident `given` names, read (a prefix is found in the list, which holds it whole). */
  const read = async (given: string, found?: (id: string) => void): Promise<Incident> => {
    const resolved = await incidentIds.resolve(given);
    found?.(resolved.id);
    return resolved.incident ?? (await client.getIncident({ params: { incidentId: resolved.id } }));
  };

  if (options.dryRun) {
    // Each id read as the real run reads it: an unknown one fails here as it would there.
    const { planRequest, plannedOutcome, runPlannedBulk } = await import('../../api/dry-run.js');
    return runPlannedBulk(ctx, ids, options.concurrency, async (given, found) => {
      const incident = await read(given, found);
      const planned = await planRequest('deleteIncident', { params: { incidentId: incident.id } });
      return plannedOutcome('would-delete', planned, 200, describeIncident(incident));
    });
  }

  // On a terminal without --yes, what goes is read first, shown, and asked about once.
  const shown = new Map<string, Incident | { error: unknown }>();
  if (!options.yes) {
    for (const given of ids) shown.set(given, await read(given).catch((error: unknown) => ({ error })));
    const found = [...shown.values()].filter((entry): entry is Incident => !('error' in entry));
    const unread = ids.filter((given) => 'error' in shown.get(given)!);
    if (found.length > 0) {
      const one = found.length === 1;
      await confirmDelete(ctx, options, `Delete ${one ? 'this incident and its' : `these ${found.length} incidents and their`} updates?`, [
        `About to delete ${one ? '1 incident' : `${found.length} incidents`}:`,
        ...found.map((incident) => `  ${incident.id}  ${describeIncident(incident)}`),
        ...(unread.length > 0 ? [`  (not deleted, cannot be read: ${unread.join(', ')})`] : []),
      ]);
    }
  }

  await runBulk(ctx, ids, options.concurrency, async (given, found) => {
    const before = shown.get(given);
    if (before && 'error' in before) throw before.error;
    const incident = before ?? (await read(given));
    found(incident.id);
    const { status } = await client.call('deleteIncident', { params: { incidentId: incident.id } });
    return { outcome: 'deleted', status, reason: describeIncident(incident) };
  });
}

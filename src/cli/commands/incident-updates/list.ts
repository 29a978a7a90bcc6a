// `incident-updates list`: the updates of one incident, newest first, as a list of their own
// (`incidents get` shows them as the incident's timeline, oldest first).
import type { IncidentUpdate } from '../../api/types.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { idCells, renderTable, statusCell, timeCell } from '../../output/cells.js';
import { IncidentIds } from '../../api/short-ids.js';
import { INCIDENT_ARG } from './get.js';
import { valueKinds } from '../../completion/value-kinds.js';

export function declare(updates: Noun): void {
  examples(
    updates
      .command('list')
      .argument('<incident>', INCIDENT_ARG)
      .description(
        'The updates of an incident, newest first: id, time, status, whether subscribers were notified, text.\n\n' +
          'With -o json, the API response: an array of updates.',
      )
      .action((incident, _options, command) => run(Context.fromCommand(command), incident)),
    [
      'statusctl incident-updates list 7385595c-e0b7-5ea5-864c-ef529d079682',
      'statusctl incident-updates list 7385595c -o md',
      "statusctl incident-updates list 7385595c-e0b7-5ea5-864c-ef529d079682 --jq '.[0].status'   # the latest status",
    ],
  );
  valueKinds(updates, 'list', { incident: 'incident' });
}

export async function run(ctx: Context, givenIncident: string): Promise<void> {
  const client = await ctx.client();
  const incidentId = await new IncidentIds(() => ctx.client()).resolveId(givenIncident);
  const updates = await client.listIncidentUpdates({ params: { incidentId } });
  if (ctx.json) return ctx.printJson(updates);
  if (updates.length === 0) return ctx.info(`Incident ${incidentId} has no updates.`);
  await ctx.outPaged(await renderUpdateList(ctx, newestFirst(updates)));
}

/** Newest first, whatever order the answer came in. */
function newestFirst(updates: IncidentUpdate[]): IncidentUpdate[] {
  return [...updates].sort((a, b) => Date.parse(b.publicIncidentUpdateDate) - Date.parse(a.publicIncidentUpdateDate));
}

/** Updates as a table, a row each. */
export async function renderUpdateList(ctx: Context, updates: IncidentUpdate[]): Promise<string> {
  const updateId = idCells(updates.map((update) => update.id));
  return renderTable(
    ctx,
    [{ header: 'id', id: true }, 'time', 'status', { header: 'notify', optional: 1 }, 'description'],
    updates.map((update) => [
      updateId(update.id),
      timeCell(update.publicIncidentUpdateDate, ctx.now()),
      statusCell(ctx, update.status),
      update.notifySubscribers ? 'yes' : 'no',
      update.description,
    ]),
  );
}

// `incidents get`: one incident with its timeline. Its renderer shows the incident wherever
// another command prints one (`incidents create`); `--web` is in src/cli/api/status-page-address.ts.
import type { Incident } from '../../api/types.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { timeline } from '../../api/incident-timeline.js';
import type { Noun } from '../../runtime/globals.js';
import { clockTimeCell, idCells, renderTable, statusCell, timeHeader, tableFormat } from '../../output/cells.js';
import { renderRecord } from '../../views/resource.js';
import { INCIDENT } from '../../views/incident.js';
import { MIN_PREFIX } from '../../lookup/short-ids.js';
import { showIncidentAddress } from '../../api/status-page-address.js';
import { valueKinds } from '../../completion/value-kinds.js';

export interface GetOptions {
  web?: boolean;
}

export function declare(incidents: Noun): void {
  examples(
    incidents
      .command('get')
      .argument('<id>', `incident id, or its first ${MIN_PREFIX} or more characters`)
      .description('One incident with its timeline (each update: time, status, description, whether subscribers were notified)')
      .option('--web', 'print the address of the incident on the status pages that show it (and open the first on a desktop terminal)')
      .action((id, options, command) => run(Context.fromCommand(command), id, options)),
    [
      'statusctl incidents get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd',
      'statusctl incidents get 7385595c            # a unique prefix of the id, as terminal tables show it',
      'statusctl incidents get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd -o json | jq .lastUpdateStatus',
      'statusctl incidents get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --web',
    ],
  );
  valueKinds(incidents, 'get', { id: 'incident' });
}

export async function run(ctx: Context, given: string, options: GetOptions = {}): Promise<void> {
  // Either kind: a v2 incident, or one of a V3 page's (lookup/v3-incidents.ts).
  const { findIncident, shownIncident } = await import('../../lookup/v3-incidents.js');
  const found = await findIncident(ctx, given);
  const incident = shownIncident(found);
  if (options.web) {
    return showIncidentAddress(ctx, incident, found.kind === 'v3' ? found.page : undefined);
  }
  // -o json: the incident as its own API answers it (a V3 incident in its V3 shape).
  if (ctx.json) await ctx.printJson(found.incident);
  else await ctx.outPaged(await renderIncident(ctx, incident));
}

/**
 * An incident for people: on a terminal (colors, relative times, a fitted timeline), piped
 * (tab-separated, ISO times) and in Markdown (-o md): its record (views/incident.ts), then its
 * timeline. Scripts that want the API's own shape use -o json; nothing here is used then.
 */
export async function renderIncident(ctx: Context, incident: Incident, title = 'Incident'): Promise<string> {
  const format = tableFormat(ctx);
  const updates = timeline(incident);
  const lines = [await renderRecord(ctx, INCIDENT, incident, title), ''];
  if (updates.length === 0) {
    if (format !== 'tsv') lines.push('No updates yet.');
  } else {
    const count = `${updates.length} update${updates.length === 1 ? '' : 's'}`;
    // Piped: a `--` line between the fields and the timeline rows, as gh separates a view's parts.
    lines.push(format === 'terminal' ? ctx.style.bold(`Timeline (${count})`) : format === 'md' ? `#### Timeline (${count})` : '--');
    if (format === 'md') lines.push('');
    const updateId = idCells(updates.map((update) => update.id));
    // ISO piped and in Markdown, `2025-05-01 06:00` on a terminal, in the zone the header names.
    const times = updates.map((update) => update.publicIncidentUpdateDate);
    lines.push(
      await renderTable(
        ctx,
        // On a narrow terminal the update id is left out (not cut) so the description keeps its room.
        [timeHeader(ctx, times), 'status', 'description', 'notify', { header: 'update id', id: true, optional: 1 }],
        updates.map((update) => [
          clockTimeCell(ctx, update.publicIncidentUpdateDate, 'minute'),
          statusCell(ctx, update.status),
          update.description,
          update.notifySubscribers ? 'yes' : 'no',
          updateId(update.id),
        ]),
      ),
    );
  }
  // Piped, the blank line before the timeline would be an empty row.
  return lines.filter((line, i) => format !== 'tsv' || line !== '' || i === lines.length - 1).join('\n');
}

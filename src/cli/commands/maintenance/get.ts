// `maintenance get`: one window's fields, then its occurrences and the status updates of each.
import type { Maintenance } from '../../../contract/schemas.js';
import { renderTable, tableFormat } from '../../output/cells.js';
import type { Context } from '../../runtime/context.js';
import { getVerb } from '../../verbs/get.js';
import { renderRecord } from '../../views/resource.js';
import { MAINTENANCE_WINDOW, maintenanceStatusPaint, momentCell, type WindowEntry } from '../../views/maintenance-window.js';
import { readWindow } from '../../lookup/maintenance-windows.js';

export const { declare, run } = getVerb(MAINTENANCE_WINDOW, {
  description:
    'One maintenance window: its fields, then its occurrences (soonest first: id, status, start, end) and the status updates ' +
    'of each (occurrence, time, status, text).\n\n' +
    'Piped: the fields as label<TAB>value lines, a line --, the occurrence rows, a line --, the update rows. ' +
    'With -o json: the window as the API gives it, with its occurrences as `maintenances`. An unknown number is exit 4, ' +
    'with the windows there are.',
  examples: [
    'statusctl maintenance get 5219801255',
    'statusctl maintenance get 5219801255 -o md',
    "statusctl maintenance get 5219801255 --jq '.maintenances[0].status'",
  ],
  fetch: (ctx, given) => readWindow(ctx, given),
  json: (entry) => ({ ...entry.window, maintenances: entry.maintenances }),
  render: renderWindow,
});

async function renderWindow(ctx: Context, entry: WindowEntry): Promise<string> {
  const format = tableFormat(ctx);
  const s = ctx.io.style;
  const status = (maintenance: Pick<Maintenance, 'status'>) => ({
    text: maintenance.status,
    paint: maintenanceStatusPaint(ctx, maintenance.status),
  });
  const occurrences = entry.maintenances.length
    ? await renderTable(
        ctx,
        [{ header: 'occurrence', id: true }, 'status', 'starts', 'ends'],
        entry.maintenances.map((maintenance) => [
          { text: maintenance.id, short: maintenance.id.slice(0, 8) },
          status(maintenance),
          momentCell(ctx, maintenance.startsAt),
          momentCell(ctx, maintenance.endsAt),
        ]),
      )
    : undefined;
  const updates = entry.maintenances.flatMap((maintenance) => maintenance.updates);
  const updateTable = updates.length
    ? await renderTable(
        ctx,
        [{ header: 'occurrence', id: true }, 'time', 'status', 'message'],
        updates.map((update) => [
          { text: update.maintenanceId, short: update.maintenanceId.slice(0, 8) },
          momentCell(ctx, update.created_at),
          status(update),
          update.description,
        ]),
      )
    : undefined;
  const parts = [await renderRecord(ctx, MAINTENANCE_WINDOW, entry)];
  if (format === 'tsv') {
    parts.push('--', occurrences ?? '', '--', updateTable ?? '');
    return parts.join('\n').trimEnd();
  }
  for (const [title, table] of [
    [`Occurrences (${entry.maintenances.length})`, occurrences],
    [`Updates (${updates.length})`, updateTable],
  ] as const) {
    parts.push('', format === 'md' ? `#### ${title}` : s.bold(title));
    if (format === 'md') parts.push('');
    parts.push(table ?? 'None.');
  }
  return parts.join('\n');
}

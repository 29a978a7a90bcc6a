// How incidents and their updates look to people: on a terminal (colors, relative times, fitted
// tables), piped (tab-separated, ISO times) and in Markdown (-o md). Scripts that want the
// API's own shape use -o json; nothing here is used then.
import type { Incident, IncidentUpdate } from '../api-types.js';
import type { Context } from '../context.js';
import {
  type Cell,
  formatDuration,
  idCells,
  relativeTime,
  renderFields,
  renderTable,
  serviceNames,
  severityCell,
  statusCell,
  tableFormat,
  timeCell,
} from '../output/cells.js';

/** `2025-05-01 10:00:00 UTC (3 hours ago)`: exact for the record, relative for a glance. */
export function timeText(value: string | null | undefined, now: number): string {
  if (!value) return '-';
  const time = Date.parse(value);
  if (Number.isNaN(time) || /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return `${utc(time)} UTC (${relativeTime(value, now)})`;
}

/** `2025-05-01 10:00:00` in UTC. */
function utc(time: number): string {
  return new Date(time)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '');
}

/** A time field: the ISO value piped and in Markdown, exact and relative on a terminal. */
function exactTimeCell(value: string | null | undefined, now: number): Cell {
  return value ? { text: value, short: timeText(value, now) } : { text: '-' };
}

/** A timeline time: ISO piped and in Markdown, `2025-05-01 10:00` (UTC) on a terminal. */
function timelineTimeCell(value: string): Cell {
  const time = Date.parse(value);
  return { text: value, short: Number.isNaN(time) ? value : utc(time).slice(0, 16) };
}

/** Updates in the order they happened (the API does not promise an order). */
export function timeline(incident: Incident): IncidentUpdate[] {
  return [...(incident.incidentUpdates ?? [])].sort(
    (a, b) => Date.parse(a.publicIncidentUpdateDate) - Date.parse(b.publicIncidentUpdateDate),
  );
}

/** When the incident started: the time of its first update (created_at is a date only). */
export function started(incident: Incident): string | undefined {
  return timeline(incident)[0]?.publicIncidentUpdateDate;
}

function lastActivity(incident: Incident): string | undefined {
  return timeline(incident).at(-1)?.publicIncidentUpdateDate ?? incident.updated_at ?? incident.created_at;
}

/** Aligned `label  value` lines for a prompt's summary (stderr, a person at a terminal). */
export function fields(ctx: Context, rows: [string, string][]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${ctx.style.dim(label.padEnd(width))}  ${value}`).join('\n');
}

/**
 * A heading for people: bold on a terminal, a Markdown heading with -o md. Piped output has no
 * headings (the id is a field there), so a script reads fields and rows only.
 */
function heading(ctx: Context, title: string, id: string): string | undefined {
  switch (tableFormat(ctx)) {
    case 'terminal':
      return `${ctx.style.bold(title)} ${id}`;
    case 'md':
      return `### ${title} \`${id}\``;
    default:
      return undefined;
  }
}

export async function renderIncident(ctx: Context, incident: Incident, title = 'Incident'): Promise<string> {
  const format = tableFormat(ctx);
  const services = (incident.services ?? []).map((s) => ({ name: s.name, id: s.id }));
  const rows: [string, Cell | string][] = [
    ...(format === 'terminal' ? [] : [['id', { text: incident.id, code: true }] as [string, Cell]]),
    ['name', incident.name],
    ['severity', severityCell(ctx, incident.severity)],
    ['status', statusCell(ctx, incident.lastUpdateStatus)],
    ['services', services.map((s) => (format === 'md' ? `${s.name} (\`${s.id}\`)` : `${s.name} (${s.id})`)).join(', ') || '-'],
    // The API dates an incident by day only (created_at); its first update has the time it started.
    ...(started(incident) ? [['started', exactTimeCell(started(incident), ctx.now())] as [string, Cell]] : []),
    ['created', exactTimeCell(incident.created_at, ctx.now())],
  ];
  if (incident.updated_at) rows.push(['updated', exactTimeCell(incident.updated_at, ctx.now())]);
  if (incident.duration !== undefined && incident.duration !== null) rows.push(['duration', formatDuration(incident.duration)]);
  const updates = timeline(incident);
  const head = format === 'md' ? `### ${title}: ${incident.name}` : heading(ctx, title, incident.id);
  const lines = [...(head ? [head] : []), await renderFields(ctx, rows), ''];
  if (updates.length === 0) {
    if (format !== 'tsv') lines.push('No updates yet.');
  } else {
    const count = `${updates.length} update${updates.length === 1 ? '' : 's'}`;
    // Piped: a `--` line between the fields and the timeline rows, as gh separates a view's parts.
    lines.push(format === 'terminal' ? ctx.style.bold(`Timeline (${count})`) : format === 'md' ? `#### Timeline (${count})` : '--');
    if (format === 'md') lines.push('');
    const updateId = idCells(updates.map((update) => update.id));
    lines.push(
      await renderTable(
        ctx,
        // On a narrow terminal the update id is left out (not cut) so the description keeps its room.
        ['time (UTC)', 'status', 'description', 'notify', { header: 'update id', id: true, optional: 1 }],
        updates.map((update) => [
          timelineTimeCell(update.publicIncidentUpdateDate),
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

export async function renderIncidentList(ctx: Context, incidents: Incident[]): Promise<string> {
  // A short id on a terminal (enough to paste back), so the name gets the room.
  const incidentId = idCells(incidents.map((incident) => incident.id));
  return renderTable(
    ctx,
    [
      { header: 'id', id: true },
      'name',
      'severity',
      'status',
      // On a narrow terminal these go first, so the name keeps some room next to the id.
      { header: 'services', optional: 1 },
      { header: 'last update', optional: 2 },
    ],
    incidents.map((incident) => [
      incidentId(incident.id),
      incident.name,
      severityCell(ctx, incident.severity),
      statusCell(ctx, incident.lastUpdateStatus),
      serviceNames(incident.services),
      timeCell(lastActivity(incident), ctx.now()),
    ]),
  );
}

export async function renderUpdate(ctx: Context, incidentId: string, update: IncidentUpdate, title = 'Update'): Promise<string> {
  const format = tableFormat(ctx);
  const head = heading(ctx, title, update.id);
  const fields = await renderFields(ctx, [
    ...(format === 'terminal' ? [] : [['id', { text: update.id, code: true }] as [string, Cell]]),
    ['incident', { text: incidentId, code: true }],
    ['status', statusCell(ctx, update.status)],
    ['description', update.description],
    ['time', exactTimeCell(update.publicIncidentUpdateDate, ctx.now())],
    ['notify', update.notifySubscribers ? 'yes' : 'no'],
  ]);
  return head ? `${head}\n${fields}` : fields;
}

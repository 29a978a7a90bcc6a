// How incidents and their updates look to people (tables, colors, relative
// times). Scripts get the API's own JSON instead; nothing here is used with -o json.
import type { Context } from '../context.js';
import type { Incident, IncidentUpdate } from '../api-types.js';
import { formatDuration, relativeTime, renderTable, serviceNames, severityText, statusText } from '../output.js';

/** `2025-05-01 10:00:00 UTC (3 hours ago)`: exact for the record, relative for a glance. */
export function timeText(value: string | null | undefined, now: number): string {
  if (!value) return '-';
  const time = Date.parse(value);
  if (Number.isNaN(time) || /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const exact = new Date(time)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
  return `${exact} (${relativeTime(value, now)})`;
}

/** Updates in the order they happened (the API does not promise an order). */
export function timeline(incident: Incident): IncidentUpdate[] {
  return [...(incident.incidentUpdates ?? [])].sort(
    (a, b) => Date.parse(a.publicIncidentUpdateDate) - Date.parse(b.publicIncidentUpdateDate),
  );
}

function lastActivity(incident: Incident): string | undefined {
  return timeline(incident).at(-1)?.publicIncidentUpdateDate ?? incident.updated_at ?? incident.created_at;
}

/** Aligned `label  value` lines. */
export function fields(ctx: Context, rows: [string, string][]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${ctx.style.dim(label.padEnd(width))}  ${value}`).join('\n');
}

export async function renderIncident(ctx: Context, incident: Incident, heading = 'Incident'): Promise<string> {
  const rows: [string, string][] = [
    ['name', incident.name],
    ['severity', severityText(ctx, incident.severity)],
    ['status', statusText(ctx, incident.lastUpdateStatus)],
    ['services', (incident.services ?? []).map((s) => `${s.name} ${ctx.style.dim(`(${s.id})`)}`).join(', ') || '-'],
    ['created', incident.created_at ?? '-'],
  ];
  if (incident.updated_at) rows.push(['updated', incident.updated_at]);
  if (incident.duration !== undefined && incident.duration !== null) rows.push(['duration', formatDuration(incident.duration)]);
  const updates = timeline(incident);
  const lines = [`${ctx.style.bold(heading)} ${incident.id}`, fields(ctx, rows), ''];
  if (updates.length === 0) {
    lines.push('No updates yet.');
  } else {
    lines.push(ctx.style.bold(`Timeline (${updates.length} update${updates.length === 1 ? '' : 's'})`));
    lines.push(
      await renderTable(
        ctx,
        ['TIME', 'STATUS', 'DESCRIPTION', 'NOTIFY', 'UPDATE ID'],
        updates.map((update) => [
          timeText(update.publicIncidentUpdateDate, ctx.now()),
          statusText(ctx, update.status),
          update.description,
          update.notifySubscribers ? 'yes' : 'no',
          update.id,
        ]),
      ),
    );
  }
  return lines.join('\n');
}

export async function renderIncidentList(ctx: Context, incidents: Incident[]): Promise<string> {
  return renderTable(
    ctx,
    ['ID', 'NAME', 'SEVERITY', 'STATUS', 'SERVICES', 'LAST UPDATE'],
    incidents.map((incident) => [
      incident.id,
      incident.name,
      severityText(ctx, incident.severity),
      statusText(ctx, incident.lastUpdateStatus),
      serviceNames(incident.services),
      relativeTime(lastActivity(incident), ctx.now()),
    ]),
  );
}

export function renderUpdate(ctx: Context, incidentId: string, update: IncidentUpdate, heading = 'Update'): string {
  return [
    `${ctx.style.bold(heading)} ${update.id}`,
    fields(ctx, [
      ['incident', incidentId],
      ['status', statusText(ctx, update.status)],
      ['description', update.description],
      ['time', timeText(update.publicIncidentUpdateDate, ctx.now())],
      ['notify', update.notifySubscribers ? 'yes' : 'no'],
    ]),
  ].join('\n');
}

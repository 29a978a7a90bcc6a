// An incident: the rows of `incidents list` and the fields of the record `incidents get` shows
// (with its timeline after them), which create and edit print too.
import { timeline } from '../api/incident-timeline.js';
import { MIN_PREFIX } from '../lookup/short-ids.js';
import type { Incident } from '../api/types.js';
import { exactTimeCell, formatDuration, idCells, serviceNames, severityCell, statusCell, tableFormat, timeCell } from '../output/cells.js';
import type { FieldRow, ResourceView } from './resource.js';

/** When the incident started: the time of its first update (created_at is a date only). */
function started(incident: Incident): string | undefined {
  return timeline(incident)[0]?.publicIncidentUpdateDate;
}

/** When the incident last changed: its latest update, else the dates the API gives. */
function lastActivity(incident: Incident): string | undefined {
  return timeline(incident).at(-1)?.publicIncidentUpdateDate ?? incident.updated_at ?? incident.created_at;
}

export const INCIDENT: ResourceView<Incident> = {
  title: 'Incident',
  argument: { name: 'id', help: `incident id, or its first ${MIN_PREFIX} or more characters`, kind: 'incident' },
  id: (incident) => incident.id,
  markdownHeading: (incident, title) => `### ${title}: ${incident.name}`,
  columns: [
    { header: 'id', id: true },
    'name',
    'severity',
    'status',
    // On a narrow terminal these go first, so the name keeps some room next to the id.
    { header: 'services', optional: 1 },
    { header: 'last update', optional: 2 },
  ],
  // A row each, newest first as the API lists them.
  rows(ctx, incidents) {
    // A short id on a terminal (enough to paste back), so the name gets the room.
    const incidentId = idCells(incidents.map((incident) => incident.id));
    return incidents.map((incident) => [
      incidentId(incident.id),
      incident.name,
      severityCell(ctx, incident.severity),
      statusCell(ctx, incident.lastUpdateStatus),
      serviceNames(incident.services),
      timeCell(lastActivity(incident), ctx.now()),
    ]);
  },
  fields(ctx, incident) {
    const markdown = tableFormat(ctx) === 'md';
    const services = (incident.services ?? []).map((s) => ({ name: s.name, id: s.id }));
    const rows: FieldRow[] = [
      ['name', incident.name],
      ['severity', severityCell(ctx, incident.severity)],
      ['status', statusCell(ctx, incident.lastUpdateStatus)],
      ['services', services.map((s) => (markdown ? `${s.name} (\`${s.id}\`)` : `${s.name} (${s.id})`)).join(', ') || '-'],
      // The API dates an incident by day only (created_at); its first update has the time it started.
      ...(started(incident) ? [['started', exactTimeCell(ctx, started(incident))] as FieldRow] : []),
      ['created', exactTimeCell(ctx, incident.created_at)],
    ];
    if (incident.updated_at) rows.push(['updated', exactTimeCell(ctx, incident.updated_at)]);
    if (incident.duration !== undefined && incident.duration !== null) rows.push(['duration', formatDuration(incident.duration)]);
    return rows;
  },
};

// An update of an incident (a timeline entry): the rows of `incident-updates list`, and the record
// `incident-updates get` shows, which add, put, delete and `incidents resolve` show too.
import type { IncidentUpdate } from '../api/types.js';
import { MIN_PREFIX } from '../lookup/short-ids.js';
import { exactTimeCell, idCells, statusCell, timeCell } from '../output/cells.js';
import type { View } from '../output/view.js';
import { renderRecord, type ResourceView } from './resource.js';

/** The help of the arguments naming an incident and one of its updates. */
export const INCIDENT_ARG = `incident id, or its first ${MIN_PREFIX} or more characters`;
export const UPDATE_ARG = `update id, or its first ${MIN_PREFIX} or more characters (see \`statusctl incidents get\`)`;

/** An update with the incident it belongs to (the API's update does not name it). */
export type PostedUpdate = IncidentUpdate & { readonly incidentId: string };

export const INCIDENT_UPDATE: ResourceView<PostedUpdate> = {
  title: 'Update',
  argument: { name: 'update', help: UPDATE_ARG, kind: 'update' },
  id: (update) => update.id,
  columns: [{ header: 'id', id: true }, 'time', 'status', { header: 'notify', optional: 1 }, 'description'],
  rows(ctx, updates) {
    const updateId = idCells(updates.map((update) => update.id));
    return updates.map((update) => [
      updateId(update.id),
      timeCell(update.publicIncidentUpdateDate, ctx.now()),
      statusCell(ctx, update.status),
      update.notifySubscribers ? 'yes' : 'no',
      update.description,
    ]);
  },
  fields: (ctx, update) => [
    ['incident', { text: update.incidentId, code: true }],
    ['status', statusCell(ctx, update.status)],
    ['description', update.description],
    ['time', exactTimeCell(ctx, update.publicIncidentUpdateDate)],
    ['notify', update.notifySubscribers ? 'yes' : 'no'],
  ],
};

/** An update for people, titled by what was done to it (`Added update`). */
export function renderUpdate(ctx: View, incidentId: string, update: IncidentUpdate, title = 'Update'): Promise<string> {
  return renderRecord(ctx, INCIDENT_UPDATE, { ...update, incidentId }, title);
}

// A status update of one maintenance (one occurrence of a window): the record that
// `maintenance-updates add|put|delete` print, and the help of the arguments naming an
// occurrence and an update.
import type { MaintenanceUpdate } from '../../contract/schemas.js';
import { maintenanceStatusPaint, momentCell } from './maintenance-window.js';
import type { ResourceView } from './resource.js';

export const OCCURRENCE_ARG =
  'an occurrence of the window: its id, the unique start of one, or `next` (the next one neither completed nor cancelled; the default)';
export const UPDATE_ARG = 'id of a status update of the occurrence, or the unique start of one (maintenance get lists them)';

export const MAINTENANCE_UPDATE: ResourceView<MaintenanceUpdate> = {
  title: 'Maintenance update',
  argument: { name: 'update', help: UPDATE_ARG },
  id: (update) => update.id,
  columns: [{ header: 'id', id: true }, 'time', 'status', 'description'],
  rows: (ctx, updates) =>
    updates.map((update) => [
      { text: update.id, short: update.id.slice(0, 8) },
      momentCell(ctx, update.created_at),
      { text: update.status, paint: maintenanceStatusPaint(ctx, update.status) },
      update.description,
    ]),
  fields: (ctx, update) => [
    ['window', String(update.maintenanceWindowId)],
    ['occurrence', { text: update.maintenanceId, code: true }],
    ['status', { text: update.status, paint: maintenanceStatusPaint(ctx, update.status) }],
    ['description', update.description],
    ['time', momentCell(ctx, update.created_at)],
    ['notify', update.notifySubscribers ? 'yes' : 'no'],
  ],
};

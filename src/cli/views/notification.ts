// A notice the reference server recorded instead of mailing a subscriber: the rows of
// `notifications list`.
import type { Client } from '../../client/index.js';
import type { Cell } from '../output/table.js';
import { idCells, statusCell, timeCell } from '../output/cells.js';
import type { ResourceView } from './resource.js';

/** A notice as the server lists it. */
export type Notification = Awaited<ReturnType<Client['listNotifications']>>[number];

/** The id of what the notice is about: a maintenance's notice carries it in incidentId too, for the filter. */
const subjectId = (notice: Notification) => notice.maintenanceId ?? notice.incidentId;

/**
 * What the notice is about, named: `incident 1a2b3c4d` or `maintenance 1a2b3c4d` (the whole id
 * piped), so a maintenance's id is never read as an incident's.
 */
function aboutCells(notices: readonly Notification[]): (notice: Notification) => Cell {
  const ids = idCells(notices.map(subjectId));
  return (notice) => {
    const what = notice.kind === 'maintenance' ? 'maintenance' : 'incident';
    const id = ids(subjectId(notice));
    return { text: `${what} ${id.text}`, short: `${what} ${id.short ?? id.text}` };
  };
}

export const NOTIFICATION: ResourceView<Notification> = {
  title: 'Notification',
  argument: { name: 'notification', help: 'id of the notification' },
  id: (notice) => notice.id,
  // `about` holds an id: never narrowed, so its kind and id read on one line and the id copies whole.
  columns: ['time', 'to', { header: 'about', whole: true }, 'status', 'description', { header: 'page', optional: 1 }],
  // A row each, in the order the server lists them (newest first).
  rows(ctx, notices) {
    const about = aboutCells(notices);
    return notices.map((notice) => [
      timeCell(notice.created_at, ctx.now()),
      notice.address,
      about(notice),
      statusCell(ctx, notice.status),
      notice.description,
      notice.statusPageId,
    ]);
  },
  fields: (ctx, notice) => [
    ['to', notice.address],
    ['about', aboutCells([notice])(notice).text],
    ['status', statusCell(ctx, notice.status)],
    ['description', notice.description],
    ['page', { text: notice.statusPageId, code: true }],
    ['time', timeCell(notice.created_at, ctx.now())],
  ],
};

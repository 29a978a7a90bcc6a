// A notice the reference server recorded instead of mailing a subscriber: the rows of
// `notifications list`.
import type { Client } from '../../client/index.js';
import { idCells, statusCell, timeCell } from '../output/cells.js';
import type { ResourceView } from './resource.js';

/** A notice as the server lists it. */
export type Notification = Awaited<ReturnType<Client['listNotifications']>>[number];

export const NOTIFICATION: ResourceView<Notification> = {
  title: 'Notification',
  argument: { name: 'notification', help: 'id of the notification' },
  id: (notice) => notice.id,
  columns: ['time', 'to', { header: 'incident', id: true }, 'status', 'description', { header: 'page', optional: 1 }],
  // A row each, in the order the server lists them (newest first).
  rows(ctx, notices) {
    const incident = idCells(notices.map((notice) => notice.incidentId));
    return notices.map((notice) => [
      timeCell(notice.created_at, ctx.now()),
      notice.address,
      incident(notice.incidentId),
      statusCell(ctx, notice.status),
      notice.description,
      notice.statusPageId,
    ]);
  },
  fields: (ctx, notice) => [
    ['to', notice.address],
    ['incident', { text: notice.incidentId, code: true }],
    ['status', statusCell(ctx, notice.status)],
    ['description', notice.description],
    ['page', { text: notice.statusPageId, code: true }],
    ['time', timeCell(notice.created_at, ctx.now())],
  ],
};

// A check's alert, a change of its state between two consecutive results: the rows of `checks alerts`.
import type { CheckAlert } from '../../contract/schemas.js';
import { type Cell, idCells, tableFormat, timeCell } from '../output/cells.js';
import type { View } from '../output/view.js';
import type { ResourceView } from './resource.js';

/** `ALERT_DEGRADED_RECOVERY` as people say it: `degraded recovery`. */
export function alertWords(type: CheckAlert['alertType']): string {
  return type
    .replace(/^ALERT_/, '')
    .toLowerCase()
    .replace(/_/g, ' ');
}

function alertCell(ctx: View, type: CheckAlert['alertType']): Cell {
  const s = ctx.io.style;
  const words = alertWords(type);
  const paint = /recovery$/.test(words) ? s.green : /^degraded/.test(words) ? s.yellow : /^failure/.test(words) ? s.red.bold : undefined;
  return paint ? { text: words, paint } : { text: words };
}

export const CHECK_ALERT: ResourceView<CheckAlert> = {
  title: 'Check alert',
  argument: { name: 'alert', help: 'id of the alert' },
  id: (alert) => alert.id,
  // The check's id tells rows apart where two checks share a name; the error wraps, so it goes last.
  columns: [
    'time',
    { header: 'check id', id: true, optional: 3 },
    'check',
    'alert',
    { header: 'location', optional: 2 },
    { header: 'response time', optional: 1 },
    'error',
  ],
  // In the order given (the API's: newest first).
  rows(ctx, alerts) {
    const checkId = idCells(alerts.map((alert) => alert.checkId));
    const markdown = tableFormat(ctx) === 'md';
    return alerts.map((alert) => [
      timeCell(alert.created_at, ctx.now()),
      checkId(alert.checkId),
      alert.name,
      alertCell(ctx, alert.alertType),
      alert.runLocation,
      `${alert.responseTime} ms`,
      alert.error ? (markdown ? alert.error : alert.error.replace(/\s+/g, ' ')) : '-',
    ]);
  },
  fields: (ctx, alert) => [
    ['check', alert.name],
    ['check id', { text: alert.checkId, code: true }],
    ['alert', alertCell(ctx, alert.alertType)],
    ['time', alert.created_at],
    ['location', alert.runLocation],
    ['response time', `${alert.responseTime} ms`],
    ['error', alert.error ?? '-'],
  ],
};

// A check session, a run of a check started on demand: the rows `checks run` prints, as it
// starts them and, with --wait, as each ends.
import type { CheckSession, CheckSessionSummary } from '../../contract/schemas.js';
import { type Cell, idCells, timeCell } from '../output/cells.js';
import type { View } from '../output/view.js';
import type { ResourceView } from './resource.js';

/** A session as `checks run` holds it: as started, or as last read (its results once it ended). */
export type ShownSession = CheckSessionSummary & { results?: CheckSession['results'] };

export function sessionStatusCell(ctx: View, status: string): Cell {
  const s = ctx.io.style;
  const paint = { PASSED: s.green, DEGRADED: s.yellow, FAILED: s.red.bold, TIMED_OUT: s.red, CANCELLED: s.dim }[status];
  const text = status.toLowerCase().replace(/_/g, ' ');
  return paint ? { text, paint } : { text };
}

export const CHECK_SESSION: ResourceView<ShownSession> = {
  title: 'Check session',
  argument: { name: 'session', help: 'id of the check session' },
  id: (session) => session.checkSessionId,
  columns: [
    { header: 'session', id: true },
    { header: 'check id', id: true, optional: 2 },
    'check',
    'status',
    { header: 'result', id: true, optional: 1 },
    { header: 'started', optional: 3 },
  ],
  // In the order given (the API's: the order the checks matched).
  rows(ctx, sessions) {
    const sessionId = idCells(sessions.map((session) => session.checkSessionId));
    const checkId = idCells(sessions.map((session) => session.checkId));
    const resultIds = sessions.flatMap((session) => session.results?.map((result) => result.checkResultId) ?? []);
    const resultId = idCells(resultIds);
    return sessions.map((session) => {
      const result = session.results?.[0];
      return [
        sessionId(session.checkSessionId),
        checkId(session.checkId),
        session.name,
        sessionStatusCell(ctx, session.status),
        result ? resultId(result.checkResultId) : '-',
        timeCell(session.startedAt, ctx.now()),
      ];
    });
  },
  fields: (ctx, session) => [
    ['check', session.name],
    ['check id', { text: session.checkId, code: true }],
    ['status', sessionStatusCell(ctx, session.status)],
    ['started', session.startedAt],
    ['stopped', session.stoppedAt ?? '-'],
    ['result', session.results?.[0]?.checkResultId ?? '-'],
  ],
};

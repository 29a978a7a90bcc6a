// A test session (a CI run of the test suite): the rows of `test-sessions list` (the list's
// entries) and the record `test-sessions get` shows (the session read alone, with its results).
// The API gives the two different shapes; the view reads what both have.
import type { z } from 'zod';
import type * as schemas from '../../contract/schemas.js';
import type { TestSession, TestSessionStatus } from '../../contract/schemas.js';
import { type Cell, exactTimeCell, formatDuration, idCells, tableFormat, timeCell } from '../output/cells.js';
import { MIN_PREFIX } from '../lookup/short-ids.js';
import type { View } from '../output/view.js';
import type { FieldRow, ResourceView } from './resource.js';

export type TestSessionListEntry = z.output<typeof schemas.TestSessionListEntry>;
export type SessionShown = TestSession | TestSessionListEntry;

export function sessionId(session: SessionShown): string {
  return 'testSessionId' in session ? session.testSessionId : session.id;
}

/** A session's or a result's status, colored on a terminal, in lower case as the CLI's options take it. */
export function sessionStatusCell(ctx: View, status: TestSessionStatus): Cell {
  const s = ctx.io.style;
  const paint = { RUNNING: s.cyan, FAILED: s.red.bold, PASSED: s.green, CANCELLED: s.dim }[status];
  return { text: status.toLowerCase(), paint };
}

/** `2 passed, 1 failed`: its results by status, the failing first. */
export function resultCounts(session: SessionShown): string {
  const counts: [string, number][] =
    'results' in session
      ? (['failed', 'running', 'cancelled', 'passed'] as const).map((status) => [
          status,
          session.results.filter((result) => result.status.toLowerCase() === status).length,
        ])
      : [
          ['failed', session.failed.length],
          ['running', session.running.length],
          ['cancelled', session.cancelled.length],
          ['passed', session.passed.length],
        ];
  return (
    counts
      .filter(([, count]) => count > 0)
      .map(([status, count]) => `${count} ${status}`)
      .join(', ') || 'no results'
  );
}

/** How long it ran (or has run): from its start to its end, or to now while it runs. */
function elapsed(ctx: View, session: SessionShown): string {
  const end = session.stoppedAt ? Date.parse(session.stoppedAt) : ctx.now();
  const seconds = Math.max(0, Math.round((end - Date.parse(session.startedAt)) / 1000));
  return session.stoppedAt ? formatDuration(seconds) : `${formatDuration(seconds)} so far`;
}

export const TEST_SESSION: ResourceView<SessionShown> = {
  title: 'Test session',
  argument: {
    name: 'session',
    help: `id of the test session, or its first ${MIN_PREFIX} or more characters (test-sessions list shows them)`,
    usage: { name: 'SESSION', hint: 'statusctl test-sessions list shows the ids' },
    kind: 'test-session',
  },
  id: sessionId,
  markdownHeading: (session) => `### Test session \`${sessionId(session)}\` ${session.name}`,
  // The name is the free text: it wraps, so it goes last.
  columns: [{ header: 'id', id: true }, 'status', 'results', 'started', { header: 'took', optional: 1 }, 'name'],
  // In the order given (the API's: newest first).
  rows(ctx, sessions) {
    const id = idCells(sessions.map(sessionId));
    return sessions.map((session) => [
      id(sessionId(session)),
      sessionStatusCell(ctx, session.status),
      resultCounts(session),
      timeCell(session.startedAt, ctx.now()),
      elapsed(ctx, session),
      session.name,
    ]);
  },
  fields: (ctx, session) => [
    ['name', session.name],
    ['status', sessionStatusCell(ctx, session.status)],
    ['results', resultCounts(session)],
    ['started', exactTimeCell(ctx, session.startedAt)],
    ['stopped', exactTimeCell(ctx, session.stoppedAt)],
    ['took', elapsed(ctx, session)],
    ['error groups', session.errorGroupIds.length > 0 ? { text: session.errorGroupIds.join(', '), code: true } : '-'],
    // A whole address does not fit a narrow terminal's field; scripts and Markdown get it.
    ...('testSessionLink' in session && tableFormat(ctx) !== 'terminal' ? [['link', session.testSessionLink] as FieldRow] : []),
  ],
};

// A result of a test session: the rows of a session's results (`test-sessions get` shows them
// under the session) and the record `test-sessions result` shows (the result read alone, in full).
import type { z } from 'zod';
import type * as schemas from '../../contract/schemas.js';
import { exactTimeCell, idCells, tableFormat } from '../output/cells.js';
import { MIN_PREFIX } from '../lookup/short-ids.js';
import type { View } from '../output/view.js';
import type { FieldRow, ResourceView } from './resource.js';
import { sessionStatusCell } from './test-session.js';

export type TestSessionResult = z.output<typeof schemas.TestSessionResult>;
export type TestSessionResultDetail = z.output<typeof schemas.TestSessionResultDetail>;

/** What the result says besides its status: degraded, aborted, cancelled. */
function notes(result: TestSessionResult | TestSessionResultDetail): string {
  const said = [
    result.isDegraded && 'degraded',
    result.aborted && 'aborted',
    'isCancelled' in result && result.isCancelled && 'cancelled',
    'overMaxResponseTime' in result && result.overMaxResponseTime && 'over its max response time',
  ].filter((note): note is string => typeof note === 'string');
  return said.join(', ') || '-';
}

const errorGroups = (result: TestSessionResult): FieldRow[1] =>
  result.errorGroupIds.length > 0 ? { text: result.errorGroupIds.join(', '), code: true } : '-';

export const TEST_SESSION_RESULT: ResourceView<TestSessionResult | TestSessionResultDetail> = {
  title: 'Test session result',
  argument: {
    name: 'result',
    help: `id of the result, or its first ${MIN_PREFIX} or more characters (test-sessions get SESSION shows them)`,
    usage: { name: 'RESULT', hint: 'statusctl test-sessions get SESSION shows the ids of its results' },
  },
  id: (result) => result.testSessionResultId,
  markdownHeading: (result) => `### Test session result \`${result.testSessionResultId}\` ${result.name}`,
  // The name is the free text: it wraps, so it goes last.
  columns: [
    { header: 'id', id: true },
    'status',
    'type',
    { header: 'error groups', id: true, optional: 1 },
    { header: 'response time', optional: 2 },
    'name',
  ],
  // In the order the session holds them.
  rows(ctx, results) {
    const id = idCells(results.map((result) => result.testSessionResultId));
    const groups = idCells(results.flatMap((result) => result.errorGroupIds));
    return results.map((result) => [
      id(result.testSessionResultId),
      sessionStatusCell(ctx, result.status),
      result.checkType,
      result.errorGroupIds.length === 0
        ? '-'
        : {
            text: result.errorGroupIds.join(','),
            short: result.errorGroupIds.map((group) => groups(group).short).join(','),
          },
      result.responseTime === null ? '-' : `${result.responseTime} ms`,
      result.name,
    ]);
  },
  fields: (ctx: View, result) => [
    ['name', result.name],
    ['status', sessionStatusCell(ctx, result.status)],
    ['type', result.checkType],
    ['notes', notes(result)],
    ['error groups', errorGroups(result)],
    ['check', result.checkId === null ? '-' : { text: result.checkId, code: true }],
    ['location', result.runLocation],
    ['started', exactTimeCell(ctx, result.startedAt)],
    ['stopped', exactTimeCell(ctx, result.stoppedAt)],
    ['response time', result.responseTime === null ? '-' : `${result.responseTime} ms`],
    ...('attempts' in result
      ? ([
          ['attempts', String(result.attempts)],
          ['file', result.filePath ?? '-'],
          ['trace', result.traceId ?? '-'],
        ] as FieldRow[])
      : []),
    // A whole address does not fit a narrow terminal's field; scripts and Markdown get it.
    ...(tableFormat(ctx) !== 'terminal' ? [['link', result.testSessionResultLink] as FieldRow] : []),
  ],
};

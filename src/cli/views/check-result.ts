// A check's result: the rows of `checks results` and the record `checks result` shows.
import type { CheckResult } from '../../contract/schemas.js';
import { type Cell, exactTimeCell, idCells, timeCell } from '../output/cells.js';
import type { View } from '../output/view.js';
import type { FieldRow, ResourceView } from './resource.js';

export type ResultOutcome = 'failed' | 'error' | 'degraded' | 'passed';

/** How the run ended: a failure before an error before a degraded (slow) run. */
export function resultOutcome(result: Pick<CheckResult, 'hasFailures' | 'hasErrors' | 'isDegraded'>): ResultOutcome {
  if (result.hasFailures) return 'failed';
  if (result.hasErrors) return 'error';
  if (result.isDegraded) return 'degraded';
  return 'passed';
}

export function outcomeCell(ctx: View, outcome: ResultOutcome): Cell {
  const s = ctx.io.style;
  const paint = { failed: s.red.bold, error: s.red, degraded: s.yellow, passed: s.green }[outcome];
  return { text: outcome, paint };
}

/** When the run ended (its start when it has no end), as the API gives it. */
export const ranAt = (result: CheckResult): string => result.stoppedAt ?? result.startedAt ?? result.created_at;

export const CHECK_RESULT: ResourceView<CheckResult> = {
  title: 'Check result',
  argument: { name: 'result', help: 'id of the result (checks results shows them: a unique prefix of at least 6 characters will do)' },
  id: (result) => result.id,
  markdownHeading: (result) => `### Check result \`${result.id}\` ${result.name}`,
  columns: [
    { header: 'id', id: true },
    'ran',
    'outcome',
    { header: 'location', optional: 2 },
    { header: 'response time', optional: 1 },
    { header: 'error groups', optional: 3 },
  ],
  // In the order given (the API's: newest first).
  rows(ctx, results) {
    const resultId = idCells(results.map((result) => result.id));
    return results.map((result) => [
      resultId(result.id),
      timeCell(ranAt(result), ctx.now()),
      outcomeCell(ctx, resultOutcome(result)),
      result.runLocation,
      `${result.responseTime} ms`,
      String(result.errorGroupIds?.length ?? 0),
    ]);
  },
  fields: (ctx, result) =>
    [
      ['check', result.name],
      ['check id', { text: result.checkId, code: true }],
      ['outcome', outcomeCell(ctx, resultOutcome(result))],
      ['started', exactTimeCell(ctx, result.startedAt)],
      ['stopped', exactTimeCell(ctx, result.stoppedAt)],
      ['location', result.runLocation],
      ['response time', `${result.responseTime} ms${result.overMaxResponseTime ? ' (over its limit)' : ''}`],
      ['attempts', String(result.attempts)],
      ['run', String(result.checkRunId)],
      ['error groups', result.errorGroupIds?.length ? result.errorGroupIds.join(', ') : '-'],
    ] satisfies FieldRow[],
};

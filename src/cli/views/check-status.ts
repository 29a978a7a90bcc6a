// A check's status, from its latest result: the rows of `checks status` and the record
// `checks status CHECK` shows.
import type { CheckStatus } from '../../contract/schemas.js';
import { type Cell, exactTimeCell, idCells, timeCell } from '../output/cells.js';
import type { View } from '../output/view.js';
import type { FieldRow, ResourceView } from './resource.js';

export type CheckState = 'failing' | 'error' | 'degraded' | 'passing' | 'no runs';

/** The state the latest result gives: a failure before an error before a degraded run. */
export function checkState(status: CheckStatus): CheckState {
  if (status.hasFailures) return 'failing';
  if (status.hasErrors) return 'error';
  if (status.isDegraded) return 'degraded';
  return status.updated_at ? 'passing' : 'no runs';
}

export function stateCell(ctx: View, state: CheckState): Cell {
  const s = ctx.io.style;
  const paint = { failing: s.red.bold, error: s.red, degraded: s.yellow, passing: s.green, 'no runs': s.dim }[state];
  return { text: state, paint };
}

/** The fastest and slowest of its runs, in milliseconds: `90–540 ms`. */
export function responseRange(status: CheckStatus): string {
  const { shortestRun: shortest, longestRun: longest } = status;
  if (shortest === null || longest === null) return '-';
  return shortest === longest ? `${shortest} ms` : `${shortest}–${longest} ms`;
}

export const CHECK_STATUS: ResourceView<CheckStatus> = {
  title: 'Check',
  argument: { name: 'check', help: 'the check: its name (any case, or a unique prefix) or its id' },
  id: (status) => status.checkId,
  markdownHeading: (status) => `### Check \`${status.checkId}\` ${status.name}`,
  columns: [
    { header: 'id', id: true },
    'name',
    'state',
    'last run',
    { header: 'location', optional: 2 },
    { header: 'response time', optional: 1 },
  ],
  // In the order given (the API's).
  rows(ctx, statuses) {
    const checkId = idCells(statuses.map((status) => status.checkId));
    return statuses.map((status) => [
      checkId(status.checkId),
      status.name,
      stateCell(ctx, checkState(status)),
      timeCell(status.updated_at, ctx.now()),
      status.lastRunLocation ?? '-',
      responseRange(status),
    ]);
  },
  fields: (ctx, status) =>
    [
      ['name', status.name],
      ['state', stateCell(ctx, checkState(status))],
      ['last run', exactTimeCell(ctx, status.updated_at)],
      ['location', status.lastRunLocation ?? '-'],
      ['response time', responseRange(status)],
      ['last run id', status.lastCheckRunId ?? '-'],
      ['created', status.created_at],
    ] satisfies FieldRow[],
};

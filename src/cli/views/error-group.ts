// An error group, of a check or of test sessions (two kinds the API keeps apart): the rows of
// `error-groups list`, the record `error-groups get` shows and `error-groups archive` shows after
// changing one on a terminal (and the demo, after making one).
import type { ErrorGroup, TestSessionErrorGroup } from '../../contract/schemas.js';
import { type Cell, exactTimeCell, idCells, tableFormat, timeCell } from '../output/cells.js';
import { MIN_PREFIX } from '../lookup/short-ids.js';
import type { View } from '../output/view.js';
import type { FieldRow, ResourceView } from './resource.js';

/**
 * The state of a group; `how` says how it stays archived when the caller knows it (the API
 * reports only whether a group is archived; an archive knows what it asked for).
 */
function stateCell(ctx: View, group: ErrorGroup | TestSessionErrorGroup, how?: string): Cell {
  const s = ctx.io.style;
  if (!group.archivedUntilNextEvent) return { text: 'active', paint: s.yellow };
  return { text: how ? `archived ${how}` : 'archived', paint: s.green };
}

/** A group's fields; `how` as for stateCell. */
export function errorGroupFields(ctx: View, group: ErrorGroup, how?: string): FieldRow[] {
  const analyses = (group.rootCauseAnalyses ?? []).map((rca) => rca.id);
  return [
    ['state', stateCell(ctx, group, how)],
    ['check', { text: group.checkId, code: true }],
    ['error', group.cleanedErrorMessage],
    ...(group.rawErrorMessage && group.rawErrorMessage !== group.cleanedErrorMessage
      ? [['raw error', group.rawErrorMessage] as FieldRow]
      : []),
    ['first seen', group.firstSeen],
    ['last seen', group.lastSeen],
    ['analyses', analyses.join(', ') || '-'],
  ];
}

export const ERROR_GROUP: ResourceView<ErrorGroup> = {
  title: 'Error group',
  argument: {
    name: 'id',
    help: `id of the error group, or its first ${MIN_PREFIX} or more characters (error-groups list shows them)`,
    usage: { name: 'ID', hint: 'statusctl error-groups list shows the ids' },
    kind: 'error-group',
  },
  id: (group) => group.id,
  columns: [{ header: 'id', id: true }, { header: 'check', id: true }, 'state', 'last seen', 'error'],
  // In the order given (the API's: newest lastSeen first).
  rows(ctx, groups) {
    const s = ctx.io.style;
    const markdown = tableFormat(ctx) === 'md';
    // A short id on a terminal (every error-group verb takes it back), so the error gets the room.
    const groupId = idCells(groups.map((group) => group.id));
    // The check short too: the checks verbs take a unique prefix of its id back.
    const checkId = idCells(groups.map((group) => group.checkId));
    return groups.map((group) => [
      groupId(group.id),
      checkId(group.checkId),
      group.archivedUntilNextEvent ? { text: 'archived', paint: s.dim } : { text: 'active', paint: s.yellow },
      group.lastSeen,
      markdown ? group.cleanedErrorMessage : group.cleanedErrorMessage.replace(/\s+/g, ' '),
    ]);
  },
  fields: (ctx, group) => errorGroupFields(ctx, group),
};

/** A test-session error group's fields (it has no check: its errors come from test sessions' results); `how` as for stateCell. */
export function testSessionErrorGroupFields(ctx: View, group: TestSessionErrorGroup, how?: string): FieldRow[] {
  const analyses = group.rootCauseAnalyses.map((rca) => rca.id);
  return [
    ['state', stateCell(ctx, group, how)],
    ['kind', 'test session'],
    ['error', group.cleanedErrorMessage],
    ...(group.rawErrorMessage && group.rawErrorMessage !== group.cleanedErrorMessage
      ? [['raw error', group.rawErrorMessage] as FieldRow]
      : []),
    ['first seen', exactTimeCell(ctx, group.firstSeen)],
    ['last seen', exactTimeCell(ctx, group.lastSeen)],
    ['analyses', analyses.join(', ') || '-'],
  ];
}

/** The error groups of test sessions: the rows of `error-groups list --test-sessions`, of `test-sessions get`, and one group's record. */
export const TEST_SESSION_ERROR_GROUP: ResourceView<TestSessionErrorGroup> = {
  title: 'Test-session error group',
  argument: ERROR_GROUP.argument,
  id: (group) => group.id,
  columns: [{ header: 'id', id: true }, 'state', 'last seen', 'error'],
  // In the order given (the API's: newest lastSeen first).
  rows(ctx, groups) {
    const s = ctx.io.style;
    const markdown = tableFormat(ctx) === 'md';
    const groupId = idCells(groups.map((group) => group.id));
    return groups.map((group) => [
      groupId(group.id),
      group.archivedUntilNextEvent ? { text: 'archived', paint: s.dim } : { text: 'active', paint: s.yellow },
      timeCell(group.lastSeen, ctx.now()),
      markdown ? group.cleanedErrorMessage : group.cleanedErrorMessage.replace(/\s+/g, ' '),
    ]);
  },
  fields: (ctx, group) => testSessionErrorGroupFields(ctx, group),
};

// A window of a V3 incident's impact timeline: a component at one impact from a moment to a
// moment (or still open). The rows of `incidents impacts` on a terminal, piped and in Markdown,
// in the order they happened, and the fields of one window.
import type { z } from 'zod';
import type * as schemas from '../../contract/schemas.js';
import type { V3Component } from '../api/types.js';
import { type ColumnSpec, clockTimeCell, formatDuration, timeHeader } from '../output/cells.js';
import type { View } from '../output/view.js';
import { impactCell } from './component.js';
import type { ResourceView } from './resource.js';

export type V3ImpactWindow = z.output<typeof schemas.V3ImpactWindow>;

/** A window as shown: with its component's name and the moment an open one is measured to. */
export interface ShownWindow {
  readonly window: V3ImpactWindow;
  readonly component: string;
  /** Now, for how long an open window has lasted so far. */
  readonly now: number;
}

/** The windows of an incident in the order they began (then by component name), each with its component's name. */
export function shownWindows(windows: readonly V3ImpactWindow[], components: readonly V3Component[], now: number): ShownWindow[] {
  const names = new Map(components.map((component) => [component.id, component.name]));
  return windows
    .map((window) => ({ window, component: names.get(window.componentId) ?? window.componentId, now }))
    .sort((a, b) => Date.parse(a.window.startedAt) - Date.parse(b.window.startedAt) || a.component.localeCompare(b.component));
}

function lasted({ window, now }: ShownWindow): string {
  const end = window.endedAt === null ? now : Date.parse(window.endedAt);
  const seconds = Math.max(0, Math.round((end - Date.parse(window.startedAt)) / 1000));
  return window.endedAt === null ? `${formatDuration(seconds)} so far` : formatDuration(seconds);
}

/**
 * The columns with the zone the times are in named in their headers (`from (EST)`; piped and in
 * Markdown, UTC), as the timeline of an incident names it.
 */
export function impactColumns(ctx: View, items: readonly ShownWindow[]): ColumnSpec[] {
  const times = items.flatMap(({ window }) => [window.startedAt, window.endedAt]);
  return ['component', 'impact', timeHeader(ctx, times, 'from'), timeHeader(ctx, times, 'to'), { header: 'lasted', optional: 1 }];
}

export const IMPACT_WINDOW: ResourceView<ShownWindow> = {
  title: 'Impact',
  argument: { name: 'id', help: 'incident id of a V3 page, or its first 6 or more characters', kind: 'incident' },
  id: ({ window }) => `${window.componentId}@${window.startedAt}`,
  columns: ['component', 'impact', 'from', 'to', { header: 'lasted', optional: 1 }],
  rows(ctx: View, items) {
    return items.map((item) => [
      item.component,
      impactCell(ctx, item.window.status),
      clockTimeCell(ctx, item.window.startedAt, 'minute'),
      item.window.endedAt === null ? { text: 'open' } : clockTimeCell(ctx, item.window.endedAt, 'minute'),
      lasted(item),
    ]);
  },
  fields(ctx, item) {
    return [
      ['component', `${item.component} (${item.window.componentId})`],
      ['impact', impactCell(ctx, item.window.status)],
      ['from', clockTimeCell(ctx, item.window.startedAt)],
      ['to', item.window.endedAt === null ? 'open' : clockTimeCell(ctx, item.window.endedAt)],
      ['lasted', lasted(item)],
    ];
  },
};

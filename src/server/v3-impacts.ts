// The component impacts of a V3 incident (docs/api-rules.md#v3-incidents), as plain functions
// over its windows: what a create opens, what a PUT reconciles, what a resolving update or a
// deleted component ends, and which timelines a PUT of component-impacts may store. Nothing here
// reads a clock: the moment of a change is given, so replaying a change does the same again.
import type { ErrorDetail } from '../contract/errors.js';
import type { V3ImpactStatus, V3ImpactWindow } from '../contract/schemas.js';
import { isoUtc } from './dates.js';

/** What a create or a PUT says a component is now. */
export interface ImpactInput {
  readonly componentId: string;
  readonly status: V3ImpactStatus;
}

/** A window as a PUT of component-impacts sends it. */
export interface WindowInput {
  readonly componentId: string;
  readonly status: Exclude<V3ImpactStatus, 'OPERATIONAL'>;
  readonly startedAt: string;
  readonly endedAt: string | null;
}

/** Whether a component id may be named: one of the page's (and, for a timeline, one its windows named already). */
export type KnownComponent = (componentId: string) => boolean;

/**
 * The first problem of a create's or a PUT's componentImpacts, naming the item: a component
 * that is not the page's (unknown, or another page's), or one named twice.
 */
export function checkImpacts(impacts: readonly ImpactInput[], known: KnownComponent): ErrorDetail | undefined {
  const seen = new Map<string, number>();
  for (const [index, impact] of impacts.entries()) {
    const key = impact.componentId.toLowerCase();
    if (!known(impact.componentId))
      return {
        path: `componentImpacts[${index}].componentId`,
        message: `unknown component ${JSON.stringify(impact.componentId)} of this status page`,
      };
    const first = seen.get(key);
    if (first !== undefined)
      return { path: `componentImpacts[${index}].componentId`, message: `component named twice: also componentImpacts[${first}]` };
    seen.set(key, index);
  }
  return undefined;
}

/** The windows a new incident opens at `at`: one per component that is not OPERATIONAL. */
export function openWindows(impacts: readonly ImpactInput[], at: string): V3ImpactWindow[] {
  return impacts
    .filter((impact) => impact.status !== 'OPERATIONAL')
    .map((impact) => ({ componentId: impact.componentId, status: impact.status, startedAt: isoUtc(at), endedAt: null }));
}

/**
 * A window ended at `at`; null when it started at or after `at` (it was never open before then,
 * so it is dropped rather than stored ending before it began).
 */
function ended(window: V3ImpactWindow, at: string): V3ImpactWindow | null {
  if (window.endedAt !== null) return window;
  if (Date.parse(window.startedAt) >= Date.parse(at)) return null;
  return { ...window, endedAt: isoUtc(at) };
}

function endWhere(windows: readonly V3ImpactWindow[], at: string, which: (window: V3ImpactWindow) => boolean): V3ImpactWindow[] {
  const out: V3ImpactWindow[] = [];
  for (const window of windows) {
    const kept = window.endedAt === null && which(window) ? ended(window, at) : window;
    if (kept) out.push(kept);
  }
  return out;
}

/**
 * A PUT's componentImpacts on an open incident: each component whose status changes gets its
 * open window ended at `at` and, unless it is now OPERATIONAL, a new one opened at `at`; a
 * component left out is OPERATIONAL. Windows of components that keep their status stay as they are.
 */
export function reconcile(windows: readonly V3ImpactWindow[], impacts: readonly ImpactInput[], at: string): V3ImpactWindow[] {
  const wanted = new Map<string, V3ImpactStatus>(impacts.map((impact) => [impact.componentId, impact.status]));
  const current = new Map<string, V3ImpactStatus>();
  for (const window of windows) if (window.endedAt === null) current.set(window.componentId, window.status);
  const changed = new Set<string>();
  for (const componentId of new Set([...current.keys(), ...wanted.keys()])) {
    if ((current.get(componentId) ?? 'OPERATIONAL') !== (wanted.get(componentId) ?? 'OPERATIONAL')) changed.add(componentId);
  }
  const out = endWhere(windows, at, (window) => changed.has(window.componentId));
  const opened = impacts.filter((impact) => changed.has(impact.componentId));
  return [...out, ...openWindows(opened, at)];
}

/** A resolving update: every open window ends at its date. */
export function closeAll(windows: readonly V3ImpactWindow[], at: string): V3ImpactWindow[] {
  return endWhere(windows, at, () => true);
}

/** A deleted component: its open windows end at `at`; its past ones stay. */
export function endComponent(windows: readonly V3ImpactWindow[], componentId: string, at: string): V3ImpactWindow[] {
  return endWhere(windows, at, (window) => window.componentId === componentId);
}

/** Whether any window is still open (the incident shows the component impacted). */
export function hasOpenWindow(windows: readonly V3ImpactWindow[], componentId?: string): boolean {
  return windows.some((window) => window.endedAt === null && (componentId === undefined || window.componentId === componentId));
}

/**
 * Every problem of a timeline a PUT of component-impacts sends, each naming its item: a
 * component that may not be named, a window that does not end after it starts, an open window
 * (endedAt null) on a resolved incident, and a window that overlaps an earlier one of the same
 * component (windows of different components may overlap). Empty when it may be stored.
 */
export function checkTimeline(windows: readonly WindowInput[], incidentOpen: boolean, known: KnownComponent): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const [index, window] of windows.entries()) {
    const at = `componentImpacts[${index}]`;
    if (!known(window.componentId)) {
      details.push({ path: `${at}.componentId`, message: `unknown component ${JSON.stringify(window.componentId)} of this status page` });
    } else if (window.endedAt === null && !incidentOpen) {
      details.push({
        path: `${at}.endedAt`,
        message: 'null (an open window) only while the incident is open: it is resolved, give the time the impact ended',
      });
    } else if (window.endedAt !== null && Date.parse(window.endedAt) <= Date.parse(window.startedAt)) {
      details.push({ path: `${at}.endedAt`, message: 'expected a time after startedAt' });
    }
  }
  if (details.length) return details;
  const byComponent = new Map<string, number[]>();
  for (const [index, window] of windows.entries()) {
    const key = window.componentId.toLowerCase();
    byComponent.set(key, [...(byComponent.get(key) ?? []), index]);
  }
  const end = (window: WindowInput) => (window.endedAt === null ? Infinity : Date.parse(window.endedAt));
  for (const indexes of byComponent.values()) {
    const sorted = [...indexes].sort((a, b) => Date.parse(windows[a]!.startedAt) - Date.parse(windows[b]!.startedAt) || a - b);
    // The window of the latest end among those started before: one that overlaps it is named.
    let reaching = sorted[0]!;
    for (const later of sorted.slice(1)) {
      if (end(windows[reaching]!) > Date.parse(windows[later]!.startedAt))
        details.push({
          path: `componentImpacts[${later}]`,
          message: `overlaps componentImpacts[${reaching}], a window of the same component`,
        });
      if (end(windows[later]!) > end(windows[reaching]!)) reaching = later;
    }
  }
  return details.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
}

/** A timeline as it is stored: times in UTC, oldest window first. */
export function storedTimeline(windows: readonly WindowInput[]): V3ImpactWindow[] {
  return windows
    .map((window) => ({
      componentId: window.componentId,
      status: window.status,
      startedAt: isoUtc(window.startedAt),
      endedAt: window.endedAt === null ? null : isoUtc(window.endedAt),
    }))
    .sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
}

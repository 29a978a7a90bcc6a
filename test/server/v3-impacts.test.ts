// The component impacts of a V3 incident as plain rules (src/server/v3-impacts.ts): what a create
// opens, what a PUT reconciles, what a resolving update and a deleted component end, and which
// timelines a PUT of component-impacts may store. The server's answers are tested in
// v3-incidents*.test.ts.
import { describe, expect, it } from 'vitest';
import {
  checkImpacts,
  checkTimeline,
  closeAll,
  endComponent,
  openWindows,
  reconcile,
  storedTimeline,
  type WindowInput,
} from '../../src/server/v3-impacts.js';

const API = '00000000-0000-4000-8000-00000000a001';
const DB = '00000000-0000-4000-8000-00000000a002';
const CDN = '00000000-0000-4000-8000-00000000a003';
const OTHER = '00000000-0000-4000-8000-00000000a0ff';
const page = new Set([API, DB, CDN]);
const known = (id: string) => page.has(id);

const T0 = '2026-11-01T10:00:00.000Z';
const T1 = '2026-11-01T11:00:00.000Z';
const T2 = '2026-11-01T12:00:00.000Z';

describe('impacts of a create or a PUT', () => {
  it('opens one window per component that is not OPERATIONAL, none for an OPERATIONAL one', () => {
    expect(
      openWindows(
        [
          { componentId: API, status: 'MAJOR_OUTAGE' },
          { componentId: DB, status: 'OPERATIONAL' },
        ],
        '2026-11-01T11:00:00+01:00',
      ),
    ).toEqual([{ componentId: API, status: 'MAJOR_OUTAGE', startedAt: T0, endedAt: null }]);
  });

  it('names the item of a component that is not the page’s, or one named twice', () => {
    expect(checkImpacts([{ componentId: API, status: 'OPERATIONAL' }], known)).toBeUndefined();
    expect(
      checkImpacts(
        [
          { componentId: API, status: 'MAJOR_OUTAGE' },
          { componentId: OTHER, status: 'MAJOR_OUTAGE' },
        ],
        known,
      ),
    ).toEqual({ path: 'componentImpacts[1].componentId', message: `unknown component "${OTHER}" of this status page` });
    expect(
      checkImpacts(
        [
          { componentId: API, status: 'MAJOR_OUTAGE' },
          { componentId: DB, status: 'MAJOR_OUTAGE' },
          { componentId: API.toUpperCase(), status: 'OPERATIONAL' },
        ],
        (id) => known(id.toLowerCase()),
      ),
    ).toEqual({ path: 'componentImpacts[2].componentId', message: 'component named twice: also componentImpacts[0]' });
  });

  it('reconciles: a changed status ends its window and opens another, OPERATIONAL or left out opens none, the same status keeps its window', () => {
    const before = openWindows(
      [
        { componentId: API, status: 'MAJOR_OUTAGE' },
        { componentId: DB, status: 'DEGRADED_PERFORMANCE' },
        { componentId: CDN, status: 'PARTIAL_OUTAGE' },
      ],
      T0,
    );
    const after = reconcile(
      before,
      [
        { componentId: API, status: 'PARTIAL_OUTAGE' },
        { componentId: DB, status: 'DEGRADED_PERFORMANCE' },
      ],
      T1,
    );
    expect(after).toEqual([
      { componentId: API, status: 'MAJOR_OUTAGE', startedAt: T0, endedAt: T1 },
      { componentId: DB, status: 'DEGRADED_PERFORMANCE', startedAt: T0, endedAt: null },
      { componentId: CDN, status: 'PARTIAL_OUTAGE', startedAt: T0, endedAt: T1 },
      { componentId: API, status: 'PARTIAL_OUTAGE', startedAt: T1, endedAt: null },
    ]);
    // Nothing changes: nothing moves.
    expect(
      reconcile(
        after,
        [
          { componentId: API, status: 'PARTIAL_OUTAGE' },
          { componentId: DB, status: 'DEGRADED_PERFORMANCE' },
        ],
        T2,
      ),
    ).toEqual(after);
    // A component that was OPERATIONAL and is impacted now gets its first window.
    expect(reconcile([], [{ componentId: CDN, status: 'UNDER_MAINTENANCE' }], T2)).toEqual([
      { componentId: CDN, status: 'UNDER_MAINTENANCE', startedAt: T2, endedAt: null },
    ]);
  });
});

describe('ending windows', () => {
  const windows = [
    { componentId: API, status: 'MAJOR_OUTAGE' as const, startedAt: T0, endedAt: T1 },
    { componentId: API, status: 'PARTIAL_OUTAGE' as const, startedAt: T1, endedAt: null },
    { componentId: DB, status: 'DEGRADED_PERFORMANCE' as const, startedAt: T0, endedAt: null },
  ];

  it('a resolving update ends every open window at its date, the ended ones stay', () => {
    expect(closeAll(windows, T2)).toEqual([windows[0], { ...windows[1], endedAt: T2 }, { ...windows[2], endedAt: T2 }]);
  });

  it('a window that starts at or after the resolving date is dropped, never stored ending before it began', () => {
    expect(closeAll(windows, T1)).toEqual([windows[0], { ...windows[2], endedAt: T1 }]);
  });

  it("a deleted component's open window ends, the others stay open", () => {
    expect(endComponent(windows, DB, T2)).toEqual([windows[0], windows[1], { ...windows[2], endedAt: T2 }]);
  });
});

describe('a timeline sent whole', () => {
  const window = (componentId: string, startedAt: string, endedAt: string | null): WindowInput => ({
    componentId,
    status: 'MAJOR_OUTAGE',
    startedAt,
    endedAt,
  });

  it('takes windows of one component one after the other and of different components overlapping', () => {
    const timeline = [window(API, T1, null), window(API, T0, T1), window(DB, T0, T2)];
    expect(checkTimeline(timeline, true, known)).toEqual([]);
    expect(storedTimeline(timeline).map((w) => [w.componentId, w.startedAt])).toEqual([
      [API, T0],
      [DB, T0],
      [API, T1],
    ]);
  });

  it('refuses windows of one component that overlap, naming the later one', () => {
    expect(checkTimeline([window(API, T0, T2), window(DB, T0, T1), window(API, T1, T2)], true, known)).toEqual([
      { path: 'componentImpacts[2]', message: 'overlaps componentImpacts[0], a window of the same component' },
    ]);
    // An open window reaches every later one of its component.
    expect(checkTimeline([window(API, T0, null), window(API, T1, T2)], true, known)).toEqual([
      { path: 'componentImpacts[1]', message: 'overlaps componentImpacts[0], a window of the same component' },
    ]);
    // A long window overlapping a later one past a short one between them.
    expect(checkTimeline([window(API, '2026-11-01T09:00:00Z', T2), window(API, T0, T1), window(API, T1, T2)], true, known)).toHaveLength(2);
  });

  it('refuses a window that does not end after it starts', () => {
    expect(checkTimeline([window(API, T1, T1)], true, known)).toEqual([
      { path: 'componentImpacts[0].endedAt', message: 'expected a time after startedAt' },
    ]);
    expect(checkTimeline([window(API, T1, T0)], true, known)[0]!.path).toBe('componentImpacts[0].endedAt');
  });

  it('refuses an open window on a resolved incident', () => {
    expect(checkTimeline([window(API, T0, T1), window(DB, T0, null)], false, known)).toEqual([
      {
        path: 'componentImpacts[1].endedAt',
        message: 'null (an open window) only while the incident is open: it is resolved, give the time the impact ended',
      },
    ]);
  });

  it("refuses a component that is not the page's, naming the item", () => {
    expect(checkTimeline([window(API, T0, T1), window(OTHER, T0, T1)], true, known)).toEqual([
      { path: 'componentImpacts[1].componentId', message: `unknown component "${OTHER}" of this status page` },
    ]);
  });

  it('takes the empty timeline', () => {
    expect(checkTimeline([], false, known)).toEqual([]);
  });
});

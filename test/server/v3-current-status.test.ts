// A V3 component's current status (src/server/pages/v3-current-status.ts): the worst open
// impact across the page's open incidents, and a group's the worst of its children's.
import { describe, expect, it } from 'vitest';
import type { V3ImpactStatus, V3Incident } from '../../src/contract/schemas.js';
import { currentStatuses, worstStatus } from '../../src/server/pages/v3-current-status.js';

type Incident = Pick<V3Incident, 'lastUpdateStatus' | 'componentImpacts'>;

function incident(
  windows: [string, V3ImpactStatus, 'open' | 'ended'][],
  lastUpdateStatus: Incident['lastUpdateStatus'] = 'INVESTIGATING',
): Incident {
  return {
    lastUpdateStatus,
    componentImpacts: windows.map(([componentId, status, state]) => ({
      componentId,
      status,
      startedAt: '2026-11-30T10:00:00Z',
      endedAt: state === 'open' ? null : '2026-11-30T11:00:00Z',
    })),
  };
}

// core (group): api, login; edge (group): cdn, inner (group): dns; status (top-level service).
const TREE = [
  { id: 'core', parentId: null },
  { id: 'api', parentId: 'core' },
  { id: 'login', parentId: 'core' },
  { id: 'edge', parentId: null },
  { id: 'cdn', parentId: 'edge' },
  { id: 'inner', parentId: 'edge' },
  { id: 'dns', parentId: 'inner' },
  { id: 'status', parentId: null },
];

describe('a V3 component’s current status', () => {
  it('orders the statuses MAJOR_OUTAGE > PARTIAL_OUTAGE > DEGRADED_PERFORMANCE > UNDER_MAINTENANCE > OPERATIONAL', () => {
    const order: V3ImpactStatus[] = ['OPERATIONAL', 'UNDER_MAINTENANCE', 'DEGRADED_PERFORMANCE', 'PARTIAL_OUTAGE', 'MAJOR_OUTAGE'];
    for (const [i, lower] of order.entries()) {
      for (const higher of order.slice(i)) {
        expect(worstStatus(lower, higher)).toBe(higher);
        expect(worstStatus(higher, lower)).toBe(higher);
      }
    }
  });

  it('is OPERATIONAL for every component with no open impact', () => {
    const statuses = currentStatuses(TREE, []);
    expect([...statuses.values()].every((status) => status === 'OPERATIONAL')).toBe(true);
    expect(statuses.size).toBe(TREE.length);
  });

  it('takes the worst open window across the open incidents, and skips ended windows and resolved incidents', () => {
    const statuses = currentStatuses(TREE, [
      incident([['api', 'DEGRADED_PERFORMANCE', 'open']]),
      incident([
        ['api', 'PARTIAL_OUTAGE', 'open'],
        ['login', 'MAJOR_OUTAGE', 'ended'],
      ]),
      incident([['login', 'MAJOR_OUTAGE', 'open']], 'RESOLVED'),
      incident([['status', 'UNDER_MAINTENANCE', 'open']], 'MONITORING'),
    ]);
    expect(statuses.get('api')).toBe('PARTIAL_OUTAGE');
    expect(statuses.get('login')).toBe('OPERATIONAL');
    expect(statuses.get('status')).toBe('UNDER_MAINTENANCE');
    expect(statuses.get('core')).toBe('PARTIAL_OUTAGE');
  });

  it('gives a group the worst of its children’s, down nested groups', () => {
    const statuses = currentStatuses(TREE, [
      incident([
        ['dns', 'MAJOR_OUTAGE', 'open'],
        ['cdn', 'DEGRADED_PERFORMANCE', 'open'],
        ['login', 'UNDER_MAINTENANCE', 'open'],
      ]),
    ]);
    expect(statuses.get('inner')).toBe('MAJOR_OUTAGE');
    expect(statuses.get('edge')).toBe('MAJOR_OUTAGE');
    expect(statuses.get('core')).toBe('UNDER_MAINTENANCE');
    expect(statuses.get('api')).toBe('OPERATIONAL');
    expect(statuses.get('status')).toBe('OPERATIONAL');
  });

  it('counts an impact named on a group itself with its children’s', () => {
    const statuses = currentStatuses(TREE, [
      incident([['core', 'DEGRADED_PERFORMANCE', 'open']]),
      incident([['api', 'PARTIAL_OUTAGE', 'open']]),
    ]);
    expect(statuses.get('core')).toBe('PARTIAL_OUTAGE');
    const groupOnly = currentStatuses(TREE, [incident([['core', 'DEGRADED_PERFORMANCE', 'open']])]);
    expect(groupOnly.get('core')).toBe('DEGRADED_PERFORMANCE');
    expect(groupOnly.get('api')).toBe('OPERATIONAL');
  });
});

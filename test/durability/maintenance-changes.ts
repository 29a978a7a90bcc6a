// Every change kind of maintenance windows (src/server/store/maintenance-windows.ts), made on a
// store, for the snapshot and replay tests; and what of them a store reads.
import type { MaintenanceWindow } from '../../src/contract/schemas.js';
import type { AccountStore } from '../../src/server/store.js';
import { DEFAULT_VISIBILITY, materialise } from '../../src/server/store/maintenance-occurrences.js';

const window = (id: number, name: string): MaintenanceWindow => ({
  id,
  name,
  tags: [],
  startsAt: '2025-03-16T01:00:00.000Z',
  endsAt: '2025-03-16T03:00:00.000Z',
  repeatInterval: 1,
  repeatUnit: 'WEEK',
  repeatEndsAt: null,
  timezone: 'Europe/Berlin',
  description: null,
  statusPageVisibility: DEFAULT_VISIBILITY,
  pauseAllChecks: false,
  silenceAlertsTags: [],
  silenceAllAlerts: false,
  created_at: '2025-03-10',
  updated_at: null,
});

/** The window's first three maintenances, made as the server makes them (the third on the day Berlin's clocks move). */
function firstMaintenances(windowId: number) {
  let made = 0;
  const making = { now: () => Date.parse('2025-03-10T00:00:00.000Z'), newId: () => `m-${++made}` };
  return materialise(window(windowId, 'kept'), 0, making).maintenances.slice(0, 3);
}

export function fillMaintenance(store: AccountStore): void {
  for (const [id, name] of [
    [1, 'kept'],
    [2, 'deleted'],
  ] as const)
    store.commit({ kind: 'maintenanceWindowAdded', window: window(id, name) });
  const maintenances = firstMaintenances(1);
  const [first] = maintenances;
  if (first === undefined) throw new Error('the weekly window has no first maintenance');
  store.commit({ kind: 'maintenancesScheduled', windowId: 1, maintenances, nextOccurrence: 3 });
  store.commit({
    kind: 'maintenanceChanged',
    windowId: 1,
    maintenance: { ...first, maintenance: { ...first.maintenance, status: 'CANCELLED' } },
  });
  store.commit({ kind: 'maintenanceDeleted', windowId: 1, maintenanceId: 'm-2' });
  store.commit({
    kind: 'maintenanceWindowChanged',
    window: { ...window(1, 'renamed'), updated_at: '2025-03-10' },
    dropped: ['m-3'],
    nextOccurrence: 2,
  });
  store.commit({ kind: 'maintenanceWindowDeleted', windowId: 2 });
}

export function maintenanceReads(store: AccountStore) {
  const part = store.records.maintenanceWindows;
  return { windows: part.all(), highestId: part.highestId };
}

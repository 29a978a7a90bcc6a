// Every change kind of maintenance windows (src/server/store/maintenance-windows.ts), made on a
// store, for the snapshot and replay tests; and what of them a store reads.
import type { MaintenanceWindow } from '../../src/contract/schemas.js';
import type { AccountStore } from '../../src/server/store.js';
import type { HeldMaintenance } from '../../src/server/store/maintenance-windows.js';

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
  statusPageVisibility: {
    enabled: false,
    severity: null,
    affectAllServices: false,
    suppressAutoIncidents: false,
    notifyOnStart: false,
    notifyOnEnd: false,
    reminderMinutesBefore: [],
    autoStart: true,
    autoEnd: true,
    showAffectedServices: true,
    statusPageIds: [],
    serviceIds: [],
  },
  pauseAllChecks: false,
  silenceAlertsTags: [],
  silenceAllAlerts: false,
  created_at: '2025-03-10',
  updated_at: null,
});

const maintenance = (id: string, windowId: number, startsAt: string, occurrence: number): HeldMaintenance => ({
  maintenance: {
    id,
    maintenanceWindowId: windowId,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 7_200_000).toISOString(),
    status: 'SCHEDULED',
    created_at: '2025-03-10',
    updated_at: '2025-03-10',
    updates: [],
  },
  occurrence,
  started: false,
  ended: false,
  reminded: [],
});

export function fillMaintenance(store: AccountStore): void {
  for (const [id, name] of [
    [1, 'kept'],
    [2, 'deleted'],
  ] as const)
    store.commit({ kind: 'maintenanceWindowAdded', window: window(id, name) });
  const first = maintenance('m-1', 1, '2025-03-16T01:00:00.000Z', 0);
  store.commit({
    kind: 'maintenancesScheduled',
    windowId: 1,
    maintenances: [first, maintenance('m-2', 1, '2025-03-23T01:00:00.000Z', 1), maintenance('m-3', 1, '2025-03-30T00:00:00.000Z', 2)],
    nextOccurrence: 3,
  });
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

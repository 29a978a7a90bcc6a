// Every change kind of V3 incidents (src/server/store/v3-incidents.ts), made on a store, for the
// snapshot and replay tests; and what of them a store reads.
import type { AccountStore } from '../../src/server/store.js';

const PAGE = 'p-v3';
const API = 'c-v3-api';
const DB = 'c-v3-db';

const update = (id: string, status: 'INVESTIGATING' | 'MONITORING' | 'RESOLVED', date: string) => ({
  id,
  description: status,
  status,
  publicIncidentUpdateDate: date,
  notifySubscribers: false,
  created_at: date.slice(0, 10),
});

export function fillV3Incidents(store: AccountStore): void {
  for (const [id, statusPageId] of [
    ['v3-i1', PAGE],
    ['v3-i2', PAGE],
    ['v3-i3', 'p-v3-gone'],
  ] as const) {
    store.commit({
      kind: 'v3IncidentCreated',
      incident: {
        id,
        statusPageId,
        name: id,
        componentImpacts: [{ componentId: API, status: 'MAJOR_OUTAGE', startedAt: '2025-03-10T09:00:00.000Z', endedAt: null }],
        incidentUpdates: [update(`${id}-u1`, 'INVESTIGATING', '2025-03-10T09:00:00.000Z')],
        created_at: '2025-03-10',
        updated_at: '2025-03-10',
      },
    });
  }
  const today = '2025-03-10';
  store.commit({
    kind: 'v3IncidentChanged',
    incidentId: 'v3-i1',
    name: 'renamed',
    impacts: [{ componentId: DB, status: 'PARTIAL_OUTAGE' }],
    at: '2025-03-10T09:30:00.000Z',
    today,
  });
  store.commit({
    kind: 'v3IncidentUpdateAdded',
    incidentId: 'v3-i1',
    update: update('v3-u2', 'MONITORING', '2025-03-10T10:00:00.000Z'),
    today,
  });
  store.commit({ kind: 'v3IncidentUpdateChanged', incidentId: 'v3-i1', updateId: 'v3-u2', changes: { status: 'RESOLVED' }, today });
  store.commit({ kind: 'v3IncidentUpdateDeleted', incidentId: 'v3-i1', updateId: 'v3-i1-u1', today });
  store.commit({
    kind: 'v3IncidentTimelineReplaced',
    incidentId: 'v3-i2',
    windows: [{ componentId: DB, status: 'DEGRADED_PERFORMANCE', startedAt: '2025-03-10T09:00:00.000Z', endedAt: null }],
    today,
  });
  store.commit({ kind: 'v3ComponentImpactsEnded', statusPageId: PAGE, componentId: DB, at: '2025-03-10T11:00:00.000Z', today });
  store.commit({ kind: 'v3PageIncidentsDeleted', statusPageId: 'p-v3-gone' });
  store.commit({
    kind: 'v3IncidentCreated',
    incident: {
      id: 'v3-i4',
      statusPageId: PAGE,
      name: 'deleted',
      componentImpacts: [],
      incidentUpdates: [update('v3-i4-u1', 'INVESTIGATING', '2025-03-10T11:00:00.000Z')],
      created_at: today,
      updated_at: today,
    },
  });
  store.commit({ kind: 'v3IncidentDeleted', incidentId: 'v3-i4' });
}

export function v3IncidentReads(store: AccountStore) {
  const part = store.records.v3Incidents;
  return { all: part.list(PAGE, 100), first: part.list(PAGE, 1), changes: part.changes };
}

// The V3 incidents kind (src/server/store/v3-incidents.ts) through the store's own commit path:
// what each change does to an incident's windows and derived fields, the page's list order and
// its cursors, and that a replay of the changes and a snapshot restore give the same state.
import { describe, expect, it } from 'vitest';
import type { V3IncidentUpdate } from '../../src/contract/schemas.js';
import type { Change, ChangeLog } from '../../src/server/changes.js';
import { AccountStore } from '../../src/server/store.js';

const ACCOUNT = '00000000-0000-4000-8000-0000000000a0';
const PAGE = '00000000-0000-4000-8000-0000000000b1';
const OTHER_PAGE = '00000000-0000-4000-8000-0000000000b2';
const API = '00000000-0000-4000-8000-0000000000c1';
const DB = '00000000-0000-4000-8000-0000000000c2';
const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 10, 1, hour, minute)).toISOString();

let ids = 0;
const id = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

function update(status: V3IncidentUpdate['status'], date: string): V3IncidentUpdate {
  return { id: id(), description: status, status, publicIncidentUpdateDate: date, notifySubscribers: false, created_at: date.slice(0, 10) };
}

/** A store whose changes are kept as a data file keeps them (serialized at once), to replay them on another. */
function recordingStore(): { store: AccountStore; changes: Change[] } {
  const changes: Change[] = [];
  const log: ChangeLog = { failure: () => undefined, append: (_account, change) => void changes.push(JSON.parse(JSON.stringify(change))) };
  const store = new AccountStore(ACCOUNT, log);
  return { store, changes };
}

function open(store: AccountStore, statusPageId = PAGE, name = 'API down') {
  return store.commit({
    kind: 'v3IncidentCreated',
    incident: {
      id: id(),
      statusPageId,
      name,
      componentImpacts: [
        { componentId: API, status: 'MAJOR_OUTAGE', startedAt: at(10), endedAt: null },
        { componentId: DB, status: 'DEGRADED_PERFORMANCE', startedAt: at(10), endedAt: null },
      ],
      incidentUpdates: [update('INVESTIGATING', at(10))],
      created_at: '2026-11-01',
      updated_at: '2026-11-01',
    },
  });
}

describe('V3 incidents in the store', () => {
  it('a RESOLVED update ends every open window at its date and sets duration; a later update reopens, no window with it', () => {
    const { store } = recordingStore();
    const incident = open(store);
    expect(incident).toMatchObject({ lastUpdateStatus: 'INVESTIGATING', duration: null });
    store.commit({ kind: 'v3IncidentUpdateAdded', incidentId: incident.id, update: update('RESOLVED', at(11, 30)), today: '2026-11-02' });
    expect(incident).toMatchObject({ lastUpdateStatus: 'RESOLVED', duration: 5400, updated_at: '2026-11-02' });
    expect(incident.componentImpacts.map((window) => window.endedAt)).toEqual([at(11, 30), at(11, 30)]);
    store.commit({ kind: 'v3IncidentUpdateAdded', incidentId: incident.id, update: update('IDENTIFIED', at(12)), today: '2026-11-02' });
    expect(incident).toMatchObject({ lastUpdateStatus: 'IDENTIFIED', duration: null });
    expect(incident.componentImpacts.map((window) => window.endedAt)).toEqual([at(11, 30), at(11, 30)]);
  });

  it('lastUpdateStatus is the latest update by date, whatever order they were posted in', () => {
    const { store } = recordingStore();
    const incident = open(store);
    store.commit({ kind: 'v3IncidentUpdateAdded', incidentId: incident.id, update: update('MONITORING', at(12)), today: '2026-11-01' });
    // Posted later, dated earlier: the MONITORING one is still the latest.
    store.commit({ kind: 'v3IncidentUpdateAdded', incidentId: incident.id, update: update('RESOLVED', at(11)), today: '2026-11-01' });
    expect(incident).toMatchObject({ lastUpdateStatus: 'MONITORING', duration: null });
    expect(incident.componentImpacts.every((window) => window.endedAt === null)).toBe(true);
  });

  it('a PUT reconciles on an open incident only; a deleted component ends its open windows, a deleted page its incidents', () => {
    const { store } = recordingStore();
    const incident = open(store);
    store.commit({
      kind: 'v3IncidentChanged',
      incidentId: incident.id,
      name: 'API slow',
      impacts: [{ componentId: API, status: 'DEGRADED_PERFORMANCE' }],
      at: at(11),
      today: '2026-11-01',
    });
    expect(incident.name).toBe('API slow');
    expect(incident.componentImpacts).toEqual([
      { componentId: API, status: 'MAJOR_OUTAGE', startedAt: at(10), endedAt: at(11) },
      { componentId: DB, status: 'DEGRADED_PERFORMANCE', startedAt: at(10), endedAt: at(11) },
      { componentId: API, status: 'DEGRADED_PERFORMANCE', startedAt: at(11), endedAt: null },
    ]);
    store.commit({ kind: 'v3ComponentImpactsEnded', statusPageId: PAGE, componentId: API, at: at(12), today: '2026-11-01' });
    expect(incident.componentImpacts[2]!.endedAt).toBe(at(12));
    const other = open(store, OTHER_PAGE);
    store.commit({ kind: 'v3PageIncidentsDeleted', statusPageId: PAGE });
    expect(store.records.v3Incidents.get(PAGE, incident.id)).toBeUndefined();
    expect(store.records.v3Incidents.get(OTHER_PAGE, other.id)).toBe(other);
    // Another page's incident is not found on this page.
    expect(store.records.v3Incidents.get(PAGE, other.id)).toBeUndefined();
  });

  it('lists a page most recently changed first, with cursors that hold while incidents change between pages', () => {
    const { store } = recordingStore();
    const [a, b, c] = [open(store, PAGE, 'a'), open(store, PAGE, 'b'), open(store, PAGE, 'c')];
    open(store, OTHER_PAGE, 'elsewhere');
    store.commit({ kind: 'v3IncidentChanged', incidentId: a.id, name: 'a again', at: at(11), today: '2026-11-01' });
    const part = store.records.v3Incidents;
    const first = part.list(PAGE, 2);
    expect(first.entries.map((incident) => incident.name)).toEqual(['a again', 'c']);
    // b changes between the pages: it moves to the front, and the second page holds nothing seen before.
    store.commit({ kind: 'v3IncidentChanged', incidentId: b.id, name: 'b again', at: at(12), today: '2026-11-01' });
    expect(part.list(PAGE, 2, first.lastSeq!).entries).toEqual([]);
    expect(part.list(PAGE, 20).entries.map((incident) => incident.name)).toEqual(['b again', 'a again', 'c']);
    expect(c.name).toBe('c');
  });

  it('a replay of the changes and a restore of the snapshot give the same incidents, lists and cursors', () => {
    const { store, changes } = recordingStore();
    const incident = open(store);
    open(store, PAGE, 'second');
    const second = update('MONITORING', at(11));
    store.commit({ kind: 'v3IncidentUpdateAdded', incidentId: incident.id, update: second, today: '2026-11-01' });
    store.commit({
      kind: 'v3IncidentUpdateChanged',
      incidentId: incident.id,
      updateId: second.id,
      changes: { status: 'RESOLVED' },
      today: '2026-11-02',
    });
    store.commit({
      kind: 'v3IncidentTimelineReplaced',
      incidentId: incident.id,
      windows: [{ componentId: API, status: 'PARTIAL_OUTAGE', startedAt: at(10), endedAt: at(10, 45) }],
      today: '2026-11-02',
    });
    const deleted = open(store, PAGE, 'gone');
    store.commit({ kind: 'v3IncidentDeleted', incidentId: deleted.id });
    const state = (each: AccountStore) => ({
      list: each.records.v3Incidents.list(PAGE, 1),
      all: each.records.v3Incidents.list(PAGE, 100),
      changes: each.records.v3Incidents.changes,
    });

    const replayed = new AccountStore(ACCOUNT);
    for (const change of changes) replayed.apply(change);
    expect(state(replayed)).toEqual(state(store));

    const restored = new AccountStore(ACCOUNT);
    for (const entry of store.snapshotEntries()) restored.restoreEntry(entry);
    expect(state(restored)).toEqual(state(store));
    expect(restored.records.v3Incidents.get(PAGE, incident.id)).toMatchObject({ lastUpdateStatus: 'RESOLVED', duration: 3600 });
  });
});

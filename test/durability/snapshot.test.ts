// What a data file holds rebuilds the same store: the change records a store emits, replayed,
// and its snapshot entries (a compacted file), restored. Every read answers the same, and the
// next changes behave the same (the indexes came back too).
import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS, type Change, type ChangeLog } from '../../src/server/changes.js';
import { DEMO_FIXTURES } from '../../src/server/fixtures/demo.js';
import { applyFixtures } from '../../src/server/fixtures/load.js';
import { AccountStore } from '../../src/server/store.js';
import { ACCOUNT } from './helpers.js';
import { fillMaintenance, maintenanceReads } from './maintenance-changes.js';
import { fillTriage, triageReads } from './triage-changes.js';
import { fillV3Automation, v3AutomationReads } from './v3-automation-changes.js';
import { fillV3Incidents, v3IncidentReads } from './v3-incident-changes.js';
import { fillV3Pages, v3PageReads } from './v3-page-changes.js';

const NOW = Date.parse('2025-03-10T12:00:00Z');

/** Every kind of change, on the demo data. */
function filled(changeLog?: ChangeLog): AccountStore {
  const store = new AccountStore(ACCOUNT.id, changeLog);
  applyFixtures(store, DEMO_FIXTURES, { now: NOW });
  const incident = store.listIncidents(1).entries[0]!;
  store.addIncidentUpdate(
    incident.id,
    {
      id: 'u-extra',
      description: 'Fixed',
      status: 'RESOLVED',
      publicIncidentUpdateDate: '2025-03-10T11:00:00.000Z',
      created_at: '2025-03-10',
      notifySubscribers: false,
    },
    '2025-03-10',
  );
  store.changeIncidentUpdate(incident.id, 'u-extra', { status: 'MONITORING' }, '2025-03-10');
  const group = store.recordErrorEvent({
    newGroupId: 'g-1',
    checkId: 'c-1',
    rawErrorMessage: 'timeout after 3000 ms',
    timestamp: '2025-03-09T10:00:00Z',
    checkType: 'API',
  });
  store.archiveErrorGroup(group.id, 'FOREVER');
  store.requestAnalysis({ id: 'a-pending', errorGroupId: group.id, userContext: null });
  store.requestAnalysis({ id: 'a-done', errorGroupId: group.id, userContext: 'deploy at 10:00' });
  store.completeAnalysis({
    id: 'a-done',
    status: 'COMPLETED',
    checkType: 'API',
    provider: 'rules',
    model: 'rules-1',
    durationMs: 1,
    checkId: 'c-1',
    errorGroupId: group.id,
    analysis: {
      classification: 'TIMEOUT',
      userImpact: 'Slow.',
      rootCause: 'A slow backend.',
      codeFix: null,
      evidence: [],
      referenceLinks: [],
    },
    created_at: '2025-03-10',
  });
  for (const [minute, state] of [
    [1, 'RECEIVED'],
    [3, 'FAILING'],
    [2, 'RECEIVED'],
  ] as const)
    store.recordHeartbeatEvent({ id: `ev-${minute}`, checkId: 'hb-1', state, timestamp: `2025-03-10T10:0${minute}:00.000Z` });
  store.addHeartbeatCheck('hb-empty');
  // An edit, an update's delete and a delete (which leaves its place in the list).
  const [, second, third] = store.listIncidents(3).entries;
  const services = store.listServices(2).entries;
  store.changeIncident(second!.id, { name: 'Renamed', severity: 'MINOR', serviceIds: services.map((service) => service.id) }, '2025-03-10');
  store.deleteIncidentUpdate(second!.id, second!.incidentUpdates[0]!.id, '2025-03-10');
  store.deleteIncident(third!.id);
  const page = store.listStatusPages(1).entries[0]!;
  const subscription = (id: string, address: string) => ({
    id,
    type: 'EMAIL' as const,
    address,
    status: 'PENDING' as const,
    created_at: '2025-03-10',
    updated_at: '2025-03-10',
  });
  store.addSubscriptions(page.id, [subscription('s-1', 'a@example.com'), subscription('s-2', 'b@example.com')]);
  store.verifySubscription(page.id, 's-1', '2025-03-11');
  store.deleteSubscription(page.id, 's-2');
  store.recordNotifications([
    {
      id: 'n-1',
      statusPageId: page.id,
      address: 'a@example.com',
      incidentId: incident.id,
      incidentUpdateId: 'u-extra',
      status: 'MONITORING',
      description: 'Fixed',
      created_at: '2025-03-10T11:00:00.000Z',
    },
  ]);
  fillV3Incidents(store);
  fillV3Pages(store);
  fillV3Automation(store);
  fillMaintenance(store);
  fillTriage(store);
  return store;
}

/** Through JSON, as the file carries them. */
function restored(source: AccountStore): AccountStore {
  const copy = new AccountStore(source.accountId);
  for (const entry of source.snapshotEntries()) copy.restoreEntry(JSON.parse(JSON.stringify(entry)));
  return copy;
}

function reads(store: AccountStore) {
  const incidents = store.listIncidents(1000).entries;
  return {
    incidents: JSON.stringify(incidents),
    firstPage: store.listIncidents(3),
    pages: JSON.stringify(store.listStatusPages(100).entries),
    groups: JSON.stringify(['g-1', ...incidents.map((incident) => incident.id)].map((id) => store.getErrorGroup(id) ?? null)),
    analyses: [store.getAnalysis('a-pending'), store.getAnalysis('a-done'), store.getAnalysisRequest('a-done')],
    pending: store.pendingAnalysisIds(),
    beats: [store.countHeartbeatEvents('hb-1', 0, Date.parse('2030-01-01')), store.hasHeartbeatCheck('hb-empty')],
    events: store.listHeartbeatEvents('hb-1', 0, Date.parse('2030-01-01'), 10),
    services: [store.listServices(100), store.listServices(2)],
    subscriptions: store.listStatusPages(100).entries.map((page) => store.listSubscriptions(page.id)),
    notifications: store.listNotifications(),
    v3Incidents: v3IncidentReads(store),
    v3Pages: v3PageReads(store),
    v3Automation: v3AutomationReads(store),
    maintenance: maintenanceReads(store),
    triage: triageReads(store),
  };
}

describe('snapshot entries', () => {
  it('rebuild a store that reads the same, through JSON', () => {
    const source = filled();
    const copy = restored(source);
    expect(reads(copy)).toEqual(reads(source));
    expect(JSON.stringify([...copy.snapshotEntries()])).toBe(JSON.stringify([...source.snapshotEntries()]));
  });

  it('rebuild the indexes: later mutations do the same on the copy as on the original', () => {
    const source = filled();
    const copy = restored(source);
    for (const store of [source, copy]) {
      const incident = store.listIncidents(1).entries[0]!;
      store.changeIncidentUpdate(incident.id, 'u-extra', { description: 'Fixed for good' }, '2025-03-11');
      // Same message, same check: grouped into g-1 (the key index came back), not a new group.
      expect(
        store.recordErrorEvent({
          newGroupId: 'g-2',
          checkId: 'c-1',
          rawErrorMessage: 'timeout after 3000 ms',
          timestamp: '2025-03-11T10:00:00Z',
          checkType: 'API',
        }).id,
      ).toBe('g-1');
      store.recordHeartbeatEvent({ id: 'ev-late', checkId: 'hb-1', state: 'RECEIVED', timestamp: '2025-03-10T10:00:30.000Z' });
    }
    expect(reads(copy)).toEqual(reads(source));
  });

  it('restoreFrom replaces what a store held', () => {
    const target = filled();
    target.addService({ id: 'extra-service', name: 'Extra', accountId: ACCOUNT.id, created_at: '2025-03-10' });
    const source = new AccountStore(ACCOUNT.id);
    target.restoreFrom(source);
    expect(target.listIncidents(10).entries).toEqual([]);
    expect(target.getService('extra-service')).toBeUndefined();
    target.restoreFrom(filled());
    expect(reads(target)).toEqual(reads(filled()));
  });
});

/** A change log that keeps the records as JSON, as a data file does, and refuses while `refusal` is set. */
function recorder() {
  const lines: string[] = [];
  let refusal: Error | undefined;
  const log: ChangeLog = {
    failure: () => refusal,
    append: (account, change) => lines.push(JSON.stringify({ account, change })),
  };
  return {
    log,
    lines,
    changes: () => lines.map((line) => JSON.parse(line).change as Change),
    refuse: (error: Error | undefined) => (refusal = error),
  };
}

describe('change records', () => {
  it('every kind is emitted, and replaying the records through JSON rebuilds a store that reads the same', () => {
    const recorded = recorder();
    const source = filled(recorded.log);
    expect(new Set(recorded.changes().map((change) => change.kind))).toEqual(CHANGE_KINDS);
    expect(recorded.lines.every((line) => JSON.parse(line).account === ACCOUNT.id)).toBe(true);

    const replayed = new AccountStore(ACCOUNT.id);
    for (const change of recorded.changes()) replayed.apply(change);
    expect(reads(replayed)).toEqual(reads(source));
    expect(JSON.stringify([...replayed.snapshotEntries()])).toBe(JSON.stringify([...source.snapshotEntries()]));
  });

  it('a change is refused before it is applied while the log refuses, and one that throws is not logged', () => {
    const recorded = recorder();
    const store = filled(recorded.log);
    const before = JSON.stringify([...store.snapshotEntries()]);
    const count = recorded.lines.length;
    const refusal = new Error('disk full');
    recorded.refuse(refusal);
    expect(() => store.addHeartbeatCheck('hb-refused')).toThrow(refusal);
    expect(store.hasHeartbeatCheck('hb-refused')).toBe(false);
    recorded.refuse(undefined);
    expect(() => store.archiveErrorGroup('no-such-group', 'FOREVER')).toThrow('unknown error group no-such-group');
    expect(recorded.lines.length).toBe(count);
    expect(JSON.stringify([...store.snapshotEntries()])).toBe(before);
  });

  it('replay does not log again', () => {
    const recorded = recorder();
    const store = new AccountStore(ACCOUNT.id, recorded.log);
    store.apply({ kind: 'heartbeatCheckAdded', checkId: 'hb-replayed' });
    expect(store.hasHeartbeatCheck('hb-replayed')).toBe(true);
    expect(recorded.lines).toEqual([]);
  });
});

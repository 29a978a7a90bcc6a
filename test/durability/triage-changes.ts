// The change kinds of triage (check sessions and next outcomes, test sessions and their error
// groups) made on a store holding the demo's checks, for the snapshot and replay tests; and what
// of them a store reads.
import type { AccountStore } from '../../src/server/store.js';
import type { CheckNextOutcomeSet } from '../../src/server/store/checks.js';
import type { CheckSessionFinished, CheckSessionStarted } from '../../src/server/store/check-sessions.js';
import type { TestSessionErrorGroupArchived } from '../../src/server/store/test-session-error-groups.js';
import type { TestSessionEnded, TestSessionRecorded } from '../../src/server/store/test-sessions.js';

export function fillTriage(store: AccountStore): void {
  const check = [...store.records.checks.checks()][0]!;
  store.commit<CheckNextOutcomeSet>({ kind: 'checkNextOutcomeSet', checkId: check.id, outcome: 'failed' });
  store.commit<CheckSessionStarted>({
    kind: 'checkSessionStarted',
    session: {
      id: 'cs-1',
      checkId: check.id,
      name: check.name,
      checkType: check.checkType,
      status: 'STARTED',
      startedAt: '2025-03-10T12:00:00.000Z',
      stoppedAt: null,
      resultId: null,
    },
  });
  store.commit<CheckSessionFinished>({
    kind: 'checkSessionFinished',
    checkSessionId: 'cs-1',
    status: 'FAILED',
    stoppedAt: '2025-03-10T12:00:01.000Z',
    resultId: store.records.checks.latest(check.id)!.result.id,
  });
  store.commit<TestSessionRecorded>({
    kind: 'testSessionRecorded',
    session: {
      id: 'ts-running',
      name: 'nightly e2e',
      status: 'RUNNING',
      startedAt: '2025-03-10T12:00:00.000Z',
      stoppedAt: null,
      created_at: '2025-03-10T12:00:00.000Z',
      updated_at: null,
      errorGroupIds: [],
      results: [],
    },
  });
  store.commit<TestSessionEnded>({
    kind: 'testSessionEnded',
    testSessionId: 'ts-running',
    status: 'PASSED',
    stoppedAt: '2025-03-10T12:05:00.000Z',
  });
  const group = store.records.testSessionErrorGroups.list()[0]!;
  store.commit<TestSessionErrorGroupArchived>({ kind: 'testSessionErrorGroupArchived', errorGroupId: group.id, mode: 'FOREVER' });
}

export function triageReads(store: AccountStore) {
  const check = [...store.records.checks.checks()][0]!;
  return {
    nextOutcome: store.records.checks.nextOutcome(check.id) ?? null,
    checkSession: store.records.checkSessions.get('cs-1'),
    testSession: store.records.testSessions.get('ts-running'),
    testSessionErrorGroups: store.records.testSessionErrorGroups.list(),
  };
}

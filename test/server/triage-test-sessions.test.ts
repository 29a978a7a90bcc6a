// docs/api-rules.md#test-sessions: test sessions recorded by the reference-only routes, each
// failed result's error grouped into a test-session error group (a kind of its own), read by the
// hosted routes, and waited for by the completion route on the server's clock.
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
import { watchedProvider } from '../support/analyses.js';
import { manualClock } from '../support/clock.js';
import { startTestServer, useTestServer } from '../support/server.js';
import { ACCOUNT_A, ACCOUNT_B, NOW, expectError, expectSuccess, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const shared = useTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
const UNKNOWN = '00000000-0000-4000-8000-00000000beef';
const BAD_GATEWAY = 'Request failed with status code 502 (Bad Gateway): GET https://api.example.com/orders?id=';

async function record(server: TestServer, body: Record<string, unknown>, key = ACCOUNT_A.key) {
  return expectSuccess('recordTestSession', await server.call('POST', '/_reference/test-sessions', { body, key }), 201);
}

describe('POST /_reference/test-sessions and GET /v1/test-sessions/{testSessionId}', () => {
  it('records a session in the hosted shape, its status derived, each failed error grouped, and reads it back', async () => {
    const session = await record(shared.server, {
      name: 'Nightly suite',
      startedAt: '2025-03-10T11:00:00Z',
      stoppedAt: '2025-03-10T11:02:00Z',
      results: [
        { name: 'Orders API', checkType: 'API', outcome: 'failed', errorMessage: `${BAD_GATEWAY}1` },
        { name: 'Orders API again', checkType: 'API', outcome: 'failed', errorMessage: `${BAD_GATEWAY}2` },
        { name: 'Login', checkType: 'BROWSER', outcome: 'passed' },
      ],
    });
    expect(session).toMatchObject({
      name: 'Nightly suite',
      status: 'FAILED',
      startedAt: '2025-03-10T11:00:00.000Z',
      stoppedAt: '2025-03-10T11:02:00.000Z',
      timeElapsed: 120_000,
      testSessionLink: `${shared.server.url}/v1/test-sessions/${session.testSessionId}`,
    });
    // The two failures are one error once cleaned: one group.
    expect(session.errorGroupIds).toHaveLength(1);
    expect(session.results.map((result: any) => [result.status, result.errorGroupIds])).toEqual([
      ['FAILED', session.errorGroupIds],
      ['FAILED', session.errorGroupIds],
      ['PASSED', []],
    ]);
    const read = await shared.server.call('GET', `/v1/test-sessions/${session.testSessionId}`);
    expect(expectSuccess('getTestSession', read, 200)).toEqual(session);
    const resultId = session.results[0].testSessionResultId;
    const result = expectSuccess(
      'getTestSessionResult',
      await shared.server.call('GET', `/v1/test-sessions/${session.testSessionId}/results/${resultId}`),
      200,
    );
    expect(result).toMatchObject({ id: resultId, name: 'Orders API', hasFailures: true, attempts: 1, checkId: null });
    const group = expectSuccess(
      'getTestSessionErrorGroup',
      await shared.server.call('GET', `/v1/test-session-error-groups/${session.errorGroupIds[0]}`),
      200,
    );
    expect(group).toMatchObject({ projectId: null, rawErrorMessage: `${BAD_GATEWAY}2`, lastSeen: '2025-03-10T11:02:00.000Z' });
  });

  it('refuses a stoppedAt for a RUNNING session, one before startedAt, and times in the future', async () => {
    const base = { name: 'x', results: [] };
    const running = await shared.server.call('POST', '/_reference/test-sessions', {
      body: { ...base, status: 'RUNNING', stoppedAt: '2025-03-10T11:00:00Z' },
    });
    expect(expectError(running, 400).details?.[0]?.path).toBe('stoppedAt');
    const backwards = await shared.server.call('POST', '/_reference/test-sessions', {
      body: { ...base, startedAt: '2025-03-10T11:00:00Z', stoppedAt: '2025-03-10T10:00:00Z' },
    });
    expect(expectError(backwards, 400).details?.[0]?.path).toBe('stoppedAt');
    const future = await shared.server.call('POST', '/_reference/test-sessions', { body: { ...base, startedAt: '2025-03-10T13:00:00Z' } });
    expect(expectError(future, 400).details?.[0]?.path).toBe('startedAt');
  });

  it("is 404 for an unknown session, an unknown result and another account's session; 400 for an id that is not a UUID", async () => {
    const session = await record(shared.server, { name: 'A only', results: [{ name: 'r', checkType: 'API', outcome: 'passed' }] });
    expectError(await shared.server.call('GET', `/v1/test-sessions/${UNKNOWN}`), 404);
    expectError(await shared.server.call('GET', `/v1/test-sessions/${session.testSessionId}/results/${UNKNOWN}`), 404);
    expectError(await shared.server.call('GET', `/v1/test-sessions/${session.testSessionId}`, { key: ACCOUNT_B.key }), 404);
    expectError(await shared.server.call('GET', '/v1/test-sessions/nightly'), 400);
    const asB = await shared.server.call('PATCH', `/_reference/test-sessions/${session.testSessionId}`, {
      body: { status: 'PASSED' },
      key: ACCOUNT_B.key,
    });
    expectError(asB, 404);
  });
});

describe('GET /v1/test-sessions', () => {
  it('lists newest first by cursor, none repeated when sessions come in between, with its filters', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const names = ['deploy one', 'deploy two', 'nightly three', 'deploy four'];
    const made = [];
    for (const name of names) {
      const outcome = name.includes('two') ? 'failed' : 'passed';
      made.push(await record(server, { name, results: [{ name: 'r', checkType: 'API', outcome, errorMessage: 'Error: boom' }] }));
    }
    const list = (query: string) => server.call('GET', `/v1/test-sessions?${query}`);
    const first = expectSuccess('listTestSessions', await list('limit=2&textSearch=deploy'), 200);
    expect(first.entries.map((entry: any) => entry.name)).toEqual(['deploy four', 'deploy two']);
    expect(first.entries[0]).toMatchObject({ accountId: ACCOUNT_A.id, provider: 'API', region: 'eu-central-1', projectId: null });
    await record(server, { name: 'deploy five', results: [] });
    const second = expectSuccess('listTestSessions', await list(`limit=2&textSearch=deploy&nextId=${first.nextId}`), 200);
    // The demo's session ("Deploy checks on main") was recorded first.
    expect(second.entries.map((entry: any) => entry.name)).toEqual(['deploy one', 'Deploy checks on main']);
    expect(second.nextId).toBeNull();
    const failed = expectSuccess('listTestSessions', await list('statuses=FAILED,RUNNING&textSearch=two'), 200);
    expect(failed.entries.map((entry: any) => entry.id)).toEqual([made[1].testSessionId]);
    expect(failed.entries[0].failed).toEqual([made[1].results[0].testSessionResultId]);
    const byGroup = expectSuccess('listTestSessions', await list(`errorGroupId=${made[1].errorGroupIds[0]}`), 200);
    expect(byGroup.entries.map((entry: any) => entry.id)).toEqual([made[1].testSessionId]);
    expect(expectSuccess('listTestSessions', await list('branches=main'), 200).entries).toEqual([]);
    expect(expectSuccess('listTestSessions', await list('to=1741600000'), 200).entries).toEqual([]);
    expect(expectError(await list('statuses=DONE'), 400).details?.[0]?.path).toBe('statuses');
    expect(expectError(await list('nextId=bm9wZQ'), 400).details?.[0]?.path).toBe('nextId');
    const asB = expectSuccess('listTestSessions', await server.call('GET', '/v1/test-sessions', { key: ACCOUNT_B.key }), 200);
    expect(asB.entries.map((entry: any) => entry.name)).toEqual(['Deploy checks on main']);
  });

  it("serves the demo's test session, one of its results failing, its error grouped", async () => {
    const id = demoIds(ACCOUNT_A.id).testSessions.deployMain;
    const session = expectSuccess('getTestSession', await shared.server.call('GET', `/v1/test-sessions/${id}`), 200);
    expect(session).toMatchObject({ name: 'Deploy checks on main', status: 'FAILED' });
    expect(session.errorGroupIds).toHaveLength(1);
  });
});

describe('GET /v1/test-sessions/{testSessionId}/completion', () => {
  it('answers at once for a session that has ended, and waits for a running one to end, on the server clock', async () => {
    const clock = manualClock();
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: clock.now, sleep: clock.sleep });
    const done = await record(server, { name: 'done', results: [] });
    const at = await server.call('GET', `/v1/test-sessions/${done.testSessionId}/completion?maxWaitSeconds=1`);
    expect(expectSuccess('awaitTestSession', at, 200)).toMatchObject({ status: 'PASSED', stoppedAt: done.stoppedAt });

    const running = await record(server, { name: 'running', status: 'RUNNING', results: [] });
    expect(running).toMatchObject({ status: 'RUNNING', stoppedAt: null });
    const waiting = server.call('GET', `/v1/test-sessions/${running.testSessionId}/completion?maxWaitSeconds=30`);
    await clock.sleeping();
    clock.advance(5000);
    const ended = await server.call('PATCH', `/_reference/test-sessions/${running.testSessionId}`, { body: { status: 'FAILED' } });
    expect(expectSuccess('endTestSession', ended, 200)).toMatchObject({ status: 'FAILED', stoppedAt: '2025-03-10T12:00:05.000Z' });
    expect(expectSuccess('awaitTestSession', await waiting, 200)).toMatchObject({ status: 'FAILED', timeElapsed: 5000 });
    // Ended: the same status again changes nothing, another is refused.
    const again = await server.call('PATCH', `/_reference/test-sessions/${running.testSessionId}`, { body: { status: 'PASSED' } });
    expect(expectError(again, 400).details?.[0]?.path).toBe('status');
  });

  it('is 408 once maxWaitSeconds have passed on the server clock with the session still running', async () => {
    const clock = manualClock();
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: clock.now, sleep: clock.sleep });
    const running = await record(server, { name: 'slow', status: 'RUNNING', results: [] });
    const waiting = server.call('GET', `/v1/test-sessions/${running.testSessionId}/completion?maxWaitSeconds=1`);
    expect(await clock.sleeping()).toBe(1000);
    clock.advance(1000);
    expect(expectError(await waiting, 408).message).toMatch(/still running/);
    expectError(await server.call('GET', `/v1/test-sessions/${UNKNOWN}/completion?maxWaitSeconds=1`), 404);
    expect(expectError(await server.call('GET', `/v1/test-sessions/${UNKNOWN}/completion?maxWaitSeconds=31`), 400).details?.[0]?.path).toBe(
      'maxWaitSeconds',
    );
  });
});

describe('test-session error groups', () => {
  it('are listed newest lastSeen first, never by /v1/error-groups, archived as check groups are, per account', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const session = await record(server, {
      name: 'grouping',
      results: [{ name: 'r', checkType: 'API', outcome: 'failed', errorMessage: 'Error: connect ECONNREFUSED 10.0.0.1:5432' }],
    });
    const groupId = session.errorGroupIds[0];
    const list = expectSuccess('listTestSessionErrorGroups', await server.call('GET', '/v1/test-session-error-groups?limit=1'), 200);
    expect(list.map((group: any) => group.id)).toEqual([groupId]);
    const checkGroups = expectSuccess('listErrorGroups', await server.call('GET', '/v1/error-groups?limit=100'), 200);
    expect(checkGroups.map((group: any) => group.id)).not.toContain(groupId);
    expectError(await server.call('GET', `/v1/error-groups/${groupId}`), 404);
    const project = await server.call('GET', `/v1/test-session-error-groups/projects/${UNKNOWN}`);
    expect(expectSuccess('listProjectTestSessionErrorGroups', project, 200)).toEqual([]);

    const archived = await server.call('PATCH', `/v1/test-session-error-groups/${groupId}`, { body: { archivedUntilNextEvent: true } });
    expect(expectSuccess('updateTestSessionErrorGroup', archived, 200).archivedUntilNextEvent).toBe(true);
    await record(server, {
      name: 'again',
      results: [{ name: 'r', checkType: 'API', outcome: 'failed', errorMessage: 'Error: connect ECONNREFUSED 10.0.0.2:5432' }],
    });
    const back = expectSuccess('getTestSessionErrorGroup', await server.call('GET', `/v1/test-session-error-groups/${groupId}`), 200);
    expect(back.archivedUntilNextEvent).toBe(false);

    expectError(await server.call('GET', `/v1/test-session-error-groups/${groupId}`, { key: ACCOUNT_B.key }), 404);
    expectError(
      await server.call('PATCH', `/v1/test-session-error-groups/${groupId}`, { body: { archiveForEver: true }, key: ACCOUNT_B.key }),
      404,
    );
    const bList = await server.call('GET', '/v1/test-session-error-groups?limit=100', { key: ACCOUNT_B.key });
    expect(expectSuccess('listTestSessionErrorGroups', bList, 200).map((group: any) => group.id)).not.toContain(groupId);
  });

  it('take an analysis on the test-session route, not on the check route, and keep it', async () => {
    const analyses = watchedProvider();
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW, rcaDelayMs: 0, analysisProvider: analyses.provider });
    const session = await record(server, {
      name: 'analysed',
      results: [{ name: 'r', checkType: 'API', outcome: 'failed', errorMessage: 'Error: getaddrinfo ENOTFOUND db.internal' }],
    });
    const groupId = session.errorGroupIds[0];
    expectError(await server.call('POST', `/v1/root-cause-analyses/error-groups/${groupId}`), 404);
    const requested = await server.call('POST', `/v1/root-cause-analyses/test-session-error-groups/${groupId}`, {
      body: { userContext: 'after the DNS change' },
    });
    const { id } = expectSuccess('requestRootCauseAnalysis', requested, 202);
    const made = await analyses.next();
    const analysis = expectSuccess('getRootCauseAnalysis', await server.call('GET', `/v1/root-cause-analyses/${id}`), 200);
    expect(analysis.analysis).toEqual(made);
    const group = expectSuccess('getTestSessionErrorGroup', await server.call('GET', `/v1/test-session-error-groups/${groupId}`), 200);
    expect(group.rootCauseAnalyses).toEqual([expect.objectContaining({ id, userContext: 'after the DNS change' })]);
  });
});

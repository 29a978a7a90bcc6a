// docs/api-rules.md#check-sessions: a trigger starts a check session per matched check; the
// reference server "runs" each check after --run-delay on its clock, recording the check's next
// outcome if one was set, else its latest; the reads and the completion answer the hosted shapes.
// With --data, sessions, test sessions and their error groups survive a restart.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../support/clock.js';
import { startTestServer } from '../support/server.js';
import { tempDir } from '../durability/helpers.js';
import { ACCOUNT_A, ACCOUNT_B, expectError, expectSuccess, TWO_ACCOUNTS, type TestServer } from './helpers.js';

let counter = 0;
const newCheckId = () => `00000000-0000-4000-8000-${(0x5e5510000000 + ++counter).toString(16).padStart(12, '0')}`;

async function newCheck(server: TestServer, outcome: string, tags = ['on-demand'], key = ACCOUNT_A.key) {
  const checkId = newCheckId();
  const body = {
    checkId,
    name: `On demand ${counter}`,
    checkType: 'API',
    tags,
    outcome,
    errorMessage: outcome === 'failed' ? 'Error: 503' : undefined,
  };
  expectSuccess('recordCheckResult', await server.call('POST', '/_reference/check-results', { body, key }), 201);
  return checkId;
}

const trigger = (server: TestServer, target: unknown, key = ACCOUNT_A.key) =>
  server.call('POST', '/v2/check-sessions/trigger', { body: { target }, key });

async function clockedServer(runDelayMs = 500) {
  const clock = manualClock();
  const server = await startTestServer({ ...TWO_ACCOUNTS, now: clock.now, sleep: clock.sleep, runDelayMs });
  return { clock, server };
}

describe('POST /v2/check-sessions/trigger', () => {
  it('starts a session per matched check, which runs after the run delay with the latest outcome', async () => {
    const { clock, server } = await clockedServer();
    const checkId = await newCheck(server, 'degraded');
    const started = expectSuccess('triggerCheckSessions', await trigger(server, { checkId: [checkId] }), 201);
    expect(started.sessions).toHaveLength(1);
    const [session] = started.sessions;
    expect(session).toMatchObject({
      checkId,
      status: 'STARTED',
      stoppedAt: null,
      runLocations: ['eu-central-1'],
      runSource: 'TRIGGER_API',
    });
    expect(session.checkSessionLink).toBe(`${server.url}/v2/check-sessions/${session.checkSessionId}`);
    const before = expectSuccess('getCheckSession', await server.call('GET', `/v2/check-sessions/${session.checkSessionId}`), 200);
    expect(before).toMatchObject({ status: 'STARTED', results: [] });

    const waiting = server.call('GET', `/v2/check-sessions/${session.checkSessionId}/completion?maxWaitSeconds=30`);
    clock.advance(500);
    const done = expectSuccess('awaitCheckSession', await waiting, 200);
    expect(done).toMatchObject({ status: 'DEGRADED', stoppedAt: '2025-03-10T12:00:00.500Z', timeElapsed: 500 });
    expect(done.results).toEqual([expect.objectContaining({ checkId, resultType: 'FINAL', isDegraded: true, hasFailures: false })]);
    const [latest] = expectSuccess('listCheckResults', await server.call('GET', `/v2/check-results/${checkId}?limit=1`), 200).entries;
    expect(latest.id).toBe(done.results[0].checkResultId);
    expect(done.results[0].checkResultLink).toBe(`${server.url}/v1/check-results/${checkId}/${latest.id}`);
  });

  it("runs with the check's next outcome once, then with its latest again", async () => {
    const { clock, server } = await clockedServer(0);
    const checkId = await newCheck(server, 'passed');
    const set = await server.call('PUT', `/_reference/checks/${checkId}/next-outcome`, { body: { outcome: 'failed' } });
    expect(expectSuccess('setCheckNextOutcome', set, 200)).toEqual({ checkId, nextOutcome: 'failed' });
    const runOnce = async () => {
      const [session] = expectSuccess('triggerCheckSessions', await trigger(server, { checkId: [checkId] }), 201).sessions;
      const done = server.call('GET', `/v2/check-sessions/${session.checkSessionId}/completion?maxWaitSeconds=1`);
      clock.advance(0);
      return expectSuccess('awaitCheckSession', await done, 200).status;
    };
    expect(await runOnce()).toBe('FAILED');
    const status = expectSuccess('getCheckStatus', await server.call('GET', `/v1/check-statuses/${checkId}`), 200);
    expect(status.hasFailures).toBe(true);
    const alerts = expectSuccess('listAlertsOfCheck', await server.call('GET', `/v1/check-alerts/${checkId}`), 200);
    expect(alerts.map((alert: any) => alert.alertType)).toEqual(['ALERT_FAILURE']);
    // The next outcome was used: the latest (failed) is what runs now.
    expect(await runOnce()).toBe('FAILED');
    await server.call('POST', '/_reference/check-results', { body: { checkId, outcome: 'passed' } });
    expect(await runOnce()).toBe('PASSED');
    expectError(await server.call('PUT', `/_reference/checks/${newCheckId()}/next-outcome`, { body: { outcome: 'failed' } }), 404);
  });

  it('matches by tags (every tag of one list), by ids, or every activated check; none matched is 404, per account', async () => {
    const { server } = await clockedServer();
    const both = await newCheck(server, 'passed', ['od-web', 'od-eu']);
    const webOnly = await newCheck(server, 'passed', ['od-web']);
    const ids = async (target: unknown) =>
      expectSuccess('triggerCheckSessions', await trigger(server, target), 201).sessions.map((session: any) => session.checkId);
    expect(await ids({ matchTags: [['od-web', 'od-eu']] })).toEqual([both]);
    expect((await ids({ matchTags: [['od-eu'], ['od-web']] })).sort()).toEqual([both, webOnly].sort());
    expect(await ids({ checkId: [webOnly] })).toEqual([webOnly]);
    expect(await ids(undefined)).toEqual(expect.arrayContaining([both, webOnly]));
    expectError(await trigger(server, { matchTags: [['nothing-has-this']] }), 404);
    expectError(await trigger(server, { checkId: [newCheckId()] }), 404);
    expectError(await trigger(server, { checkId: [both] }, ACCOUNT_B.key), 404);
    expect(expectError(await trigger(server, { checkId: ['checkout'] }), 400).details?.[0]?.path).toBe('target.checkId[0]');
  });
});

describe('GET /v2/check-sessions/{checkSessionId} and its completion', () => {
  it("is 408 once maxWaitSeconds have passed on the server's clock with the check still running; 404 for another account", async () => {
    const clock = manualClock();
    // Told when the completion starts its wait of 1 s (the run waits 5 s): then the clock moves.
    let completionWaits = () => {};
    const waitStarted = new Promise<void>((resolve) => (completionWaits = resolve));
    const sleep = (ms: number, signal?: AbortSignal) => {
      if (ms === 1000) completionWaits();
      return clock.sleep(ms, signal);
    };
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: clock.now, sleep, runDelayMs: 5000 });
    const checkId = await newCheck(server, 'passed');
    const [session] = expectSuccess('triggerCheckSessions', await trigger(server, { checkId: [checkId] }), 201).sessions;
    const waiting = server.call('GET', `/v2/check-sessions/${session.checkSessionId}/completion?maxWaitSeconds=1`);
    await waitStarted;
    clock.advance(1000);
    expect(expectError(await waiting, 408).message).toMatch(/still running/);
    expectError(await server.call('GET', `/v2/check-sessions/${session.checkSessionId}`, { key: ACCOUNT_B.key }), 404);
    expectError(await server.call('GET', `/v2/check-sessions/${newCheckId()}/completion?maxWaitSeconds=1`), 404);
    expectError(await server.call('GET', '/v2/check-sessions/nope'), 400);
  });
});

describe('triage across a restart with --data', () => {
  it('keeps check sessions, test sessions and their error groups; a session left running runs on the next start', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const clock = manualClock();
    const first = await startTestServer({ ...TWO_ACCOUNTS, dataPath, now: clock.now, sleep: clock.sleep });
    const checkId = await newCheck(first, 'failed');
    await first.call('PUT', `/_reference/checks/${checkId}/next-outcome`, { body: { outcome: 'degraded' } });
    const [session] = expectSuccess('triggerCheckSessions', await trigger(first, { checkId: [checkId] }), 201).sessions;
    const testSession = expectSuccess(
      'recordTestSession',
      await first.call('POST', '/_reference/test-sessions', {
        body: { name: 'kept', results: [{ name: 'r', checkType: 'API', outcome: 'failed', errorMessage: 'Error: kept' }] },
      }),
      201,
    );
    const groupId = testSession.errorGroupIds[0];
    await first.call('PATCH', `/v1/test-session-error-groups/${groupId}`, { body: { archiveForEver: true } });
    // Stopped before the check ran.
    await first.close();

    const second = await startTestServer({ ...TWO_ACCOUNTS, dataPath, now: clock.now, runDelayMs: 0 });
    const done = await second.call('GET', `/v2/check-sessions/${session.checkSessionId}/completion?maxWaitSeconds=30`);
    expect(expectSuccess('awaitCheckSession', done, 200).status).toBe('DEGRADED');
    const read = expectSuccess('getTestSession', await second.call('GET', `/v1/test-sessions/${testSession.testSessionId}`), 200);
    expect(read).toEqual({ ...testSession, testSessionLink: read.testSessionLink, results: read.results });
    const group = expectSuccess('getTestSessionErrorGroup', await second.call('GET', `/v1/test-session-error-groups/${groupId}`), 200);
    expect(group.archivedUntilNextEvent).toBe(true);
    const status = expectSuccess('getCheckStatus', await second.call('GET', `/v1/check-statuses/${checkId}`), 200);
    expect(status.isDegraded).toBe(true);
    expectError(await second.call('GET', `/v2/check-sessions/${session.checkSessionId}`, { key: ACCOUNT_B.key }), 404);
  });
});

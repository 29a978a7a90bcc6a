// docs/api-rules.md#paused-checks and #suppressed-automatic-incidents: while a maintenance whose
// window pauses every check is in progress, a result is refused (400 naming checkId) and nothing
// is recorded, not even a new check, and a check session waits; once it is over results are
// taken again, held to the state before it. While a maintenance shown on a V3 page with
// suppressAutoIncidents is in progress, the automation rules open no incident on the components
// it puts under maintenance. The server's clock is the test's, moved by hand (no waits).
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
import { manualClock, NOW } from '../support/clock.js';
import { ACCOUNT_A, expectError, expectSuccess, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';
import { at, createWindow } from './maintenance-helpers.js';

const A = demoIds(ACCOUNT_A.id);
const PAGE = A.v3StatusPages.acmePlatform;
const RULES = `/v3/status-pages/${PAGE}/automation-rules`;
const START = new Date(NOW).toISOString();

let counter = 0;
const newCheckId = () => `00000000-0000-4000-8000-${(0x9a05e0000000 + ++counter).toString(16)}`;

async function clockedServer() {
  const clock = manualClock();
  const server = await startTestServer({ ...TWO_ACCOUNTS, now: clock.now, sleep: clock.sleep, runDelayMs: 500 });
  /** Moves the clock to `hours` after the start; any route then brings the maintenances up to it. */
  const moveTo = (hours: number) => clock.advance(Date.parse(at(START, hours)) - clock.now());
  return { clock, server, moveTo };
}

const resultBody = (checkId: string, tags: string[], outcome: 'passed' | 'failed') => ({
  checkId,
  name: `Check ${checkId.slice(-3)}`,
  checkType: 'API',
  tags,
  outcome,
});
const post = (server: TestServer, checkId: string, tags: string[], outcome: 'passed' | 'failed') =>
  server.call('POST', '/_reference/check-results', { body: resultBody(checkId, tags, outcome) });
async function record(server: TestServer, checkId: string, tags: string[], outcome: 'passed' | 'failed') {
  return expectSuccess('recordCheckResult', await post(server, checkId, tags, outcome), 201);
}
const alertsOf = async (server: TestServer, checkId: string) =>
  (expectSuccess('listAlertsOfCheck', await server.call('GET', `/v1/check-alerts/${checkId}`), 200) as any[]).map(
    (alert) => alert.alertType,
  );
const resultCount = async (server: TestServer, checkId: string) =>
  expectSuccess('listCheckResults', await server.call('GET', `/v2/check-results/${checkId}?limit=100`), 200).entries.length;

describe('pauseAllChecks', () => {
  it('while in progress a result is refused and nothing recorded; after it, results count again', async () => {
    const { server, moveTo } = await clockedServer();
    const window = await createWindow(server, {
      startsAt: at(START, 1),
      endsAt: at(START, 2),
      repeatInterval: null,
      repeatUnit: 'DAY',
      pauseAllChecks: true,
    });
    const known = newCheckId();
    await record(server, known, ['paused-db'], 'passed');

    moveTo(1.5);
    const refused = expectError(await post(server, known, ['paused-db'], 'failed'), 400);
    expect(refused.details).toEqual([{ path: 'checkId', message: expect.stringContaining(`window ${window.id}`) }]);
    expect(refused.message).toContain('paused');
    // A check first seen meanwhile is not started either.
    const fresh = newCheckId();
    expectError(await post(server, fresh, ['paused-db'], 'failed'), 400);
    expectError(await server.call('GET', `/v1/check-statuses/${fresh}`), 404);
    expect(await resultCount(server, known)).toBe(1);
    expect(await alertsOf(server, known)).toEqual([]);

    moveTo(2.5);
    await record(server, known, ['paused-db'], 'failed');
    expect(await resultCount(server, known)).toBe(2);
    expect(await alertsOf(server, known)).toEqual(['ALERT_FAILURE']);
  });

  it('a check session started meanwhile stays STARTED, and its check runs once the maintenance is over', async () => {
    const { clock, server, moveTo } = await clockedServer();
    await createWindow(server, {
      startsAt: at(START, 1),
      endsAt: at(START, 2),
      repeatInterval: null,
      repeatUnit: 'DAY',
      pauseAllChecks: true,
    });
    const checkId = newCheckId();
    await record(server, checkId, ['paused-run'], 'passed');
    moveTo(1.5);
    const trigger = await server.call('POST', '/v2/check-sessions/trigger', { body: { target: { checkId: [checkId] } } });
    const [session] = expectSuccess('triggerCheckSessions', trigger, 201).sessions;
    const read = async () =>
      expectSuccess('getCheckSession', await server.call('GET', `/v2/check-sessions/${session.checkSessionId}`), 200);
    // Its run comes due and is put off: the next wait is there before the clock moves on.
    clock.advance(500);
    await clock.sleeping();
    expect(await read()).toMatchObject({ status: 'STARTED', results: [] });
    expect(await resultCount(server, checkId)).toBe(1);

    // The wait put off ends with this move, the maintenance then over: the check runs.
    const waiting = server.call('GET', `/v2/check-sessions/${session.checkSessionId}/completion?maxWaitSeconds=30`);
    moveTo(2.5);
    expect(expectSuccess('awaitCheckSession', await waiting, 200)).toMatchObject({ status: 'PASSED' });
    expect(await resultCount(server, checkId)).toBe(2);
  });
});

describe('suppressAutoIncidents', () => {
  async function rule(server: TestServer, tag: string, components: { componentId: string; targetImpact: string }[]) {
    const body = { name: `Rule on ${tag}`, firstUpdate: `${tag} failing`, lastUpdate: `${tag} back`, tags: [tag], components };
    const created = expectSuccess('createV3AutomationRule', await server.call('POST', RULES, { body }), 201);
    return async () => {
      const { incidentId } = expectSuccess('getV3AutomationRule', await server.call('GET', `${RULES}/${created.id}`), 200);
      if (incidentId === null) return null;
      const incident = expectSuccess('getV3Incident', await server.call('GET', `/v3/status-pages/${PAGE}/incidents/${incidentId}`), 200);
      return incident.componentImpacts.map((impact: { componentId: string }) => impact.componentId);
    };
  }

  /** A window shown on the V3 page putting REST API under maintenance, suppressing or not. */
  const shownWindow = (server: TestServer, suppressAutoIncidents: boolean) =>
    createWindow(server, {
      startsAt: at(START, 1),
      endsAt: at(START, 2),
      repeatInterval: null,
      repeatUnit: 'DAY',
      statusPageVisibility: { enabled: true, statusPageIds: [PAGE], serviceIds: [A.v3Components.restApi], suppressAutoIncidents },
    });

  it('meanwhile a rule opens no incident on the components under maintenance; after it, it does', async () => {
    const { server, moveTo } = await clockedServer();
    await shownWindow(server, true);
    const onlyMaintained = await rule(server, 'suppress-only', [{ componentId: A.v3Components.restApi, targetImpact: 'MAJOR_OUTAGE' }]);
    const both = await rule(server, 'suppress-both', [
      { componentId: A.v3Components.restApi, targetImpact: 'MAJOR_OUTAGE' },
      { componentId: A.v3Components.login, targetImpact: 'DEGRADED_PERFORMANCE' },
    ]);
    const only = newCheckId();
    const mixed = newCheckId();
    await record(server, only, ['suppress-only'], 'passed');
    await record(server, mixed, ['suppress-both'], 'passed');

    moveTo(1.5);
    await record(server, only, ['suppress-only'], 'failed');
    await record(server, mixed, ['suppress-both'], 'failed');
    expect(await onlyMaintained()).toBeNull();
    expect(await both()).toEqual([A.v3Components.login]);
    // The check alerts all the same: only the automatic incident is held back.
    expect(await alertsOf(server, only)).toEqual(['ALERT_FAILURE']);

    moveTo(2.5);
    await record(server, only, ['suppress-only'], 'passed');
    await record(server, only, ['suppress-only'], 'failed');
    expect(await onlyMaintained()).toEqual([A.v3Components.restApi]);
  });

  it('without suppressAutoIncidents, a rule opens its incident during the maintenance', async () => {
    const { server, moveTo } = await clockedServer();
    await shownWindow(server, false);
    const incidentOf = await rule(server, 'not-suppressed', [{ componentId: A.v3Components.restApi, targetImpact: 'MAJOR_OUTAGE' }]);
    const checkId = newCheckId();
    await record(server, checkId, ['not-suppressed'], 'passed');
    moveTo(1.5);
    await record(server, checkId, ['not-suppressed'], 'failed');
    expect(await incidentOf()).toEqual([A.v3Components.restApi]);
  });
});

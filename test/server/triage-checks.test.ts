// docs/api-rules.md#triage: the hosted read routes of checks, served from the checks and results
// the reference server keeps: statuses from the latest result, alerts as the changes of state
// between consecutive results, results newest first by cursor, per account.
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
import { useTestServer } from '../support/server.js';
import { ACCOUNT_A, ACCOUNT_B, NOW, expectError, expectSuccess, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const shared = useTestServer({ ...TWO_ACCOUNTS, now: () => NOW });

let counter = 0;
const newCheckId = () => `00000000-0000-4000-8000-${(0x7a1a6e000000 + ++counter).toString(16).padStart(12, '0')}`;
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
const seconds = (minutesAgo: number) => String((NOW - minutesAgo * 60_000) / 1000);

/** A new check of account A (or `key`'s) with one result per outcome, a minute apart, the last one `lastAgo` minutes ago. */
async function checkWith(server: TestServer, outcomes: string[], { key = ACCOUNT_A.key, lastAgo = 1, responseTime = 100 } = {}) {
  const checkId = newCheckId();
  const results: any[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    const body = {
      checkId,
      ...(index === 0 ? { name: `Triage ${counter}`, checkType: 'API', tags: ['triage'] } : {}),
      outcome,
      responseTime: responseTime * (index + 1),
      runLocation: index % 2 === 0 ? 'eu-west-1' : 'us-east-1',
      timestamp: at(lastAgo + outcomes.length - 1 - index),
      ...(outcome === 'failed' ? { errorMessage: `Error: run ${index} failed` } : {}),
    };
    results.push(expectSuccess('recordCheckResult', await server.call('POST', '/_reference/check-results', { body, key }), 201));
  }
  return { checkId, results };
}

describe('GET /v1/check-statuses', () => {
  it("answers each check's state from its latest result: the demo's failing and degraded checks among them", async () => {
    const ids = demoIds(ACCOUNT_A.id).checks;
    const statuses = expectSuccess('listCheckStatuses', await shared.server.call('GET', '/v1/check-statuses'), 200);
    const byId = new Map(statuses.map((status: any) => [status.checkId, status]));
    expect(byId.get(ids.paymentsApi)).toMatchObject({ name: 'Payments API', hasFailures: true, isDegraded: false });
    expect(byId.get(ids.statusPageApi)).toMatchObject({ name: 'Status page API', hasFailures: false, isDegraded: true });
    expect(byId.get(ids.databaseTcp)).toMatchObject({ hasFailures: false, isDegraded: false, sslDaysRemaining: null });
  });

  it('answers one check: its longest and shortest run, where and when it last ran', async () => {
    const { checkId, results } = await checkWith(shared.server, ['passed', 'failed', 'degraded']);
    const status = expectSuccess('getCheckStatus', await shared.server.call('GET', `/v1/check-statuses/${checkId}`), 200);
    expect(status).toEqual({
      name: results[0].name,
      checkId,
      hasFailures: false,
      hasErrors: false,
      isDegraded: true,
      longestRun: 300,
      shortestRun: 100,
      lastRunLocation: 'eu-west-1',
      lastCheckRunId: String(results[2].checkRunId),
      sslDaysRemaining: null,
      created_at: '2025-03-10',
      updated_at: results[2].created_at,
    });
  });

  it("is 404 for an unknown check and for another account's", async () => {
    const { checkId } = await checkWith(shared.server, ['passed']);
    expectError(await shared.server.call('GET', `/v1/check-statuses/${newCheckId()}`), 404);
    expectError(await shared.server.call('GET', `/v1/check-statuses/${checkId}`, { key: ACCOUNT_B.key }), 404);
    const bList = expectSuccess('listCheckStatuses', await shared.server.call('GET', '/v1/check-statuses', { key: ACCOUNT_B.key }), 200);
    expect(bList.map((status: any) => status.checkId)).not.toContain(checkId);
  });
});

describe('GET /v1/check-alerts', () => {
  it('sends one alert per change of state, newest first, a first failure included', async () => {
    const { checkId, results } = await checkWith(shared.server, ['failed', 'degraded', 'degraded', 'passed', 'failed', 'passed']);
    const alerts = expectSuccess('listAlertsOfCheck', await shared.server.call('GET', `/v1/check-alerts/${checkId}`), 200);
    expect(alerts.map((alert: any) => alert.alertType)).toEqual([
      'ALERT_RECOVERY',
      'ALERT_FAILURE',
      'ALERT_DEGRADED_RECOVERY',
      'ALERT_FAILURE_DEGRADED',
      'ALERT_FAILURE',
    ]);
    expect(alerts[1]).toMatchObject({
      id: results[4].id,
      checkId,
      name: results[4].name,
      checkType: 'API',
      runLocation: 'eu-west-1',
      responseTime: 500,
      error: 'Error: run 4 failed',
      statusCode: null,
      created_at: results[4].created_at,
    });
    const all = expectSuccess('listCheckAlerts', await shared.server.call('GET', '/v1/check-alerts?limit=100'), 200);
    expect(all.filter((alert: any) => alert.checkId === checkId)).toEqual(alerts);
  });

  it('keeps to the window: the last 6 hours by default, from and to in UNIX seconds or dates, at most 6 hours apart', async () => {
    const { checkId } = await checkWith(shared.server, ['failed', 'passed'], { lastAgo: 7 * 60 });
    const path = `/v1/check-alerts/${checkId}`;
    expect(expectSuccess('listAlertsOfCheck', await shared.server.call('GET', path), 200)).toEqual([]);
    const window = `?from=${seconds(8 * 60)}&to=${seconds(5 * 60)}`;
    const found = expectSuccess('listAlertsOfCheck', await shared.server.call('GET', path + window), 200);
    expect(found.map((alert: any) => alert.alertType)).toEqual(['ALERT_RECOVERY', 'ALERT_FAILURE']);
    const onlyFrom = expectSuccess('listAlertsOfCheck', await shared.server.call('GET', `${path}?from=${seconds(7 * 60)}`), 200);
    expect(onlyFrom.map((alert: any) => alert.alertType)).toEqual(['ALERT_RECOVERY']);
    const fromDate = expectSuccess('listAlertsOfCheck', await shared.server.call('GET', `${path}?from=2025-03-10`), 200);
    expect(fromDate).toEqual(found);
    expect(expectSuccess('listAlertsOfCheck', await shared.server.call('GET', `${path}?from=2025-03-09`), 200)).toEqual([]);
    const tooWide = expectError(await shared.server.call('GET', `${path}?from=2025-03-09&to=2025-03-10`), 400);
    expect(tooWide.details).toEqual([{ path: 'to', message: 'must be at most 6 hours after from' }]);
    expect(expectError(await shared.server.call('GET', `${path}?from=yesterday`), 400).details?.[0]?.path).toBe('from');
  });

  it('pages by page and limit; a page past the end is []', async () => {
    const { checkId } = await checkWith(shared.server, ['failed', 'passed', 'failed', 'passed']);
    const path = `/v1/check-alerts/${checkId}`;
    const first = expectSuccess('listAlertsOfCheck', await shared.server.call('GET', `${path}?limit=3&page=1`), 200);
    const second = expectSuccess('listAlertsOfCheck', await shared.server.call('GET', `${path}?limit=3&page=2`), 200);
    expect([first.length, second.length]).toEqual([3, 1]);
    expect(second[0].alertType).toBe('ALERT_FAILURE');
    expect(expectSuccess('listAlertsOfCheck', await shared.server.call('GET', `${path}?limit=3&page=3`), 200)).toEqual([]);
  });

  it("is 404 for another account's check, and a 400 for an id that is not a UUID", async () => {
    const { checkId } = await checkWith(shared.server, ['failed']);
    expectError(await shared.server.call('GET', `/v1/check-alerts/${checkId}`, { key: ACCOUNT_B.key }), 404);
    expectError(await shared.server.call('GET', '/v1/check-alerts/checkout-api'), 400);
    const bAlerts = expectSuccess('listCheckAlerts', await shared.server.call('GET', '/v1/check-alerts', { key: ACCOUNT_B.key }), 200);
    expect(bAlerts.map((alert: any) => alert.checkId)).not.toContain(checkId);
  });
});

describe('GET /v2/check-results/{checkId} and /v1/check-results/{checkId}/{checkResultId}', () => {
  it('lists the results newest first, page after page by nextId, with none repeated when results come in between', async () => {
    const { checkId, results } = await checkWith(shared.server, ['passed', 'failed', 'passed', 'degraded', 'passed'], { lastAgo: 10 });
    const path = `/v2/check-results/${checkId}`;
    const first = expectSuccess('listCheckResults', await shared.server.call('GET', `${path}?limit=2`), 200);
    expect(first.entries.map((result: any) => result.id)).toEqual([results[4].id, results[3].id]);
    expect(first.length).toBe(2);
    // A newer result meanwhile moves nothing of what follows.
    await shared.server.call('POST', '/_reference/check-results', { body: { checkId, outcome: 'passed' } });
    const second = expectSuccess('listCheckResults', await shared.server.call('GET', `${path}?limit=2&nextId=${first.nextId}`), 200);
    expect(second.entries.map((result: any) => result.id)).toEqual([results[2].id, results[1].id]);
    const last = expectSuccess('listCheckResults', await shared.server.call('GET', `${path}?limit=2&nextId=${second.nextId}`), 200);
    expect(last).toEqual({ length: 1, entries: [results[0]], nextId: null });
    expectError(await shared.server.call('GET', `${path}?nextId=bm90LWEtY3Vyc29y`), 400);
    // Another check's cursor is not one of this list.
    const other = await checkWith(shared.server, ['passed', 'passed']);
    const theirs = expectSuccess('listCheckResults', await shared.server.call('GET', `/v2/check-results/${other.checkId}?limit=1`), 200);
    expect(expectError(await shared.server.call('GET', `${path}?nextId=${theirs.nextId}`), 400).details?.[0]?.path).toBe('nextId');
  });

  it('filters by hasFailures, location, checkType, resultType, from and to, and keeps the fields asked for', async () => {
    const { checkId, results } = await checkWith(shared.server, ['passed', 'failed', 'passed', 'failed'], { lastAgo: 30 });
    const path = `/v2/check-results/${checkId}`;
    const ids = async (query: string) =>
      expectSuccess('listCheckResults', await shared.server.call('GET', `${path}?${query}`), 200).entries.map((r: any) => r.id);
    expect(await ids('hasFailures=true')).toEqual([results[3].id, results[1].id]);
    expect(await ids('hasFailures=false&location=eu-west-1')).toEqual([results[2].id, results[0].id]);
    expect(await ids('checkType=BROWSER')).toEqual([]);
    expect(await ids('checkType=API&resultType=ALL')).toHaveLength(4);
    expect(await ids('resultType=ATTEMPT')).toEqual([]);
    expect(await ids(`from=${seconds(32)}&to=${seconds(30)}`)).toEqual([results[2].id, results[1].id]);
    const projected = expectSuccess('listCheckResults', await shared.server.call('GET', `${path}?fields=id,hasFailures&limit=1`), 200);
    expect(projected.entries).toEqual([{ id: results[3].id, hasFailures: true }]);
    expect(expectError(await shared.server.call('GET', `${path}?fields=id,secret`), 400).details?.[0]?.path).toBe('fields');
  });

  it('answers an empty list for a check with no results, and one result by its id; 404 for an unknown or another account’s', async () => {
    const empty = expectSuccess('listCheckResults', await shared.server.call('GET', `/v2/check-results/${newCheckId()}`), 200);
    expect(empty).toEqual({ length: 0, entries: [], nextId: null });
    const { checkId, results } = await checkWith(shared.server, ['failed']);
    const one = await shared.server.call('GET', `/v1/check-results/${checkId}/${results[0].id}`);
    expect(expectSuccess('getCheckResult', one, 200)).toEqual(results[0]);
    expectError(await shared.server.call('GET', `/v1/check-results/${checkId}/${newCheckId()}`), 404);
    expectError(await shared.server.call('GET', `/v1/check-results/${checkId}/${results[0].id}`, { key: ACCOUNT_B.key }), 404);
    const asB = await shared.server.call('GET', `/v2/check-results/${checkId}`, { key: ACCOUNT_B.key });
    expect(expectSuccess('listCheckResults', asB, 200).entries).toEqual([]);
  });
});

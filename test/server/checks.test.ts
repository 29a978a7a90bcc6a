// docs/api-rules.md#check-results: checks and their results, recorded by the reference-only
// `POST /_reference/check-results`, kept per account with the latest result and the results
// newest first at hand, a failed run's error grouped as an error event is.
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
import { AccountStore } from '../../src/server/store.js';
import { checkResult, type Check } from '../../src/server/store/checks.js';
import { useTestServer } from '../support/server.js';
import { upstreamComponentValidator } from '../support/upstream-spec.js';
import { ACCOUNT_A, ACCOUNT_B, NOW, expectError, expectSuccess, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const shared = useTestServer({ ...TWO_ACCOUNTS, now: () => NOW });

const NEW_CHECK = { name: 'Checkout API', checkType: 'API', tags: ['checkout', 'api'] };
const hostedCheckResult = upstreamComponentValidator('CheckResult');

let counter = 0;
/** A check id of this test's own. */
const newCheckId = () => `00000000-0000-4000-8000-${(0xc0ffee000000 + ++counter).toString(16).padStart(12, '0')}`;

async function record(server: TestServer, body: Record<string, unknown>, key = ACCOUNT_A.key) {
  const result = await server.call('POST', '/_reference/check-results', { body, key });
  const json = expectSuccess('recordCheckResult', result, 201);
  expect(hostedCheckResult(json), JSON.stringify(hostedCheckResult.errors)).toBe(true);
  return json;
}

describe('POST /_reference/check-results', () => {
  it('starts a new check and answers the result in the hosted shape, its time now by default', async () => {
    const checkId = newCheckId();
    const result = await record(shared.server, { checkId, ...NEW_CHECK, outcome: 'passed', responseTime: 120 });
    expect(result).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Checkout API',
      checkId,
      hasFailures: false,
      hasErrors: false,
      isDegraded: false,
      isCancelled: false,
      overMaxResponseTime: false,
      runLocation: 'eu-central-1',
      startedAt: '2025-03-10T11:59:59.880Z',
      stoppedAt: '2025-03-10T12:00:00.000Z',
      created_at: '2025-03-10T12:00:00.000Z',
      responseTime: 120,
      checkRunId: expect.any(Number),
      attempts: 1,
      resultType: 'FINAL',
      sequenceId: null,
      traceId: null,
      errorGroupIds: [],
    });
    // Known now: a result needs no name, type or tags.
    const next = await record(shared.server, {
      checkId,
      outcome: 'degraded',
      runLocation: 'us-east-1',
      timestamp: '2025-03-10T12:00:00+01:00',
    });
    expect(next).toMatchObject({ name: 'Checkout API', isDegraded: true, hasFailures: false, runLocation: 'us-east-1' });
    expect(next.created_at).toBe('2025-03-10T11:00:00.000Z');
    expect(next.checkRunId).toBeGreaterThan(result.checkRunId);
  });

  it('refuses a new check without its name, type or tags, naming the field, and a result from the future', async () => {
    for (const field of ['name', 'checkType', 'tags'] as const) {
      const body: Record<string, unknown> = { checkId: newCheckId(), ...NEW_CHECK, outcome: 'passed' };
      delete body[field];
      const error = expectError(await shared.server.call('POST', '/_reference/check-results', { body }), 400);
      expect(error.details).toEqual([{ path: field, message: `is required: check ${body.checkId} is new` }]);
    }
    const future = await shared.server.call('POST', '/_reference/check-results', {
      body: { checkId: newCheckId(), ...NEW_CHECK, outcome: 'passed', timestamp: '2025-03-10T12:00:01Z' },
    });
    expect(expectError(future, 400).details).toEqual([{ path: 'timestamp', message: 'must not be in the future' }]);
    const badOutcome = await shared.server.call('POST', '/_reference/check-results', {
      body: { checkId: newCheckId(), ...NEW_CHECK, outcome: 'broken' },
    });
    expect(expectError(badOutcome, 400).details?.[0]?.path).toBe('outcome');
    const notUuid = await shared.server.call('POST', '/_reference/check-results', {
      body: { checkId: 'checkout-api', ...NEW_CHECK, outcome: 'passed' },
    });
    expect(expectError(notUuid, 400).details?.[0]?.path).toBe('checkId');
  });

  it('renames a known check and replaces its tags when a result says so; later results carry the new name', async () => {
    const checkId = newCheckId();
    await record(shared.server, { checkId, ...NEW_CHECK, outcome: 'passed' });
    const renamed = await record(shared.server, { checkId, name: 'Checkout API v2', tags: ['checkout'], outcome: 'passed' });
    expect(renamed.name).toBe('Checkout API v2');
    expect((await record(shared.server, { checkId, outcome: 'passed' })).name).toBe('Checkout API v2');
  });

  it("groups a failed run's error as an error event does; a passing run's message is not grouped", async () => {
    const checkId = newCheckId();
    const message = 'Request failed with status code 502 (Bad Gateway): GET https://api.example.com/orders?cursor=abc123';
    const first = await record(shared.server, { checkId, ...NEW_CHECK, outcome: 'failed', errorMessage: message });
    expect(first.hasFailures).toBe(true);
    expect(first.errorGroupIds).toHaveLength(1);
    const second = await record(shared.server, {
      checkId,
      outcome: 'failed',
      errorMessage: message.replace('abc123', 'def456'),
    });
    expect(second.errorGroupIds).toEqual(first.errorGroupIds);
    await record(shared.server, { checkId, outcome: 'passed', errorMessage: 'Error: this is only a warning' });
    const groups = expectSuccess('listCheckErrorGroups', await shared.server.call('GET', `/v1/error-groups/checks/${checkId}`), 200);
    expect(groups.map((group: any) => group.id)).toEqual(first.errorGroupIds);
    expect(groups[0]).toMatchObject({ checkId, rawErrorMessage: message.replace('abc123', 'def456') });
    // The same error from an error event lands in the same group.
    const event = await shared.server.call('POST', '/_reference/error-events', { body: { checkId, rawErrorMessage: message } });
    expect(expectSuccess('recordErrorEvent', event, 201).id).toBe(first.errorGroupIds[0]);
  });

  it("keeps each account's checks apart: another account's check is new to it", async () => {
    const checkId = newCheckId();
    await record(shared.server, { checkId, ...NEW_CHECK, outcome: 'failed', errorMessage: 'Error: A only' });
    const asB = await shared.server.call('POST', '/_reference/check-results', { body: { checkId, outcome: 'passed' }, key: ACCOUNT_B.key });
    expect(expectError(asB, 400).details?.[0]?.path).toBe('name');
    const bGroups = await shared.server.call('GET', `/v1/error-groups/checks/${checkId}`, { key: ACCOUNT_B.key });
    expect(expectSuccess('listCheckErrorGroups', bGroups, 200)).toEqual([]);
    const bResult = await record(shared.server, { checkId, name: 'B check', checkType: 'URL', tags: [], outcome: 'passed' }, ACCOUNT_B.key);
    expect(bResult.name).toBe('B check');
    expect((await record(shared.server, { checkId, outcome: 'passed' })).name).toBe('Checkout API');
  });

  it("knows the demo data's checks: a result of one needs no name", async () => {
    const checkId = demoIds(ACCOUNT_A.id).checks.ordersApi;
    expect(await record(shared.server, { checkId, outcome: 'passed' })).toMatchObject({ checkId, name: 'Orders API' });
  });
});

describe("the store's checks", () => {
  const check: Check = { id: 'c-1', name: 'Web', checkType: 'URL', tags: ['web'], activated: true, created_at: '2025-03-10T10:00:00.000Z' };
  const result = (id: string, minute: number, outcome: 'passed' | 'failed') =>
    checkResult({ id, check, outcome, checkRunId: minute, stoppedAt: Date.parse(`2025-03-10T10:${String(minute).padStart(2, '0')}:00Z`) });

  it('hold the latest result by time and the results newest first, a late one put in its place', () => {
    const store = new AccountStore('a-1');
    store.commit({ kind: 'checkSaved', check });
    expect(store.records.checks.latest('c-1')).toBeUndefined();
    for (const [id, minute, outcome] of [
      ['r-1', 1, 'passed'],
      ['r-3', 3, 'failed'],
      ['r-2', 2, 'passed'],
    ] as const)
      store.commit({
        kind: 'checkResultRecorded',
        result: result(id, minute, outcome),
        errorMessage: outcome === 'failed' ? 'boom' : null,
      });
    expect(store.records.checks.latest('c-1')).toMatchObject({ result: { id: 'r-3', hasFailures: true }, errorMessage: 'boom' });
    expect([...store.records.checks.results('c-1')].map((stored) => stored.result.id)).toEqual(['r-3', 'r-2', 'r-1']);
    expect(store.records.checks.result('c-1', 'r-2')?.result.id).toBe('r-2');
    expect(store.records.checks.resultCount).toBe(3);
    const copy = new AccountStore('a-1');
    for (const entry of store.snapshotEntries()) copy.restoreEntry(JSON.parse(JSON.stringify(entry)));
    expect([...copy.records.checks.results('c-1')]).toEqual([...store.records.checks.results('c-1')]);
    expect(copy.records.checks.resultCount).toBe(3);
  });
});

// docs/api-rules.md#root-cause-analyses-and-error-groups: error cleaning, hashing and grouping; archive flags; root cause analyses.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rulesProvider } from '../../src/server/analysis/rules-provider.js';
import { cleanErrorMessage, errorHash } from '../../src/server/error-cleaning.js';
import { watchedProvider } from '../support/analyses.js';
import { ACCOUNT_B, NOW, expectError, expectSuccess, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';

describe('cleaning and hashing error messages', () => {
  it.each([
    ['Request 7f3c2a9e-1b2c-4d5e-8f90-123456789abc failed', 'Request <uuid> failed'],
    ['trace 4bf92f3577b34da6a3ce929d0e0e4736 dropped', 'trace <hex> dropped'],
    ['page.goto: Timeout 30000ms exceeded', 'page.goto: Timeout <number>ms exceeded'],
    ['failed at 2025-03-01T10:00:00.123Z', 'failed at <timestamp>'],
    ['GET https://api.acme.io/v2/orders?limit=50&token=abc returned 502', 'GET https://api.acme.io/v2/orders?<query> returned <number>'],
    ['connect ECONNREFUSED 10.0.3.17:5432', 'connect ECONNREFUSED <number>:<number>'],
    ['getaddrinfo ENOTFOUND api.acme-cloud.io', 'getaddrinfo ENOTFOUND api.acme-cloud.io'],
  ])('cleans %j', (raw, cleaned) => {
    expect(cleanErrorMessage(raw)).toBe(cleaned);
    // Cleaning a cleaned message changes nothing.
    expect(cleanErrorMessage(cleaned)).toBe(cleaned);
  });

  it('hashes the cleaned message with SHA-256', () => {
    expect(errorHash('x <number>')).toBe(createHash('sha256').update('x <number>').digest('hex'));
  });
});

async function recordError(server: TestServer, checkId: string, rawErrorMessage: string, timestamp?: string, key?: string) {
  const result = await server.call('POST', '/_reference/error-events', {
    key,
    body: { checkId, rawErrorMessage, ...(timestamp ? { timestamp } : {}) },
  });
  return expectSuccess('recordErrorEvent', result, 201);
}

describe('grouping', () => {
  it('groups by (checkId, hash of the cleaned message) and tracks first and last seen', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const first = await recordError(
      server,
      'check-1',
      'Timeout 30000ms exceeded for request 11111111-2222-4333-8444-555555555555',
      '2025-03-08T10:00:00Z',
    );
    const second = await recordError(
      server,
      'check-1',
      'Timeout 15000ms exceeded for request 99999999-2222-4333-8444-555555555555',
      '2025-03-09T23:00:00Z',
    );
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({
      firstSeen: '2025-03-08',
      lastSeen: '2025-03-09',
      cleanedErrorMessage: 'Timeout <number>ms exceeded for request <uuid>',
      errorHash: createHash('sha256').update('Timeout <number>ms exceeded for request <uuid>').digest('hex'),
      rawErrorMessage: 'Timeout 15000ms exceeded for request 99999999-2222-4333-8444-555555555555',
      archivedUntilNextEvent: false,
    });
    const otherCheck = await recordError(server, 'check-2', 'Timeout 30000ms exceeded for request 11111111-2222-4333-8444-555555555555');
    expect(otherCheck.id).not.toBe(first.id);
    const otherMessage = await recordError(server, 'check-1', 'connect ECONNREFUSED 10.0.0.1:443');
    expect(otherMessage.id).not.toBe(first.id);
  });

  it('refuses an event from the future and a missing message', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const future = await server.call('POST', '/_reference/error-events', {
      body: { checkId: 'c', rawErrorMessage: 'x', timestamp: '2025-03-10T12:00:01Z' },
    });
    expect(expectError(future, 400).details).toEqual([{ path: 'timestamp', message: 'must not be in the future' }]);
    expectError(await server.call('POST', '/_reference/error-events', { body: { checkId: 'c' } }), 400);
  });
});

describe('archiving', () => {
  async function patch(server: TestServer, id: string, body: unknown) {
    return expectSuccess('updateErrorGroup', await server.call('PATCH', `/v1/error-groups/${id}`, { body }), 200);
  }

  it('archives until the next event: a new matching error unarchives', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const group = await recordError(server, 'check-1', 'HTTP 503 from upstream');
    expect((await patch(server, group.id, { archivedUntilNextEvent: true })).archivedUntilNextEvent).toBe(true);
    expect((await recordError(server, 'check-1', 'HTTP 503 from upstream')).archivedUntilNextEvent).toBe(false);
  });

  it('archives for ever: new errors keep it archived; false for both unarchives', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const group = await recordError(server, 'check-1', 'HTTP 503 from upstream');
    expect((await patch(server, group.id, { archiveForEver: true })).archivedUntilNextEvent).toBe(true);
    expect((await recordError(server, 'check-1', 'HTTP 504 from upstream')).archivedUntilNextEvent).toBe(true);
    expect((await patch(server, group.id, { archiveForEver: false, archivedUntilNextEvent: false })).archivedUntilNextEvent).toBe(false);
    expect((await recordError(server, 'check-1', 'HTTP 503 from upstream')).archivedUntilNextEvent).toBe(false);
  });

  it('needs at least one flag, booleans only, and answers 404 across accounts', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const group = await recordError(server, 'check-1', 'boom');
    expectError(await server.call('PATCH', `/v1/error-groups/${group.id}`, { body: {} }), 400);
    expectError(await server.call('PATCH', `/v1/error-groups/${group.id}`, { body: { archiveForEver: 'yes' } }), 400);
    expectError(await server.call('PATCH', `/v1/error-groups/${group.id}`, { key: ACCOUNT_B.key, body: { archiveForEver: true } }), 404);
  });
});

describe('root cause analyses', () => {
  it('answers 202 PENDING, then 200 COMPLETED with the analysis, appended to the group', async () => {
    // The analysis is held back until the test lets it be given: pending for as long as it is.
    const analyses = watchedProvider({ held: true });
    const server = await startTestServer({ ...TWO_ACCOUNTS, analysisProvider: analyses.provider });
    const group = await recordError(server, 'check-dns', 'getaddrinfo ENOTFOUND payments-eu.acmepay.com');
    const accepted = await server.call('POST', `/v1/root-cause-analyses/test-session-error-groups/${group.id}`, {
      body: { userContext: 'after the DNS migration' },
    });
    const pending = expectSuccess('requestRootCauseAnalysis', accepted, 202);
    expect(pending).toEqual({ id: expect.any(String), status: 'PENDING' });
    // Until the provider gives it, it is pending.
    expect(expectSuccess('getRootCauseAnalysis', await server.call('GET', `/v1/root-cause-analyses/${pending.id}`), 202)).toEqual(pending);

    const given = analyses.next();
    analyses.release();
    const analysis = await given;
    const done = expectSuccess('getRootCauseAnalysis', await server.call('GET', `/v1/root-cause-analyses/${pending.id}`), 200);
    expect(done.analysis).toEqual(analysis);
    expect(done).toMatchObject({
      id: pending.id,
      status: 'COMPLETED',
      provider: 'statusctl-rules',
      model: 'rules-v1',
      checkType: 'API',
      checkId: 'check-dns',
      errorGroupId: group.id,
      analysis: { classification: 'INFRA ERROR' },
    });
    expect(done.durationMs).toBeGreaterThanOrEqual(0);
    expect(done.analysis.rootCause).toContain('payments-eu.acmepay.com');
    expect(JSON.stringify(done.analysis.evidence)).toContain('after the DNS migration');

    const archived = expectSuccess(
      'updateErrorGroup',
      await server.call('PATCH', `/v1/error-groups/${group.id}`, { body: { archivedUntilNextEvent: false } }),
      200,
    );
    expect(archived.rootCauseAnalyses).toEqual([done]);
  });

  it('accepts no body, {} and a null userContext; refuses a long context and unknown groups', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const group = await recordError(server, 'c', 'boom');
    const path = `/v1/root-cause-analyses/test-session-error-groups/${group.id}`;
    expectSuccess('requestRootCauseAnalysis', await server.call('POST', path), 202);
    expectSuccess('requestRootCauseAnalysis', await server.call('POST', path, { body: {} }), 202);
    expectError(await server.call('POST', path, { body: { userContext: 'x'.repeat(257) } }), 400);
    expectError(await server.call('POST', '/v1/root-cause-analyses/test-session-error-groups/nope'), 404);
    expectError(await server.call('POST', path, { key: ACCOUNT_B.key }), 404);
    expectError(await server.call('GET', '/v1/root-cause-analyses/nope'), 404);
  });

  it.each([
    ['TimeoutError: page.goto: Timeout 30000ms exceeded.', 'PERFORMANCE ERROR'],
    ['connect ECONNREFUSED 10.12.4.31:5432', 'INFRA ERROR'],
    ['getaddrinfo ENOTFOUND api.example.com', 'INFRA ERROR'],
    ['Error: certificate has expired (CERT_HAS_EXPIRED)', 'INFRA ERROR'],
    ['Request failed with status code 502', 'SERVER ERROR'],
    ['Request failed with status code 404', 'CLIENT ERROR'],
    ['Error: expect(received).toEqual(expected)', 'ASSERTION ERROR'],
    ["locator.click: Timeout 10000ms exceeded. waiting for locator('#submit')", 'TEST ERROR'],
    ['something odd happened', 'UNKNOWN'],
  ])('the rules provider classifies %j as %s', async (message, classification) => {
    const analysis = await rulesProvider.analyze({
      rawErrorMessage: message,
      cleanedErrorMessage: cleanErrorMessage(message),
      checkType: 'API',
      userContext: null,
    });
    expect(analysis.classification).toBe(classification);
    expect(analysis.rootCause.length).toBeGreaterThan(20);
  });
});

describe('listing and reading error groups', () => {
  it('lists newest lastSeen first, archived ones included, by page and limit; a page past the end is []', async () => {
    const server = await startTestServer({
      ...TWO_ACCOUNTS,
      accounts: [{ id: '7d1c0000-0000-4000-8000-00000000000a', key: 'key-a-0123456789abcdef' }],
      now: () => NOW,
    });
    const before = expectSuccess('listErrorGroups', await server.call('GET', '/v1/error-groups?limit=100'), 200);
    const old = await recordError(server, 'list-check', 'Error: old failure', '2025-03-01T10:00:00Z');
    const recent = await recordError(server, 'list-check', 'Error: recent failure', '2025-03-10T09:00:00Z');
    const other = await recordError(server, 'other-check', 'Error: elsewhere', '2025-03-09T09:00:00Z');
    expectSuccess('updateErrorGroup', await server.call('PATCH', `/v1/error-groups/${recent.id}`, { body: { archiveForEver: true } }), 200);
    const all = expectSuccess('listErrorGroups', await server.call('GET', '/v1/error-groups?limit=100'), 200);
    expect(all).toHaveLength(before.length + 3);
    const lastSeen = all.map((group: any) => group.lastSeen);
    expect(lastSeen).toEqual([...lastSeen].sort().reverse());
    expect(all.find((group: any) => group.id === recent.id).archivedUntilNextEvent).toBe(true);
    // Default: 10 a page, from page 1.
    expect(expectSuccess('listErrorGroups', await server.call('GET', '/v1/error-groups'), 200)).toEqual(all.slice(0, 10));
    const second = expectSuccess('listErrorGroups', await server.call('GET', '/v1/error-groups?limit=2&page=2'), 200);
    expect(second).toEqual(all.slice(2, 4));
    expect(expectSuccess('listErrorGroups', await server.call('GET', '/v1/error-groups?page=1000'), 200)).toEqual([]);
    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=1.5', 'page=-1', 'foo=1'])
      expectError(await server.call('GET', `/v1/error-groups?${query}`), 400);

    const ofCheck = expectSuccess('listCheckErrorGroups', await server.call('GET', '/v1/error-groups/checks/list-check'), 200);
    expect(ofCheck.map((group: any) => group.id)).toEqual([recent.id, old.id]);
    expect(
      expectSuccess('listCheckErrorGroups', await server.call('GET', '/v1/error-groups/checks/list-check?limit=1&page=2'), 200),
    ).toEqual([expect.objectContaining({ id: old.id })]);
    // A check with no error recorded has no groups.
    expect(expectSuccess('listCheckErrorGroups', await server.call('GET', '/v1/error-groups/checks/no-such-check'), 200)).toEqual([]);
    expect(expectSuccess('getErrorGroup', await server.call('GET', `/v1/error-groups/${other.id}`), 200)).toEqual(other);
    expectError(await server.call('GET', '/v1/error-groups/no-such-group'), 404);
  });

  it('keeps each account’s groups to itself', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const mine = await recordError(server, 'shared-check-id', 'Error: only mine');
    expectError(await server.call('GET', `/v1/error-groups/${mine.id}`, { key: ACCOUNT_B.key }), 404);
    const ofB = expectSuccess('listErrorGroups', await server.call('GET', '/v1/error-groups?limit=100', { key: ACCOUNT_B.key }), 200);
    expect(ofB.map((group: any) => group.id)).not.toContain(mine.id);
    expect(
      expectSuccess(
        'listCheckErrorGroups',
        await server.call('GET', '/v1/error-groups/checks/shared-check-id', { key: ACCOUNT_B.key }),
        200,
      ),
    ).toEqual([]);
  });

  it("analyses a check's error group through its own route, from the same store of groups", async () => {
    const analyses = watchedProvider();
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW, analysisProvider: analyses.provider });
    const group = await recordError(server, 'rca-check', 'connect ECONNREFUSED 10.0.0.1:5432');
    const path = `/v1/root-cause-analyses/error-groups/${group.id}`;
    const pending = expectSuccess(
      'requestErrorGroupAnalysis',
      await server.call('POST', path, { body: { userContext: 'after the deploy' } }),
      202,
    );
    expect(pending).toEqual({ id: expect.any(String), status: 'PENDING' });
    expectSuccess('requestErrorGroupAnalysis', await server.call('POST', path), 202);
    expectError(await server.call('POST', path, { key: ACCOUNT_B.key }), 404);
    expectError(await server.call('POST', '/v1/root-cause-analyses/error-groups/no-such-group'), 404);
    expectError(await server.call('POST', path, { body: { userContext: 'x'.repeat(257) } }), 400);
    // The two POSTs that were accepted each asked for an analysis; the first is the one read here.
    await analyses.next();
    await analyses.next();
    const analysis = expectSuccess('getRootCauseAnalysis', await server.call('GET', `/v1/root-cause-analyses/${pending.id}`), 200);
    expect(analysis).toMatchObject({ id: pending.id, status: 'COMPLETED', errorGroupId: group.id });
    const stored = expectSuccess('getErrorGroup', await server.call('GET', `/v1/error-groups/${group.id}`), 200);
    expect(stored.rootCauseAnalyses).toContainEqual(analysis);
  });
});

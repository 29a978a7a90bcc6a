// Every client method against the real reference server on a real port: the client and the
// server are written from the same contract, so beyond the semantics asserted here, each test
// also checks that no answer drew a contract warning from the client.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, type Client, type RequestEvent } from '../../src/client/index.js';
import type { RunningServer } from '../../src/server/index.js';
import { testClock } from '../support/clock.js';
import { startTestServer } from '../support/server.js';
import { apiFailure } from './helpers.js';

const ACCOUNT_A = { id: 'c0000000-0000-4000-8000-00000000000a', key: 'sk_test_client_a_0123456789abcdef' };
const ACCOUNT_B = { id: 'c0000000-0000-4000-8000-00000000000b', key: 'sk_test_client_b_fedcba9876543210' };

let server: RunningServer;
let client: Client;
const warnings: string[] = [];

function clientAs(account: { id: string; key: string }, extra: Partial<Parameters<typeof createClient>[0]> = {}): Client {
  return createClient({ baseUrl: server.url, apiKey: account.key, accountId: account.id, onWarning: (w) => warnings.push(w), ...extra });
}

beforeAll(async () => {
  // Long enough that the first poll right after the request sees PENDING even on a loaded machine.
  server = await startTestServer({ accounts: [ACCOUNT_A, ACCOUNT_B], rcaDelayMs: 1000 });
  client = clientAs(ACCOUNT_A);
});

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  expect(warnings.splice(0), 'contract warnings from the client').toEqual([]);
});

/** A service as a create body names it (upstream's IncidentService). */
type ServiceRef = { id: string; name: string; accountId: string };

/** A service of the account that sits on a status page, found through the API. */
async function serviceOnAPage(): Promise<{ pageId: string; serviceId: string; serviceName: string; service: ServiceRef }> {
  const pages = await client.listStatusPages({ query: { limit: '100' } });
  for (const page of pages.entries) {
    const svc = page.cards.flatMap((card) => card.services)[0];
    if (svc)
      return {
        pageId: page.id,
        serviceId: svc.id,
        serviceName: svc.name,
        service: { id: svc.id, name: svc.name, accountId: svc.accountId },
      };
  }
  throw new Error('the demo data has no status page with a service');
}

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

/** A create body the hosted API accepts. */
const body = (name: string, service: ServiceRef) => ({
  name,
  severity: 'MINOR' as const,
  services: [service],
  incidentUpdates: [{ description: 'Investigating' }] as [{ description: string }],
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('status pages', () => {
  it('lists pages with embedded cards and masked keys, and pages through them with nextId', async () => {
    const all = await client.listStatusPages({});
    expect(all.length).toBe(all.entries.length);
    expect(all.entries.length).toBeGreaterThan(1);
    for (const page of all.entries) {
      expect(page.accountId).toBe(ACCOUNT_A.id);
      for (const key of page.keys) expect(key.maskedKey).toMatch(/^\*+.{4}$/);
    }

    const seen: string[] = [];
    let nextId: string | undefined;
    do {
      const page = await client.listStatusPages({ query: { limit: '1', ...(nextId ? { nextId } : {}) } });
      expect(page.length).toBe(1);
      seen.push(page.entries[0]!.id);
      nextId = page.nextId ?? undefined;
    } while (nextId);
    expect(seen).toEqual(all.entries.map((p) => p.id));
  });

  it('gets one page by id, and answers 404 for an unknown one', async () => {
    const { pageId } = await serviceOnAPage();
    const page = await client.getStatusPage({ params: { statusPageId: pageId } });
    expect(page.id).toBe(pageId);

    const error = await apiFailure(client.getStatusPage({ params: { statusPageId: '00000000-0000-4000-8000-000000000000' } }));
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(error.serverMessage).toBeTruthy();
  });
});

describe('incidents and their updates', () => {
  it('creates an incident (201) that shows up in the list, by id and on the status page', async () => {
    const { pageId, serviceId, serviceName, service } = await serviceOnAPage();
    const created = await client.call('createIncident', {
      body: {
        name: 'Client test: checkout errors',
        severity: 'MAJOR',
        services: [service],
        incidentUpdates: [{ description: 'Looking into it', status: 'IDENTIFIED' }],
      },
    });
    expect(created.status).toBe(201);
    const incident = created.body;
    expect(incident.lastUpdateStatus).toBe('IDENTIFIED');
    expect(incident.services).toEqual([expect.objectContaining({ id: serviceId, name: serviceName, accountId: ACCOUNT_A.id })]);
    expect(incident.incidentUpdates).toHaveLength(1);
    expect(incident.incidentUpdates[0]).toMatchObject({ description: 'Looking into it', notifySubscribers: false });
    expect(incident.duration ?? null).toBeNull();

    const latest = await client.listIncidents({ query: { limit: '1' } });
    expect(latest.entries[0]!.id).toBe(incident.id);
    await expect(client.getIncident({ params: { incidentId: incident.id } })).resolves.toEqual(incident);
    const page = await client.getStatusPage({ params: { statusPageId: pageId } });
    expect(page.incidents.map((i) => i.id)).toContain(incident.id);
  });

  it('refuses an unknown service with a 400 naming it (documented error body)', async () => {
    const { service } = await serviceOnAPage();
    const error = await apiFailure(client.createIncident({ body: { ...body('x', service), services: [{ ...service, id: UNKNOWN }] } }));
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(`${error.serverMessage} ${JSON.stringify(error.details)}`).toContain(UNKNOWN);
  });

  it('pages through incidents newest first without duplicates', async () => {
    const { service } = await serviceOnAPage();
    const ids: string[] = [];
    for (const name of ['page test 1', 'page test 2', 'page test 3']) {
      ids.unshift((await client.createIncident({ body: body(name, service) })).id);
    }
    const first = await client.listIncidents({ query: { limit: '2' } });
    expect(first.entries.map((i) => i.id)).toEqual(ids.slice(0, 2));
    expect(first.nextId).toEqual(expect.any(String));
    const second = await client.listIncidents({ query: { limit: '2', nextId: first.nextId! } });
    expect(second.entries[0]!.id).toBe(ids[2]);
  });

  it('adds, gets and changes updates; RESOLVED sets duration and another update reopens', async () => {
    const { service } = await serviceOnAPage();
    const incident = await client.createIncident({
      body: {
        name: 'Client test: timeline',
        severity: 'CRITICAL',
        services: [service],
        incidentUpdates: [{ description: 'Started', status: 'INVESTIGATING', publicIncidentUpdateDate: minutesAgo(30) }],
      },
    });
    const incidentId = incident.id;

    // No status given: the incident's current status is kept.
    const plain = await client.createIncidentUpdate({ params: { incidentId }, body: { description: 'Still looking' } });
    expect(plain.status).toBe('INVESTIGATING');

    const resolved = await client.createIncidentUpdate({
      params: { incidentId },
      body: { description: 'Fixed', status: 'RESOLVED', notifySubscribers: true },
    });
    expect(resolved).toMatchObject({ description: 'Fixed', status: 'RESOLVED', notifySubscribers: true });
    await expect(client.getIncidentUpdate({ params: { incidentId, incidentUpdateId: resolved.id } })).resolves.toEqual(resolved);

    const afterResolve = await client.getIncident({ params: { incidentId } });
    expect(afterResolve.lastUpdateStatus).toBe('RESOLVED');
    expect(afterResolve.duration).toBeGreaterThanOrEqual(30 * 60 - 5);

    // PUT changes the description; the status stays because it is not given.
    const changed = await client.updateIncidentUpdate({
      params: { incidentId, incidentUpdateId: resolved.id },
      body: { description: 'Fixed: a bad deploy was rolled back' },
    });
    expect(changed).toMatchObject({ id: resolved.id, description: 'Fixed: a bad deploy was rolled back', status: 'RESOLVED' });

    // PUT with a status reopens the incident.
    await client.updateIncidentUpdate({
      params: { incidentId, incidentUpdateId: resolved.id },
      body: { description: 'Not fixed after all', status: 'MONITORING' },
    });
    const reopened = await client.getIncident({ params: { incidentId } });
    expect(reopened.lastUpdateStatus).toBe('MONITORING');
    expect(reopened.duration ?? null).toBeNull();

    // An update id of another incident does not exist here.
    const other = await client.createIncident({
      body: { name: 'other', severity: 'MINOR', services: [service], incidentUpdates: [{ description: 'x' }] },
    });
    const error = await apiFailure(client.getIncidentUpdate({ params: { incidentId, incidentUpdateId: other.incidentUpdates[0]!.id } }));
    expect(error.status).toBe(404);
  });
});

describe('error groups and root cause analyses', () => {
  const checkId = 'chk-client-test';

  it('groups recorded errors by their cleaned message', async () => {
    const first = await client.call('recordErrorEvent', {
      body: { checkId, rawErrorMessage: 'Timeout 30000ms exceeded waiting for request 8f14e45f-ceea-4e7a-9a1e-0d1c0c8f2a11' },
    });
    expect(first.status).toBe(201);
    expect(first.body.errorHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.body.cleanedErrorMessage).not.toContain('8f14e45f');
    expect(first.body.cleanedErrorMessage).not.toContain('30000');

    const second = await client.recordErrorEvent({
      body: { checkId, rawErrorMessage: 'Timeout 15000ms exceeded waiting for request 0b7e1b6a-1d2c-4a8e-9b3f-5e6d7c8b9a00' },
    });
    expect(second.id).toBe(first.body.id);
    expect(second.errorHash).toBe(first.body.errorHash);
  });

  it('archives until the next event, and for ever; PATCH with both false unarchives', async () => {
    const group = await client.recordErrorEvent({ body: { checkId, rawErrorMessage: 'connect ECONNREFUSED 10.0.0.7:5432' } });
    const id = group.id;

    await expect(client.updateErrorGroup({ params: { id }, body: { archivedUntilNextEvent: true } })).resolves.toMatchObject({
      id,
      archivedUntilNextEvent: true,
    });
    const again = await client.recordErrorEvent({ body: { checkId, rawErrorMessage: 'connect ECONNREFUSED 10.0.0.8:5432' } });
    expect(again).toMatchObject({ id, archivedUntilNextEvent: false });

    await client.updateErrorGroup({ params: { id }, body: { archiveForEver: true } });
    const still = await client.recordErrorEvent({ body: { checkId, rawErrorMessage: 'connect ECONNREFUSED 10.0.0.9:5432' } });
    expect(still).toMatchObject({ id, archivedUntilNextEvent: true });

    await expect(
      client.updateErrorGroup({ params: { id }, body: { archiveForEver: false, archivedUntilNextEvent: false } }),
    ).resolves.toMatchObject({ archivedUntilNextEvent: false });

    expect((await apiFailure(client.updateErrorGroup({ params: { id: 'no-such-group' }, body: { archiveForEver: true } }))).status).toBe(
      404,
    );
  });

  it('requests an analysis (202 PENDING) and polls it until it is COMPLETED (200)', async () => {
    const group = await client.recordErrorEvent({
      body: { checkId, rawErrorMessage: 'page.goto: Timeout 30000ms exceeded navigating to https://app.example.com/dashboard' },
    });
    const requested = await client.call('requestRootCauseAnalysis', {
      params: { testSessionErrorGroupId: group.id },
      body: { userContext: 'started after the CDN change' },
    });
    expect(requested).toMatchObject({ status: 202, body: { status: 'PENDING', id: expect.any(String) } });

    const statuses: number[] = [];
    let done: Awaited<ReturnType<Client['getRootCauseAnalysis']>> | undefined;
    for (let poll = 0; poll < 2000 && !done; poll++) {
      const result = await client.call('getRootCauseAnalysis', { params: { id: requested.body.id } });
      statuses.push(result.status);
      if (result.status === 200) done = result.body;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(statuses[0]).toBe(202);
    expect(statuses.at(-1)).toBe(200);
    expect(done).toMatchObject({ id: requested.body.id, status: 'COMPLETED', errorGroupId: group.id, checkId });
    if (done?.status !== 'COMPLETED') throw new Error('analysis not completed');
    expect(done.provider).toBeTruthy();
    expect(done.model).toBeTruthy();
    expect(done.analysis?.rootCause).toBeTruthy();

    const patched = await client.updateErrorGroup({ params: { id: group.id }, body: { archivedUntilNextEvent: false } });
    expect(patched.rootCauseAnalyses?.map((analysis) => analysis.id)).toContain(requested.body.id);
  });

  it('requests an analysis without a body', async () => {
    const group = await client.recordErrorEvent({ body: { checkId, rawErrorMessage: 'getaddrinfo ENOTFOUND api.payments.test' } });
    const pending = await client.requestRootCauseAnalysis({ params: { testSessionErrorGroupId: group.id } });
    expect(pending.status).toBe('PENDING');
  });
});

describe('heartbeats', () => {
  it('computes availability from recorded pings, null without pings in either window, 404 for an unknown check', async () => {
    const checkId = '00000000-0000-4000-8000-0000000000d1';
    for (const [state, minutes] of [
      ['RECEIVED', 50],
      ['EARLY', 40],
      ['GRACE', 30],
      ['FAILING', 20],
    ] as const) {
      const event = await client.call('recordHeartbeatEvent', { params: { checkId }, body: { state, timestamp: minutesAgo(minutes) } });
      expect(event).toMatchObject({ status: 201, body: { checkId, state } });
    }
    const availability = await client.getHeartbeatAvailability({ params: { checkId } });
    expect(availability).toEqual({ successRatio: { currentPeriod: 75 }, totalEntitiesCurrentPeriod: 4 });

    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await expect(
      client.getHeartbeatAvailability({ params: { checkId }, query: { startTime: lastWeek, endTime: lastWeek } }),
    ).resolves.toBeNull();

    expect(
      (await apiFailure(client.getHeartbeatAvailability({ params: { checkId: '00000000-0000-4000-8000-0000000000d2' } }))).status,
    ).toBe(404);
  });
});

describe('runtimes', () => {
  it('lists the runtime catalog', async () => {
    const runtimes = await client.listRuntimes({});
    expect(runtimes.length).toBeGreaterThan(0);
    for (const runtime of runtimes) {
      expect(runtime.name).toMatch(/^\d{4}\.\d{2}$/);
      expect(runtime.nodeJsVersion).toMatch(/^v\d+\.\d+\.\d+$/);
    }
  });
});

describe('auth and accounts', () => {
  it('answers 401 for an unknown key, without the key in the message', async () => {
    const stranger = createClient({ baseUrl: server.url, apiKey: 'sk_test_nobody_knows_this_key_42' });
    const error = await apiFailure(stranger.listRuntimes({}));
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(error.message).not.toContain('sk_test_nobody_knows_this_key_42');
  });

  it('answers 403 for an account header that is not the key’s account', async () => {
    const mismatched = createClient({ baseUrl: server.url, apiKey: ACCOUNT_A.key, accountId: ACCOUNT_B.id });
    expect((await apiFailure(mismatched.listRuntimes({}))).status).toBe(403);
  });

  it('hides another account’s incidents (404) and works without the account header', async () => {
    const { service } = await serviceOnAPage();
    const mine = await client.createIncident({
      body: body('private', service),
    });
    const other = clientAs(ACCOUNT_B);
    expect((await apiFailure(other.getIncident({ params: { incidentId: mine.id } }))).status).toBe(404);

    const headerless = createClient({ baseUrl: server.url, apiKey: ACCOUNT_A.key });
    await expect(headerless.getIncident({ params: { incidentId: mine.id } })).resolves.toMatchObject({ id: mine.id });
  });
});

describe('rate limiting by the real server', () => {
  it('reads the Retry-After of a real 429 and succeeds on the retry', async () => {
    // The server's clock moves by exactly what the client waits, so nothing sleeps, and a slow
    // machine cannot refill the bucket between two requests.
    const clock = testClock();
    const limited = await startTestServer({ accounts: [ACCOUNT_A], rateLimit: 1, now: clock.now });
    const events: RequestEvent[] = [];
    const sleeps = clock.slept;
    const fast = createClient({
      baseUrl: limited.url,
      apiKey: ACCOUNT_A.key,
      onRequest: (event) => events.push(event),
      sleep: clock.sleep,
      // The client's clock moves with its sleeps too, so it waits exactly the Retry-After.
      now: clock.now,
    });
    await fast.listRuntimes({});
    await fast.listRuntimes({});
    expect(events.map((e) => e.status)).toEqual([200, 429, 200]);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]! % 1000).toBe(0); // whole seconds from Retry-After, not a jittered backoff
    expect(sleeps[0]).toBeGreaterThanOrEqual(1000);

    // A POST is retried too after a 429: the server refused it before applying anything.
    const group = await fast.recordErrorEvent({ body: { checkId: 'c', rawErrorMessage: 'x' } });
    expect(group.checkId).toBe('c');
    expect(events.slice(3).map((e) => [e.method, e.status])).toEqual([
      ['POST', 429],
      ['POST', 201],
    ]);
    expect(sleeps).toHaveLength(2);

    // With no time to wait for it, the 429 surfaces with retryAfter (retries do not count 429s).
    const once = createClient({ baseUrl: limited.url, apiKey: ACCOUNT_A.key, retries: 5, maxWaitMs: 0 });
    const error = await once.recordErrorEvent({ body: { checkId: 'c', rawErrorMessage: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfter: expect.any(Number) });
  });
});

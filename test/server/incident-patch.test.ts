// PATCH of an incident (docs/api-rules.md#beyond-the-hosted-document): not in the hosted
// document, but what the vendor's own CLI sends for `incidents update --severity`. The fields
// sent are checked as on PUT and the rest kept; the answer, the status pages, their HTML and
// their live stream are as for the PUT. Requests in process unless a real client is the point.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  expectError,
  expectSuccess,
  incidentBody,
  NOW,
  openStream,
  someServices,
  startTestServer,
  TWO_ACCOUNTS,
  type TestServer,
} from './helpers.js';
import { useTestServer } from '../support/server.js';
import { tempDir } from '../durability/helpers.js';

const shared = useTestServer({ ...TWO_ACCOUNTS, now: () => NOW });

async function create(server: TestServer, overrides: Record<string, unknown> = {}) {
  const body = await incidentBody(server, overrides);
  return expectSuccess('createIncident', await server.call('POST', '/v1/status-pages/incidents', { body }), 201);
}

const patch = (server: TestServer, incidentId: string, body: unknown, key = ACCOUNT_A.key) =>
  server.call('PATCH', `/v1/status-pages/incidents/${incidentId}`, { body, key });

describe('PATCH /v1/status-pages/incidents/{incidentId}', () => {
  it('changes the fields sent and keeps those left out, the updates untouched, and moves updated_at', async () => {
    let now = NOW - 86_400_000;
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => now });
    const [first, second] = await someServices(server);
    const incident = await create(server, { name: 'Checkout is dwon', severity: 'MINOR', services: [first] });
    expect(incident.updated_at).toBe('2025-03-09');
    now = NOW;

    const severity = expectSuccess('patchIncident', await patch(server, incident.id, { severity: 'CRITICAL' }), 200);
    expect(severity).toEqual({ ...incident, severity: 'CRITICAL', updated_at: '2025-03-10' });
    const renamed = expectSuccess('patchIncident', await patch(server, incident.id, { name: 'Checkout is down' }), 200);
    expect(renamed).toEqual({ ...severity, name: 'Checkout is down' });
    const moved = expectSuccess('patchIncident', await patch(server, incident.id, { services: [second] }), 200);
    expect(moved.services.map((service: any) => service.id)).toEqual([second!.id]);
    expect(moved).toMatchObject({ name: 'Checkout is down', severity: 'CRITICAL', incidentUpdates: incident.incidentUpdates });
    expect(expectSuccess('getIncident', await server.call('GET', `/v1/status-pages/incidents/${incident.id}`), 200)).toEqual(moved);
  });

  it('takes a request as the vendor CLI sends it: raw JSON {"severity":"CRITICAL"} with the key and account headers', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW, overPort: true });
    const incident = await create(server, { severity: 'MINOR' });
    const response = await fetch(`${server.url}/v1/status-pages/incidents/${incident.id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${ACCOUNT_A.key}`,
        'x-service-account': ACCOUNT_A.id,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: '{"severity":"CRITICAL"}',
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(JSON.parse(text)).toEqual({ ...incident, severity: 'CRITICAL' });
  });

  it('ignores the fields the server sets and refuses what PUT refuses, naming the field, or the body when it changes nothing', async () => {
    const { server } = shared;
    const incident = await create(server, { severity: 'MAJOR' });
    const path = `/v1/status-pages/incidents/${incident.id}`;
    const ignored = {
      severity: 'MINOR',
      id: '00000000-0000-4000-8000-000000000001',
      created_at: '2000-01-01',
      lastUpdateStatus: 'RESOLVED',
    };
    const edited = expectSuccess('patchIncident', await patch(server, incident.id, ignored), 200);
    expect(edited).toMatchObject({
      id: incident.id,
      created_at: incident.created_at,
      lastUpdateStatus: 'INVESTIGATING',
      severity: 'MINOR',
    });

    const bad = expectError(await patch(server, incident.id, { severity: 'HUGE' }), 400);
    expect(bad.details?.map((detail) => detail.path)).toEqual(['severity']);
    expect(expectError(await patch(server, incident.id, { name: '' }), 400).details?.[0]?.path).toBe('name');
    expect(expectError(await patch(server, incident.id, { services: [] }), 400).details?.[0]?.path).toBe('services');
    const [serviceOfB] = await someServices(server, ACCOUNT_B.key);
    const foreign = expectError(await patch(server, incident.id, { services: [{ ...serviceOfB, accountId: ACCOUNT_A.id }] }), 400);
    expect(foreign.details).toEqual([{ path: 'services[0].id', message: `unknown service "${serviceOfB!.id}"` }]);
    const updates = expectError(await patch(server, incident.id, { severity: 'MAJOR', incidentUpdates: [] }), 400);
    expect(updates.details).toEqual([{ path: 'incidentUpdates', message: '"incidentUpdates" is not allowed' }]);
    for (const nothing of [{}, { id: incident.id, duration: 5 }]) {
      const empty = expectError(await patch(server, incident.id, nothing), 400);
      expect(empty.details, JSON.stringify(nothing)).toEqual([
        { path: 'body', message: 'expected at least one of name, severity, services' },
      ]);
    }
    expectError(await server.call('PATCH', path, { rawBody: '', headers: { 'content-type': 'application/json' } }), 400);
    expect((await server.call('GET', path)).json).toEqual(edited);
  });

  it('is 404 for an unknown incident and for another account’s, which stays as it was', async () => {
    const { server } = shared;
    const incident = await create(server, { severity: 'MINOR' });
    expectError(await patch(server, '00000000-0000-4000-8000-000000000000', { severity: 'CRITICAL' }), 404);
    expectError(await patch(server, incident.id, { severity: 'CRITICAL' }, ACCOUNT_B.key), 404);
    expect((await server.call('GET', `/v1/status-pages/incidents/${incident.id}`)).json).toEqual(incident);
  });

  it('is told to the page showing the incident at once: its live stream hears of it, its HTML and API show the new severity', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW });
    const pages = (await server.call('GET', '/v1/status-pages?limit=100')).json.entries;
    const cloud = pages.find((page: any) => page.url === 'acme-cloud');
    const html = async () => (await server.call('GET', `/status/${ACCOUNT_A.id}/acme-cloud`)).text;
    // A service no open incident of the demo data touches: its state is this incident's alone.
    const before = await html();
    const services = cloud.cards.flatMap((card: any) => card.services);
    const { id, name, accountId } = services.find((service: any) =>
      before.includes(`data-service="${service.id}" data-state="operational"`),
    );
    const incident = await create(server, { name: 'Checkout is slow', severity: 'MINOR', services: [{ id, name, accountId }] });
    const stream = openStream(`${server.url}/status/${ACCOUNT_A.id}/acme-cloud/events`);
    expect(await stream.next()).toBe('retry: 2000\n: connected');
    // The service's state and the incident's line follow its severity (MINOR: degraded, CRITICAL: major).
    expect(await html()).toContain(`data-service="${id}" data-state="degraded"`);
    expect(await html()).toContain(`Degraded performance · Affects ${name}</p>`);

    expectSuccess('patchIncident', await patch(server, incident.id, { severity: 'CRITICAL' }), 200);
    expect(await stream.next()).toBe(`event: incident\ndata: {"incidentId":"${incident.id}"}`);
    expect(await html()).toContain(`data-service="${id}" data-state="major"`);
    expect(await html()).toContain(`Major outage · Affects ${name}</p>`);
    const page = expectSuccess('getStatusPage', await server.call('GET', `/v1/status-pages/${cloud.id}`), 200);
    expect(page.incidents.find((shown: any) => shown.id === incident.id)).toMatchObject({ severity: 'CRITICAL' });
    stream.close();
  });

  it('is kept across a restart on the same data file', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW, dataPath });
    const incident = await create(first, { name: 'Checkout is slow', severity: 'MINOR' });
    const patched = expectSuccess('patchIncident', await patch(first, incident.id, { severity: 'CRITICAL' }), 200);
    await first.close();
    const second = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW, dataPath });
    expect(expectSuccess('getIncident', await second.call('GET', `/v1/status-pages/incidents/${incident.id}`), 200)).toEqual(patched);
  });
});

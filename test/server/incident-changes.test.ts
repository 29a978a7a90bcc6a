// Editing and deleting incidents and their updates (docs/api-rules.md#incidents-and-their-updates),
// requests sent in process (the live stream read over the port): what depends on the incident
// follows (status pages, duration, updated_at, the HTML pages and their live stream), another
// account's ids are 404, and every answer is checked against the contract and the hosted API's
// document (expectSuccess).
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

// One server at NOW for the tests that read only the incidents they create; those that read the
// incident list, the pages or their HTML, or move the clock, start their own.
const shared = useTestServer({ ...TWO_ACCOUNTS, now: () => NOW });

const DAY = '2025-03-10';

async function create(server: TestServer, overrides: Record<string, unknown> = {}, key = ACCOUNT_A.key) {
  const body = await incidentBody(server, overrides);
  return expectSuccess('createIncident', await server.call('POST', '/v1/status-pages/incidents', { body, key }), 201);
}

function addUpdate(server: TestServer, incidentId: string, body: Record<string, unknown>, key = ACCOUNT_A.key) {
  return server.call('POST', `/v1/status-pages/incidents/${incidentId}/incident-updates`, { body, key });
}

async function pageShowing(server: TestServer, serviceId: string): Promise<any> {
  const pages = (await server.call('GET', '/v1/status-pages?limit=100')).json.entries;
  return pages.find((page: any) => page.cards.some((card: any) => card.services.some((service: any) => service.id === serviceId)));
}

describe('PUT /v1/status-pages/incidents/{incidentId}', () => {
  it('changes name, severity and services, keeps the updates, moves updated_at, and every page follows', async () => {
    let now = NOW - 86_400_000;
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => now });
    const [first, second] = await someServices(server);
    const other = (await someServices(server)).find((service) => service.id !== first!.id && service.id !== second!.id)!;
    const incident = await create(server, { services: [first], name: 'Checkout is dwon', severity: 'MINOR' });
    expect(incident.updated_at).toBe('2025-03-09');
    now = NOW;
    const edited = expectSuccess(
      'updateIncident',
      await server.call('PUT', `/v1/status-pages/incidents/${incident.id}`, {
        body: { name: 'Checkout is down', severity: 'CRITICAL', services: [other, first] },
      }),
      200,
    );
    expect(edited).toMatchObject({
      id: incident.id,
      name: 'Checkout is down',
      severity: 'CRITICAL',
      incidentUpdates: incident.incidentUpdates,
      lastUpdateStatus: incident.lastUpdateStatus,
      created_at: incident.created_at,
      updated_at: DAY,
    });
    expect(edited.services.map((service: any) => service.id)).toEqual([other.id, first!.id]);
    expect(expectSuccess('getIncident', await server.call('GET', `/v1/status-pages/incidents/${incident.id}`), 200)).toEqual(edited);
    // A page holding the new service embeds the incident, as edited.
    const page = await pageShowing(server, other.id);
    expect(page.incidents.find((shown: any) => shown.id === incident.id)).toEqual(edited);
    // Services dropped: a page holding only those no longer shows it.
    const dropped = expectSuccess(
      'updateIncident',
      await server.call('PUT', `/v1/status-pages/incidents/${incident.id}`, { body: { name: 'x', severity: 'MINOR', services: [other] } }),
      200,
    );
    expect(dropped.services.map((service: any) => service.id)).toEqual([other.id]);
    const pages = (await server.call('GET', '/v1/status-pages?limit=100')).json.entries;
    for (const shown of pages) {
      const holds = shown.cards.some((card: any) => card.services.some((service: any) => service.id === other.id));
      expect(
        shown.incidents.some((i: any) => i.id === incident.id),
        shown.url,
      ).toBe(holds);
    }
  });

  it('ignores the fields the server sets, and refuses what create refuses, naming the field', async () => {
    const { server } = shared;
    const [service] = await someServices(server);
    const incident = await create(server);
    const path = `/v1/status-pages/incidents/${incident.id}`;
    const sent = {
      name: 'Renamed',
      severity: 'MAJOR',
      services: [service],
      id: '00000000-0000-4000-8000-000000000001',
      created_at: '2000-01-01',
      lastUpdateStatus: 'RESOLVED',
      duration: 5,
    };
    const edited = expectSuccess('updateIncident', await server.call('PUT', path, { body: sent }), 200);
    expect(edited).toMatchObject({ id: incident.id, created_at: incident.created_at, lastUpdateStatus: 'INVESTIGATING', duration: null });
    const missing = expectError(await server.call('PUT', path, { body: { name: 'x', severity: 'MAJOR' } }), 400);
    expect(missing.details).toEqual([{ path: 'services', message: 'expected array' }]);
    const none = expectError(await server.call('PUT', path, { body: { name: 'x', severity: 'MAJOR', services: [] } }), 400);
    expect(none.details![0]!.path).toBe('services');
    const updates = expectError(await server.call('PUT', path, { body: { ...sent, incidentUpdates: [] } }), 400);
    expect(updates.details).toEqual([{ path: 'incidentUpdates', message: '"incidentUpdates" is not allowed' }]);
    const [serviceOfB] = await someServices(server, ACCOUNT_B.key);
    const foreign = expectError(
      await server.call('PUT', path, { body: { ...sent, services: [{ ...serviceOfB, accountId: ACCOUNT_A.id }] } }),
      400,
    );
    expect(foreign.details).toEqual([{ path: 'services[0].id', message: `unknown service "${serviceOfB!.id}"` }]);
    expect((await server.call('GET', path)).json.name).toBe('Renamed');
  });

  it('is 404 for an unknown incident and for another account’s', async () => {
    const { server } = shared;
    const [service] = await someServices(server);
    const incident = await create(server);
    const body = { name: 'B renames', severity: 'MINOR', services: [service] };
    expectError(await server.call('PUT', '/v1/status-pages/incidents/00000000-0000-4000-8000-000000000000', { body }), 404);
    const [serviceOfB] = await someServices(server, ACCOUNT_B.key);
    expectError(
      await server.call('PUT', `/v1/status-pages/incidents/${incident.id}`, {
        key: ACCOUNT_B.key,
        body: { ...body, services: [serviceOfB] },
      }),
      404,
    );
    expect((await server.call('GET', `/v1/status-pages/incidents/${incident.id}`)).json.name).toBe(incident.name);
  });
});

describe('DELETE /v1/status-pages/incidents/{incidentId}', () => {
  it('answers 204 with no body, and the incident and its updates are gone everywhere', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const [service] = await someServices(server);
    const kept = await create(server, { name: 'Kept' });
    const incident = await create(server, { name: 'Declared by mistake' });
    const update = expectSuccess('createIncidentUpdate', await addUpdate(server, incident.id, { description: 'More' }), 200);
    const page = await pageShowing(server, service!.id);
    expect(page.incidents.map((shown: any) => shown.id)).toContain(incident.id);

    expectSuccess('deleteIncident', await server.call('DELETE', `/v1/status-pages/incidents/${incident.id}`), 204);
    expectError(await server.call('GET', `/v1/status-pages/incidents/${incident.id}`), 404);
    expectError(await server.call('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates`), 404);
    expectError(await server.call('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates/${update.id}`), 404);
    expectError(await server.call('DELETE', `/v1/status-pages/incidents/${incident.id}`), 404);
    const list = expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents?limit=100'), 200);
    expect(list.entries.map((entry: any) => entry.id)).not.toContain(incident.id);
    expect(list.entries[0].id).toBe(kept.id);
    const pageAfter = expectSuccess('getStatusPage', await server.call('GET', `/v1/status-pages/${page.id}`), 200);
    expect(pageAfter.incidents.map((shown: any) => shown.id)).not.toContain(incident.id);
    expect(pageAfter.incidents.map((shown: any) => shown.id)).toContain(kept.id);
    const html = await server.call('GET', `/status/${ACCOUNT_A.id}/${page.url}`);
    expect(html.text).not.toContain('Declared by mistake');
    expect(html.text).toContain('Kept');
  });

  it('keeps list cursors right across a delete: no entry twice, none skipped', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await create(server, { name: `Incident ${i}` }));
    const first = expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents?limit=2'), 200);
    expect(first.entries.map((entry: any) => entry.id)).toEqual([created[4].id, created[3].id]);
    expectSuccess('deleteIncident', await server.call('DELETE', `/v1/status-pages/incidents/${created[2].id}`), 204);
    const second = expectSuccess(
      'listIncidents',
      await server.call('GET', `/v1/status-pages/incidents?limit=2&nextId=${encodeURIComponent(first.nextId)}`),
      200,
    );
    expect(second.entries.map((entry: any) => entry.id)).toEqual([created[1].id, created[0].id]);
  });

  it('is 404 for another account’s incident, which stays', async () => {
    const { server } = shared;
    const incident = await create(server);
    expectError(await server.call('DELETE', `/v1/status-pages/incidents/${incident.id}`, { key: ACCOUNT_B.key }), 404);
    expectSuccess('getIncident', await server.call('GET', `/v1/status-pages/incidents/${incident.id}`), 200);
  });
});

describe("an incident's updates: listed, deleted", () => {
  it('lists them newest publicIncidentUpdateDate first', async () => {
    const { server } = shared;
    const incident = await create(server, {
      incidentUpdates: [{ description: 'first', publicIncidentUpdateDate: '2025-03-10T09:00:00Z' }],
    });
    await addUpdate(server, incident.id, { description: 'third', publicIncidentUpdateDate: '2025-03-10T11:00:00Z' });
    await addUpdate(server, incident.id, { description: 'second', publicIncidentUpdateDate: '2025-03-10T10:00:00Z' });
    const updates = expectSuccess(
      'listIncidentUpdates',
      await server.call('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates`),
      200,
    );
    expect(updates.map((update: any) => update.description)).toEqual(['third', 'second', 'first']);
    expectError(await server.call('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates`, { key: ACCOUNT_B.key }), 404);
  });

  it('lists the 100 latest, as the hosted API does', async () => {
    const { server } = shared;
    const incident = await create(server, {
      incidentUpdates: [{ description: 'the oldest', publicIncidentUpdateDate: '2025-03-01T00:00:00Z' }],
    });
    for (let minute = 0; minute < 100; minute++) {
      const publicIncidentUpdateDate = new Date(Date.parse('2025-03-10T00:00:00Z') + minute * 60_000).toISOString();
      expect((await addUpdate(server, incident.id, { description: `update ${minute}`, publicIncidentUpdateDate })).status).toBe(200);
    }
    const updates = expectSuccess(
      'listIncidentUpdates',
      await server.call('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates`),
      200,
    );
    expect(updates).toHaveLength(100);
    expect(updates[0].description).toBe('update 99');
    expect(updates.map((update: any) => update.description)).not.toContain('the oldest');
  });

  it('deleting one works out lastUpdateStatus and duration again; deleting the last leaves INVESTIGATING', async () => {
    const { server } = shared;
    const incident = await create(server, { incidentUpdates: [{ description: 'down', publicIncidentUpdateDate: '2025-03-10T09:00:00Z' }] });
    const resolved = expectSuccess(
      'createIncidentUpdate',
      await addUpdate(server, incident.id, { description: 'fixed', status: 'RESOLVED', publicIncidentUpdateDate: '2025-03-10T10:00:00Z' }),
      200,
    );
    const path = `/v1/status-pages/incidents/${incident.id}`;
    expect((await server.call('GET', path)).json).toMatchObject({ lastUpdateStatus: 'RESOLVED', duration: 3600 });

    expectError(await server.call('DELETE', `${path}/incident-updates/${resolved.id}`, { key: ACCOUNT_B.key }), 404);
    const other = await create(server);
    // An update of another incident is not this incident's.
    expectError(await server.call('DELETE', `/v1/status-pages/incidents/${other.id}/incident-updates/${resolved.id}`), 404);

    expectSuccess('deleteIncidentUpdate', await server.call('DELETE', `${path}/incident-updates/${resolved.id}`), 204);
    expect((await server.call('GET', path)).json).toMatchObject({ lastUpdateStatus: 'INVESTIGATING', duration: null, updated_at: DAY });
    expectError(await server.call('GET', `${path}/incident-updates/${resolved.id}`), 404);
    expectSuccess('deleteIncidentUpdate', await server.call('DELETE', `${path}/incident-updates/${incident.incidentUpdates[0].id}`), 204);
    const empty = expectSuccess('getIncident', await server.call('GET', path), 200);
    expect(empty).toMatchObject({ incidentUpdates: [], lastUpdateStatus: 'INVESTIGATING', duration: null });
    // The timeline works again from what is left.
    expectSuccess('createIncidentUpdate', await addUpdate(server, incident.id, { description: 'again', status: 'MONITORING' }), 200);
    expect((await server.call('GET', path)).json.lastUpdateStatus).toBe('MONITORING');
  });
});

describe('the HTML page and its live stream follow edits and deletes', () => {
  it('sends an incident event for an edit, an update’s delete and a delete, and the page shows each', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW });
    const pages = (await server.call('GET', '/v1/status-pages?limit=100')).json.entries;
    const cloud = pages.find((page: any) => page.url === 'acme-cloud');
    const internal = pages.find((page: any) => page.url === 'acme-internal');
    const inCloud = cloud.cards[0].services[0];
    const inInternal = internal.cards[0].services[0];
    const incident = await create(server, { name: 'Internal only', services: [inInternal] });
    const stream = openStream(`${server.url}/status/${ACCOUNT_A.id}/acme-cloud/events`);
    expect(await stream.next()).toBe('retry: 2000\n: connected');
    const event = `event: incident\ndata: {"incidentId":"${incident.id}"}`;
    const html = () => server.call('GET', `/status/${ACCOUNT_A.id}/acme-cloud`);
    expect((await html()).text).not.toContain('Now on the cloud page');

    // Moved onto a service of this page: its stream hears of it, the page shows it.
    const body = { name: 'Now on the cloud page', severity: 'MAJOR', services: [inCloud] };
    expectSuccess('updateIncident', await server.call('PUT', `/v1/status-pages/incidents/${incident.id}`, { body }), 200);
    expect(await stream.next()).toBe(event);
    expect((await html()).text).toContain('Now on the cloud page');

    const update = expectSuccess('createIncidentUpdate', await addUpdate(server, incident.id, { description: 'A wrong update' }), 200);
    expect(await stream.next()).toBe(event);
    expect((await html()).text).toContain('A wrong update');
    expectSuccess(
      'deleteIncidentUpdate',
      await server.call('DELETE', `/v1/status-pages/incidents/${incident.id}/incident-updates/${update.id}`),
      204,
    );
    expect(await stream.next()).toBe(event);
    expect((await html()).text).not.toContain('A wrong update');

    // Deleted: the page that showed it hears of it once more, and shows it no longer.
    expectSuccess('deleteIncident', await server.call('DELETE', `/v1/status-pages/incidents/${incident.id}`), 204);
    expect(await stream.next()).toBe(event);
    expect((await html()).text).not.toContain('Now on the cloud page');
    stream.close();
  });
});

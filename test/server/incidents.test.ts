// docs/api-rules.md#shapes-and-ids and #incidents-and-their-updates: incidents, their updates, pagination and what updates say.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_B,
  NOW,
  expectError,
  expectSuccess,
  incidentBody,
  someServices,
  startTestServer,
  TWO_ACCOUNTS,
  type TestServer,
} from './helpers.js';
import { useTestServer } from '../support/server.js';

// Servers for the tests that need nothing of their own, one on the real clock and one at NOW, as
// each test had: they create incidents of their own and read those, never the incident list.
// The tests of the list's pages, and the one that moves its clock, start their own.
const plain = useTestServer(TWO_ACCOUNTS);
const atNow = useTestServer({ ...TWO_ACCOUNTS, now: () => NOW });

const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

async function create(server: TestServer, overrides: Record<string, unknown> = {}) {
  const result = await server.call('POST', '/v1/status-pages/incidents', { body: await incidentBody(server, overrides) });
  return expectSuccess('createIncident', result, 201);
}

describe('creating and reading incidents', () => {
  it('creates an incident with defaults, the stored service, and server-assigned fields', async () => {
    const { server } = atNow;
    const [service] = await someServices(server);
    const serviceId = service!.id;
    const clientId = '00000000-0000-4000-8000-0000000000c1';
    const incident = await create(server, {
      id: clientId,
      lastUpdateStatus: 'RESOLVED',
      duration: 99,
      services: [{ ...service, name: 'ignored name' }],
      incidentUpdates: [{ description: 'Looking into it' }],
    });
    expect(incident.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(incident.id).not.toBe(clientId);
    expect(incident.created_at).toBe('2025-03-10');
    expect(incident.lastUpdateStatus).toBe('INVESTIGATING');
    expect(incident.duration).toBeNull();
    expect(incident.services[0].id).toBe(serviceId);
    expect(incident.services[0].name).not.toBe('ignored name');
    expect(incident.incidentUpdates[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      description: 'Looking into it',
      status: 'INVESTIGATING',
      publicIncidentUpdateDate: '2025-03-10T12:00:00.000Z',
      created_at: '2025-03-10',
      notifySubscribers: false,
    });
    const fetched = expectSuccess('getIncident', await server.call('GET', `/v1/status-pages/incidents/${incident.id}`), 200);
    expect(fetched).toEqual(incident);
  });

  it('needs exactly one first update and at least one service', async () => {
    const { server } = plain;
    expect((await create(server)).incidentUpdates).toHaveLength(1);
    for (const incidentUpdates of [[], [{ description: 'one' }, { description: 'two' }]]) {
      const error = expectError(
        await server.call('POST', '/v1/status-pages/incidents', { body: await incidentBody(server, { incidentUpdates }) }),
        400,
      );
      expect(error.details).toEqual([{ path: 'incidentUpdates', message: 'expected exactly one update' }]);
    }
    const error = expectError(
      await server.call('POST', '/v1/status-pages/incidents', { body: await incidentBody(server, { services: [] }) }),
      400,
    );
    expect(error.details?.[0]?.path).toBe('services');
  });

  it('names an unknown service id in a 400', async () => {
    const { server } = plain;
    const [service] = await someServices(server);
    const unknown = { ...service!, id: '00000000-0000-4000-8000-00000000dead' };
    const error = expectError(
      await server.call('POST', '/v1/status-pages/incidents', { body: await incidentBody(server, { services: [service, unknown] }) }),
      400,
    );
    expect(error.details).toEqual([{ path: 'services[1].id', message: 'unknown service "00000000-0000-4000-8000-00000000dead"' }]);
  });

  it('limits the name to 1..255 characters', async () => {
    const { server } = plain;
    expect((await create(server, { name: 'x'.repeat(255) })).name).toHaveLength(255);
    const tooLong = await server.call('POST', '/v1/status-pages/incidents', {
      body: await incidentBody(server, { name: 'x'.repeat(256) }),
    });
    expect(expectError(tooLong, 400).details?.[0]?.path).toBe('name');
  });

  it('answers 404 for an unknown incident and for another account’s incident', async () => {
    const { server } = plain;
    const incident = await create(server);
    expectError(await server.call('GET', '/v1/status-pages/incidents/00000000-0000-4000-8000-000000000000'), 404);
    expectError(await server.call('GET', `/v1/status-pages/incidents/${incident.id}`, { key: ACCOUNT_B.key }), 404);
    const update = await server.call('POST', `/v1/status-pages/incidents/${incident.id}/incident-updates`, {
      key: ACCOUNT_B.key,
      body: { description: 'x' },
    });
    expectError(update, 404);
  });
});

describe('pagination', () => {
  it('pages newest first with an opaque cursor, null on the last page', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const total = expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents?limit=100'), 200).length;
    const created = [];
    for (let i = 0; i < 5; i++) created.push((await create(server, { name: `incident ${i}` })).id);
    const first = expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents?limit=3'), 200);
    expect(first.length).toBe(3);
    expect(first.entries.map((incident: { id: string }) => incident.id)).toEqual(created.slice(2).reverse());
    expect(first.nextId).toEqual(expect.any(String));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = expectSuccess(
        'listIncidents',
        await server.call('GET', `/v1/status-pages/incidents?limit=4${cursor ? `&nextId=${encodeURIComponent(cursor)}` : ''}`),
        200,
      );
      expect(page.length).toBe(page.entries.length);
      seen.push(...page.entries.map((incident: { id: string }) => incident.id));
      cursor = page.nextId;
    } while (cursor);
    expect(seen).toHaveLength(total + 5);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('stays correct while incidents are created between pages (no duplicates, no gaps)', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const before = expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents?limit=100'), 200);
    const expected = before.entries.map((incident: { id: string }) => incident.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let first = true;
    do {
      const page: any = expectSuccess(
        'listIncidents',
        await server.call('GET', `/v1/status-pages/incidents?limit=2${cursor ? `&nextId=${cursor}` : ''}`),
        200,
      );
      seen.push(...page.entries.map((incident: { id: string }) => incident.id));
      cursor = page.nextId;
      if (first) expect(cursor).not.toBeNull();
      first = false;
      await create(server, { name: 'created between pages' });
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('refuses a cursor of another list', async () => {
    const { server } = plain;
    const pages = expectSuccess('listStatusPages', await server.call('GET', '/v1/status-pages?limit=1'), 200);
    expect(pages.nextId).not.toBeNull();
    expectError(await server.call('GET', `/v1/status-pages/incidents?nextId=${pages.nextId}`), 400);
  });
});

describe('incident updates', () => {
  it('derives lastUpdateStatus from the latest publicIncidentUpdateDate, ties to the one stored last', async () => {
    const { server } = atNow;
    const addUpdate = async (incidentId: string, update: Record<string, unknown>) =>
      expectSuccess(
        'createIncidentUpdate',
        await server.call('POST', `/v1/status-pages/incidents/${incidentId}/incident-updates`, { body: update }),
        200,
      );
    const status = async (incidentId: string) =>
      expectSuccess('getIncident', await server.call('GET', `/v1/status-pages/incidents/${incidentId}`), 200).lastUpdateStatus;
    const incident = await create(server, {
      incidentUpdates: [{ description: 'later, but stored first', status: 'MONITORING', publicIncidentUpdateDate: at(-10) }],
    });
    await addUpdate(incident.id, { description: 'earlier', status: 'IDENTIFIED', publicIncidentUpdateDate: at(-30) });
    expect(await status(incident.id)).toBe('MONITORING');
    const tie = await create(server, { incidentUpdates: [{ description: 'a', status: 'IDENTIFIED', publicIncidentUpdateDate: at(-5) }] });
    await addUpdate(tie.id, { description: 'b', status: 'MONITORING', publicIncidentUpdateDate: at(-5) });
    expect(await status(tie.id)).toBe('MONITORING');
  });

  it('computes duration from the earliest update to the resolving one, null while open, and after a reopen', async () => {
    let clock = NOW;
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => clock });
    const incident = await create(server, {
      incidentUpdates: [{ description: 'started', status: 'INVESTIGATING', publicIncidentUpdateDate: '2025-03-10T10:00:00+01:00' }],
    });
    expect(incident.incidentUpdates[0].publicIncidentUpdateDate).toBe('2025-03-10T09:00:00.000Z');
    const base = `/v1/status-pages/incidents/${incident.id}/incident-updates`;

    const resolved = await server.call('POST', base, {
      body: { description: 'fixed', status: 'RESOLVED', publicIncidentUpdateDate: '2025-03-10T10:30:15.900Z' },
    });
    expectSuccess('createIncidentUpdate', resolved, 200);
    let current = expectSuccess('getIncident', await server.call('GET', `/v1/status-pages/incidents/${incident.id}`), 200);
    expect(current.lastUpdateStatus).toBe('RESOLVED');
    expect(current.duration).toBe(5415);

    clock = NOW + 86_400_000;
    const reopened = expectSuccess(
      'createIncidentUpdate',
      await server.call('POST', base, { body: { description: 'it is back', status: 'INVESTIGATING' } }),
      200,
    );
    current = expectSuccess('getIncident', await server.call('GET', `/v1/status-pages/incidents/${incident.id}`), 200);
    expect(current.lastUpdateStatus).toBe('INVESTIGATING');
    expect(current.duration).toBeNull();
    expect(current.updated_at).toBe('2025-03-11');

    // Moving the reopening update back before the resolution makes the incident resolved again.
    const moved = await server.call('PUT', `${base}/${reopened.id}`, {
      body: { description: 'it is back', publicIncidentUpdateDate: '2025-03-10T09:30:00.000Z' },
    });
    expectSuccess('updateIncidentUpdate', moved, 200);
    current = expectSuccess('getIncident', await server.call('GET', `/v1/status-pages/incidents/${incident.id}`), 200);
    expect(current.lastUpdateStatus).toBe('RESOLVED');
    expect(current.duration).toBe(5415);
  });

  it('defaults a new update’s status to the incident’s current status', async () => {
    const { server } = plain;
    const incident = await create(server, { incidentUpdates: [{ description: 'x', status: 'IDENTIFIED' }] });
    const update = await server.call('POST', `/v1/status-pages/incidents/${incident.id}/incident-updates`, {
      body: { description: 'still on it' },
    });
    expect(expectSuccess('createIncidentUpdate', update, 200).status).toBe('IDENTIFIED');
    expect(
      expectError(
        await server.call('POST', `/v1/status-pages/incidents/${incident.id}/incident-updates`, { body: { description: '' } }),
        400,
      ).details?.[0]?.path,
    ).toBe('description');
  });

  it('changes only the fields a PUT names and recomputes the incident', async () => {
    const { server } = atNow;
    const incident = await create(server, {
      incidentUpdates: [{ description: 'first', status: 'INVESTIGATING', notifySubscribers: true, publicIncidentUpdateDate: at(-60) }],
    });
    const original = incident.incidentUpdates[0];
    const path = `/v1/status-pages/incidents/${incident.id}/incident-updates/${original.id}`;
    expect(expectSuccess('getIncidentUpdate', await server.call('GET', path), 200)).toEqual(original);
    const changed = expectSuccess(
      'updateIncidentUpdate',
      await server.call('PUT', path, { body: { description: 'first, reworded', status: 'RESOLVED' } }),
      200,
    );
    expect(changed).toEqual({ ...original, description: 'first, reworded', status: 'RESOLVED' });
    const current = expectSuccess('getIncident', await server.call('GET', `/v1/status-pages/incidents/${incident.id}`), 200);
    expect(current.lastUpdateStatus).toBe('RESOLVED');
    expect(current.duration).toBe(0);
    expectError(await server.call('PUT', path, { body: { status: 'RESOLVED' } }), 400);
  });

  it('answers 404 for an update id that belongs to another incident', async () => {
    const { server } = plain;
    const one = await create(server, { incidentUpdates: [{ description: 'one' }] });
    const two = await create(server, { incidentUpdates: [{ description: 'two' }] });
    const foreign = `/v1/status-pages/incidents/${two.id}/incident-updates/${one.incidentUpdates[0].id}`;
    expectError(await server.call('GET', foreign), 404);
    expectError(await server.call('PUT', foreign, { body: { description: 'x' } }), 404);
    expectError(
      await server.call('GET', `/v1/status-pages/incidents/${one.id}/incident-updates/${one.incidentUpdates[0].id}`, {
        key: ACCOUNT_B.key,
      }),
      404,
    );
  });
});

// What the request path keeps between requests (for throughput) must never serve stale data:
// a list page answered from the cache is the same bytes as one built afresh, and every change to
// an incident (a new one, an update, an edited update) shows on the next read.
import { describe, expect, it } from 'vitest';
import { RUNTIMES } from '../../src/server/data/runtimes.js';
import { expectSuccess, incidentBody, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const firstPage = async (server: TestServer, query = '') =>
  expectSuccess('listIncidents', await server.call('GET', `/v1/status-pages/incidents${query}`), 200);

describe('caches on the request path', () => {
  it('answers /v1/runtimes with the bytes of the table, every time', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const first = await server.call('GET', '/v1/runtimes');
    const second = await server.call('GET', '/v1/runtimes');
    expect(first.text).toBe(JSON.stringify(RUNTIMES));
    expect(second.text).toBe(first.text);
  });

  it('a cached list page shows a new incident, a new update and an edited update at once', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const before = await firstPage(server);
    expect((await server.call('GET', '/v1/status-pages/incidents')).text).toBe(JSON.stringify(before));

    const created = expectSuccess(
      'createIncident',
      await server.call('POST', '/v1/status-pages/incidents', { body: await incidentBody(server, { name: 'Cache check' }) }),
      201,
    );
    const afterCreate = await firstPage(server);
    expect(afterCreate.entries[0]!.id).toBe(created.id);

    const update = expectSuccess(
      'createIncidentUpdate',
      await server.call('POST', `/v1/status-pages/incidents/${created.id}/incident-updates`, {
        body: { description: 'Fixed', status: 'RESOLVED' },
      }),
      200,
    );
    const afterUpdate = await firstPage(server);
    expect(afterUpdate.entries[0]!.lastUpdateStatus).toBe('RESOLVED');
    expect(afterUpdate.entries[0]!.incidentUpdates).toHaveLength(2);

    await server.call('PUT', `/v1/status-pages/incidents/${created.id}/incident-updates/${update.id}`, {
      body: { description: 'Fixed for good', status: 'MONITORING' },
    });
    const afterEdit = await firstPage(server);
    expect(afterEdit.entries[0]!.lastUpdateStatus).toBe('MONITORING');
    expect(afterEdit.entries[0]!.incidentUpdates.map((u: { description: string }) => u.description)).toContain('Fixed for good');
  });

  it('keeps pages of different sizes and cursors apart', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const two = await firstPage(server, '?limit=2');
    const three = await firstPage(server, '?limit=3');
    expect(two.entries).toHaveLength(2);
    expect(three.entries).toHaveLength(3);
    const next = await firstPage(server, `?limit=2&nextId=${two.nextId}`);
    expect(next.entries[0]!.id).toBe(three.entries[2]!.id);
    expect(next.entries.map((incident: { id: string }) => incident.id)).not.toEqual(
      two.entries.map((incident: { id: string }) => incident.id),
    );
  });
});

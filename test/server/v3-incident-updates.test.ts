// Updates of V3 incidents and what they do to the incident (docs/api-rules.md#v3-incidents): a
// RESOLVED update closes it and ends its windows, a later one reopens it, the latest by date
// gives its status, no update predates the first, the last one stays; what deleting a component
// or a page does to incidents; and all of it kept across a restart with --data.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { startInProcess, tempDir } from '../durability/helpers.js';
import { ACCOUNT_A, expectError, expectSuccess, openStream, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';
import { incidentsOf, openIncident, updatesOf, v3Page, v3PagesFixtures, type V3Page } from './v3-incident-helpers.js';

const clock = testClock();
let server: TestServer;
let page: V3Page;

beforeAll(async () => {
  server = await startTestServer({ ...TWO_ACCOUNTS, now: clock.now, fixturesPath: v3PagesFixtures() });
  page = await v3Page(server);
});

const post = (incident: { id: string }, body: Record<string, unknown>, on = page) =>
  server.call('POST', updatesOf(on, incident.id), { body });
const get = async (incident: { id: string }, on = page) => (await server.call('GET', `${incidentsOf(on)}/${incident.id}`)).json;

describe('V3 incident updates', () => {
  it('a RESOLVED update ends every open window at its date and sets duration; a later update reopens, no window with it', async () => {
    const [api, db] = page.components;
    const incident = await openIncident(
      server,
      page,
      [
        { componentId: api, status: 'MAJOR_OUTAGE' },
        { componentId: db, status: 'DEGRADED_PERFORMANCE' },
      ],
      { publicIncidentUpdateDate: '2025-03-10T10:00:00Z' },
    );
    const resolved = expectSuccess(
      'createV3IncidentUpdate',
      await post(incident, { description: 'Fixed', status: 'RESOLVED', publicIncidentUpdateDate: '2025-03-10T11:30:00Z' }),
      201,
    );
    expect(resolved).toMatchObject({ status: 'RESOLVED', publicIncidentUpdateDate: '2025-03-10T11:30:00.000Z', notifySubscribers: false });
    const closed = expectSuccess('getV3Incident', await server.call('GET', `${incidentsOf(page)}/${incident.id}`), 200);
    expect(closed).toMatchObject({ lastUpdateStatus: 'RESOLVED', duration: 5400 });
    expect(closed.componentImpacts.map((window: any) => [window.componentId, window.endedAt])).toEqual([
      [api, '2025-03-10T11:30:00.000Z'],
      [db, '2025-03-10T11:30:00.000Z'],
    ]);
    // Resolved: a PUT opens no window, and a timeline with an open one is refused.
    await server.call('PUT', `${incidentsOf(page)}/${incident.id}`, {
      body: { name: 'x', componentImpacts: [{ componentId: api, status: 'MAJOR_OUTAGE' }] },
    });
    expect((await get(incident)).componentImpacts).toEqual(closed.componentImpacts);
    const open = [{ componentId: api, status: 'MAJOR_OUTAGE', startedAt: '2025-03-10T10:00:00Z', endedAt: null }];
    const refused = await server.call('PUT', `${incidentsOf(page)}/${incident.id}/component-impacts`, { body: { componentImpacts: open } });
    expect(expectError(refused, 400).details?.[0]?.path).toBe('componentImpacts[0].endedAt');

    expectSuccess(
      'createV3IncidentUpdate',
      await post(incident, { description: 'Again', status: 'IDENTIFIED', publicIncidentUpdateDate: '2025-03-10T12:00:00Z' }),
      201,
    );
    const reopened = await get(incident);
    expect(reopened).toMatchObject({ lastUpdateStatus: 'IDENTIFIED', duration: null });
    expect(reopened.componentImpacts).toEqual(closed.componentImpacts);
  });

  it('lastUpdateStatus is the latest update by publicIncidentUpdateDate, and an edit of the dates moves it', async () => {
    const incident = await openIncident(server, page, [], { publicIncidentUpdateDate: '2025-03-10T10:00:00Z' });
    await post(incident, { description: 'Watching', status: 'MONITORING', publicIncidentUpdateDate: '2025-03-10T11:00:00Z' });
    const late = (await post(incident, { description: 'Fixed', status: 'RESOLVED', publicIncidentUpdateDate: '2025-03-10T10:30:00Z' }))
      .json;
    expect(await get(incident)).toMatchObject({ lastUpdateStatus: 'MONITORING', duration: null });
    const edited = await server.call('PUT', `${updatesOf(page, incident.id)}/${late.id}`, {
      body: { description: 'Fixed for good', status: 'RESOLVED', publicIncidentUpdateDate: '2025-03-10T11:15:00Z' },
    });
    expect(expectSuccess('updateV3IncidentUpdate', edited, 200)).toMatchObject({ description: 'Fixed for good', notifySubscribers: false });
    expect(await get(incident)).toMatchObject({ lastUpdateStatus: 'RESOLVED', duration: 4500 });
    // PUT: description and status are required; the date is kept when left out.
    const kept = await server.call('PUT', `${updatesOf(page, incident.id)}/${late.id}`, {
      body: { description: 'Fixed.', status: 'RESOLVED' },
    });
    expect(kept.json.publicIncidentUpdateDate).toBe('2025-03-10T11:15:00.000Z');
    expect(
      expectError(await server.call('PUT', `${updatesOf(page, incident.id)}/${late.id}`, { body: { description: 'x' } }), 400).details?.[0]
        ?.path,
    ).toBe('status');
    expect(expectError(await post(incident, { description: 'x' }), 400).details?.[0]?.path).toBe('status');
  });

  it('refuses an update dated before the incident’s first update, on POST and on PUT', async () => {
    const incident = await openIncident(server, page, [], { publicIncidentUpdateDate: '2025-03-10T10:00:00Z' });
    const early = await post(incident, {
      description: 'Too early',
      status: 'MONITORING',
      publicIncidentUpdateDate: '2025-03-10T09:59:59Z',
    });
    const error = expectError(early, 400);
    expect(error.details).toEqual([
      {
        path: 'publicIncidentUpdateDate',
        message: expect.stringMatching(/before the incident's first update \(2025-03-10T10:00:00.000Z\)/),
      },
    ]);
    expectSuccess(
      'createV3IncidentUpdate',
      await post(incident, { description: 'At the start', status: 'MONITORING', publicIncidentUpdateDate: '2025-03-10T10:00:00Z' }),
      201,
    );
    const second = (await post(incident, { description: 'Later', status: 'MONITORING', publicIncidentUpdateDate: '2025-03-10T11:00:00Z' }))
      .json;
    const moved = await server.call('PUT', `${updatesOf(page, incident.id)}/${second.id}`, {
      body: { description: 'Later', status: 'MONITORING', publicIncidentUpdateDate: '2025-03-10T09:00:00Z' },
    });
    expect(expectError(moved, 400).details?.[0]?.path).toBe('publicIncidentUpdateDate');
    expect((await get(incident)).incidentUpdates).toHaveLength(3);
  });

  it('deletes an update and works the incident out again; the last remaining update cannot be deleted', async () => {
    const incident = await openIncident(server, page, [], { publicIncidentUpdateDate: '2025-03-10T10:00:00Z' });
    const resolved = (await post(incident, { description: 'Fixed', status: 'RESOLVED', publicIncidentUpdateDate: '2025-03-10T10:10:00Z' }))
      .json;
    expect(await get(incident)).toMatchObject({ lastUpdateStatus: 'RESOLVED', duration: 600 });
    expectSuccess('deleteV3IncidentUpdate', await server.call('DELETE', `${updatesOf(page, incident.id)}/${resolved.id}`), 204);
    expect(await get(incident)).toMatchObject({ lastUpdateStatus: 'INVESTIGATING', duration: null });
    expectError(await server.call('GET', `${updatesOf(page, incident.id)}/${resolved.id}`), 404);
    const last = incident.incidentUpdates[0].id;
    const error = expectError(await server.call('DELETE', `${updatesOf(page, incident.id)}/${last}`), 400);
    expect(error.message).toMatch(/last remaining update of the incident, which cannot be deleted/);
    expect((await get(incident)).incidentUpdates.map((update: any) => update.id)).toEqual([last]);
  });

  it('lists the updates as a bare array, newest first, at most 100', async () => {
    const incident = await openIncident(server, page, [], { publicIncidentUpdateDate: '2025-03-10T10:00:00Z' });
    for (let minute = 1; minute <= 100; minute++) {
      const publicIncidentUpdateDate = new Date(Date.parse('2025-03-10T10:00:00Z') + minute * 60_000).toISOString();
      expect((await post(incident, { description: `Minute ${minute}`, status: 'MONITORING', publicIncidentUpdateDate })).status).toBe(201);
    }
    const listed = expectSuccess('listV3IncidentUpdates', await server.call('GET', updatesOf(page, incident.id)), 200);
    expect(listed).toHaveLength(100);
    expect(listed[0].description).toBe('Minute 100');
    expect(listed.at(-1).description).toBe('Minute 1');
    const one = expectSuccess('getV3IncidentUpdate', await server.call('GET', `${updatesOf(page, incident.id)}/${listed[5].id}`), 200);
    expect(one).toEqual(listed[5]);
  });
});

describe('deleting what incidents name', () => {
  it("a deleted component's open window ends then, the other components' stay open", async () => {
    const fresh = await v3Page(server);
    const [api, db] = fresh.components;
    const incident = await openIncident(server, fresh, [
      { componentId: api, status: 'MAJOR_OUTAGE' },
      { componentId: db, status: 'PARTIAL_OUTAGE' },
    ]);
    clock.advance(60_000);
    expect((await server.call('DELETE', `/v3/status-pages/${fresh.id}/components/${api}`)).status).toBe(204);
    const after = await get(incident, fresh);
    expect(after.componentImpacts).toEqual([
      { ...incident.componentImpacts[0], endedAt: new Date(clock.now()).toISOString() },
      incident.componentImpacts[1],
    ]);
    // The deleted component's window can be sent back as it was answered; a new one for it cannot.
    const path = `${incidentsOf(fresh)}/${incident.id}/component-impacts`;
    expectSuccess(
      'replaceV3IncidentComponentImpacts',
      await server.call('PUT', path, { body: { componentImpacts: after.componentImpacts } }),
      200,
    );
    const reopened = await server.call('POST', incidentsOf(fresh), {
      body: {
        name: 'x',
        componentImpacts: [{ componentId: api, status: 'MAJOR_OUTAGE' }],
        incidentUpdates: [{ description: 'x', status: 'INVESTIGATING' }],
      },
    });
    expect(expectError(reopened, 400).details?.[0]?.path).toBe('componentImpacts[0].componentId');
  });

  it('a deleted page takes its incidents with it', async () => {
    const fresh = await v3Page(server);
    const incident = await openIncident(server, fresh, [{ componentId: fresh.components[0], status: 'MAJOR_OUTAGE' }]);
    expect((await server.call('DELETE', `/v3/status-pages/${fresh.id}`)).status).toBe(204);
    expectError(await server.call('GET', `${incidentsOf(fresh)}/${incident.id}`), 404);
    expectError(await server.call('GET', incidentsOf(fresh)), 404);
  });
});

describe('live V3 pages', () => {
  it("tell an open page of each write of its incidents, and no other page's", async () => {
    const [watched, elsewhere] = [await v3Page(server), await v3Page(server)];
    const stream = openStream(`${server.url}/status/${ACCOUNT_A.id}/${watched.url}/events`);
    try {
      expect(await stream.next()).toBe('retry: 2000\n: connected');
      await openIncident(server, elsewhere);
      const incident = await openIncident(server, watched);
      const event = `event: incident\ndata: {"incidentId":"${incident.id}"}`;
      expect(await stream.next()).toBe(event);
      const path = `${incidentsOf(watched)}/${incident.id}`;
      expect((await post(incident, { description: 'Fixed', status: 'RESOLVED' }, watched)).status).toBe(201);
      expect(await stream.next()).toBe(event);
      expect((await server.call('PUT', path, { body: { name: 'Renamed' } })).status).toBe(200);
      expect(await stream.next()).toBe(event);
      expect((await server.call('DELETE', path)).status).toBe(204);
      expect(await stream.next()).toBe(event);
    } finally {
      stream.close();
    }
  });
});

describe('with --data', () => {
  it('keeps V3 incidents, their windows, updates and list order across a restart', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const now = () => Date.parse('2025-03-10T12:00:00.000Z');
    const fixturesPath = v3PagesFixtures();
    const onFirst = await startInProcess({ dataPath, now, fixturesPath });
    const key = onFirst.account.key;
    const durablePage = await v3Page(onFirst, onFirst.account);
    const [api] = durablePage.components;
    const incident = await openIncident(onFirst, durablePage, [{ componentId: api, status: 'MAJOR_OUTAGE' }], {}, key);
    await onFirst.call('POST', updatesOf(durablePage, incident.id), { key, body: { description: 'Fixed', status: 'RESOLVED' } });
    const second = await openIncident(onFirst, durablePage, [], {}, key);
    await onFirst.call('PUT', `${incidentsOf(durablePage)}/${incident.id}/component-impacts`, {
      key,
      body: {
        componentImpacts: [
          { componentId: api, status: 'PARTIAL_OUTAGE', startedAt: '2025-03-10T11:00:00Z', endedAt: '2025-03-10T11:30:00Z' },
        ],
      },
    });
    const list = (await onFirst.call('GET', `${incidentsOf(durablePage)}?limit=1`, { key })).json;
    const before = (await onFirst.call('GET', `${incidentsOf(durablePage)}/${incident.id}`, { key })).json;
    await onFirst.close();

    const again = await startInProcess({ dataPath, now, fixturesPath });
    expect((await again.call('GET', `${incidentsOf(durablePage)}/${incident.id}`, { key })).json).toEqual(before);
    expect((await again.call('GET', `${incidentsOf(durablePage)}?limit=1`, { key })).json).toEqual(list);
    const next = (await again.call('GET', `${incidentsOf(durablePage)}?limit=1&nextId=${list.nextId}`, { key })).json;
    expect(next.entries.map((each: any) => each.id)).toEqual([second.id]);
    await again.close();
  });
});

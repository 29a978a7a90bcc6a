// Incidents of V3 status pages and their component impacts (docs/api-rules.md#v3-incidents):
// create, PUT, the timeline replaced whole, lists, deletes, the 404s and the isolation between
// accounts, requests sent in process. Updates are in v3-incident-updates.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { ACCOUNT_B, expectError, expectSuccess, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';
import { incidentsOf, openBody, openIncident, v3Page, v3PagesFixtures, type V3Page } from './v3-incident-helpers.js';

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';
const iso = (ms: number) => new Date(ms).toISOString();
const clock = testClock();
let server: TestServer;
let page: V3Page;
let other: V3Page;

beforeAll(async () => {
  server = await startTestServer({ ...TWO_ACCOUNTS, now: clock.now, fixturesPath: v3PagesFixtures() });
  page = await v3Page(server);
  other = await v3Page(server);
});

describe('opening a V3 incident', () => {
  it('answers 201 with one open window per impacted component, none for OPERATIONAL or one left out', async () => {
    const [api, db] = page.components;
    const created = await server.call('POST', incidentsOf(page), {
      body: openBody(
        [
          { componentId: api, status: 'MAJOR_OUTAGE' },
          { componentId: db, status: 'OPERATIONAL' },
        ],
        { publicIncidentUpdateDate: '2025-03-10T11:00:00+01:00', notifySubscribers: true },
      ),
    });
    const incident = expectSuccess('createV3Incident', created, 201);
    expect(incident).toMatchObject({
      statusPageId: page.id,
      name: 'API errors',
      lastUpdateStatus: 'INVESTIGATING',
      duration: null,
      created_at: '2025-03-10',
      componentImpacts: [{ componentId: api, status: 'MAJOR_OUTAGE', startedAt: '2025-03-10T10:00:00.000Z', endedAt: null }],
      incidentUpdates: [
        {
          description: 'Investigating',
          status: 'INVESTIGATING',
          publicIncidentUpdateDate: '2025-03-10T10:00:00.000Z',
          notifySubscribers: true,
        },
      ],
    });
    const fetched = expectSuccess('getV3Incident', await server.call('GET', `${incidentsOf(page)}/${incident.id}`), 200);
    expect(fetched).toEqual(incident);
    // Without impacts, no window; the first update dated now.
    const plain = await openIncident(server, page);
    expect(plain.componentImpacts).toEqual([]);
    expect(plain.incidentUpdates[0].publicIncidentUpdateDate).toBe(iso(clock.now()));
  });

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['a name over 255 characters', { name: 'x'.repeat(256) }, 'name'],
    ['no first update', { incidentUpdates: [] }, 'incidentUpdates'],
    [
      'two first updates',
      {
        incidentUpdates: [
          { description: 'a', status: 'INVESTIGATING' },
          { description: 'b', status: 'INVESTIGATING' },
        ],
      },
      'incidentUpdates',
    ],
    ['a first update without status', { incidentUpdates: [{ description: 'a' }] }, 'incidentUpdates[0].status'],
    ['a window status', { componentImpacts: [{ componentId: UNKNOWN, status: 'BROKEN' }] }, 'componentImpacts[0].status'],
  ])('refuses %s with a 400 naming it', async (_label, change, path) => {
    const body = { ...openBody(), ...change };
    const error = expectError(await server.call('POST', incidentsOf(page), { body }), 400);
    expect(error.details?.[0]?.path).toBe(path);
  });

  it("refuses a component that is not the page's (unknown or another page's) or one named twice, naming the item", async () => {
    const [api] = page.components;
    const cases: [{ componentId: string; status: string }[], string, RegExp][] = [
      [
        [
          { componentId: api, status: 'MAJOR_OUTAGE' },
          { componentId: UNKNOWN, status: 'MAJOR_OUTAGE' },
        ],
        'componentImpacts[1].componentId',
        /unknown component/,
      ],
      [[{ componentId: other.components[0], status: 'MAJOR_OUTAGE' }], 'componentImpacts[0].componentId', /unknown component/],
      [
        [
          { componentId: api, status: 'MAJOR_OUTAGE' },
          { componentId: api, status: 'OPERATIONAL' },
        ],
        'componentImpacts[1].componentId',
        /named twice/,
      ],
    ];
    for (const [impacts, path, message] of cases) {
      const error = expectError(await server.call('POST', incidentsOf(page), { body: openBody(impacts) }), 400);
      expect(error.details).toEqual([{ path, message: expect.stringMatching(message) }]);
    }
    expect((await server.call('GET', `${incidentsOf(page)}?limit=100`)).json.entries.every((each: any) => each.name === 'API errors')).toBe(
      true,
    );
  });
});

describe('404s and accounts', () => {
  it('answers 404 for an unknown page, an unknown incident and an incident of another page, on every route', async () => {
    const incident = await openIncident(server, page);
    const updateId = incident.incidentUpdates[0].id;
    const paths = (pageId: string, incidentId: string) =>
      [
        ['GET', `/v3/status-pages/${pageId}/incidents/${incidentId}`],
        ['PUT', `/v3/status-pages/${pageId}/incidents/${incidentId}`, { name: 'x' }],
        ['DELETE', `/v3/status-pages/${pageId}/incidents/${incidentId}`],
        ['PUT', `/v3/status-pages/${pageId}/incidents/${incidentId}/component-impacts`, { componentImpacts: [] }],
        ['GET', `/v3/status-pages/${pageId}/incidents/${incidentId}/incident-updates`],
        ['POST', `/v3/status-pages/${pageId}/incidents/${incidentId}/incident-updates`, { description: 'x', status: 'MONITORING' }],
        ['GET', `/v3/status-pages/${pageId}/incidents/${incidentId}/incident-updates/${updateId}`],
        [
          'PUT',
          `/v3/status-pages/${pageId}/incidents/${incidentId}/incident-updates/${updateId}`,
          { description: 'x', status: 'MONITORING' },
        ],
        ['DELETE', `/v3/status-pages/${pageId}/incidents/${incidentId}/incident-updates/${updateId}`],
      ] as const;
    for (const [method, path, body] of [...paths(UNKNOWN, incident.id), ...paths(page.id, UNKNOWN), ...paths(other.id, incident.id)]) {
      expectError(await server.call(method, path, body ? { body } : {}), 404);
    }
    for (const [method, path, body] of [
      ['GET', `/v3/status-pages/${UNKNOWN}/incidents`],
      ['POST', `/v3/status-pages/${UNKNOWN}/incidents`, openBody()],
    ] as const)
      expectError(await server.call(method, path, body ? { body } : {}), 404);
    // An update of another incident of the same page is not found on this one.
    const second = await openIncident(server, page);
    expectError(await server.call('GET', `${incidentsOf(page)}/${second.id}/incident-updates/${updateId}`), 404);
    expectSuccess('getV3Incident', await server.call('GET', `${incidentsOf(page)}/${incident.id}`), 200);
  });

  it("another account neither sees nor changes A's page and incidents; its own are apart", async () => {
    const incident = await openIncident(server, page, [{ componentId: page.components[0], status: 'PARTIAL_OUTAGE' }]);
    const key = ACCOUNT_B.key;
    expectError(await server.call('GET', incidentsOf(page), { key }), 404);
    expectError(await server.call('GET', `${incidentsOf(page)}/${incident.id}`, { key }), 404);
    expectError(await server.call('PUT', `${incidentsOf(page)}/${incident.id}`, { key, body: { name: 'B was here' } }), 404);
    expectError(await server.call('DELETE', `${incidentsOf(page)}/${incident.id}`, { key }), 404);
    expectError(await server.call('POST', incidentsOf(page), { key, body: openBody() }), 404);
    const pageOfB = await v3Page(server, ACCOUNT_B);
    // A's component on B's page is as unknown as any.
    const refused = await server.call('POST', incidentsOf(pageOfB), {
      key,
      body: openBody([{ componentId: page.components[0], status: 'MAJOR_OUTAGE' }]),
    });
    expect(expectError(refused, 400).details?.[0]?.path).toBe('componentImpacts[0].componentId');
    const own = await openIncident(server, pageOfB, [], {}, key);
    expect((await server.call('GET', incidentsOf(pageOfB), { key })).json.entries.map((each: any) => each.id)).toEqual([own.id]);
    expectError(await server.call('GET', `${incidentsOf(pageOfB)}/${own.id}`), 404);
    expect((await server.call('GET', `${incidentsOf(page)}/${incident.id}`)).json).toEqual(incident);
  });
});

describe('changing a V3 incident', () => {
  it('PUT renames; with componentImpacts it ends the windows of changed components now and opens the new ones', async () => {
    const [api, db, cdn] = page.components;
    const start = clock.now();
    const incident = await openIncident(server, page, [
      { componentId: api, status: 'MAJOR_OUTAGE' },
      { componentId: db, status: 'DEGRADED_PERFORMANCE' },
      { componentId: cdn, status: 'PARTIAL_OUTAGE' },
    ]);
    const path = `${incidentsOf(page)}/${incident.id}`;
    clock.advance(60_000);
    const renamed = expectSuccess('updateV3Incident', await server.call('PUT', path, { body: { name: 'Renamed' } }), 200);
    expect(renamed.name).toBe('Renamed');
    expect(renamed.componentImpacts).toEqual(incident.componentImpacts);
    clock.advance(60_000);
    const body = {
      name: 'Renamed',
      componentImpacts: [
        { componentId: api, status: 'PARTIAL_OUTAGE' },
        { componentId: db, status: 'DEGRADED_PERFORMANCE' },
        { componentId: cdn, status: 'OPERATIONAL' },
      ],
    };
    const reconciled = expectSuccess('updateV3Incident', await server.call('PUT', path, { body }), 200);
    const now = iso(clock.now());
    expect(reconciled.componentImpacts).toEqual([
      { componentId: api, status: 'MAJOR_OUTAGE', startedAt: iso(start), endedAt: now },
      { componentId: db, status: 'DEGRADED_PERFORMANCE', startedAt: iso(start), endedAt: null },
      { componentId: cdn, status: 'PARTIAL_OUTAGE', startedAt: iso(start), endedAt: now },
      { componentId: api, status: 'PARTIAL_OUTAGE', startedAt: now, endedAt: null },
    ]);
    // A component left out is OPERATIONAL: its window ends.
    clock.advance(60_000);
    const cleared = expectSuccess(
      'updateV3Incident',
      await server.call('PUT', path, { body: { name: 'Renamed', componentImpacts: [] } }),
      200,
    );
    expect(cleared.componentImpacts.filter((window: any) => window.endedAt === null)).toEqual([]);
    expect(
      expectError(
        await server.call('PUT', path, { body: { name: 'x', componentImpacts: [{ componentId: UNKNOWN, status: 'MAJOR_OUTAGE' }] } }),
        400,
      ).details?.[0]?.path,
    ).toBe('componentImpacts[0].componentId');
    expect(expectError(await server.call('PUT', path, { body: { componentImpacts: [] } }), 400).details?.[0]?.path).toBe('name');
  });

  it('PUT component-impacts replaces the timeline; windows of one component may not overlap, of two they may', async () => {
    const [api, db] = page.components;
    const incident = await openIncident(server, page, [{ componentId: api, status: 'MAJOR_OUTAGE' }]);
    const path = `${incidentsOf(page)}/${incident.id}/component-impacts`;
    const window = (componentId: string, startedAt: string, endedAt: string | null, status = 'MAJOR_OUTAGE') => ({
      componentId,
      status,
      startedAt,
      endedAt,
    });
    const timeline = [
      window(api, '2025-03-10T10:30:00Z', null, 'PARTIAL_OUTAGE'),
      window(api, '2025-03-10T10:00:00+00:00', '2025-03-10T10:30:00Z'),
      window(db, '2025-03-10T10:00:00Z', '2025-03-10T11:00:00Z'),
    ];
    const replaced = expectSuccess(
      'replaceV3IncidentComponentImpacts',
      await server.call('PUT', path, { body: { componentImpacts: timeline } }),
      200,
    );
    expect(replaced.componentImpacts).toEqual([
      window(api, '2025-03-10T10:00:00.000Z', '2025-03-10T10:30:00.000Z'),
      window(db, '2025-03-10T10:00:00.000Z', '2025-03-10T11:00:00.000Z'),
      window(api, '2025-03-10T10:30:00.000Z', null, 'PARTIAL_OUTAGE'),
    ]);
    const refusals: [unknown[], string, RegExp][] = [
      [
        [window(api, '2025-03-10T10:00:00Z', '2025-03-10T11:00:00Z'), window(api, '2025-03-10T10:59:00Z', null)],
        'componentImpacts[1]',
        /overlaps componentImpacts\[0\]/,
      ],
      [[window(api, '2025-03-10T10:00:00Z', '2025-03-10T10:00:00Z')], 'componentImpacts[0].endedAt', /after startedAt/],
      [[window(other.components[0], '2025-03-10T10:00:00Z', null)], 'componentImpacts[0].componentId', /unknown component/],
      [[window(api, '2025-03-10T10:00:00Z', null, 'OPERATIONAL')], 'componentImpacts[0].status', /./],
    ];
    for (const [componentImpacts, at, message] of refusals) {
      const error = expectError(await server.call('PUT', path, { body: { componentImpacts } }), 400);
      expect(error.details?.[0]).toEqual({ path: at, message: expect.stringMatching(message) });
    }
    expect((await server.call('GET', `${incidentsOf(page)}/${incident.id}`)).json.componentImpacts).toEqual(replaced.componentImpacts);
    // The timeline sent back as answered is taken again; the empty one clears it.
    expectSuccess(
      'replaceV3IncidentComponentImpacts',
      await server.call('PUT', path, { body: { componentImpacts: replaced.componentImpacts } }),
      200,
    );
    expect(
      expectSuccess('replaceV3IncidentComponentImpacts', await server.call('PUT', path, { body: { componentImpacts: [] } }), 200)
        .componentImpacts,
    ).toEqual([]);
  });

  it('deletes an incident: 204, then 404 on every read, gone from the list', async () => {
    const incident = await openIncident(server, page);
    const path = `${incidentsOf(page)}/${incident.id}`;
    expectSuccess('deleteV3Incident', await server.call('DELETE', path), 204);
    expectError(await server.call('GET', path), 404);
    expectError(await server.call('GET', `${path}/incident-updates`), 404);
    expectError(await server.call('DELETE', path), 404);
    expect((await server.call('GET', `${incidentsOf(page)}?limit=100`)).json.entries.map((each: any) => each.id)).not.toContain(
      incident.id,
    );
  });
});

describe('listing a V3 page’s incidents', () => {
  it('most recently changed first, without their updates, by cursor', async () => {
    const fresh = await v3Page(server);
    const [a, b, c] = [await openIncident(server, fresh), await openIncident(server, fresh), await openIncident(server, fresh)];
    await server.call('PUT', `${incidentsOf(fresh)}/${a.id}`, { body: { name: 'Changed last' } });
    const first = expectSuccess('listV3Incidents', await server.call('GET', `${incidentsOf(fresh)}?limit=2`), 200);
    expect(first.entries.map((each: any) => each.id)).toEqual([a.id, c.id]);
    expect(first.length).toBe(2);
    expect(first.entries[0]).not.toHaveProperty('incidentUpdates');
    expect(first.entries[0]).toMatchObject({ name: 'Changed last', lastUpdateStatus: 'INVESTIGATING', componentImpacts: [] });
    const second = expectSuccess('listV3Incidents', await server.call('GET', `${incidentsOf(fresh)}?limit=2&nextId=${first.nextId}`), 200);
    expect(second).toMatchObject({ length: 1, nextId: null });
    expect(second.entries.map((each: any) => each.id)).toEqual([b.id]);
    for (const query of ['limit=0', 'limit=101', 'nextId=bogus'])
      expectError(await server.call('GET', `${incidentsOf(fresh)}?${query}`), 400);
    // A bad cursor is a bad request before the page is looked up.
    expectError(await server.call('GET', `/v3/status-pages/${UNKNOWN}/incidents?nextId=bogus`), 400);
  });

  it('answers again once the page’s incidents change: an update, a rename, a delete show in the next list', async () => {
    const fresh = await v3Page(server);
    const [a, b] = [await openIncident(server, fresh), await openIncident(server, fresh)];
    const ids = async () =>
      (await server.call('GET', incidentsOf(fresh))).json.entries.map((each: any) => [each.id, each.lastUpdateStatus]);
    expect(await ids()).toEqual([
      [b.id, 'INVESTIGATING'],
      [a.id, 'INVESTIGATING'],
    ]);
    await server.call('POST', `${incidentsOf(fresh)}/${a.id}/incident-updates`, {
      body: { description: 'Found it.', status: 'IDENTIFIED' },
    });
    expect(await ids()).toEqual([
      [a.id, 'IDENTIFIED'],
      [b.id, 'INVESTIGATING'],
    ]);
    await server.call('PUT', `${incidentsOf(fresh)}/${b.id}`, { body: { name: 'Renamed' } });
    expect((await server.call('GET', incidentsOf(fresh))).json.entries[0]).toMatchObject({ id: b.id, name: 'Renamed' });
    expectSuccess('deleteV3Incident', await server.call('DELETE', `${incidentsOf(fresh)}/${b.id}`), 204);
    expect(await ids()).toEqual([[a.id, 'IDENTIFIED']]);
  });
});

// docs/api-rules.md#notifications on V3 pages: an incident or update sent with notifySubscribers
// records a notice for each VERIFIED subscriber of the page told of every component or of one
// the incident impacts (a GROUP covering the components inside it); an automation rule's
// incidents notify as the rule says; the notices are kept across a restart with --data.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../durability/helpers.js';
import { testClock } from '../support/clock.js';
import { useTestServer } from '../support/server.js';
import { ACCOUNT_A, expectSuccess, NOW, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const clock = testClock();
const shared = useTestServer({ ...TWO_ACCOUNTS, now: clock.now });

let pages = 0;

/** A page of its own: a group Platform holding API and Database, a service CDN at the top, and subscribers. */
async function pageWithSubscribers(server: TestServer) {
  const n = ++pages;
  const page = expectSuccess(
    'createV3StatusPage',
    await server.call('POST', '/v3/status-pages', { body: { name: `Notices ${n}`, url: `notices-${n}` } }),
    201,
  );
  const components = `/v3/status-pages/${page.id}/components`;
  const add = async (body: Record<string, unknown>) =>
    expectSuccess('createV3Component', await server.call('POST', components, { body: { displayOrder: 1, ...body } }), 201).id as string;
  const platform = await add({ name: 'Platform', type: 'GROUP' });
  const api = await add({ name: 'API', parentId: platform });
  const database = await add({ name: 'Database', parentId: platform });
  const cdn = await add({ name: 'CDN' });
  const subscribe = async (autoVerify: boolean, subscriptions: [string, string[] | null][]) =>
    expectSuccess(
      'createV3Subscribers',
      await server.call('POST', `/v3/status-pages/${page.id}/subscribers/bulk`, {
        body: {
          autoVerify,
          subscriptions: subscriptions.map(([address, subscribedComponents]) => ({
            type: 'EMAIL',
            config: { address, subscribedComponents },
          })),
        },
      }),
      201,
    );
  await subscribe(true, [
    [`all-${n}@example.com`, null],
    [`platform-${n}@example.com`, [platform]],
    [`api-${n}@example.com`, [api]],
    [`cdn-${n}@example.com`, [cdn]],
  ]);
  await subscribe(false, [[`pending-${n}@example.com`, null]]);
  return { id: page.id as string, n, platform, api, database, cdn };
}

async function notices(server: TestServer, incidentId: string) {
  return expectSuccess('listNotifications', await server.call('GET', `/_reference/notifications?incidentId=${incidentId}`), 200) as any[];
}

const addresses = (list: any[]) => list.map((notice) => notice.address).sort();

describe('notices to V3 subscribers', () => {
  it('an incident sent with notify records one per verified subscriber of every component or of one it impacts', async () => {
    const { server } = shared;
    const page = await pageWithSubscribers(server);
    const incidents = `/v3/status-pages/${page.id}/incidents`;
    const created = expectSuccess(
      'createV3Incident',
      await server.call('POST', incidents, {
        body: {
          name: 'Database slow',
          componentImpacts: [{ componentId: page.database, status: 'DEGRADED_PERFORMANCE' }],
          incidentUpdates: [{ description: 'Looking into it', status: 'INVESTIGATING', notifySubscribers: true }],
        },
      }),
      201,
    );
    const first = await notices(server, created.id);
    // The group's subscriber is told (Database is inside Platform); API's and CDN's are not; the pending one is not.
    expect(addresses(first)).toEqual([`all-${page.n}@example.com`, `platform-${page.n}@example.com`]);
    expect(first[0]).toEqual({
      id: expect.any(String),
      statusPageId: page.id,
      address: expect.any(String),
      incidentId: created.id,
      incidentUpdateId: created.incidentUpdates[0].id,
      status: 'INVESTIGATING',
      description: 'Looking into it',
      created_at: new Date(clock.now()).toISOString(),
    });

    // An update without notify records nothing; one with it does, for the components impacted then.
    const updates = `${incidents}/${created.id}/incident-updates`;
    expectSuccess(
      'createV3IncidentUpdate',
      await server.call('POST', updates, { body: { description: 'Quiet', status: 'IDENTIFIED' } }),
      201,
    );
    expect(await notices(server, created.id)).toHaveLength(2);
    // Later, so the windows the change ends and opens last a while.
    clock.advance(60_000);
    expectSuccess(
      'updateV3Incident',
      await server.call('PUT', `${incidents}/${created.id}`, {
        body: { name: 'CDN too', componentImpacts: [{ componentId: page.cdn, status: 'PARTIAL_OUTAGE' }] },
      }),
      200,
    );
    clock.advance(60_000);
    const resolved = expectSuccess(
      'createV3IncidentUpdate',
      await server.call('POST', updates, { body: { description: 'Fixed', status: 'RESOLVED', notifySubscribers: true } }),
      201,
    );
    const after = (await notices(server, created.id)).filter((notice) => notice.incidentUpdateId === resolved.id);
    // The resolved incident's windows, the database's and the CDN's, all count.
    expect(addresses(after)).toEqual([`all-${page.n}@example.com`, `cdn-${page.n}@example.com`, `platform-${page.n}@example.com`]);
    expect(after.every((notice) => notice.status === 'RESOLVED' && notice.description === 'Fixed')).toBe(true);

    // A PUT of an update notifies when it says so itself.
    const quiet = created.incidentUpdates[0].id;
    expectSuccess(
      'updateV3IncidentUpdate',
      await server.call('PUT', `${updates}/${quiet}`, { body: { description: 'Edited', status: 'INVESTIGATING' } }),
      200,
    );
    expect(await notices(server, created.id)).toHaveLength(5);
    expectSuccess(
      'updateV3IncidentUpdate',
      await server.call('PUT', `${updates}/${quiet}`, {
        body: { description: 'Edited again', status: 'INVESTIGATING', notifySubscribers: true },
      }),
      200,
    );
    const edited = (await notices(server, created.id)).filter((notice) => notice.description === 'Edited again');
    expect(edited).toHaveLength(3);
    expect(edited.every((notice) => notice.incidentUpdateId === quiet)).toBe(true);
  });

  it('an incident that impacts nothing is told to the subscribers of every component only', async () => {
    const { server } = shared;
    const page = await pageWithSubscribers(server);
    const created = expectSuccess(
      'createV3Incident',
      await server.call('POST', `/v3/status-pages/${page.id}/incidents`, {
        body: { name: 'Heads up', incidentUpdates: [{ description: 'Something', status: 'INVESTIGATING', notifySubscribers: true }] },
      }),
      201,
    );
    expect(addresses(await notices(server, created.id))).toEqual([`all-${page.n}@example.com`]);
  });

  it("a rule's incident notifies on opening and on resolving as the rule says", async () => {
    const { server } = shared;
    const page = await pageWithSubscribers(server);
    const rules = `/v3/status-pages/${page.id}/automation-rules`;
    const rule = (tag: string, notifySubscribers: boolean) =>
      server.call('POST', rules, {
        body: {
          name: `Rule ${tag}`,
          firstUpdate: 'API failing',
          lastUpdate: 'API back',
          notifySubscribers,
          tags: [tag],
          components: [{ componentId: page.api, targetImpact: 'MAJOR_OUTAGE' }],
        },
      });
    const loud = expectSuccess('createV3AutomationRule', await rule(`loud-${page.n}`, true), 201);
    const quiet = expectSuccess('createV3AutomationRule', await rule(`quiet-${page.n}`, false), 201);
    const check = (suffix: number, tag: string, outcome: string) =>
      server.call('POST', '/_reference/check-results', {
        body: {
          checkId: `00000000-0000-4000-8000-0000000a${String(page.n).padStart(2, '0')}0${suffix}`,
          name: tag,
          checkType: 'API',
          tags: [tag],
          outcome,
        },
      });
    for (const [suffix, tag] of [
      [1, `loud-${page.n}`],
      [2, `quiet-${page.n}`],
    ] as const)
      expectSuccess('recordCheckResult', await check(suffix, tag, 'failed'), 201);
    const loudIncident = expectSuccess('getV3AutomationRule', await server.call('GET', `${rules}/${loud.id}`), 200).incidentId;
    const quietIncident = expectSuccess('getV3AutomationRule', await server.call('GET', `${rules}/${quiet.id}`), 200).incidentId;
    const expected = [`all-${page.n}@example.com`, `api-${page.n}@example.com`, `platform-${page.n}@example.com`];
    expect(addresses(await notices(server, loudIncident))).toEqual(expected);
    expect(await notices(server, quietIncident)).toEqual([]);
    clock.advance(60_000);
    expectSuccess('recordCheckResult', await check(1, `loud-${page.n}`, 'passed'), 201);
    expectSuccess('recordCheckResult', await check(2, `quiet-${page.n}`, 'passed'), 201);
    const resolving = (await notices(server, loudIncident)).filter((notice) => notice.status === 'RESOLVED');
    expect(addresses(resolving)).toEqual(expected);
    expect(resolving[0].description).toBe('API back');
    expect(await notices(server, quietIncident)).toEqual([]);
  });

  it('keeps the notices across a restart with --data', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = await startTestServer({ accounts: [ACCOUNT_A], dataPath, now: () => NOW });
    const page = await pageWithSubscribers(first);
    const created = expectSuccess(
      'createV3Incident',
      await first.call('POST', `/v3/status-pages/${page.id}/incidents`, {
        body: {
          name: 'API down',
          componentImpacts: [{ componentId: page.api, status: 'MAJOR_OUTAGE' }],
          incidentUpdates: [{ description: 'Down', status: 'INVESTIGATING', notifySubscribers: true }],
        },
      }),
      201,
    );
    const before = await notices(first, created.id);
    expect(before).toHaveLength(3);
    await first.close();
    const second = await startTestServer({ accounts: [ACCOUNT_A], dataPath, now: () => NOW });
    expect(await notices(second, created.id)).toEqual(before);
  });
});

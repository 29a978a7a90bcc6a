// docs/api-rules.md#v3-subscribers: a V3 status page's subscribers, as a v2 page's subscriptions
// (an address subscribed once, autoVerify, newest first) plus the components each is told of
// (null: every one; ids the page's, at most 200), with a status filter and cursors on the list.
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
import { useTestServer } from '../support/server.js';
import { ACCOUNT_A, ACCOUNT_B, NOW, expectError, expectSuccess, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const shared = useTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
const A = demoIds(ACCOUNT_A.id);
const DEMO_PAGE = A.v3StatusPages.acmePlatform;

let pages = 0;
/** A V3 page of this test's own, without components. */
async function newPage(server: TestServer, key = ACCOUNT_A.key): Promise<string> {
  const created = await server.call('POST', '/v3/status-pages', { key, body: { name: 'Subscribed', url: `subscribed-${++pages}` } });
  return expectSuccess('createV3StatusPage', created, 201).id;
}

function subscribe(server: TestServer, pageId: string, body: unknown, key = ACCOUNT_A.key) {
  return server.call('POST', `/v3/status-pages/${pageId}/subscribers/bulk`, { key, body });
}

const email = (address: string, subscribedComponents?: string[] | null) => ({
  type: 'EMAIL',
  config: subscribedComponents === undefined ? { address } : { address, subscribedComponents },
});

async function list(server: TestServer, pageId: string, query = '', key = ACCOUNT_A.key) {
  const result = await server.call('GET', `/v3/status-pages/${pageId}/subscribers${query ? `?${query}` : ''}`, { key });
  return expectSuccess('listV3Subscribers', result, 200);
}

describe('V3 subscribers', () => {
  it('subscribes addresses to every component or to some, skipping one subscribed already, and lists them newest first', async () => {
    const { server } = shared;
    const pageId = await newPage(server);
    const first = await subscribe(server, pageId, { subscriptions: [email('ops@example.com'), email('dev@example.com', null)] });
    expect(expectSuccess('createV3Subscribers', first, 201)).toEqual({ created: 2, skipped: 0, status: 'PENDING' });
    const again = await subscribe(server, pageId, {
      subscriptions: [email('OPS@example.com'), email('new@example.com'), email('new@example.com')],
      autoVerify: true,
    });
    expect(expectSuccess('createV3Subscribers', again, 201)).toEqual({ created: 1, skipped: 2, status: 'VERIFIED' });
    const listed = await list(server, pageId);
    expect(listed).toEqual({
      length: 3,
      nextId: null,
      entries: [
        {
          id: expect.any(String),
          type: 'EMAIL',
          address: 'new@example.com',
          status: 'VERIFIED',
          subscribedComponents: null,
          created_at: '2025-03-10',
          updated_at: '2025-03-10',
        },
        expect.objectContaining({ address: 'dev@example.com', status: 'PENDING', subscribedComponents: null }),
        expect.objectContaining({ address: 'ops@example.com', status: 'PENDING', subscribedComponents: null }),
      ],
    });
  });

  it("takes the page's own components, at most 200, and refuses another page's or an unknown one, naming the item", async () => {
    const { server } = shared;
    const components = [A.v3Components.restApi, A.v3Components.core];
    const made = await subscribe(server, DEMO_PAGE, { subscriptions: [email('api-watcher@example.com', components)] });
    expect(expectSuccess('createV3Subscribers', made, 201).created).toBe(1);
    const [newest] = (await list(server, DEMO_PAGE)).entries;
    expect(newest).toMatchObject({ address: 'api-watcher@example.com', subscribedComponents: components });

    const otherPage = await newPage(server);
    const foreign = expectError(await subscribe(server, otherPage, { subscriptions: [email('x@example.com', components)] }), 400);
    expect(foreign.details).toEqual([
      { path: 'subscriptions[0].config.subscribedComponents[0]', message: `no component ${components[0]} on this status page` },
    ]);
    const tooMany = Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const over = expectError(await subscribe(server, DEMO_PAGE, { subscriptions: [email('y@example.com', tooMany)] }), 400);
    expect(over.details?.[0]?.path).toBe('subscriptions[0].config.subscribedComponents');
    const badAddress = expectError(await subscribe(server, DEMO_PAGE, { subscriptions: [email('not-an-address')] }), 400);
    expect(badAddress.details?.[0]?.path).toBe('subscriptions[0].config.address');
    expectError(await subscribe(server, DEMO_PAGE, { subscriptions: [] }), 400);
    // Nothing of a refused request was stored.
    expect((await list(server, otherPage)).entries).toEqual([]);
  });

  it('filters the list by status and pages it by cursor', async () => {
    const { server } = shared;
    const pageId = await newPage(server);
    await subscribe(server, pageId, { subscriptions: [email('p1@example.com'), email('p2@example.com')] });
    await subscribe(server, pageId, {
      subscriptions: [email('v1@example.com'), email('v2@example.com'), email('v3@example.com')],
      autoVerify: true,
    });
    expect((await list(server, pageId, 'status=PENDING')).entries.map((s: any) => s.address)).toEqual(['p2@example.com', 'p1@example.com']);
    const first = await list(server, pageId, 'status=VERIFIED&limit=2');
    expect(first.entries.map((s: any) => s.address)).toEqual(['v3@example.com', 'v2@example.com']);
    const second = await list(server, pageId, `status=VERIFIED&limit=2&nextId=${first.nextId}`);
    expect(second).toMatchObject({ length: 1, nextId: null });
    expect(second.entries[0].address).toBe('v1@example.com');
    expectError(await server.call('GET', `/v3/status-pages/${pageId}/subscribers?status=ACTIVE`), 400);
    expectError(await server.call('GET', `/v3/status-pages/${pageId}/subscribers?nextId=bogus`), 400);
  });

  it('deletes one subscriber (204); another page, another account or an unknown id is a 404', async () => {
    const { server } = shared;
    const pageId = await newPage(server);
    const otherPage = await newPage(server);
    await subscribe(server, pageId, { subscriptions: [email('gone@example.com'), email('kept@example.com')] });
    const [kept, gone] = (await list(server, pageId)).entries;
    expect(gone.address).toBe('gone@example.com');
    expectError(await server.call('DELETE', `/v3/status-pages/${otherPage}/subscribers/${gone.id}`), 404);
    expectError(await server.call('DELETE', `/v3/status-pages/${pageId}/subscribers/${gone.id}`, { key: ACCOUNT_B.key }), 404);
    expectSuccess('deleteV3Subscriber', await server.call('DELETE', `/v3/status-pages/${pageId}/subscribers/${gone.id}`), 204);
    expectError(await server.call('DELETE', `/v3/status-pages/${pageId}/subscribers/${gone.id}`), 404);
    expect((await list(server, pageId)).entries.map((s: any) => s.id)).toEqual([kept.id]);
    // Unsubscribed, the address may subscribe again.
    expect(
      expectSuccess('createV3Subscribers', await subscribe(server, pageId, { subscriptions: [email('gone@example.com')] }), 201).created,
    ).toBe(1);
  });

  it("keeps accounts apart: another account's page is a 404 for each route, and its subscribers are its own", async () => {
    const { server } = shared;
    const pageId = await newPage(server);
    await subscribe(server, pageId, { subscriptions: [email('a-only@example.com')] });
    expectError(await server.call('GET', `/v3/status-pages/${pageId}/subscribers`, { key: ACCOUNT_B.key }), 404);
    expectError(await subscribe(server, pageId, { subscriptions: [email('b@example.com')] }, ACCOUNT_B.key), 404);
    // A v2 page is no V3 page.
    const v2 = (await server.call('GET', '/v1/status-pages?limit=1')).json.entries[0].id;
    expectError(await server.call('GET', `/v3/status-pages/${v2}/subscribers`), 404);
    const bPage = await newPage(server, ACCOUNT_B.key);
    expect((await list(server, bPage, '', ACCOUNT_B.key)).entries).toEqual([]);
  });

  it('the demo V3 page has subscribers, some to every component and some to a few', async () => {
    const listed = await list(shared.server, demoIds(ACCOUNT_B.id).v3StatusPages.acmePlatform, 'limit=100', ACCOUNT_B.key);
    expect(listed.entries.length).toBeGreaterThanOrEqual(3);
    expect(listed.entries.some((s: any) => s.subscribedComponents === null)).toBe(true);
    expect(listed.entries.some((s: any) => Array.isArray(s.subscribedComponents) && s.subscribedComponents.length > 0)).toBe(true);
    expect(listed.entries.some((s: any) => s.status === 'PENDING')).toBe(true);
  });

  it('deleting the page deletes its subscribers', async () => {
    const { server } = shared;
    const pageId = await newPage(server);
    await subscribe(server, pageId, { subscriptions: [email('with-page@example.com')] });
    expectSuccess('deleteV3StatusPage', await server.call('DELETE', `/v3/status-pages/${pageId}`), 204);
    expectError(await server.call('GET', `/v3/status-pages/${pageId}/subscribers`), 404);
  });
});

// The components of V3 status pages (docs/api-rules.md#v3-components): a tree per page (a parent
// is a GROUP of the same page, never the component itself nor one of its own), listed by
// displayOrder then name with exact cursors, replaced by PUT, a group's children detached when
// it goes, and all of them gone with their page. Requests in process.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
import { AccountStore } from '../../src/server/store.js';
import { V3ComponentRecords } from '../../src/server/store/v3-components.js';
import { fillV3Pages } from '../durability/v3-page-changes.js';
import { tempDir } from '../durability/helpers.js';
import { ACCOUNT_A, ACCOUNT_B, expectError, expectSuccess, NOW, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';
const componentsOf = (pageId: string) => `/v3/status-pages/${pageId}/components`;

let pages = 0;
async function newPage(server: TestServer, key = ACCOUNT_A.key): Promise<string> {
  const made = await server.call('POST', '/v3/status-pages', { key, body: { name: 'Components', url: `components-${++pages}` } });
  return expectSuccess('createV3StatusPage', made, 201).id;
}

async function add(server: TestServer, pageId: string, body: Record<string, unknown>, key = ACCOUNT_A.key): Promise<any> {
  return expectSuccess('createV3Component', await server.call('POST', componentsOf(pageId), { key, body }), 201);
}

async function listAll(server: TestServer, pageId: string): Promise<any[]> {
  return expectSuccess('listV3Components', await server.call('GET', `${componentsOf(pageId)}?limit=100`), 200).entries;
}

describe('V3 components', () => {
  it('adds SERVICEs and GROUPs with the defaults of the fields left out, and reads them back', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const page = await newPage(server);
    const service = await add(server, page, { name: 'API', displayOrder: 2 });
    expect(service).toEqual({
      id: expect.any(String),
      statusPageId: page,
      type: 'SERVICE',
      name: 'API',
      description: null,
      displayOrder: 2,
      hidden: false,
      parentId: null,
      created_at: '2025-03-10',
      updated_at: '2025-03-10',
    });
    const group = await add(server, page, { type: 'GROUP', name: 'Core', displayOrder: 1, description: 'The core', hidden: true });
    const child = await add(server, page, { name: 'Login', displayOrder: 1, parentId: group.id });
    expect(child.parentId).toBe(group.id);
    for (const each of [service, group, child])
      expect(expectSuccess('getV3Component', await server.call('GET', `${componentsOf(page)}/${each.id}`), 200)).toEqual(each);
  });

  it('lists by displayOrder, then name, and pages by cursor with no repeat or gap while components come and go', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const page = await newPage(server);
    const made = [];
    for (const [name, displayOrder] of [
      ['Zeta', 1],
      ['Alpha', 2],
      ['Beta', 1],
      ['Gamma', 3],
      ['Delta', 2],
    ] as const)
      made.push(await add(server, page, { name, displayOrder }));
    expect((await listAll(server, page)).map((each) => each.name)).toEqual(['Beta', 'Zeta', 'Alpha', 'Delta', 'Gamma']);
    const first = expectSuccess('listV3Components', await server.call('GET', `${componentsOf(page)}?limit=2`), 200);
    expect(first.entries.map((each: any) => each.name)).toEqual(['Beta', 'Zeta']);
    // Between pages: one sorting before the cursor, one after it, and one of the rest deleted.
    await add(server, page, { name: 'Aaa', displayOrder: 0 });
    await add(server, page, { name: 'Epsilon', displayOrder: 2 });
    expectSuccess('deleteV3Component', await server.call('DELETE', `${componentsOf(page)}/${made[1].id}`), 204);
    const rest: string[] = [];
    let cursor = first.nextId;
    while (cursor) {
      const next = expectSuccess('listV3Components', await server.call('GET', `${componentsOf(page)}?limit=2&nextId=${cursor}`), 200);
      expect(next.length).toBe(next.entries.length);
      rest.push(...next.entries.map((each: any) => each.name));
      cursor = next.nextId;
    }
    expect(rest).toEqual(['Delta', 'Epsilon', 'Gamma']);
    for (const nextId of ['bm9wZTox', 'abc', Buffer.from('v3components:[1,"x"]').toString('base64url')]) {
      const bad = expectError(await server.call('GET', `${componentsOf(page)}?nextId=${nextId}`), 400);
      expect(bad.details?.[0]?.path).toBe('nextId');
    }
  });

  it('keeps the tree: a parent is a GROUP of the same page, never the component itself nor one of its own', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const page = await newPage(server);
    const otherPage = await newPage(server);
    const outer = await add(server, page, { type: 'GROUP', name: 'Outer', displayOrder: 1 });
    const inner = await add(server, page, { type: 'GROUP', name: 'Inner', displayOrder: 1, parentId: outer.id });
    const leaf = await add(server, page, { name: 'Leaf', displayOrder: 1, parentId: inner.id });
    const elsewhere = await add(server, otherPage, { type: 'GROUP', name: 'Elsewhere', displayOrder: 1 });
    const refusals: [string, Record<string, unknown>, string, string][] = [
      ['POST', { name: 'x', displayOrder: 1, parentId: UNKNOWN }, 'parentId', 'is not a GROUP'],
      ['POST', { name: 'x', displayOrder: 1, parentId: leaf.id }, 'parentId', 'is not a GROUP'],
      ['POST', { name: 'x', displayOrder: 1, parentId: elsewhere.id }, 'parentId', 'is not a GROUP'],
      [`PUT ${outer.id}`, { type: 'GROUP', name: 'Outer', displayOrder: 1, parentId: inner.id }, 'parentId', 'under itself'],
      [`PUT ${outer.id}`, { type: 'GROUP', name: 'Outer', displayOrder: 1, parentId: outer.id }, 'parentId', 'under itself'],
      [`PUT ${inner.id}`, { name: 'Inner', displayOrder: 1, parentId: outer.id }, 'type', 'is a GROUP'],
    ];
    for (const [how, body, path, message] of refusals) {
      const [method, id] = how.split(' ');
      const url = id ? `${componentsOf(page)}/${id}` : componentsOf(page);
      const refused = expectError(await server.call(method!, url, { body }), 400);
      expect(refused.details, `${how} ${JSON.stringify(body)}`).toEqual([{ path, message: expect.stringContaining(message) }]);
    }
    // Nothing changed; a group without children may become a SERVICE, and a component may move to another group.
    expect((await listAll(server, page)).map((each) => [each.name, each.parentId])).toEqual([
      ['Inner', outer.id],
      ['Leaf', inner.id],
      ['Outer', null],
    ]);
    const empty = await add(server, page, { type: 'GROUP', name: 'Empty', displayOrder: 5 });
    expectSuccess(
      'updateV3Component',
      await server.call('PUT', `${componentsOf(page)}/${empty.id}`, { body: { name: 'Empty', displayOrder: 5 } }),
      200,
    );
    const moved = await server.call('PUT', `${componentsOf(page)}/${leaf.id}`, {
      body: { name: 'Leaf', displayOrder: 1, parentId: outer.id },
    });
    expect(expectSuccess('updateV3Component', moved, 200).parentId).toBe(outer.id);
  });

  it('replaces a component on PUT: a field left out is reset, the id, page and created_at kept', async () => {
    let now = NOW;
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => now });
    const page = await newPage(server);
    const group = await add(server, page, { type: 'GROUP', name: 'Group', displayOrder: 1 });
    const full = await add(server, page, { name: 'Full', displayOrder: 3, description: 'All set', hidden: true, parentId: group.id });
    now += 86_400_000;
    const replaced = await server.call('PUT', `${componentsOf(page)}/${full.id}`, { body: { name: 'Bare', displayOrder: 4 } });
    expect(expectSuccess('updateV3Component', replaced, 200)).toEqual({
      ...full,
      name: 'Bare',
      displayOrder: 4,
      description: null,
      hidden: false,
      parentId: null,
      updated_at: '2025-03-11',
    });
  });

  it("deletes a component; a group's children stay, moved to the top; a page takes its components with it", async () => {
    let now = NOW;
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => now });
    const page = await newPage(server);
    const group = await add(server, page, { type: 'GROUP', name: 'Group', displayOrder: 1 });
    const a = await add(server, page, { name: 'A', displayOrder: 1, parentId: group.id });
    const b = await add(server, page, { name: 'B', displayOrder: 2, parentId: group.id });
    now += 86_400_000;
    expectSuccess('deleteV3Component', await server.call('DELETE', `${componentsOf(page)}/${group.id}`), 204);
    expectError(await server.call('GET', `${componentsOf(page)}/${group.id}`), 404);
    expect(await listAll(server, page)).toEqual([
      { ...a, parentId: null, updated_at: '2025-03-11' },
      { ...b, parentId: null, updated_at: '2025-03-11' },
    ]);
    expectSuccess('deleteV3StatusPage', await server.call('DELETE', `/v3/status-pages/${page}`), 204);
    expectError(await server.call('GET', `${componentsOf(page)}/${a.id}`), 404);
    expectError(await server.call('GET', componentsOf(page)), 404);
  });

  it("removes a page's components from the store in the page's own change, and only that page's", () => {
    const store = new AccountStore(ACCOUNT_A.id);
    fillV3Pages(store);
    expect(store.records.v3StatusPages.has('v3p-gone')).toBe(false);
    expect(store.records.v3Components.ofPage('v3p-gone')).toEqual([]);
    expect(store.records.v3Components.ofPage('v3p-kept').map((each) => each.id)).toEqual(['v3c-child', 'v3c-group', 'v3c-moved']);
  });

  it('tells each part that refers to components of a deleted one, in the delete itself', () => {
    const told: string[] = [];
    // The store's parts, as a kind that refers to components would be among them.
    const parts: Record<string, object> = { holder: { v3ComponentDeleted: (page: string, id: string) => told.push(`${page}/${id}`) } };
    const part = new V3ComponentRecords(parts);
    parts.v3Components = part;
    const base = { statusPageId: 'p', type: 'SERVICE' as const, description: null, displayOrder: 1, hidden: false, parentId: null };
    part.put({ ...base, id: 'c1', name: 'One', created_at: '2025-03-10', updated_at: '2025-03-10' });
    part.put({ ...base, id: 'c2', name: 'Two', created_at: '2025-03-10', updated_at: '2025-03-10' });
    part.deleted('p', 'c1', '2025-03-11');
    expect(told).toEqual(['p/c1']);
    expect(part.ofPage('p').map((each) => each.id)).toEqual(['c2']);
  });

  it("answers 404 for an unknown page, a v2 page, another account's page, another page's component and an unknown one", async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const page = await newPage(server);
    const otherPage = await newPage(server);
    const mine = await add(server, page, { name: 'Mine', displayOrder: 1 });
    const v2 = (await server.call('GET', '/v1/status-pages?limit=1')).json.entries[0].id;
    const body = { name: 'x', displayOrder: 1 };
    for (const [pageId, key] of [
      [UNKNOWN, ACCOUNT_A.key],
      [v2, ACCOUNT_A.key],
      [page, ACCOUNT_B.key],
    ] as const) {
      expectError(await server.call('GET', componentsOf(pageId), { key }), 404);
      expectError(await server.call('POST', componentsOf(pageId), { key, body }), 404);
      expectError(await server.call('GET', `${componentsOf(pageId)}/${mine.id}`, { key }), 404);
      expectError(await server.call('PUT', `${componentsOf(pageId)}/${mine.id}`, { key, body }), 404);
      expectError(await server.call('DELETE', `${componentsOf(pageId)}/${mine.id}`, { key }), 404);
    }
    for (const componentId of [UNKNOWN, mine.id]) {
      const pageId = componentId === mine.id ? otherPage : page;
      const missing = expectError(await server.call('GET', `${componentsOf(pageId)}/${componentId}`), 404);
      expect(missing.message).toContain(componentId);
      expectError(await server.call('PUT', `${componentsOf(pageId)}/${componentId}`, { body }), 404);
      expectError(await server.call('DELETE', `${componentsOf(pageId)}/${componentId}`), 404);
    }
    expect(await listAll(server, page)).toEqual([mine]);
    expect(await listAll(server, otherPage)).toEqual([]);
  });

  it("gives the demo account's V3 page groups of services, in the order the demo data writes them", async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const ids = demoIds(ACCOUNT_A.id);
    const all = await listAll(server, ids.v3StatusPages.acmePlatform);
    const groups = all.filter((each) => each.type === 'GROUP');
    expect(groups.map((group) => group.id)).toEqual([ids.v3Components.core, ids.v3Components.delivery]);
    const under = (group: string) => all.filter((each) => each.parentId === group).map((each) => each.id);
    expect(under(ids.v3Components.core)).toEqual([ids.v3Components.dashboard, ids.v3Components.restApi, ids.v3Components.login]);
    expect(under(ids.v3Components.delivery)).toEqual([ids.v3Components.webhooks, ids.v3Components.emailDelivery]);
    expect(all.find((each) => each.id === ids.v3Components.statusApi)).toMatchObject({ type: 'SERVICE', parentId: null });
    // B's copy has ids of its own.
    expect(await server.call('GET', `${componentsOf(ids.v3StatusPages.acmePlatform)}`, { key: ACCOUNT_B.key })).toMatchObject({
      status: 404,
    });
  });

  it('keeps components, replaced and deleted ones and detached children across a restart with --data', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = await startTestServer({ accounts: [ACCOUNT_A], dataPath, now: () => NOW });
    const page = await newPage(first);
    const group = await add(first, page, { type: 'GROUP', name: 'Group', displayOrder: 1 });
    const child = await add(first, page, { name: 'Child', displayOrder: 1, parentId: group.id });
    const kept = await add(first, page, { name: 'Kept', displayOrder: 2 });
    expectSuccess(
      'updateV3Component',
      await first.call('PUT', `${componentsOf(page)}/${kept.id}`, { body: { name: 'Kept!', displayOrder: 0 } }),
      200,
    );
    expectSuccess('deleteV3Component', await first.call('DELETE', `${componentsOf(page)}/${group.id}`), 204);
    const before = await listAll(first, page);
    expect(before.map((each) => [each.name, each.parentId])).toEqual([
      ['Kept!', null],
      ['Child', null],
    ]);
    await first.close();
    const second = await startTestServer({ accounts: [ACCOUNT_A], dataPath, now: () => NOW });
    expect(await listAll(second, page)).toEqual(before);
    expectError(await second.call('GET', `${componentsOf(page)}/${group.id}`), 404);
    expect(expectSuccess('getV3Component', await second.call('GET', `${componentsOf(page)}/${child.id}`), 200).parentId).toBeNull();
  });
});

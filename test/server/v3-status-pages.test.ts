// V3 status pages (docs/api-rules.md#v3-status-pages): per account, beside the v2 pages and never
// among them, a url unique among both generations, a PUT that replaces, a delete that takes the
// page's records with it, and all of it kept by --data across a restart. Requests in process.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFixtures } from '../../src/server/fixtures/load.js';
import { demoIds } from '../../src/server/index.js';
import { tempDir } from '../durability/helpers.js';
import { ACCOUNT_A, ACCOUNT_B, expectError, expectSuccess, NOW, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const PAGES = '/v3/status-pages';

function createPage(server: TestServer, body: Record<string, unknown>, key = ACCOUNT_A.key) {
  return server.call('POST', PAGES, { key, body });
}

async function listAll(server: TestServer, key = ACCOUNT_A.key): Promise<any[]> {
  return expectSuccess('listV3StatusPages', await server.call('GET', `${PAGES}?limit=100`, { key }), 200).entries;
}

describe('V3 status pages', () => {
  it('creates a page with every optional field at its default, lower-cases its url, and reads it back', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const created = expectSuccess('createV3StatusPage', await createPage(server, { name: 'Orbit', url: 'Orbit-Status' }), 201);
    expect(created).toEqual({
      id: expect.any(String),
      accountId: ACCOUNT_A.id,
      version: 3,
      name: 'Orbit',
      url: 'orbit-status',
      description: null,
      customDomain: null,
      themeColors: null,
      logo: null,
      logoDark: null,
      redirectTo: null,
      favicon: null,
      defaultTheme: 'AUTO',
      privacyPolicyLink: null,
      termsOfServiceLink: null,
      footerText: null,
      googleAnalyticsTag: null,
      allowIndexing: true,
      created_at: '2025-03-10',
      updated_at: '2025-03-10',
    });
    expect(expectSuccess('getV3StatusPage', await server.call('GET', `${PAGES}/${created.id}`), 200)).toEqual(created);
    expect((await listAll(server))[0]).toEqual(created);
    // A custom domain is stored lower-cased as well.
    const domain = expectSuccess(
      'createV3StatusPage',
      await createPage(server, { name: 'Docs', url: 'docs', customDomain: 'Status.Example.COM' }),
      201,
    );
    expect(domain.customDomain).toBe('status.example.com');
  });

  it('keeps the generations apart: /v1 never lists a V3 page and /v3 never a v2 one, each a 404 on the other', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const v2 = (await server.call('GET', '/v1/status-pages?limit=100')).json.entries.map((page: any) => page.id);
    const v3 = (await listAll(server)).map((page) => page.id);
    // The demo data has both.
    expect(v2.length).toBeGreaterThan(0);
    expect(v3).toEqual([demoIds(ACCOUNT_A.id).v3StatusPages.acmePlatform]);
    const made = expectSuccess('createV3StatusPage', await createPage(server, { name: 'New', url: 'new-v3' }), 201);
    expect((await server.call('GET', '/v1/status-pages?limit=100')).json.entries.map((page: any) => page.id)).toEqual(v2);
    expectError(await server.call('GET', `/v1/status-pages/${made.id}`), 404);
    for (const id of v2) {
      expectError(await server.call('GET', `${PAGES}/${id}`), 404);
      expectError(await server.call('PUT', `${PAGES}/${id}`, { body: { name: 'x', url: 'x' } }), 404);
      expectError(await server.call('DELETE', `${PAGES}/${id}`), 404);
    }
  });

  it('lists newest first by cursor, without duplicates or gaps while pages are created and deleted between pages', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push(expectSuccess('createV3StatusPage', await createPage(server, { name: `P${i}`, url: `p${i}` }), 201).id);
    const first = expectSuccess('listV3StatusPages', await server.call('GET', `${PAGES}?limit=2`), 200);
    expect(first.entries.map((page: any) => page.id)).toEqual([made[4], made[3]]);
    expect(first.length).toBe(2);
    await createPage(server, { name: 'Later', url: 'later' });
    expectSuccess('deleteV3StatusPage', await server.call('DELETE', `${PAGES}/${made[1]}`), 204);
    const second = expectSuccess('listV3StatusPages', await server.call('GET', `${PAGES}?limit=2&nextId=${first.nextId}`), 200);
    expect(second.entries.map((page: any) => page.id)).toEqual([made[2], made[0]]);
    const last = expectSuccess('listV3StatusPages', await server.call('GET', `${PAGES}?limit=2&nextId=${second.nextId}`), 200);
    expect(last.entries.map((page: any) => page.id)).toEqual([demoIds(ACCOUNT_A.id).v3StatusPages.acmePlatform]);
    expect(last.nextId).toBeNull();
    const bad = expectError(await server.call('GET', `${PAGES}?nextId=bm9wZTox`), 400);
    expect(bad.details?.[0]?.path).toBe('nextId');
  });

  it('refuses a url another page of the account has, of either generation and in any letter case, naming url', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const page = expectSuccess('createV3StatusPage', await createPage(server, { name: 'Mine', url: 'mine' }), 201);
    for (const url of ['MINE', 'acme-platform', 'acme-cloud', 'Acme-Payments']) {
      const refused = expectError(await createPage(server, { name: 'Other', url }), 400);
      expect(refused.details).toEqual([{ path: 'url', message: expect.stringContaining(url.toLowerCase()) }]);
    }
    const other = expectSuccess('createV3StatusPage', await createPage(server, { name: 'Other', url: 'other' }), 201);
    expectError(await server.call('PUT', `${PAGES}/${other.id}`, { body: { name: 'Other', url: 'Mine' } }), 400);
    expectError(await server.call('PUT', `${PAGES}/${other.id}`, { body: { name: 'Other', url: 'acme-cloud' } }), 400);
    // Its own url is no conflict, nor another account's: B never learns A's slugs.
    expectSuccess('updateV3StatusPage', await server.call('PUT', `${PAGES}/${page.id}`, { body: { name: 'Mine', url: 'MINE' } }), 200);
    expectSuccess('createV3StatusPage', await createPage(server, { name: 'Mine too', url: 'mine' }, ACCOUNT_B.key), 201);
    // A url given up (changed or its page deleted) is free again.
    expectSuccess('updateV3StatusPage', await server.call('PUT', `${PAGES}/${page.id}`, { body: { name: 'Mine', url: 'renamed' } }), 200);
    expectSuccess('createV3StatusPage', await createPage(server, { name: 'Takes mine', url: 'mine' }), 201);
    expectSuccess('deleteV3StatusPage', await server.call('DELETE', `${PAGES}/${other.id}`), 204);
    expectSuccess('createV3StatusPage', await createPage(server, { name: 'Takes other', url: 'other' }), 201);
  });

  it('replaces the page on PUT: an optional field left out is reset, the id, account and created_at kept', async () => {
    let now = NOW;
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => now });
    const full = {
      name: 'Full',
      url: 'full',
      description: 'Everything set',
      customDomain: 'status.full.example',
      logo: 'https://full.example/logo.png',
      defaultTheme: 'DARK',
      footerText: 'Footer',
      googleAnalyticsTag: 'G-1',
      allowIndexing: false,
    };
    const created = expectSuccess('createV3StatusPage', await createPage(server, full), 201);
    expect(created).toMatchObject(full);
    now += 2 * 86_400_000;
    const replaced = expectSuccess(
      'updateV3StatusPage',
      await server.call('PUT', `${PAGES}/${created.id}`, { body: { name: 'Bare', url: 'bare' } }),
      200,
    );
    expect(replaced).toEqual({
      ...created,
      name: 'Bare',
      url: 'bare',
      description: null,
      customDomain: null,
      logo: null,
      defaultTheme: 'AUTO',
      footerText: null,
      googleAnalyticsTag: null,
      allowIndexing: true,
      updated_at: '2025-03-12',
    });
    expect(expectSuccess('getV3StatusPage', await server.call('GET', `${PAGES}/${created.id}`), 200)).toEqual(replaced);
  });

  it("answers 404 for an unknown id, another account's page and a deleted one, and changes nothing of theirs", async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const page = expectSuccess('createV3StatusPage', await createPage(server, { name: 'A only', url: 'a-only' }), 201);
    const unknown = '00000000-0000-4000-8000-00000000dead';
    for (const [id, key] of [
      [unknown, ACCOUNT_A.key],
      [page.id, ACCOUNT_B.key],
    ] as const) {
      const notFound = expectError(await server.call('GET', `${PAGES}/${id}`, { key }), 404);
      expect(notFound.message).toContain(id);
      expectError(await server.call('PUT', `${PAGES}/${id}`, { key, body: { name: 'x', url: 'x' } }), 404);
      expectError(await server.call('DELETE', `${PAGES}/${id}`, { key }), 404);
    }
    expect(await listAll(server, ACCOUNT_B.key)).not.toContainEqual(expect.objectContaining({ id: page.id }));
    expect(expectSuccess('getV3StatusPage', await server.call('GET', `${PAGES}/${page.id}`), 200)).toEqual(page);
    expectSuccess('deleteV3StatusPage', await server.call('DELETE', `${PAGES}/${page.id}`), 204);
    expectError(await server.call('GET', `${PAGES}/${page.id}`), 404);
    expectError(await server.call('DELETE', `${PAGES}/${page.id}`), 404);
    expect((await listAll(server)).map((each) => each.id)).not.toContain(page.id);
  });

  it('refuses what the hosted document refuses: no name or url, a bad theme, a link that is not http(s), an unknown field', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'x' }, 'name'],
      [{ name: 'x' }, 'url'],
      [{ name: 'x', url: 'x', defaultTheme: 'PINK' }, 'defaultTheme'],
      [{ name: 'x', url: 'x', logo: 'ftp://x.example/logo.png' }, 'logo'],
      [{ name: 'x', url: 'x', googleAnalyticsTag: 'G 1' }, 'googleAnalyticsTag'],
      [{ name: 'x', url: 'x', description: 'd'.repeat(501) }, 'description'],
      [{ name: 'x', url: 'x', version: 3 }, 'version'],
    ];
    for (const [body, path] of cases) {
      const refused = expectError(await createPage(server, body), 400);
      expect(refused.details?.[0]?.path, JSON.stringify(body)).toBe(path);
    }
  });
});

describe('V3 status pages in a fixture file', () => {
  it('refuses a url another page of the file has, of either generation, naming the page', () => {
    const v2 = { name: 'Old', url: 'Shared', cards: [] };
    expect(() => parseFixtures({ statusPages: [v2], v3StatusPages: [{ name: 'New', url: 'shared' }] }, 'f.json')).toThrow(
      'f.json: v3StatusPages[0].url: "shared" is the url of another status page',
    );
    const twice = {
      v3StatusPages: [
        { name: 'A', url: 'a' },
        { name: 'B', url: 'b' },
        { name: 'C', url: 'A' },
      ],
    };
    expect(() => parseFixtures(twice, 'f.json')).toThrow('f.json: v3StatusPages[2].url: "a" is the url of another status page');
    expect(() => parseFixtures({ statusPages: [v2], v3StatusPages: [{ name: 'New', url: 'new' }] }, 'f.json')).not.toThrow();
  });
});

describe('V3 status pages with --data', () => {
  it('keeps created, replaced and deleted pages and the list cursors across a restart', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = await startTestServer({ accounts: [ACCOUNT_A], dataPath, now: () => NOW });
    const a = expectSuccess('createV3StatusPage', await createPage(first, { name: 'A', url: 'a' }), 201);
    const b = expectSuccess('createV3StatusPage', await createPage(first, { name: 'B', url: 'b', footerText: 'kept' }), 201);
    const c = expectSuccess('createV3StatusPage', await createPage(first, { name: 'C', url: 'c' }), 201);
    expectSuccess('updateV3StatusPage', await first.call('PUT', `${PAGES}/${a.id}`, { body: { name: 'A2', url: 'a2' } }), 200);
    expectSuccess('deleteV3StatusPage', await first.call('DELETE', `${PAGES}/${c.id}`), 204);
    const cursor = expectSuccess('listV3StatusPages', await first.call('GET', `${PAGES}?limit=1`), 200).nextId;
    const before = await listAll(first);
    await first.close();

    const second = await startTestServer({ accounts: [ACCOUNT_A], dataPath, now: () => NOW });
    expect(await listAll(second)).toEqual(before);
    expect(before.map((page) => page.name)).toEqual(['B', 'A2', 'Acme Platform']);
    expect(before[0]).toMatchObject({ id: b.id, footerText: 'kept' });
    const next = expectSuccess('listV3StatusPages', await second.call('GET', `${PAGES}?limit=1&nextId=${cursor}`), 200);
    expect(next.entries.map((page: any) => page.id)).toEqual([a.id]);
    // The urls are taken and given up as before.
    expectError(await createPage(second, { name: 'again', url: 'A2' }), 400);
    expectSuccess('createV3StatusPage', await createPage(second, { name: 'again', url: 'a' }), 201);
    expectError(await second.call('GET', `${PAGES}/${c.id}`), 404);
  });
});

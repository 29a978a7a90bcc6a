// The custom domain of a V3 status page (docs/api-rules.md#v3-status-pages): its verification is
// pending with a TXT record derived from the page, a recheck makes it active (nothing is looked
// up) for as long as the page keeps that domain, a page without one is a 404, and a restart with
// --data keeps what a recheck found. Requests in process.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
import { tempDir } from '../durability/helpers.js';
import { ACCOUNT_A, ACCOUNT_B, expectError, expectSuccess, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const verificationOf = (pageId: string) => `/v3/status-pages/${pageId}/custom-domain-verifications`;

async function newPage(server: TestServer, body: Record<string, unknown>): Promise<any> {
  return expectSuccess('createV3StatusPage', await server.call('POST', '/v3/status-pages', { body }), 201);
}

describe('V3 custom domains', () => {
  it('is pending with a TXT record for the domain until a recheck, then active', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const page = await newPage(server, { name: 'Domain', url: 'domain', customDomain: 'Status.Orbit.Example' });
    const pending = expectSuccess('getV3CustomDomainVerification', await server.call('GET', verificationOf(page.id)), 200);
    expect(pending).toEqual({
      status: 'pending',
      sslStatus: 'pending',
      validationMethod: 'txt',
      ownershipVerification: { type: 'txt', name: '_statusctl.status.orbit.example', value: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    // The same record on every read; another page's is another.
    expect((await server.call('GET', verificationOf(page.id))).json).toEqual(pending);
    const other = await newPage(server, { name: 'Other', url: 'other', customDomain: 'status.other.example' });
    const otherValue = (await server.call('GET', verificationOf(other.id))).json.ownershipVerification.value;
    expect(otherValue).not.toBe(pending.ownershipVerification.value);

    const rechecked = expectSuccess(
      'recheckV3CustomDomainVerification',
      await server.call('POST', `${verificationOf(page.id)}/recheck`),
      200,
    );
    expect(rechecked).toEqual({ ...pending, status: 'active', sslStatus: 'active' });
    expect((await server.call('GET', verificationOf(page.id))).json).toEqual(rechecked);
    expect((await server.call('POST', `${verificationOf(page.id)}/recheck`)).json).toEqual(rechecked);
    expect((await server.call('GET', verificationOf(other.id))).json.status).toBe('pending');

    // Another domain is pending again; the first one, back, is active again.
    const put = (customDomain: string) =>
      server.call('PUT', `/v3/status-pages/${page.id}`, { body: { name: 'Domain', url: 'domain', customDomain } });
    expectSuccess('updateV3StatusPage', await put('status.moved.example'), 200);
    expect((await server.call('GET', verificationOf(page.id))).json).toMatchObject({
      status: 'pending',
      ownershipVerification: { name: '_statusctl.status.moved.example', value: pending.ownershipVerification.value },
    });
    expectSuccess('updateV3StatusPage', await put('status.orbit.example'), 200);
    expect((await server.call('GET', verificationOf(page.id))).json.status).toBe('active');
  });

  it("answers 404 for a page without a custom domain, an unknown page, a v2 page and another account's page", async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const bare = await newPage(server, { name: 'Bare', url: 'bare' });
    const none = expectError(await server.call('GET', verificationOf(bare.id)), 404);
    expect(none.message).toContain('no custom domain');
    expectError(await server.call('POST', `${verificationOf(bare.id)}/recheck`), 404);
    // A custom domain left out of a PUT is gone, and its verification with it.
    const domain = await newPage(server, { name: 'Domain', url: 'domain', customDomain: 'status.d.example' });
    expectSuccess('recheckV3CustomDomainVerification', await server.call('POST', `${verificationOf(domain.id)}/recheck`), 200);
    expectSuccess(
      'updateV3StatusPage',
      await server.call('PUT', `/v3/status-pages/${domain.id}`, { body: { name: 'D', url: 'domain' } }),
      200,
    );
    expectError(await server.call('GET', verificationOf(domain.id)), 404);

    const v2 = (await server.call('GET', '/v1/status-pages?limit=1')).json.entries[0];
    expect(v2.customDomain).not.toBeNull();
    const demo = demoIds(ACCOUNT_A.id).v3StatusPages.acmePlatform;
    for (const [pageId, key] of [
      ['00000000-0000-4000-8000-00000000dead', ACCOUNT_A.key],
      [v2.id, ACCOUNT_A.key],
      [demo, ACCOUNT_B.key],
    ] as const) {
      expectError(await server.call('GET', verificationOf(pageId), { key }), 404);
      expectError(await server.call('POST', `${verificationOf(pageId)}/recheck`, { key }), 404);
    }
    // B's recheck changed nothing of A's.
    expect((await server.call('GET', verificationOf(demo))).json.status).toBe('pending');
  });

  it('keeps what a recheck found across a restart with --data', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = await startTestServer({ accounts: [ACCOUNT_A], dataPath });
    const page = await newPage(first, { name: 'Domain', url: 'domain', customDomain: 'status.kept.example' });
    const active = expectSuccess('recheckV3CustomDomainVerification', await first.call('POST', `${verificationOf(page.id)}/recheck`), 200);
    await first.close();
    const second = await startTestServer({ accounts: [ACCOUNT_A], dataPath });
    expect(expectSuccess('getV3CustomDomainVerification', await second.call('GET', verificationOf(page.id)), 200)).toEqual(active);
  });
});

// subscriptions list|add|remove on a V3 status page, through the built binary against the
// reference server with the demo data: the same verbs, JSON type and piped layout as on a v2
// page, and --component naming the components a subscriber is told of.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import type { V3Subscriber } from '../../src/contract/schemas.js';
import { demoIds } from '../../src/server/index.js';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { parseJson, type RunResult, runCli, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const KEY = 'sk_v3_subscriptions_0123456789';
const file = useTestServer({ accounts: [{ id: DEMO_ACCOUNT_ID, key: KEY }] });
const ids = demoIds(DEMO_ACCOUNT_ID);
const PAGE = ids.v3StatusPages.acmePlatform;
const C = ids.v3Components;
let client: Client;

beforeAll(() => {
  client = createClient({ baseUrl: file.server.url, apiKey: KEY, accountId: DEMO_ACCOUNT_ID, retries: 0 });
});

const cli = (...args: string[]) => runCli(['subscriptions', ...args], { env: file.server.env });
const subscribers = async (): Promise<V3Subscriber[]> =>
  (await client.listV3Subscribers({ params: { statusPageId: PAGE }, query: { limit: '100' } })).entries;
const byAddress = async (address: string) => (await subscribers()).find((subscriber) => subscriber.address === address);
const rows = (result: RunResult) =>
  result.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));

describe('subscriptions list on a V3 page', () => {
  it('piped: ID, ADDRESS, STATUS, CREATED, COMPONENTS (all, or ids), as on a v2 page; -o json an array of the API entries', async () => {
    const all = await subscribers();
    expect(all.length).toBeGreaterThan(2);
    for (const given of ['Acme Platform', 'acme-platform', PAGE, PAGE.slice(0, 8)]) {
      const result = await cli('list', given);
      expect(result.code, result.stderr).toBe(0);
      expect(rows(result)).toEqual(
        all.map((s) => [
          s.id,
          s.address,
          s.status,
          s.created_at,
          s.subscribedComponents === null ? 'all' : s.subscribedComponents.join(','),
        ]),
      );
    }
    const json = await cli('list', 'acme-platform', '-o', 'json');
    expect(parseJson(json)).toEqual(all);
    // The same type as a v2 page's list: an array.
    expect(Array.isArray(parseJson(await cli('list', 'acme-cloud', '-o', 'json')))).toBe(true);
    const v2 = rows(await cli('list', 'acme-cloud'));
    expect(v2.every((row) => row.length === 5 && row[4] === 'all')).toBe(true);
  });

  it('--component keeps those told of it: every component, it, or its group; a miss is exit 2 with did-you-mean', async () => {
    const addresses = async (...names: string[]) => {
      const result = await cli('list', 'acme-platform', ...names.flatMap((name) => ['--component', name]));
      expect(result.code, result.stderr).toBe(0);
      return rows(result)
        .map((row) => row[1])
        .sort();
    };
    // it-ops chose the Core product group (and REST API): Dashboard, in that group, reaches it.
    expect(await addresses('dashboard')).toEqual(['it-ops@globex.example', 'new-customer@hooli.example', 'oncall@acme-platform.io']);
    expect(await addresses('WEBHOOKS')).toEqual(['integrations@initech.example', 'new-customer@hooli.example', 'oncall@acme-platform.io']);
    const typo = await cli('list', 'acme-platform', '--component', 'webhoks');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('--component "webhoks": no such component on status page Acme Platform (did you mean Webhooks?)');
    expect(typo.stderr).toMatch(/^hint: /m);
  });
});

describe('subscriptions add on a V3 page', () => {
  it('--component NAME... (any case, unique prefix, commas) sends the ids; none given: every component', async () => {
    const dry = await cli(
      'add',
      'acme-platform',
      'dry@example.com',
      '--component',
      'webhooks',
      '--component',
      'rest,EMAIL DEL',
      '--dry-run',
      '-o',
      'json',
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(parseJson(dry)).toEqual([
      {
        method: 'POST',
        path: `/v3/status-pages/${PAGE}/subscribers/bulk`,
        body: {
          subscriptions: [
            { type: 'EMAIL', config: { address: 'dry@example.com', subscribedComponents: [C.webhooks, C.restApi, C.emailDelivery] } },
          ],
        },
      },
    ]);
    expect(await byAddress('dry@example.com')).toBeUndefined();

    const some = await cli('add', 'Acme Platform', 'partner@example.com', '--component', 'Delivery', '--verified');
    expect(some.code, some.stderr).toBe(0);
    expect(Object.fromEntries(rows(some))).toEqual({ created: '1', skipped: '0', status: 'VERIFIED' });
    expect((await byAddress('partner@example.com'))?.subscribedComponents).toEqual([C.delivery]);

    const every = await cli('add', 'acme-platform', 'everyone@example.com', 'partner@example.com', '-o', 'json');
    expect(parseJson(every)).toEqual({ created: 1, skipped: 1, status: 'PENDING' });
    expect((await byAddress('everyone@example.com'))?.subscribedComponents).toBeNull();
  });

  it('a component that fits none or several, or --component on a v2 page, is exit 2 with a hint, nothing sent', async () => {
    const mark = file.server.logs.length;
    const none = await cli('add', 'acme-platform', 'x@example.com', '--component', 'Webhoks');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--component "Webhoks": no such component on status page Acme Platform (did you mean Webhooks?)');
    expect(none.stderr).toMatch(/^hint: statusctl components list/m);
    // "D" starts Dashboard and Delivery.
    const several = await cli('add', 'acme-platform', 'x@example.com', '--component', 'd');
    expect(several.code).toBe(2);
    expect(several.stderr).toContain('--component "d" fits 2 components of Acme Platform');
    const v2 = await cli('add', 'acme-cloud', 'x@example.com', '--component', 'Webhooks');
    expect(v2.code).toBe(2);
    expect(v2.stderr).toContain('--component: status page Acme Cloud is a v2 page');
    expect(v2.stderr).toMatch(/^hint: /m);
    expect(file.server.logs.slice(mark).filter((line) => line.startsWith('POST'))).toEqual([]);
  });
});

describe('subscriptions remove on a V3 page', () => {
  it('by address (any case) or id, --yes off a terminal; one line each; --dry-run shows the V3 DELETE', async () => {
    await client.createV3Subscribers({
      params: { statusPageId: PAGE },
      body: {
        subscriptions: ['leaver-1@example.com', 'leaver-2@example.com'].map((address) => ({ type: 'EMAIL' as const, config: { address } })),
      },
    });
    const two = (await byAddress('leaver-2@example.com'))!;
    const dry = await cli('remove', 'acme-platform', two.id, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(rows(dry)).toEqual([[two.id, 'would-remove', `leaver-2@example.com: DELETE /v3/status-pages/${PAGE}/subscribers/${two.id}`]]);
    const removed = await cli('remove', 'acme-platform', 'LEAVER-1@example.com', two.id, '--yes');
    expect(removed.code, removed.stderr).toBe(0);
    expect(rows(removed).map(([, outcome, address]) => [outcome, address])).toEqual([
      ['removed', 'leaver-1@example.com'],
      ['removed', 'leaver-2@example.com'],
    ]);
    expect(await byAddress('leaver-1@example.com')).toBeUndefined();
    expect(await byAddress('leaver-2@example.com')).toBeUndefined();
  });
});

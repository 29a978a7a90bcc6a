// subscriptions list|add|remove: the CLI in process against the reference server; the
// built binary in a real pseudo-terminal for the question remove asks, and in bash for the
// README's line that pipes into it.
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import type { Subscription } from '../../src/contract/schemas.js';
import { demoIds } from '../../src/server/index.js';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { KEYS, parseJson, runCli, runPty, useTestServer } from './helpers.js';
import { runBlock } from './block-shell.js';
import { readmeLines } from './readme-shell.js';
import { finalScreen } from './screen.js';

const KEY = 'sk_subscriptions_0123456789';
// The demo account: the README's names and ids are this server's.
const file = useTestServer({ accounts: [{ id: DEMO_ACCOUNT_ID, key: KEY }] });
let client: Client;
let page: string;

beforeAll(() => {
  client = createClient({ baseUrl: file.server.url, apiKey: KEY, accountId: DEMO_ACCOUNT_ID });
  page = demoIds(DEMO_ACCOUNT_ID).statusPages.acmeCloud;
});

const env = () => file.server.env;
const cli = (args: string[], input?: string) => runCli(args, { env: env(), ...(input !== undefined ? { input } : {}), inProcess: true });
const subscribers = (statusPageId = page) => client.listSubscriptions({ params: { statusPageId } });
const byAddress = async (address: string): Promise<Subscription | undefined> =>
  (await subscribers()).find((subscription) => subscription.address === address);
const rows = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));

describe('subscriptions list', () => {
  it('one row per subscriber (ID, ADDRESS, STATUS, CREATED, COMPONENTS: all), by page name, url or id; -o json is the API array', async () => {
    const all = await subscribers();
    expect(all.length).toBeGreaterThan(0);
    for (const given of ['Acme Cloud', 'acme-cloud', page, page.slice(0, 8)]) {
      const result = await cli(['subscriptions', 'list', given]);
      expect(result.code, result.stderr).toBe(0);
      expect(rows(result.stdout)).toEqual(all.map((s) => [s.id, s.address, s.status, s.created_at, 'all']));
    }
    expect(parseJson(await cli(['subscriptions', 'list', 'acme-cloud', '-o', 'json']))).toEqual(all);
    // The page a command acts on: exit 4 when none matches, as for an unknown id; a prefix of its id is enough.
    const typo = await cli(['subscriptions', 'list', 'acme-clod']);
    expect(typo.code).toBe(4);
    expect(typo.stderr).toContain('did you mean "Acme Cloud"');
  });
});

describe('subscriptions add', () => {
  it('subscribes PENDING, or VERIFIED with --verified; an address already there is counted as skipped', async () => {
    const first = await cli(['subscriptions', 'add', 'acme-cloud', 'first@example.com', 'FIRST@example.com', 'second@example.com']);
    expect(first.code, first.stderr).toBe(0);
    expect(Object.fromEntries(rows(first.stdout))).toEqual({ created: '2', skipped: '0', status: 'PENDING' });
    expect((await byAddress('first@example.com'))?.status).toBe('PENDING');
    const again = await cli(['subscriptions', 'add', 'acme-cloud', 'first@example.com', 'third@example.com', '--verified', '-o', 'json']);
    expect(parseJson(again)).toEqual({ created: 1, skipped: 1, status: 'VERIFIED' });
    expect((await byAddress('third@example.com'))?.status).toBe('VERIFIED');
  });

  it('sends more than 100 addresses from stdin in batches of 100 and sums the counts', async () => {
    const addresses = Array.from({ length: 230 }, (_, i) => `bulk-${i}@example.com`);
    const mark = file.server.logs.length;
    const result = await cli(['subscriptions', 'add', 'acme-cloud', '-', '-o', 'json'], `# from the CRM\n${addresses.join('\n')}\n`);
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual({ created: 230, skipped: 0, status: 'PENDING' });
    const posts = file.server.logs.slice(mark).filter((line) => line.startsWith(`POST /v1/status-pages/${page}/subscriptions/bulk 201`));
    expect(posts).toHaveLength(3);
    const stored = new Set((await subscribers()).map((s) => s.address));
    expect(addresses.every((address) => stored.has(address))).toBe(true);
  });

  it('--dry-run prints each batch and sends none; a bad address is exit 2 naming it, before anything is sent', async () => {
    const dry = await cli(['subscriptions', 'add', 'acme-cloud', 'dry@example.com', '--verified', '--dry-run', '-o', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(parseJson(dry)).toEqual([
      {
        method: 'POST',
        path: `/v1/status-pages/${page}/subscriptions/bulk`,
        body: { subscriptions: [{ type: 'EMAIL', config: 'dry@example.com' }], autoVerify: true },
      },
    ]);
    expect(await byAddress('dry@example.com')).toBeUndefined();
    const mark = file.server.logs.length;
    const bad = await cli(['subscriptions', 'add', 'acme-cloud', 'ok@example.com', 'not-an-address']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"not-an-address" is not an email address');
    expect(bad.stderr).toMatch(/^hint: /m);
    expect(file.server.logs.slice(mark)).toEqual([]);
  });
});

describe('subscriptions remove', () => {
  it('not on a terminal: without --yes exit 2 naming --yes, nothing sent; with --yes one line per subscriber', async () => {
    await client.createSubscriptions({
      params: { statusPageId: page },
      body: { subscriptions: ['gone-1@example.com', 'gone-2@example.com'].map((config) => ({ type: 'EMAIL' as const, config })) },
    });
    const mark = file.server.logs.length;
    const refused = await cli(['subscriptions', 'remove', 'acme-cloud', 'gone-1@example.com']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(file.server.logs.slice(mark)).toEqual([]);

    const two = (await byAddress('gone-2@example.com'))!;
    const removed = await cli(['subscriptions', 'remove', 'acme-cloud', 'GONE-1@example.com', two.id, 'nobody@example.com', '--yes']);
    expect(removed.code).toBe(4);
    const lines = rows(removed.stdout);
    expect(lines.map(([, outcome]) => outcome)).toEqual(['removed', 'removed', 'not-found']);
    expect(lines[1]).toEqual([two.id, 'removed', 'gone-2@example.com']);
    expect(lines[2]![0]).toBe('nobody@example.com');
    expect(await byAddress('gone-1@example.com')).toBeUndefined();
    expect(await byAddress('gone-2@example.com')).toBeUndefined();
  });

  it('-o json: {id, ok, status, error, address} per subscriber, one as many; --dry-run a row per subscriber with the DELETE, sending nothing', async () => {
    await client.createSubscriptions({
      params: { statusPageId: page },
      body: { subscriptions: [{ type: 'EMAIL', config: 'json@example.com' }] },
    });
    const subscription = (await byAddress('json@example.com'))!;
    const dry = await cli(['subscriptions', 'remove', 'acme-cloud', 'json@example.com', '--dry-run', '-o', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(parseJson(dry)).toEqual([
      {
        id: subscription.id,
        ok: true,
        status: 200,
        error: null,
        method: 'DELETE',
        path: `/v1/status-pages/${page}/subscriptions/${subscription.id}`,
        body: null,
      },
    ]);
    const piped = await cli(['subscriptions', 'remove', 'acme-cloud', 'json@example.com', 'nobody@example.com', '--dry-run']);
    expect(piped.code).toBe(4);
    expect(rows(piped.stdout)).toEqual([
      [subscription.id, 'would-remove', `json@example.com: DELETE /v1/status-pages/${page}/subscriptions/${subscription.id}`],
      ['nobody@example.com', 'not-found', `"nobody@example.com": not a subscriber of status page Acme Cloud`],
    ]);
    expect(await byAddress('json@example.com')).toBeDefined();
    const result = await cli(['subscriptions', 'remove', 'acme-cloud', 'json@example.com', '--yes', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual([{ id: subscription.id, ok: true, status: 204, error: null, address: 'json@example.com' }]);
  });

  it('on a terminal: shows who goes and asks, default no; yes removes', async () => {
    await client.createSubscriptions({
      params: { statusPageId: page },
      body: { subscriptions: [{ type: 'EMAIL', config: 'asked@example.com' }] },
    });
    const declined = await runPty(['subscriptions', 'remove', 'acme-cloud', 'asked@example.com'], { env: env() });
    await declined.waitFor('Remove this subscriber from Acme Cloud?');
    expect(declined.screen()).toContain('asked@example.com (PENDING, id ');
    declined.write(KEYS.enter);
    expect(await declined.exited()).toBe(2);
    expect(finalScreen(declined.raw()).join('\n')).toContain('cancelled: nothing was deleted');
    expect(await byAddress('asked@example.com')).toBeDefined();

    const accepted = await runPty(['subscriptions', 'remove', 'acme-cloud', 'asked@example.com'], { env: env() });
    await accepted.waitFor('Remove this subscriber from Acme Cloud?');
    accepted.write(`y${KEYS.enter}`);
    expect(await accepted.exited()).toBe(0);
    expect(await byAddress('asked@example.com')).toBeUndefined();
  });
});

describe('the README', () => {
  it('its services and subscribers lines run as written, each exit 0, and do what they say', async () => {
    const result = await runBlock(readmeLines('services-subscriptions', 'docs/commands.md'), env());
    expect(result.code, result.stderr).toBe(0);
    expect((await byAddress('oncall@example.com'))?.status).toBe('VERIFIED');
    expect(await byAddress('ops@example.com')).toBeUndefined();
    for (const address of ['a@example.com', 'b@example.com']) expect((await byAddress(address))?.status).toBe('PENDING');
  });
});

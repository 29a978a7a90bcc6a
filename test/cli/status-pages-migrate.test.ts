// `status-pages migrate V2PAGE` through the built binary against the reference server: a V3 page
// made from the demo's v2 page Acme Cloud (two cards of services, three verified subscribers and
// a pending one), the v2 page left as it was; --dry-run's requests then mapping; --yes off a
// terminal; the question on a terminal (a pseudo-terminal).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { KEYS, parseJson, type PtySession, runCli, runPty, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
let api: Client;
let source: any;
let subscriptions: any[];
const sessions: PtySession[] = [];

beforeAll(async () => {
  api = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key, retries: 0 });
  const pages = await api.listStatusPages({ query: { limit: '100' } });
  source = pages.entries.find((page) => page.url === 'acme-cloud');
  subscriptions = await api.listSubscriptions({ params: { statusPageId: source.id } });
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

const cli = (args: string[]) => runCli(['status-pages', 'migrate', ...args], { env: test.server.env });

async function v3Page(url: string) {
  const pages = await api.listV3StatusPages({ query: { limit: '100' } });
  return pages.entries.find((page) => page.url === url);
}

/** The services of the v2 page, card by card, as the migration maps them. */
const services = () =>
  source.cards.flatMap((card: any) => card.services.map((service: any) => ({ card: card.name, id: service.id, name: service.name })));

describe('status-pages migrate', () => {
  it('--dry-run -o json: every request in order (page, each group then its services, subscribers), the mapping, nothing sent', async () => {
    const result = await cli(['acme-cloud', '--dry-run', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('dry run: nothing was sent');
    const { requests, mapping } = parseJson(result) as any;
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/v3/status-pages',
      body: {
        name: 'Acme Cloud',
        url: 'acme-cloud-v3',
        description: source.description,
        themeColors: source.themeColors,
        defaultTheme: source.defaultTheme,
      },
    });
    const components = requests.slice(1, -2);
    expect(components.map((request: any) => [request.method, request.path, request.body])).toEqual(
      source.cards.flatMap((card: any, index: number) => [
        ['POST', '/v3/status-pages/{statusPageId}/components', { type: 'GROUP', name: card.name, displayOrder: index + 1 }],
        ...card.services.map((service: any, place: number) => [
          'POST',
          '/v3/status-pages/{statusPageId}/components',
          { type: 'SERVICE', name: service.name, displayOrder: place + 1, parentId: `<group ${card.name}>` },
        ]),
      ]),
    );
    const addresses = (status: string) => subscriptions.filter((each) => each.status === status).map((each) => each.address);
    expect(requests.slice(-2).map((request: any) => request.body)).toEqual([
      { subscriptions: addresses('VERIFIED').map((address) => ({ type: 'EMAIL', config: { address } })), autoVerify: true },
      { subscriptions: addresses('PENDING').map((address) => ({ type: 'EMAIL', config: { address } })), autoVerify: false },
    ]);
    expect(addresses('VERIFIED')).toHaveLength(3);
    expect(mapping).toEqual(
      services().map((service: any) => ({
        card: service.card,
        serviceId: service.id,
        serviceName: service.name,
        componentId: null,
        groupId: null,
      })),
    );
    expect(await v3Page('acme-cloud-v3')).toBeUndefined();
  });

  it('--dry-run as text: the requests first, then the mapping', async () => {
    const result = await cli(['acme-cloud', '--dry-run', '--url', 'acme-cloud-text']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('POST /v3/status-pages');
    const lastRequest = lines.findLastIndex((line) => line.startsWith('POST '));
    const rows = lines.slice(lines.length - services().length);
    expect(lines.indexOf(rows[0]!)).toBeGreaterThan(lastRequest);
    expect(rows).toEqual(services().map((service: any) => [service.id, service.name, '(new)', service.card].join('\t')));
    expect(await v3Page('acme-cloud-text')).toBeUndefined();
  });

  it('off a terminal without --yes: exit 2 naming --yes, nothing read or created', async () => {
    const result = await cli(['acme-cloud']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/needs --yes when not on a terminal/);
    expect(result.stderr).toMatch(/hint: add --yes/);
    expect(await v3Page('acme-cloud-v3')).toBeUndefined();
  });

  it('a V3 page is refused (exit 2): it is migrated already', async () => {
    const result = await cli(['acme-platform', '--yes']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is a V3 page already/);
  });

  it('--yes -o json: makes the page, a group per card holding its services, the subscribers; the v2 page is as it was', async () => {
    const before = await api.getStatusPage({ params: { statusPageId: source.id } });
    const result = await cli(['acme-cloud', '--yes', '--url', 'acme-cloud-next', '--name', 'Acme Cloud (new)', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const { page, components, mapping, subscribers } = parseJson(result) as any;
    expect(page).toMatchObject({
      version: 3,
      name: 'Acme Cloud (new)',
      url: 'acme-cloud-next',
      description: source.description,
      themeColors: source.themeColors,
      defaultTheme: source.defaultTheme,
      customDomain: null,
    });
    expect(await api.getV3StatusPage({ params: { statusPageId: page.id } })).toEqual(page);
    const listed = (await api.listV3Components({ params: { statusPageId: page.id }, query: { limit: '100' } })).entries;
    expect(listed).toHaveLength(components.length);
    const byId = new Map(listed.map((component) => [component.id, component]));
    for (const card of source.cards) {
      const group = listed.find((component) => component.name === card.name && component.type === 'GROUP')!;
      expect(group.parentId).toBeNull();
      expect(listed.filter((component) => component.parentId === group.id).map((component) => component.name)).toEqual(
        card.services.map((service: any) => service.name),
      );
    }
    expect(mapping).toHaveLength(services().length);
    for (const row of mapping) {
      const component = byId.get(row.componentId)!;
      expect([component.type, component.name, byId.get(component.parentId!)!.name]).toEqual(['SERVICE', row.serviceName, row.card]);
    }
    expect(subscribers).toEqual({ verified: 3, pending: 1, skipped: 0 });
    const made = (await api.listV3Subscribers({ params: { statusPageId: page.id }, query: { limit: '100' } })).entries;
    expect(made.map((each) => [each.address, each.status, each.subscribedComponents]).sort()).toEqual(
      subscriptions.map((each) => [each.address, each.status, null]).sort(),
    );
    expect(await api.getStatusPage({ params: { statusPageId: source.id } })).toEqual(before);
    // The url is taken now: a second run says so (the API's 400 naming url).
    const again = await cli(['acme-cloud', '--yes', '--url', 'acme-cloud-next']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/url/);
  });

  it('on a terminal: shows what it will create and asks; no creates nothing, yes creates it and prints the mapping', async () => {
    const declined = await pty(['acme-cloud', '--url', 'acme-cloud-asked']);
    await declined.waitFor('From v2 page Acme Cloud (url acme-cloud), a V3 page Acme Cloud (url acme-cloud-asked) with:');
    await declined.waitFor(`group ${source.cards[0].name}: ${source.cards[0].services.map((service: any) => service.name).join(', ')}`);
    await declined.waitFor('3 verified and 1 pending subscribers');
    await declined.waitFor('Create acme-cloud-asked? (y/N)');
    declined.write(KEYS.enter); // the default: no
    expect(await declined.exited()).toBe(2);
    expect(declined.screen()).toContain('cancelled: nothing was created');
    expect(await v3Page('acme-cloud-asked')).toBeUndefined();

    const accepted = await pty(['acme-cloud', '--url', 'acme-cloud-asked']);
    await accepted.waitFor('Create acme-cloud-asked? (y/N)');
    accepted.write(`y${KEYS.enter}`);
    await accepted.waitFor('✓ Created V3 status page Acme Cloud (url acme-cloud-asked) from v2 page acme-cloud');
    await accepted.waitFor(/SERVICE ID\s+SERVICE\s+COMPONENT ID\s+GROUP/);
    expect(await accepted.exited()).toBe(0);
    expect(await v3Page('acme-cloud-asked')).toBeDefined();
  });
});

async function pty(args: string[]): Promise<PtySession> {
  const session = await runPty(['status-pages', 'migrate', ...args], { env: test.server.env });
  sessions.push(session);
  return session;
}

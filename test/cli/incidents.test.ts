// `statusctl incidents ...` and `incident-updates ...` in-process (run()) against the reference
// server: success paths, every documented exit code, plain output, JSON in the API's shape.
// The CLI talks to the server through a recording proxy, and every create body it sends is
// checked against the hosted API's request schema (the reference server alone is too lenient
// to be the judge of that).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { Incident, IncidentList, IncidentUpdate, type StatusPage } from '../../src/contract/schemas.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import {
  closedPortUrl,
  parseJson,
  removeTempDirs,
  runCli,
  startTestServer,
  TEST_ACCOUNT,
  tempConfigDir,
  type RunResult,
  type TestServer,
} from './helpers.js';
import { startRecordingProxy, upstreamCreateIncidentErrors, type RecordingProxy } from './upstream-request.js';
import { testClock } from '../support/clock.js';

// Some tests spawn the built CLI; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000 });

/** Upstream wants `accountId` to be a UUID, so this file's account has one. */
const ACCOUNT = { id: '5b0f7c52-3f0e-4a8e-9f57-0c6d1d2e8a41', key: TEST_ACCOUNT.key };
const DEFAULT_FIRST_UPDATE = 'We are investigating this incident.';
const CREATE_PATH = '/v1/status-pages/incidents';

let server: TestServer;
let proxy: RecordingProxy;
let api: Client;
let pages: StatusPage[];
let serviceIds: string[];
/** How many recorded create bodies were already checked against upstream. */
let checkedBodies = 0;

beforeAll(async () => {
  server = await startTestServer({ accounts: [ACCOUNT] });
  proxy = await startRecordingProxy(server.url);
  api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, retries: 0 });
  pages = (await api.listStatusPages({ query: { limit: '100' } })).entries;
  serviceIds = [...new Set(pages.flatMap((page) => page.cards.flatMap((card) => card.services.map((service) => service.id))))];
});
// Every body any test of this file made the CLI send is one the hosted API would accept.
afterEach(() => {
  const bodies = proxy.createBodies().slice(checkedBodies);
  checkedBodies += bodies.length;
  for (const body of bodies) expect(upstreamCreateIncidentErrors(body), JSON.stringify(body)).toEqual([]);
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
  removeTempDirs();
});

/** Runs against the test server (through the proxy) as its account, plain output unless told otherwise. */
function cli(args: string[], env: Record<string, string | undefined> = {}, terminalColumns?: number): Promise<RunResult> {
  return runCli(args, { env: { ...server.env, STATUSCTL_BASE_URL: proxy.url, ...env }, terminalColumns, inProcess: true });
}

/**
 * The same through the built binary (bin/statusctl as a child process): declaring an incident is
 * the tool's main job, so a create from flags, its missing options and its dry run also run the
 * whole program as a user does. The other create cases run in this process: the same parsing,
 * service lookup and request, without starting Node for each.
 */
function builtCli(args: string[], env: Record<string, string | undefined> = {}): Promise<RunResult> {
  return runCli(args, { env: { ...server.env, STATUSCTL_BASE_URL: proxy.url, ...env } });
}

/** The body of the last create the CLI sent, which must be the only one since `before`. */
function sentBody(before: number): unknown {
  const bodies = proxy.createBodies();
  expect(bodies.length).toBe(before + 1);
  return bodies.at(-1);
}

/** A service as upstream wants it on a create: exactly id, name and accountId. */
function ref(id: string) {
  for (const page of pages)
    for (const card of page.cards)
      for (const service of card.services) if (service.id === id) return { id, name: service.name, accountId: ACCOUNT.id };
  throw new Error(`no service ${id} in the demo data`);
}

function serviceNamed(name: string) {
  const found = pages.flatMap((page) => page.cards.flatMap((card) => card.services)).find((service) => service.name === name);
  if (!found) throw new Error(`no service named ${name} in the demo data`);
  return ref(found.id);
}

/** A page's services in card order, each once: what `--status-page` alone sends. */
function servicesOfPage(name: string) {
  const page = pages.find((entry) => entry.name === name);
  if (!page) throw new Error(`no status page ${name}`);
  return [...new Set(page.cards.flatMap((card) => card.services.map((service) => service.id)))].map(ref);
}

async function allIncidents() {
  const incidents = [];
  let nextId: string | undefined;
  do {
    const page = await api.listIncidents({ query: { limit: '100', ...(nextId ? { nextId } : {}) } });
    incidents.push(...page.entries);
    nextId = page.nextId ?? undefined;
  } while (nextId);
  return incidents;
}

async function createIncident(name: string, extra: string[] = []) {
  const result = await cli([
    'incidents',
    'create',
    '--name',
    name,
    '--severity',
    'minor',
    '--service',
    serviceIds[0]!,
    '-o',
    'json',
    ...extra,
  ]);
  expect(result.code, result.stderr).toBe(0);
  return Incident.parse(parseJson(result));
}

interface DryRun {
  method: string;
  path: string;
  body: { name: string; severity: string; services: unknown[]; incidentUpdates: unknown[] };
}

/** `--dry-run -o json`, which must succeed; its body is checked against upstream too. */
async function dryRun(args: string[], env: Record<string, string | undefined> = {}): Promise<DryRun> {
  const result = await cli(['incidents', 'create', '--name', 'Dry', '--severity', 'major', ...args, '--dry-run', '-o', 'json'], env);
  expect(result.code, result.stderr).toBe(0);
  const request = parseJson<DryRun>(result);
  expect(upstreamCreateIncidentErrors(request.body), JSON.stringify(request.body)).toEqual([]);
  return request;
}

describe('incidents create (not on a terminal)', () => {
  it('the upstream check this file relies on refuses what the CLI used to send', () => {
    const service = ref(serviceIds[0]!);
    const good = { name: 'n', severity: 'MINOR', services: [service], incidentUpdates: [{ description: 'd' }] };
    expect(upstreamCreateIncidentErrors(good)).toEqual([]);
    expect(upstreamCreateIncidentErrors({ ...good, services: [{ id: service.id }] }).join('\n')).toMatch(/services\/0 required/);
    expect(upstreamCreateIncidentErrors({ ...good, incidentUpdates: [] })).toEqual([
      '/incidentUpdates x-constraint: must hold exactly 1 item(s) (x-constraint length)',
    ]);
    expect(upstreamCreateIncidentErrors({ ...good, services: [{ ...service, accountId: 'acct-test' }] })).toHaveLength(1);
  });

  it('creates from flags (enums in any case) and prints the incident with its id', async () => {
    const before = proxy.createBodies().length;
    const result = await builtCli([
      'incidents',
      'create',
      '--name',
      'Checkout errors',
      '--severity',
      'Major',
      '--service',
      serviceIds[0]!,
      '--service',
      serviceIds[1]!,
      '--message',
      'Investigating failed payments',
      '--status',
      'identified',
      '--notify',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(sentBody(before)).toEqual({
      name: 'Checkout errors',
      severity: 'MAJOR',
      services: [ref(serviceIds[0]!), ref(serviceIds[1]!)],
      incidentUpdates: [{ description: 'Investigating failed payments', status: 'IDENTIFIED', notifySubscribers: true }],
    });
    const id = /^id\t(\S+)$/m.exec(result.stdout)?.[1];
    expect(id).toBeDefined();
    const stored = await api.getIncident({ params: { incidentId: id! } });
    expect(stored).toMatchObject({ name: 'Checkout errors', severity: 'MAJOR', lastUpdateStatus: 'IDENTIFIED' });
    expect(stored.services.map((service) => service.id).sort()).toEqual([serviceIds[0], serviceIds[1]].sort());
    expect(stored.incidentUpdates).toEqual([
      expect.objectContaining({ description: 'Investigating failed payments', status: 'IDENTIFIED', notifySubscribers: true }),
    ]);
    expect(result.stdout).toContain('Investigating failed payments');
  });

  it('--service takes names in any case; without --message the default first update is sent', async () => {
    const before = proxy.createBodies().length;
    // "Web App" is on two status pages: the same service, so not ambiguous.
    const incident = Incident.parse(
      parseJson(
        await cli(['incidents', 'create', '--name', 'By name', '--severity', 'minor', '--service', 'pAYMENTS api,WEB APP', '-o', 'json']),
      ),
    );
    expect(sentBody(before)).toEqual({
      name: 'By name',
      severity: 'MINOR',
      services: [serviceNamed('Payments API'), serviceNamed('Web App')],
      incidentUpdates: [{ description: DEFAULT_FIRST_UPDATE }],
    });
    expect(incident.services.map((service) => service.name)).toEqual(['Payments API', 'Web App']);
    expect(incident.incidentUpdates).toEqual([expect.objectContaining({ description: DEFAULT_FIRST_UPDATE, status: 'INVESTIGATING' })]);
  });

  it('--status and --notify apply to the default first update (no --message needed)', async () => {
    const before = proxy.createBodies().length;
    const incident = await createIncident('Status without message', ['--status', 'monitoring', '--notify']);
    expect(sentBody(before)).toMatchObject({
      incidentUpdates: [{ description: DEFAULT_FIRST_UPDATE, status: 'MONITORING', notifySubscribers: true }],
    });
    expect(incident.lastUpdateStatus).toBe('MONITORING');
  });

  it('--status-page NAME alone covers every service of that page', async () => {
    const before = proxy.createBodies().length;
    const result = await cli(['incidents', 'create', '--name', 'Whole page', '--severity', 'critical', '--status-page', 'acme PAYMENTS']);
    expect(result.code, result.stderr).toBe(0);
    const expected = servicesOfPage('Acme Payments');
    expect(expected.length).toBeGreaterThan(1);
    expect(sentBody(before)).toEqual({
      name: 'Whole page',
      severity: 'CRITICAL',
      services: expected,
      incidentUpdates: [{ description: DEFAULT_FIRST_UPDATE }],
    });
    const id = /^id\t(\S+)$/m.exec(result.stdout)![1]!;
    const stored = await api.getIncident({ params: { incidentId: id } });
    expect(stored.services.map((service) => service.id)).toEqual(expected.map((service) => service.id));
  });

  it('--status-page takes the page id, its url (slug), its custom domain or a full address', async () => {
    const page = pages.find((entry) => entry.name === 'Acme Payments')!;
    expect(page.customDomain).toBeTruthy();
    const expected = servicesOfPage('Acme Payments');
    for (const given of [page.id, page.url, `https://${page.customDomain}/`, page.customDomain!]) {
      const request = await dryRun(['--status-page', given]);
      expect(request.body.services, given).toEqual(expected);
    }
  });

  it('with --status-page, --service names are looked for on that page only', async () => {
    const request = await dryRun(['--status-page', 'Acme Cloud', '--service', 'cdn']);
    expect(request.body.services).toEqual([serviceNamed('CDN')]);
    const elsewhere = await cli([
      'incidents',
      'create',
      '--name',
      'x',
      '--severity',
      'minor',
      '--status-page',
      'Acme Cloud',
      '--service',
      'Payouts',
    ]);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('--service "Payouts": no such service on status page Acme Cloud');
    expect(elsewhere.stderr).toContain('CDN (id ');
    expect(elsewhere.stderr).not.toContain('Payouts (id');
  });

  it('-o json prints the API response (Incident schema), so scripts can take .id', async () => {
    const incident = await createIncident('Scripted incident', ['--service', `${serviceIds[1]},${serviceIds[0]}`]);
    expect(incident.name).toBe('Scripted incident');
    expect(incident.services).toHaveLength(2); // de-duplicated
    expect((await api.getIncident({ params: { incidentId: incident.id } })).id).toBe(incident.id);
  });

  it('a missing required option is exit 2 naming every missing flag, and nothing is requested', async () => {
    const requests = proxy.requests.length;
    const result = await builtCli(['incidents', 'create', '--message', 'hello']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^statusctl: missing required options --name, --severity .*, --service or --status-page/);
    expect(result.stdout).toBe('');
    const onlyService = await builtCli(['incidents', 'create', '--name', 'x', '--service', serviceIds[0]!]);
    expect(onlyService.code).toBe(2);
    expect(onlyService.stderr).toContain('--severity');
    expect(onlyService.stderr).not.toContain('--name');
    expect(proxy.requests.length).toBe(requests);
  });

  it.each([
    [['--severity', 'huge']],
    [['--severity', 'minor', '--status', 'fixed']],
    [['--severity', 'minor', '--name', 'x'.repeat(256)]],
    [['--severity', 'minor', '--status-page', '']],
  ])('bad flags are exit 2: %j', async (flags) => {
    const result = await cli(['incidents', 'create', '--name', 'n', '--service', serviceIds[0]!, ...flags]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('--dry-run resolves the services and prints the exact body, text or JSON; nothing is created', async () => {
    const before = (await allIncidents()).length;
    const creates = proxy.createBodies().length;
    const args = [
      'incidents',
      'create',
      '--name',
      'Dry',
      '--severity',
      'critical',
      '--service',
      'checkout widget',
      '--message',
      'm',
      '--dry-run',
    ];
    const expected = {
      name: 'Dry',
      severity: 'CRITICAL',
      services: [serviceNamed('Checkout Widget')],
      incidentUpdates: [{ description: 'm' }],
    };
    const text = await builtCli(args);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^POST \/v1\/status-pages\/incidents\n\{/);
    expect(JSON.parse(text.stdout.slice(text.stdout.indexOf('\n')))).toEqual(expected);
    expect(text.stderr).toContain('dry run: nothing was sent');
    const json = parseJson(await builtCli([...args, '--json']));
    expect(json).toEqual({ method: 'POST', path: CREATE_PATH, body: expected });
    expect(upstreamCreateIncidentErrors(expected)).toEqual([]);
    // It read the status pages, and only that.
    expect(proxy.createBodies().length).toBe(creates);
    expect((await allIncidents()).length).toBe(before);
  });

  it('--dry-run reads the status pages, so it needs credentials (exit 3 without a key)', async () => {
    const result = await cli(['incidents', 'create', '--name', 'x', '--severity', 'minor', '--service', serviceIds[0]!, '--dry-run'], {
      STATUSCTL_API_KEY: undefined,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^statusctl: no API key/);
  });

  it('an unknown service name or id is exit 2 listing the services with their pages; nothing is sent', async () => {
    const creates = proxy.createBodies().length;
    const result = await cli(['incidents', 'create', '--name', 'x', '--severity', 'minor', '--service', 'Checkout API,no-such-service']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^statusctl: --service "Checkout API": no such service/);
    expect(result.stderr).toContain('--service "no-such-service": no such service');
    expect(result.stderr).toMatch(/Web App \(id \S+\) on Acme Cloud, Acme Payments/);
    expect(result.stderr).toContain('nothing was sent');
    expect(proxy.createBodies().length).toBe(creates);
  });

  it('an unknown status page is exit 2 listing the pages', async () => {
    const result = await cli(['incidents', 'create', '--name', 'x', '--severity', 'minor', '--status-page', 'Acme Moon']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^statusctl: --status-page "Acme Moon": no such status page/);
    for (const page of pages) expect(result.stderr).toContain(`${page.name} (url ${page.url}, id ${page.id})`);
  });
});

describe('incidents create against a fixture with clashing names', () => {
  // Ids in a fixture file are keys: each account's ids are derived from them (seededId).
  const keys = { dbEu: randomUUID(), dbUs: randomUUID(), storefront: randomUUID() };
  const ids = {
    dbEu: seededId(ACCOUNT.id, 'service', keys.dbEu),
    dbUs: seededId(ACCOUNT.id, 'service', keys.dbUs),
    storefront: seededId(ACCOUNT.id, 'service', keys.storefront),
  };
  let fixtureServer: TestServer;
  let fixtureProxy: RecordingProxy;

  beforeAll(async () => {
    const file = join(tempConfigDir(), 'fixtures.json');
    writeFileSync(
      file,
      JSON.stringify({
        statusPages: [
          // 100 pages first, so the pages that matter are on the second page of the listing.
          ...Array.from({ length: 100 }, (_, index) => ({ name: `Filler ${index}`, url: `filler-${index}`, cards: [] })),
          {
            name: 'Shop EU',
            url: 'shop-eu',
            cards: [
              {
                name: 'Shop',
                services: [
                  { id: keys.storefront, name: 'Storefront' },
                  { id: keys.dbEu, name: 'Database' },
                ],
              },
            ],
          },
          {
            name: 'Shop US',
            url: 'shop-us',
            cards: [
              {
                name: 'Shop',
                services: [
                  { id: keys.storefront, name: 'Storefront' },
                  { id: keys.dbUs, name: 'database' },
                ],
              },
            ],
          },
          { name: 'Coming soon', url: 'coming-soon', cards: [] },
        ],
      }),
    );
    fixtureServer = await startTestServer({ accounts: [ACCOUNT], fixturesPath: file });
    fixtureProxy = await startRecordingProxy(fixtureServer.url);
  });
  afterAll(async () => {
    await fixtureProxy?.close();
    await fixtureServer?.close();
  });

  const env = () => ({ STATUSCTL_BASE_URL: fixtureProxy.url });

  it('a name shared by different services on several pages is exit 2 listing each with its page; nothing is sent', async () => {
    const result = await cli(['incidents', 'create', '--name', 'x', '--severity', 'minor', '--service', 'DATABASE'], env());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^statusctl: --service "DATABASE" names 2 different services/);
    expect(result.stderr).toContain(`Database (id ${ids.dbEu}) on Shop EU`);
    expect(result.stderr).toContain(`database (id ${ids.dbUs}) on Shop US`);
    expect(fixtureProxy.createBodies()).toEqual([]);
  });

  it('the id, or --status-page, settles it; one service on several pages is not ambiguous', async () => {
    const listings = () => fixtureProxy.requests.filter((entry) => entry.path.split('?')[0] === '/v1/status-pages').length;
    const before = listings();
    const byPage = await dryRun(['--service', 'database', '--service', 'Storefront', '--status-page', 'shop-us'], env());
    // All pages walked following the cursor (101+ pages at 100 a request), once for every service named.
    expect(listings() - before).toBe(2);
    expect(byPage.body.services).toEqual([
      { id: ids.dbUs, name: 'database', accountId: ACCOUNT.id },
      { id: ids.storefront, name: 'Storefront', accountId: ACCOUNT.id },
    ]);
    const byId = await dryRun(['--service', ids.dbEu], env());
    expect(byId.body.services).toEqual([{ id: ids.dbEu, name: 'Database', accountId: ACCOUNT.id }]);
    const shared = await dryRun(['--service', 'storefront'], env());
    expect(shared.body.services).toEqual([{ id: ids.storefront, name: 'Storefront', accountId: ACCOUNT.id }]);
  });

  it('a status page without services is exit 2; nothing is sent', async () => {
    const result = await cli(['incidents', 'create', '--name', 'x', '--severity', 'minor', '--status-page', 'Coming soon'], env());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^statusctl: status page Coming soon \(url coming-soon, id \S+\) has no services/);
    expect(fixtureProxy.createBodies()).toEqual([]);
  });
});

describe('incidents list', () => {
  it('shows a table of incidents, and JSON in the API shape', async () => {
    const created = await createIncident('Listed incident');
    const table = await cli(['incidents', 'list', '--limit', '100']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain(created.id);
    expect(table.stdout).toContain('Listed incident');
    expect(table.stdout).toContain('INVESTIGATING');

    const json = IncidentList.parse(parseJson(await cli(['incidents', 'list', '--json'])));
    expect(json.entries[0]!.id).toBe(created.id); // newest first
  });

  it('--status open|resolved filters what was fetched (any case); bad values are exit 2', async () => {
    const open = IncidentList.parse(parseJson(await cli(['incidents', 'list', '--all', '--status', 'OPEN', '-o', 'json'])));
    const resolved = IncidentList.parse(parseJson(await cli(['incidents', 'list', '--all', '--status', 'resolved', '-o', 'json'])));
    const all = await allIncidents();
    expect(open.entries.length).toBeGreaterThan(0);
    expect(resolved.entries.length).toBeGreaterThan(0);
    expect(open.entries.every((incident) => incident.lastUpdateStatus !== 'RESOLVED')).toBe(true);
    expect(resolved.entries.every((incident) => incident.lastUpdateStatus === 'RESOLVED')).toBe(true);
    expect(open.length + resolved.length).toBe(all.length);
    expect((await cli(['incidents', 'list', '--status', 'closed'])).code).toBe(2);
  });

  it('pages with --limit/--next-id (hint on stderr) and --all follows the cursor to the end', async () => {
    const first = await cli(['incidents', 'list', '--limit', '2', '-o', 'json']);
    const page1 = IncidentList.parse(parseJson(first));
    expect(page1.entries).toHaveLength(2);
    expect(page1.nextId).toEqual(expect.any(String));
    expect(first.stderr).toContain(`more: --next-id ${page1.nextId}`);
    const page2 = IncidentList.parse(parseJson(await cli(['incidents', 'list', '--limit', '2', '--next-id', page1.nextId!, '-o', 'json'])));
    expect(page2.entries.map((i) => i.id)).not.toContain(page1.entries[0]!.id);

    const everything = await cli(['incidents', 'list', '--all', '--limit', '3', '-o', 'json']);
    const combined = IncidentList.parse(parseJson(everything));
    expect(combined.nextId).toBeNull();
    expect(combined.length).toBe(combined.entries.length);
    expect(combined.entries.map((i) => i.id)).toEqual((await allIncidents()).map((i) => i.id));
    expect(everything.stderr).not.toContain('more:');
  });

  it.each([['0'], ['1.5'], ['x']])('--limit %s is exit 2', async (limit) => {
    expect((await cli(['incidents', 'list', '--limit', limit])).code).toBe(2);
  });
});

describe('incidents get and resolve', () => {
  it('get shows the timeline; -o json is the Incident', async () => {
    const incident = await createIncident('Timeline incident', ['--message', 'First look']);
    await api.createIncidentUpdate({
      params: { incidentId: incident.id },
      body: { description: 'Found it', status: 'IDENTIFIED', notifySubscribers: true },
    });
    const text = await cli(['incidents', 'get', incident.id], {}, 120);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Timeline (2 updates)');
    expect(text.stdout.indexOf('First look')).toBeLessThan(text.stdout.indexOf('Found it'));
    expect(text.stdout).toMatch(/IDENTIFIED.*Found it.*yes/);
    // Piped: the fields, a `--` line, then one tab-separated row per update.
    const piped = await cli(['incidents', 'get', incident.id]);
    const [fields, rows] = piped.stdout.trimEnd().split('\n--\n');
    expect(fields!.split('\n')[0]).toBe(`id\t${incident.id}`);
    expect(rows!.split('\n').map((row) => row.split('\t').slice(1, 4))).toEqual([
      ['INVESTIGATING', 'First look', 'no'],
      ['IDENTIFIED', 'Found it', 'yes'],
    ]);
    const json = Incident.parse(parseJson(await cli(['incidents', 'get', incident.id, '--json'])));
    expect(json.incidentUpdates).toHaveLength(2);
  });

  it('resolve adds a RESOLVED update (default message "Resolved.")', async () => {
    const incident = await createIncident('To resolve');
    const result = await cli(['incidents', 'resolve', incident.id]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${incident.id}\tresolved\tTo resolve\n`);
    // On a terminal the one row is followed by the update.
    const shown = await cli(['incidents', 'resolve', (await createIncident('To resolve on a terminal')).id], {}, 100);
    expect(shown.code, shown.stderr).toBe(0);
    const [row, ...detail] = stripVTControlCharacters(shown.stdout).trimEnd().split('\n');
    expect(row).toMatch(/^\S+\tresolved\tTo resolve on a terminal$/);
    expect(detail.join('\n')).toMatch(/status\s+RESOLVED/);
    expect(detail.join('\n')).toContain('Resolved.');
    const stored = await api.getIncident({ params: { incidentId: incident.id } });
    expect(stored.lastUpdateStatus).toBe('RESOLVED');
    expect(stored.incidentUpdates.at(-1)).toMatchObject({ description: 'Resolved.', status: 'RESOLVED' });

    // Resolving again changes nothing (a retried CI step must not notify twice); --force posts anyway.
    const again = await cli(['incidents', 'resolve', incident.id, '--message', 'Rolled back', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      /^incident \S+ is already resolved \(since .+\): nothing was sent \(--force adds another RESOLVED update\)\n$/,
    );
    // Its entry carries its last update, the RESOLVED one.
    const [entry] = parseJson(again) as [{ id: string; update: unknown }];
    expect(entry.id).toBe(incident.id);
    expect(IncidentUpdate.parse(entry.update)).toMatchObject({ description: 'Resolved.', status: 'RESOLVED' });
    expect((await api.getIncident({ params: { incidentId: incident.id } })).incidentUpdates).toHaveLength(stored.incidentUpdates.length);

    const [forcedEntry] = parseJson(
      await cli(['incidents', 'resolve', incident.id, '--message', 'Rolled back', '--force', '-o', 'json']),
    ) as [{ update: unknown }];
    const forced = IncidentUpdate.parse(forcedEntry.update);
    expect(forced).toMatchObject({ description: 'Rolled back', status: 'RESOLVED' });
    expect((await api.getIncident({ params: { incidentId: incident.id } })).incidentUpdates).toHaveLength(
      stored.incidentUpdates.length + 1,
    );
  });

  it('an unknown incident id is exit 4', async () => {
    // A whole id is asked for as it is: the server's 404.
    for (const args of [
      ['incidents', 'get', '00000000-0000-4000-8000-00000000dead'],
      ['incidents', 'resolve', '00000000-0000-4000-8000-00000000dead'],
    ]) {
      const result = await cli(args);
      expect(result.code).toBe(4);
      expect(result.stderr).toMatch(/^statusctl: 404 .*\n$/);
    }
    // Anything else is a prefix, looked for in the incident list.
    for (const args of [
      ['incidents', 'get', 'no-such-incident'],
      ['incidents', 'resolve', 'no-such-incident'],
    ]) {
      const result = await cli(args);
      expect(result.code).toBe(4);
      expect(result.stderr).toMatch(
        /^statusctl: no incident id starts with "no-such-incident" \(\d+ incidents of the account looked at\)\n/,
      );
    }
  });
});

describe('incident-updates', () => {
  it('add, get and put an update', async () => {
    const incident = await createIncident('Updates incident');
    const added = await cli([
      'incident-updates',
      'add',
      incident.id,
      '--message',
      'Monitoring now',
      '--status',
      'Monitoring',
      '--notify',
      '--date',
      '2025-05-01T12:30:00+02:00',
      '-o',
      'json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const update = IncidentUpdate.parse(parseJson(added));
    expect(update).toMatchObject({ description: 'Monitoring now', status: 'MONITORING', notifySubscribers: true });
    expect(Date.parse(update.publicIncidentUpdateDate)).toBe(Date.parse('2025-05-01T10:30:00Z'));

    const got = await cli(['incident-updates', 'get', incident.id, update.id]);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain('Monitoring now');
    expect(got.stdout).toContain('MONITORING');

    const put = await cli([
      'incident-updates',
      'put',
      incident.id,
      update.id,
      '--message',
      'Monitoring (edited)',
      '--no-notify',
      '--status',
      'resolved',
    ]);
    expect(put.code, put.stderr).toBe(0);
    expect(await api.getIncidentUpdate({ params: { incidentId: incident.id, incidentUpdateId: update.id } })).toMatchObject({
      description: 'Monitoring (edited)',
      notifySubscribers: false,
      status: 'RESOLVED',
    });
  });

  it.each([
    [['add', 'INCIDENT', '--message', 'm', '--date', 'yesterday']],
    [['add', 'INCIDENT', '--message', 'm', '--date', '2025-05-01']],
    [['add', 'INCIDENT', '--message', 'm', '--date', '2025-13-01T00:00:00Z']],
    [['add', 'INCIDENT']],
    [['put', 'INCIDENT', 'UPDATE']],
    [['add', 'INCIDENT', '--message', 'm', '--status', 'done']],
    [['get', 'INCIDENT']],
  ])('usage errors are exit 2 before any request: %j', async (args) => {
    const result = await cli(['incident-updates', ...args], { STATUSCTL_BASE_URL: 'http://127.0.0.1:9' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('an unknown incident or update is exit 4', async () => {
    const incident = await createIncident('Lookup incident');
    expect((await cli(['incident-updates', 'get', incident.id, 'no-such-update'])).code).toBe(4);
    expect((await cli(['incident-updates', 'add', 'no-such-incident', '--message', 'm'])).code).toBe(4);
    expect((await cli(['incident-updates', 'put', 'no-such-incident', 'u', '--message', 'm'])).code).toBe(4);
  });
});

describe('failures and exit codes', () => {
  it('no key, a wrong key and a mismatched account id are exit 3', async () => {
    const noKey = await cli(['incidents', 'list'], { STATUSCTL_API_KEY: undefined });
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toMatch(/^statusctl: no API key/);
    const wrongKey = await cli(['incidents', 'list'], { STATUSCTL_API_KEY: 'sk_wrong_0000000000000000' });
    expect(wrongKey.code).toBe(3);
    expect(wrongKey.stderr).toMatch(/^statusctl: 401/);
    const otherAccount = await cli(['incidents', 'get', 'whatever'], { STATUSCTL_ACCOUNT_ID: '00000000-0000-4000-8000-00000000acc7' });
    expect(otherAccount.code).toBe(3);
    expect(otherAccount.stderr).toMatch(/^statusctl: 403/);
  });

  it('an unreachable server is exit 1, one line on stderr', async () => {
    // Its retries wait on a clock of the test's, which they move instead of taking time.
    const result = await runCli(['incidents', 'list'], {
      env: { ...server.env, STATUSCTL_BASE_URL: await closedPortUrl() },
      inProcess: true,
      clock: testClock(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^statusctl: [^\n]+\nhint: nothing listens at [^\n]+\n$/);
    expect(result.stdout).toBe('');
  });

  it('an unknown command is exit 2', async () => {
    expect((await cli(['incidents', 'frobnicate'])).code).toBe(2);
    expect((await cli(['incident'])).code).toBe(2);
    expect((await cli(['incidents', 'get'])).code).toBe(2);
  });

  it('--verbose logs each request on stderr with the key masked, never in full', async () => {
    const result = await cli(['incidents', 'list', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/v1\/status-pages\/incidents -> 200 .*key \*\*\*\*cdef/);
    expect(result.stdout + result.stderr).not.toContain(server.account.key);
  });
});

describe('plain output', () => {
  // eslint-disable-next-line no-control-regex
  const ESCAPE = /\x1b\[/;
  const commands = [
    ['incidents', 'list'],
    ['status-pages', 'list'],
  ];

  it('has no ANSI escapes when not on a terminal', async () => {
    const results = await Promise.all(commands.map((args) => cli(args)));
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).not.toMatch(ESCAPE);
      expect(result.stderr).not.toMatch(ESCAPE);
    }
  });

  it('NO_COLOR and --no-color win over FORCE_COLOR', async () => {
    const [forced, ...plain] = await Promise.all([
      cli(['incidents', 'list'], { FORCE_COLOR: '1' }, 200),
      cli(['incidents', 'list'], { FORCE_COLOR: '1', NO_COLOR: '1' }, 200),
      cli(['incidents', 'list'], { FORCE_COLOR: '3', NO_COLOR: 'true' }, 200),
      cli(['incidents', 'list', '--no-color'], { FORCE_COLOR: '1' }, 200),
      cli(['incidents', 'list', '--no-color'], { FORCE_COLOR: '1' }),
    ]);
    expect(forced!.code, forced!.stderr).toBe(0);
    expect(forced!.stdout).toMatch(ESCAPE); // so the checks below can fail
    for (const result of plain) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout + result.stderr).not.toMatch(ESCAPE);
    }
  });

  it('errors are one plain line', async () => {
    const result = await cli(['incidents', 'get', '00000000-0000-4000-8000-00000000dead'], { FORCE_COLOR: '1', NO_COLOR: '1' });
    expect(result.stderr).toMatch(/^statusctl: [^\n\x1b]+\n$/);
  });
});

describe('incidents list --status (the on-call case)', () => {
  it('finds open incidents that exist only beyond the first page', async () => {
    // A server of its own: 25 resolved incidents on top push every open one past a page of 20.
    const own = await startTestServer();
    try {
      const client = createClient({ baseUrl: own.url, apiKey: own.account.key, accountId: own.account.id, retries: 0 });
      const page = (await client.listStatusPages({ query: { limit: '1' } })).entries[0]!;
      const service = page.cards[0]!.services[0]!;
      for (let i = 0; i < 25; i++) {
        await client.createIncident({
          body: {
            name: `Resolved ${i}`,
            severity: 'MINOR',
            services: [{ id: service.id, name: service.name, accountId: own.account.id }],
            incidentUpdates: [{ description: 'Done.', status: 'RESOLVED' }],
          },
        });
      }
      const firstPage = await client.listIncidents({});
      expect(firstPage.entries.every((incident) => incident.lastUpdateStatus === 'RESOLVED')).toBe(true);
      const run = (args: string[]) => runCli(args, { env: own.env, inProcess: true });

      const one = await run(['incidents', 'list', '--status', 'open', '--limit', '1', '-o', 'json']);
      expect(one.code, one.stderr).toBe(0);
      const found = IncidentList.parse(parseJson(one));
      expect(found.length).toBe(1);
      expect(found.entries[0]!.lastUpdateStatus).not.toBe('RESOLVED');

      const table = await run(['incidents', 'list', '--status', 'open', '--limit', '1']);
      expect(table.code, table.stderr).toBe(0);
      expect(table.stdout).toContain(found.entries[0]!.id);
      expect(table.stderr).not.toContain('No open incidents');

      // Following nextId from there reaches every other open incident, none skipped.
      const openIds: string[] = [];
      let next: string | null = null;
      do {
        const result = await run([
          'incidents',
          'list',
          '--status',
          'open',
          '--limit',
          '2',
          '-o',
          'json',
          ...(next ? ['--next-id', next] : []),
        ]);
        const list = IncidentList.parse(parseJson(result));
        openIds.push(...list.entries.map((incident) => incident.id));
        next = list.nextId;
      } while (next);
      const everyOpen = IncidentList.parse(parseJson(await run(['incidents', 'list', '--status', 'open', '--all', '-o', 'json'])));
      expect(everyOpen.length).toBeGreaterThan(1);
      expect(new Set(openIds)).toEqual(new Set(everyOpen.entries.map((incident) => incident.id)));
    } finally {
      await own.close();
    }
  });
});

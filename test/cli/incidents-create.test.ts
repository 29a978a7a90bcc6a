// `statusctl incidents create` in-process (run()) against the reference server, and from flags
// through the built binary: its services and pages by name, id or address, its dry run, its
// missing options and every documented exit code; every body it sends is one the hosted API's
// request schema accepts (incidents-setup.ts).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Incident } from '../../src/contract/schemas.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import { parseJson, startTestServer, tempConfigDir, type TestServer } from './helpers.js';
import { startRecordingProxy, upstreamCreateIncidentErrors, type RecordingProxy } from './upstream-request.js';
import {
  ACCOUNT,
  allIncidents,
  api,
  builtCli,
  cli,
  CREATE_PATH,
  createIncident,
  DEFAULT_FIRST_UPDATE,
  dryRun,
  pages,
  proxy,
  ref,
  sentBody,
  serviceIds,
  serviceNamed,
  servicesOfPage,
  useIncidentsServer,
} from './incidents-setup.js';

// Some tests spawn the built CLI; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000 });

useIncidentsServer();

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

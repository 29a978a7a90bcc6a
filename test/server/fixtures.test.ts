// Fixture files: the documented format, its errors, and one copy per account.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Fixtures } from '../../src/server/fixtures/schema.js';
import { loadFixtureFile, parseFixtures } from '../../src/server/fixtures/load.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import { DEMO_ACCOUNT_ID, DEMO_FIXTURES, DEMO_IDS, demoIds } from '../../src/server/index.js';
import { ACCOUNT_A, ACCOUNT_B, NOW, expectError, expectSuccess, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const EXAMPLE = fileURLToPath(new URL('../../src/server/fixtures/example.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'statusctl-fixtures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeFixture(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const card = (services: unknown[]) => ({ name: 'Card', services });

describe('fixture validation', () => {
  it('names the source and the path of the first bad field', () => {
    const bad = { statusPages: [{ name: 'P', url: 'p', cards: [card([{ id: 'a', name: 'A' }]), card([{ id: 7, name: 'B' }])] }] };
    expect(() => parseFixtures(bad, 'fixtures.json')).toThrow('fixtures.json: statusPages[0].cards[1].services[0].id: expected string');
  });

  it.each([
    [
      { incidents: [{ name: 'x', severity: 'MINOR', services: ['ghost'], incidentUpdates: [] }] },
      'incidents[0].services[0]: unknown service "ghost"',
    ],
    [
      { heartbeats: [{ checkId: 'h', events: [{ state: 'RECEIVED', timestamp: 'yesterday' }] }] },
      'heartbeats[0].events[0].timestamp: expected an ISO 8601 date-time',
    ],
    [{ statusPages: [], extra: true }, 'extra: "extra" is not allowed'],
    [{ errorGroups: [{ checkId: 'c', rawErrorMessage: 'm', timestamps: [] }] }, 'errorGroups[0].timestamps:'],
    [
      {
        services: [
          { id: 's', name: 'One' },
          { id: 's', name: 'Two' },
        ],
      },
      'services[1].name: service "s" is already declared',
    ],
  ])('refuses %j', (data, message) => {
    expect(() => parseFixtures(data, 'f.json')).toThrow(`f.json: ${message}`);
  });

  it('refuses a file that is missing or not JSON', () => {
    expect(() => loadFixtureFile(join(dir, 'missing.json'))).toThrow(/missing\.json: cannot read the file \(ENOENT\)/);
    expect(() => loadFixtureFile(writeFixture('broken.json', '{"statusPages": ['))).toThrow(/broken\.json: not valid JSON/);
  });

  it('accepts the example file and the demo data', () => {
    expect(() => loadFixtureFile(EXAMPLE)).not.toThrow();
    expect(Fixtures.safeParse(DEMO_FIXTURES).success).toBe(true);
    expect(() => parseFixtures(DEMO_FIXTURES, 'demo')).not.toThrow();
  });
});

describe('a server with a fixture file', () => {
  it('refuses to start with a bad file', async () => {
    const path = writeFixture('bad.json', { incidents: [{ name: 'x' }] });
    await expect(startTestServer({ ...TWO_ACCOUNTS, fixturesPath: path })).rejects.toThrow(/bad\.json: incidents\[0\]\.severity/);
  });

  it('serves the file’s data, times resolved against now, a copy per account', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, fixturesPath: EXAMPLE, now: () => NOW });
    const pages = expectSuccess('listStatusPages', await server.call('GET', '/v1/status-pages'), 200);
    expect(pages.entries.map((page: any) => page.name)).toEqual(['Example Co']);
    expect(pages.entries[0].keys[0].maskedKey).toBe('****1234');
    expect(pages.entries[0].incidents).toHaveLength(1);

    const incidents = expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents'), 200);
    expect(incidents.entries).toHaveLength(1);
    const [incident] = incidents.entries;
    expect(incident.lastUpdateStatus).toBe('RESOLVED');
    expect(incident.duration).toBe(2 * 3600);
    expect(incident.incidentUpdates[0].publicIncidentUpdateDate).toBe('2025-03-10T09:00:00.000Z');

    const ofB = expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents', { key: ACCOUNT_B.key }), 200);
    expect(ofB.entries[0].name).toBe(incident.name);
    expect(ofB.entries[0].id).not.toBe(incident.id);

    // Ids given in the file are keys: each account's id is derived from its own id and the key
    // (a UUID, the same on every start), so no id names two things on one server.
    const groupOfA = seededId(ACCOUNT_A.id, 'error-group', 'eg-orders-502');
    expect(groupOfA).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seededId(ACCOUNT_B.id, 'error-group', 'eg-orders-502')).not.toBe(groupOfA);
    expectError(await server.call('PATCH', '/v1/error-groups/eg-orders-502', { body: { archivedUntilNextEvent: true } }), 404);
    expectError(
      await server.call('PATCH', `/v1/error-groups/${groupOfA}`, { key: ACCOUNT_B.key, body: { archivedUntilNextEvent: true } }),
      404,
    );
    const group = expectSuccess(
      'updateErrorGroup',
      await server.call('PATCH', `/v1/error-groups/${groupOfA}`, { body: { archivedUntilNextEvent: true } }),
      200,
    );
    expect(group).toMatchObject({
      checkId: seededId(ACCOUNT_A.id, 'check', 'check-orders-api'),
      firstSeen: '2025-03-10',
      cleanedErrorMessage: 'Request failed with status code <number>: POST https://api.example.com/orders?<query>',
    });
    const availability = await server.call(
      'GET',
      `/v1/checks/heartbeats/${seededId(ACCOUNT_A.id, 'check', 'hb-nightly-export')}/availability`,
    );
    expect(expectSuccess('getHeartbeatAvailability', availability, 200)).toEqual({
      successRatio: { currentPeriod: 100, previousPeriod: 50 },
      totalEntitiesCurrentPeriod: 1,
    });
  });
});

describe('ids of seeded data (docs/api-rules.md#shapes-and-ids)', () => {
  /** Every id an account can see through the API: pages, cards, keys, services, incidents, updates. */
  async function visibleIds(server: TestServer, key: string): Promise<Set<string>> {
    const ids = new Set<string>();
    const pages = expectSuccess('listStatusPages', await server.call('GET', '/v1/status-pages?limit=100', { key }), 200);
    for (const page of pages.entries) {
      ids.add(page.id);
      for (const card of page.cards) {
        ids.add(card.id);
        for (const service of card.services) ids.add(service.id);
      }
      for (const pageKey of page.keys) ids.add(pageKey.id);
    }
    const incidents = expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents?limit=100', { key }), 200);
    for (const incident of incidents.entries) {
      ids.add(incident.id);
      for (const update of incident.incidentUpdates) ids.add(update.id);
    }
    return ids;
  }

  it('gives each account ids of its own, UUIDs, the same on every start', async () => {
    const first = await startTestServer(TWO_ACCOUNTS);
    const ofA = await visibleIds(first, ACCOUNT_A.key);
    const ofB = await visibleIds(first, ACCOUNT_B.key);
    expect(ofA.size).toBeGreaterThan(20);
    expect(ofB.size).toBe(ofA.size);
    expect([...ofA].filter((id) => ofB.has(id))).toEqual([]);
    for (const id of [...ofA, ...ofB]) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const again = await startTestServer(TWO_ACCOUNTS);
    expect(await visibleIds(again, ACCOUNT_A.key)).toEqual(ofA);
  });

  it("demoIds(account) names the account's own demo data, and nothing of another account", async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const mine = demoIds(ACCOUNT_A.id);
    expectSuccess(
      'getHeartbeatAvailability',
      await server.call('GET', `/v1/checks/heartbeats/${mine.heartbeatChecks.nightlyBackup}/availability`),
      200,
    );
    expectSuccess('getStatusPage', await server.call('GET', `/v1/status-pages/${mine.statusPages.acmeCloud}`), 200);
    const ofB = demoIds(ACCOUNT_B.id);
    expectError(await server.call('GET', `/v1/checks/heartbeats/${ofB.heartbeatChecks.nightlyBackup}/availability`), 404);
    expectError(
      await server.call('PATCH', `/v1/error-groups/${ofB.errorGroups.dashboardTimeout}`, { body: { archiveForEver: true } }),
      404,
    );
  });

  it('serves the demo account (DEMO_IDS, the ids of the help examples) when no account is given', async () => {
    const server = await startTestServer({ accounts: [] });
    expect(server.accounts.map((account) => account.id)).toEqual([DEMO_ACCOUNT_ID]);
    const key = server.accounts[0]!.key;
    const availability = await server.call('GET', `/v1/checks/heartbeats/${DEMO_IDS.heartbeatChecks.nightlyBackup}/availability`, { key });
    expectSuccess('getHeartbeatAvailability', availability, 200);
  });

  it('refuses an account id that is not a UUID, at start', async () => {
    await expect(startTestServer({ accounts: [{ id: 'acct-1', key: 'sk_0123456789abcdef' }] })).rejects.toThrow(
      /account id "acct-1" is not a UUID/,
    );
  });
});

// Fixture files: the documented format, its errors, and one copy per account.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Fixtures } from '../../src/server/fixtures/schema.js';
import { loadFixtureFile, parseFixtures } from '../../src/server/fixtures/load.js';
import { DEMO_FIXTURES, startServer } from '../../src/server/index.js';
import { ACCOUNT_B, NOW, expectSuccess, startTestServer } from './helpers.js';

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
    await expect(startServer({ port: 0, fixturesPath: path, log: () => {} })).rejects.toThrow(/bad\.json: incidents\[0\]\.severity/);
  });

  it('serves the file’s data, times resolved against now, a copy per account', async () => {
    const server = await startTestServer({ fixturesPath: EXAMPLE, now: () => NOW });
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

    // Ids given in the file are kept: the archived flag and the group are reachable by them.
    const group = expectSuccess(
      'updateErrorGroup',
      await server.call('PATCH', '/v1/error-groups/eg-orders-502', { body: { archivedUntilNextEvent: true } }),
      200,
    );
    expect(group).toMatchObject({
      checkId: 'check-orders-api',
      firstSeen: '2025-03-10',
      cleanedErrorMessage: 'Request failed with status code <number>: POST https://api.example.com/orders?<query>',
    });
    const availability = await server.call('GET', '/v1/checks/heartbeats/hb-nightly-export/availability');
    expect(expectSuccess('getHeartbeatAvailability', availability, 200)).toEqual({
      successRatio: { currentPeriod: 100, previousPeriod: 50 },
      totalEntitiesCurrentPeriod: 1,
    });
  });
});

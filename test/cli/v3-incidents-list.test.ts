// `incidents list` over both generations of status pages, through the built binary against the
// reference server: the v2 list and each V3 page's incidents merged newest first by created_at,
// one cursor for all of them, the filters applied to both kinds, and --status-page naming a V3
// page listing that page's own incidents.
import { describe, expect, it, vi } from 'vitest';
import { parseJson, runCli, useTestServer } from './helpers.js';
import { createV3 } from './v3-incidents-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
const cli = (args: string[]) => runCli(args, { env: test.server.env });

interface Listed {
  id: string;
  name: string;
  created_at: string;
  lastUpdateStatus: string;
  statusPageId?: string;
  severity?: string;
  componentImpacts?: { componentId: string; status: string }[];
}
type List = { length: number; entries: Listed[]; nextId: string | null };

const list = async (args: string[]) => {
  const result = await cli(['incidents', 'list', ...args, '-o', 'json']);
  expect(result.code, result.stderr).toBe(0);
  return parseJson<List>(result);
};
const ids = (entries: Listed[]) => entries.map((entry) => entry.id);

describe('incidents list of both kinds', () => {
  it('merges the v2 list and each V3 page, newest created_at first, each entry in its own shape', async () => {
    const v3 = await createV3(test.server, 'Search index stale', 'Dashboard=major');
    const all = await list(['--all']);
    expect(all.nextId).toBeNull();
    expect(all.length).toBe(all.entries.length);
    const v3Entries = all.entries.filter((entry) => entry.statusPageId !== undefined);
    // The demo's two V3 incidents and the new one, beside the v2 ones.
    expect(v3Entries.length).toBeGreaterThanOrEqual(3);
    expect(all.entries.some((entry) => entry.statusPageId === undefined)).toBe(true);
    const created = all.entries.find((entry) => entry.id === v3.id)!;
    expect(created.componentImpacts?.[0]?.status).toBe('MAJOR_OUTAGE');
    expect(created).not.toHaveProperty('severity');
    const dates = all.entries.map((entry) => entry.created_at);
    expect(dates).toEqual([...dates].sort().reverse());

    // Piped: the same rows as the v2 ones, a V3 incident's severity its worst impact and its services its components.
    const piped = await cli(['incidents', 'list', '--all']);
    expect(piped.code, piped.stderr).toBe(0);
    const row = piped.stdout.split('\n').find((line) => line.startsWith(`${v3.id}\t`));
    expect(row?.split('\t').slice(1, 5)).toEqual(['Search index stale', 'MAJOR_OUTAGE', 'INVESTIGATING', 'Dashboard']);
    expect(
      piped.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t')[0]),
    ).toEqual(ids(all.entries));
  });

  it('--next-id is one cursor for every list: followed with --limit it gives each incident once, in order', async () => {
    const all = await list(['--all']);
    const seen: Listed[] = [];
    let next: string | null = null;
    do {
      const page = await list(['--limit', '3', ...(next ? ['--next-id', next] : [])]);
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries);
      next = page.nextId;
    } while (next);
    expect(ids(seen)).toEqual(ids(all.entries));

    const bad = await cli(['incidents', 'list', '--next-id', 'not-a-cursor']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--next-id "not-a-cursor": not a cursor of this list/);
    expect(bad.stderr).toMatch(/^hint: /m);
  });

  it('--status and --severity apply to V3 incidents: severity by the worst impact', async () => {
    const partial = await createV3(test.server, 'Exports slow', 'REST API=partial');
    const degraded = await createV3(test.server, 'Emails late', 'Email delivery=degraded');
    const major = await createV3(test.server, 'Status API down', 'Status API=major,Dashboard=degraded');
    const open = await list(['--all', '--status', 'open']);
    expect(ids(open.entries)).toEqual(expect.arrayContaining([partial.id, degraded.id, major.id]));
    expect(open.entries.every((entry) => entry.lastUpdateStatus !== 'RESOLVED')).toBe(true);
    const resolved = await list(['--all', '--status', 'resolved']);
    expect(resolved.entries.some((entry) => entry.name === 'Login errors for SSO users')).toBe(true);
    expect(ids(resolved.entries)).not.toContain(partial.id);

    const bySeverity = async (severity: string) =>
      ids((await list(['--all', '--severity', severity])).entries.filter((entry) => entry.statusPageId !== undefined));
    const [critical, majorOnes, medium, minor] = await Promise.all(['critical', 'major', 'medium', 'minor'].map(bySeverity));
    expect(critical).toContain(major.id);
    expect(critical).not.toContain(partial.id);
    expect(majorOnes).toContain(partial.id);
    expect(majorOnes).not.toContain(major.id);
    expect(medium).toContain(degraded.id);
    expect(minor).toContain(degraded.id);
    expect(minor).not.toContain(partial.id);
  });

  it('--service names a v2 service or a V3 component; --status-page a V3 page lists its own incidents', async () => {
    const incident = await createV3(test.server, 'Webhook retries failing', 'Webhooks=partial');
    // "Webhooks" is a v2 service of Acme Cloud and a component of Acme Platform: both kinds match.
    const both = await list(['--all', '--service', 'webhooks']);
    expect(ids(both.entries)).toContain(incident.id);
    expect(both.entries.some((entry) => entry.statusPageId === undefined)).toBe(true);
    expect(both.entries.filter((entry) => entry.statusPageId !== undefined).every((entry) => entry.name.match(/webhook/i))).toBe(true);

    const email = await list(['--all', '--service', 'Email Delivery']);
    expect(email.entries.length).toBeGreaterThan(0);
    expect(email.entries.every((entry) => entry.statusPageId !== undefined)).toBe(true);

    const page = await list(['--all', '--status-page', 'acme-platform']);
    expect(ids(page.entries)).toContain(incident.id);
    expect(page.entries.every((entry) => entry.statusPageId === incident.statusPageId)).toBe(true);
    const pageAndService = await list(['--all', '--status-page', 'Acme Platform', '--service', 'Webhooks', '--status', 'open']);
    expect(ids(pageAndService.entries)).toContain(incident.id);
    expect(pageAndService.entries.every((entry) => entry.statusPageId !== undefined)).toBe(true);
    // A v2 page and a V3 page: the v2 incidents on the first's services, and the second's own.
    const mixed = await list(['--all', '--status-page', 'acme-cloud', '--status-page', 'acme-platform']);
    expect(ids(mixed.entries)).toContain(incident.id);
    expect(mixed.entries.some((entry) => entry.statusPageId === undefined)).toBe(true);

    const unknown = await cli(['incidents', 'list', '--service', 'Webhookz']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--service "Webhookz": no such service (did you mean "Webhooks"?)');
    expect(unknown.stderr).toMatch(/Webhooks \(id [0-9a-f-]+\) on Acme Platform/);
  });
});

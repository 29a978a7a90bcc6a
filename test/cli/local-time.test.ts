// Times people read: on a terminal in the local zone (TZ) with the zone named, in UTC with
// --utc; piped output and JSON keep the API's UTC ISO values. Run as the built binary in a
// pseudo-terminal against the reference server, and in process where neither the zone nor the
// terminal is the point.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type Client, createClient } from '../../src/client/index.js';
import type { Incident } from '../../src/cli/api/types.js';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { testClock } from '../support/clock.js';
import { runBlock } from './block-shell.js';
import { readmeLines } from './readme-shell.js';
import { parseJson, type PtySession, removeTempDirs, runCli, runPty, startTestServer, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 60_000 });

const test = useTestServer();
const sessions: PtySession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});
afterAll(removeTempDirs);

function api(): Client {
  const { server } = test;
  return createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
}

let made = 0;
/** An incident whose first update is dated `date` (an ISO UTC time). */
async function incidentStartedAt(date: string, name = `Dated incident ${++made}`): Promise<Incident> {
  const client = api();
  const [any] = (await client.listIncidents({ query: { limit: '1' } })).entries;
  return client.createIncident({
    body: {
      name,
      severity: 'MINOR',
      services: any!.services.map(({ id, name, accountId }) => ({ id, name, accountId })),
      incidentUpdates: [{ description: 'Looking into it.', publicIncidentUpdateDate: date }],
    },
  });
}

/** The time of an incident's first update. */
function firstUpdate(incident: Incident): string {
  return [...incident.incidentUpdates].map((update) => update.publicIncidentUpdateDate).sort()[0]!;
}

/**
 * When `incidents list` takes an incident of either kind to have started: a v2 one at its first
 * update, one of a V3 page (listed without its updates) at its first impact.
 */
function started(incident: Incident | { id: string; componentImpacts: { startedAt: string }[]; created_at: string }): string {
  if (!('componentImpacts' in incident)) return firstUpdate(incident);
  return incident.componentImpacts.map((window) => window.startedAt).sort()[0] ?? incident.created_at;
}

/** The built binary in a pseudo-terminal, to its end: the screen as printed (ANSI removed). */
async function onTerminal(args: string[], env: Record<string, string>): Promise<string> {
  const session = await runPty([...args, '--no-pager'], { env: { ...test.server.env, ...env }, cols: 160 });
  sessions.push(session);
  const code = await session.exited();
  expect(code, session.screen()).toBe(0);
  return session.screen();
}

describe('times on a terminal', () => {
  it('are shown in the zone TZ names, with the zone, in the fields and the timeline of incidents get', async () => {
    // 15:30 UTC in January is 10:30 in New York (EST, UTC-5).
    const incident = await incidentStartedAt('2025-01-15T15:30:00.000Z');
    const screen = await onTerminal(['incidents', 'get', incident.id], { TZ: 'America/New_York' });
    expect(screen).toMatch(/started\s+2025-01-15 10:30:00 EST \(/);
    expect(screen).toMatch(/TIME \(EST\)\s+STATUS/);
    expect(screen).toMatch(/2025-01-15 10:30\s+INVESTIGATING/);
    expect(screen).not.toContain('15:30');
  });

  it('name both zones in the timeline header when the updates span a change of offset', async () => {
    const incident = await incidentStartedAt('2025-03-01T15:00:00.000Z');
    // After the switch to daylight time (9 March 2025): EDT, UTC-4.
    await api().createIncidentUpdate({
      params: { incidentId: incident.id },
      body: { status: 'MONITORING', description: 'Watching.', publicIncidentUpdateDate: '2025-03-20T15:00:00.000Z' },
    });
    const screen = await onTerminal(['incidents', 'get', incident.id], { TZ: 'America/New_York' });
    expect(screen).toMatch(/TIME \(EST\/EDT\)/);
    expect(screen).toMatch(/2025-03-01 10:00\s+INVESTIGATING/);
    expect(screen).toMatch(/2025-03-20 11:00\s+MONITORING/);
  });

  it('are shown in UTC with --utc, whatever TZ says', async () => {
    const incident = await incidentStartedAt('2025-01-15T15:30:00.000Z');
    const screen = await onTerminal(['--utc', 'incidents', 'get', incident.id], { TZ: 'America/New_York' });
    expect(screen).toMatch(/started\s+2025-01-15 15:30:00 UTC \(/);
    expect(screen).toMatch(/TIME \(UTC\)\s+STATUS/);
    expect(screen).toMatch(/2025-01-15 15:30\s+INVESTIGATING/);
  });

  it('of an update are local too (incident-updates get)', async () => {
    const incident = await incidentStartedAt('2025-07-04T12:00:00.000Z');
    const screen = await onTerminal(['incident-updates', 'get', incident.id, incident.incidentUpdates[0]!.id], {
      TZ: 'America/New_York',
    });
    expect(screen).toMatch(/time\s+2025-07-04 08:00:00 EDT \(/);
  });
});

describe('times piped', () => {
  it('stay UTC ISO, as the API sent them, with TZ set and without --utc', async () => {
    const incident = await incidentStartedAt('2025-01-15T15:30:00.000Z');
    const piped = await runCli(['incidents', 'get', incident.id], { env: { ...test.server.env, TZ: 'America/New_York' } });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/^started\t2025-01-15T15:30:00(\.000)?Z$/m);
    expect(piped.stdout).toMatch(/^2025-01-15T15:30:00(\.000)?Z\tINVESTIGATING\t/m);
    expect(piped.stdout).not.toMatch(/\bEST\b/);
    // JSON is the API's answer as it came, printed by the same code in process.
    const json = await runCli(['incidents', 'get', incident.id, '-o', 'json'], {
      env: { ...test.server.env, TZ: 'America/New_York' },
      inProcess: true,
    });
    expect((JSON.parse(json.stdout) as Incident).incidentUpdates[0]!.publicIncidentUpdateDate).toMatch(/^2025-01-15T15:30:00(\.000)?Z$/);
  });
});

describe('incidents list --since', () => {
  it('keeps the incidents whose first update is within the span, against the run clock', async () => {
    const clock = testClock();
    const hour = 3_600_000;
    const recent = await incidentStartedAt(new Date(clock.now() - 10 * hour).toISOString(), 'Started ten hours ago');
    const older = await incidentStartedAt(new Date(clock.now() - 30 * hour).toISOString(), 'Started thirty hours ago');
    const result = await runCli(['incidents', 'list', '--since', '24h', '--all', '-o', 'json'], {
      env: test.server.env,
      inProcess: true,
      now: clock.now,
    });
    expect(result.code, result.stderr).toBe(0);
    const listed = parseJson<{ entries: Parameters<typeof started>[0][] }>(result).entries;
    const ids = listed.map((incident) => incident.id);
    expect(ids).toContain(recent.id);
    expect(ids).not.toContain(older.id);
    for (const incident of listed) expect(Date.parse(started(incident))).toBeGreaterThanOrEqual(clock.now() - 24 * hour);

    // A day later on the same clock, the ten-hour-old one is out too.
    clock.advance(24 * hour);
    const later = await runCli(['incidents', 'list', '--since', '24h', '--all', '-o', 'json'], {
      env: test.server.env,
      inProcess: true,
      now: clock.now,
    });
    expect(parseJson<{ entries: Incident[] }>(later).entries.map((incident) => incident.id)).not.toContain(recent.id);
  });

  it('takes a date (midnight UTC) through the built binary, piped rows as without it', async () => {
    const inside = await incidentStartedAt('2024-05-02T08:00:00.000Z', 'On the second of May');
    const before = await incidentStartedAt('2024-05-01T23:59:00.000Z', 'Just before May the second');
    const result = await runCli(['incidents', 'list', '--since', '2024-05-02', '--all'], { env: test.server.env });
    expect(result.code, result.stderr).toBe(0);
    const ids = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t')[0]);
    expect(ids).toContain(inside.id);
    expect(ids).not.toContain(before.id);
  });

  it('refuses what is not a time: exit 2 naming the option, with a hint, nothing listed', async () => {
    const result = await runCli(['incidents', 'list', '--since', 'yesterday'], { env: test.server.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^statusctl: option '--since <when>' argument 'yesterday' is invalid: expected a time ago/m);
    expect(result.stderr).toMatch(/^hint: /m);
    expect(result.stdout).toBe('');
    // A span of nothing is refused the same way, not silently.
    const zero = await runCli(['incidents', 'list', '--since', '0d'], { env: test.server.env, inProcess: true });
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/^statusctl: option '--since <when>' argument '0d' is invalid/m);
  });
});

describe('incidents list --limit above 100', () => {
  it('follows the cursor: --limit 150 shows 150 incidents from two requests, and nextId continues after them', async () => {
    const client = api();
    const have = (await client.listIncidents({ query: { limit: '100' } })).length;
    const [any] = (await client.listIncidents({ query: { limit: '1' } })).entries;
    const services = any!.services.map(({ id, name, accountId }) => ({ id, name, accountId }));
    for (let made = have; made < 160; made++) {
      await client.createIncident({
        body: { name: `Filler ${made}`, severity: 'MINOR', services, incidentUpdates: [{ description: 'Filler.' }] },
      });
    }
    const every = await runCli(['incidents', 'list', '--all', '-o', 'json'], { env: test.server.env, inProcess: true });
    const all = parseJson<{ entries: Incident[] }>(every).entries.map((incident) => incident.id);
    expect(all.length).toBeGreaterThan(150);

    const mark = test.server.logs.length;
    const result = await runCli(['incidents', 'list', '--limit', '150', '-o', 'json'], { env: test.server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    const page = parseJson<{ length: number; entries: Incident[]; nextId: string | null }>(result);
    expect(page.entries.map((incident) => incident.id)).toEqual(all.slice(0, 150));
    expect(page.length).toBe(150);
    const requests = test.server.logs.slice(mark).filter((line) => line.startsWith('GET /v1/status-pages/incidents '));
    expect(requests).toHaveLength(2);
    expect(page.nextId).toBeTruthy();
    const rest = await runCli(['incidents', 'list', '--next-id', page.nextId!, '--limit', '150', '-o', 'json'], {
      env: test.server.env,
      inProcess: true,
    });
    expect(parseJson<{ entries: Incident[] }>(rest).entries.map((incident) => incident.id)).toEqual(all.slice(150, 300));
  });
});

describe('the README', () => {
  it('its local time block runs as written against the reference server', async () => {
    const lines = readmeLines('local-time', 'docs/commands.md');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    const result = await runBlock(lines, test.server.env);
    expect(result.code, result.stderr).toBe(0);
    // The last line prints the length of a --limit 150 page.
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+$/);
  });
});

describe('incidents create names the status pages that now show the incident', () => {
  /** A status page and one of its services, as the API lists them. */
  async function pageWithService() {
    const { entries } = await api().listStatusPages({ query: { limit: '100' } });
    const page = entries.find((candidate) => candidate.cards.some((card) => card.services.length > 0))!;
    const service = page.cards.flatMap((card) => card.services)[0]!;
    const holding = entries.filter((candidate) => candidate.cards.some((card) => card.services.some((s) => s.id === service.id)));
    return { page, service, holding };
  }

  it('on a terminal: each page holding one of its services, with its address and the incident anchor', async () => {
    const { service, holding } = await pageWithService();
    const screen = await onTerminal(
      ['incidents', 'create', '--name', 'Shown on the pages', '--severity', 'minor', '--service', service.id, '--yes'],
      {},
    );
    const [incident] = (await api().listIncidents({ query: { limit: '1' } })).entries;
    expect(incident!.name).toBe('Shown on the pages');
    expect(screen).toContain(holding.length === 1 ? 'Now on the status page:' : `Now on ${holding.length} status pages:`);
    for (const page of holding) {
      const address = `${test.server.url}/status/${test.server.account.id}/${page.url}#incident-${incident!.id}`;
      expect(screen).toMatch(new RegExp(`${page.name}\\s+${address.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    }
  });

  it('piped: only with --verbose, on stderr; stdout stays the incident', async () => {
    const { service, holding } = await pageWithService();
    const args = ['incidents', 'create', '--name', 'Piped create', '--severity', 'minor', '--service', service.id, '-o', 'json'];
    const quiet = await runCli(args, { env: test.server.env, inProcess: true });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toContain('/status/');
    const verbose = await runCli([...args, '--verbose'], { env: test.server.env, inProcess: true });
    expect(verbose.code, verbose.stderr).toBe(0);
    const incident = parseJson<Incident>(verbose);
    for (const page of holding) {
      expect(verbose.stderr).toContain(`${test.server.url}/status/${test.server.account.id}/${page.url}#incident-${incident.id}`);
    }
    expect(verbose.stdout).not.toContain('/status/');
  });
});

describe('the README on create', () => {
  it('its block naming the pages after create runs as written against the demo account', async () => {
    const lines = readmeLines('create-pages', 'docs/commands.md');
    const demo = await startTestServer({ accounts: [{ id: DEMO_ACCOUNT_ID, key: 'sk_readme_create_pages_0123' }] });
    const result = await runBlock(lines, demo.env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^  \\S.*\\s${demo.url}/status/${DEMO_ACCOUNT_ID}/\\S+#incident-[0-9a-f-]{36}$`, 'm'));
  });
});

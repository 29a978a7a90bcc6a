// Times people read: on a terminal in the local zone (TZ) with the zone named, in UTC with
// --utc; piped output and JSON keep the API's UTC ISO values. Run as the built binary in a
// pseudo-terminal against the reference server.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type Client, createClient } from '../../src/client/index.js';
import type { Incident } from '../../src/cli/api-types.js';
import { type PtySession, removeTempDirs, runCli, runPty, useTestServer } from './helpers.js';

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
    const json = await runCli(['incidents', 'get', incident.id, '-o', 'json'], { env: { ...test.server.env, TZ: 'America/New_York' } });
    expect((JSON.parse(json.stdout) as Incident).incidentUpdates[0]!.publicIncidentUpdateDate).toMatch(/^2025-01-15T15:30:00(\.000)?Z$/);
  });
});

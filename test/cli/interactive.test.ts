// The questions of `incidents create` and `login`, answered through a real pseudo-terminal:
// each step waits for the prompt's text (with a timeout), then sends keystrokes; the outcome is
// checked through the API and the config file, not through the screen alone. Create bodies go
// through a recording proxy and are checked against the hosted API's request schema.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import {
  KEYS,
  parseJson,
  removeTempDirs,
  runCli,
  runPty,
  startTestServer,
  TEST_ACCOUNT,
  tempConfigDir,
  type PtySession,
  type TestServer,
} from './helpers.js';
import { startRecordingProxy, upstreamCreateIncidentErrors, type RecordingProxy } from './upstream-request.js';
import { finalScreen } from './screen.js';

// Each test spawns the built CLI several times; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000 });

/** Upstream wants `accountId` to be a UUID, so this file's account has one. */
const ACCOUNT = { id: '0d7f3c1e-8a2b-4c5d-9e6f-1a2b3c4d5e6f', key: TEST_ACCOUNT.key };

let server: TestServer;
let proxy: RecordingProxy;
/** The server's environment, with requests going through the proxy. */
let cliEnv: Record<string, string>;
let api: Client;
let checkedBodies = 0;
/** Services in the order the picker lists them: by page, then card, each service once. */
let pickerOrder: { id: string; name: string }[];
const sessions: PtySession[] = [];

beforeAll(async () => {
  server = await startTestServer({ accounts: [ACCOUNT] });
  proxy = await startRecordingProxy(server.url);
  cliEnv = { ...server.env, STATUSCTL_BASE_URL: proxy.url };
  api = createClient({ baseUrl: server.url, apiKey: server.account.key, retries: 0 });
  const pages = await api.listStatusPages({ query: { limit: '100' } });
  const seen = new Map<string, string>();
  for (const page of pages.entries)
    for (const card of page.cards) for (const s of card.services) if (!seen.has(s.id)) seen.set(s.id, s.name);
  pickerOrder = [...seen].map(([id, name]) => ({ id, name }));
});
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
  // Every body the wizard made the CLI send is one the hosted API would accept.
  const bodies = proxy.createBodies().slice(checkedBodies);
  checkedBodies += bodies.length;
  for (const body of bodies) expect(upstreamCreateIncidentErrors(body), JSON.stringify(body)).toEqual([]);
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
  removeTempDirs();
});

async function pty(args: string[], env: Record<string, string | undefined> = {}): Promise<PtySession> {
  const session = await runPty(args, { env });
  sessions.push(session);
  return session;
}

async function incidentIds(): Promise<string[]> {
  return (await api.listIncidents({ query: { limit: '100' } })).entries.map((incident) => incident.id);
}

describe('incidents create on a terminal', () => {
  it('asks for services, severity, name and message, confirms, then creates', async () => {
    const session = await pty(['incidents', 'create'], cliEnv);
    await session.waitFor('Affected services');
    await session.waitFor(pickerOrder[1]!.name);
    session.write(KEYS.space); // first service
    session.write(KEYS.down);
    session.write(KEYS.space); // second service
    await session.waitFor(/◉[^\n]*\n[^\n]*◉/); // both ticked
    session.write(KEYS.enter);

    await session.waitFor('Severity');
    await session.waitFor('MINOR');
    session.write(KEYS.down); // CRITICAL -> MAJOR
    session.write(KEYS.enter);

    await session.waitFor('Incident name');
    session.write(`Payments down from the pty${KEYS.enter}`);
    await session.waitFor('First update');
    session.write(`Looking into it${KEYS.enter}`);
    // Notifying subscribers is asked, default no; y sends it.
    await session.waitFor('Notify the status page subscribers of this first update? (y/N)');
    session.write(`y${KEYS.enter}`);

    await session.waitFor('About to create this incident');
    await session.waitFor('Create this incident?');
    session.write(KEYS.enter); // default: yes

    await session.waitFor(/Created incident \S+/);
    expect(await session.exited()).toBe(0);
    const id = /Created incident (\S+)/.exec(session.screen())![1]!;
    const incident = await api.getIncident({ params: { incidentId: id } });
    expect(incident).toMatchObject({ name: 'Payments down from the pty', severity: 'MAJOR', lastUpdateStatus: 'INVESTIGATING' });
    expect(incident.services.map((service) => service.id).sort()).toEqual([pickerOrder[0]!.id, pickerOrder[1]!.id].sort());
    expect(incident.incidentUpdates.map((update) => update.description)).toEqual(['Looking into it']);
    expect(incident.incidentUpdates[0]!.notifySubscribers).toBe(true);
  });

  it('the wizard sends the same body as the flags (default first update taken with enter)', async () => {
    const before = proxy.createBodies().length;
    const session = await pty(['incidents', 'create'], cliEnv);
    await session.waitFor('Affected services');
    await session.waitFor(pickerOrder[1]!.name);
    session.write(KEYS.down);
    session.write(KEYS.space); // second service
    await session.waitFor('◉');
    session.write(KEYS.enter);
    await session.waitFor('Severity');
    await session.waitFor('MINOR');
    session.write(KEYS.enter); // CRITICAL
    await session.waitFor('Incident name');
    session.write(`Same body either way${KEYS.enter}`);
    await session.waitFor('First update');
    session.write(KEYS.enter); // the default text
    await session.waitFor('Notify the status page subscribers');
    session.write(KEYS.enter); // the default: no
    await session.waitFor('Create this incident?');
    session.write(KEYS.enter);
    await session.waitFor(/Created incident \S+/);
    expect(await session.exited()).toBe(0);
    const bodies = proxy.createBodies();
    expect(bodies).toHaveLength(before + 1);

    const flags = await runCli(
      [
        'incidents',
        'create',
        '--name',
        'Same body either way',
        '--severity',
        'critical',
        '--service',
        pickerOrder[1]!.name,
        '--dry-run',
        '-o',
        'json',
      ],
      { env: cliEnv },
    );
    expect(flags.code, flags.stderr).toBe(0);
    const dry = parseJson<{ body: unknown }>(flags);
    expect(bodies.at(-1)).toEqual(dry.body);
    expect(dry.body).toMatchObject({
      services: [{ id: pickerOrder[1]!.id, name: pickerOrder[1]!.name, accountId: ACCOUNT.id }],
      incidentUpdates: [{ description: 'We are investigating this incident.' }],
    });
  });

  it('asks only for what the flags left out', async () => {
    const session = await pty(
      ['incidents', 'create', '--name', 'Half-flagged', '--severity', 'minor', '--message', 'Flagged message'],
      cliEnv,
    );
    await session.waitFor('Affected services');
    await session.waitFor(pickerOrder[0]!.name);
    session.write(KEYS.space);
    await session.waitFor('◉');
    session.write(KEYS.enter);
    await session.waitFor('Notify the status page subscribers of this first update? (y/N)');
    session.write(KEYS.enter);
    await session.waitFor('Create this incident?');
    session.write(KEYS.enter);
    await session.waitFor(/Created incident \S+/);
    expect(await session.exited()).toBe(0);
    const screen = session.screen();
    expect(screen).not.toContain('Severity');
    expect(screen).not.toContain('Incident name');
    const incident = await api.getIncident({ params: { incidentId: /Created incident (\S+)/.exec(screen)![1]! } });
    expect(incident).toMatchObject({ name: 'Half-flagged', severity: 'MINOR' });
    expect(incident.services.map((service) => service.id)).toEqual([pickerOrder[0]!.id]);
  });

  it('the name is validated (1..255) before moving on', async () => {
    const session = await pty(
      ['incidents', 'create', '--severity', 'minor', '--service', pickerOrder[0]!.id, '--message', 'm', '--dry-run'],
      cliEnv,
    );
    await session.waitFor('Incident name');
    session.write(`   ${KEYS.enter}`);
    await session.waitFor('a name is required');
    session.write(`Valid name${KEYS.enter}`);
    await session.waitFor('Notify the status page subscribers');
    session.write(KEYS.enter);
    await session.waitFor('POST /v1/status-pages/incidents');
    expect(await session.exited()).toBe(0);
    expect(session.screen()).toContain('"name": "Valid name"');
  });

  it('Ctrl-C in the wizard cancels and leaves no question on the screen', async () => {
    const before = await incidentIds();
    const session = await pty(['incidents', 'create'], cliEnv);
    await session.waitFor('Affected services');
    await session.waitFor(pickerOrder[0]!.name);
    session.write(KEYS.space);
    await session.waitFor('◉');
    session.write(KEYS.enter);
    await session.waitFor('Severity');
    await session.waitFor('MINOR');
    session.write(KEYS.ctrlC);
    await session.waitFor('cancelled: nothing was changed');
    expect(await session.exited()).toBe(2);
    const screen = finalScreen(session.raw()).filter(Boolean);
    // The answered question stays as one line; the one Ctrl-C ended is gone, choices and all.
    expect(screen).toEqual([`✔ Affected services: ${pickerOrder[0]!.name}`, 'statusctl: cancelled: nothing was changed']);
    expect(await incidentIds()).toEqual(before);
  });

  it('declining the confirmation creates nothing (exit 2)', async () => {
    const before = await incidentIds();
    const session = await pty(
      ['incidents', 'create', '--name', 'Declined', '--severity', 'major', '--service', pickerOrder[0]!.id, '--message', 'm'],
      cliEnv,
    );
    await session.waitFor('Create this incident?');
    session.write(`n${KEYS.enter}`);
    await session.waitFor('cancelled');
    expect(await session.exited()).toBe(2);
    expect(await incidentIds()).toEqual(before);
  });

  it('asks nothing with CI set, even on a terminal: missing flags are exit 2', async () => {
    const session = await pty(['incidents', 'create'], { ...cliEnv, CI: 'true' });
    expect(await session.exited()).toBe(2);
    expect(session.screen()).toContain('missing required options --name');
    expect(session.screen()).not.toContain('Affected services');
  });
});

describe('login on a terminal', () => {
  it('asks base URL, hidden key and account id, checks them, saves the profile; the key never shows', async () => {
    const dir = tempConfigDir();
    const session = await pty(['login'], { STATUSCTL_CONFIG_DIR: dir });
    await session.waitFor('API base URL');
    session.write(`${server.url}${KEYS.enter}`);
    await session.waitFor('API key');
    session.write(`${server.account.key}${KEYS.enter}`);
    await session.waitFor('Account id');
    session.write(`${server.account.id}${KEYS.enter}`);
    await session.waitFor('Logged in to');
    expect(await session.exited()).toBe(0);

    expect(session.screen()).toContain(
      `Logged in to ${server.url} as account ${server.account.id} (key ****cdef), saved to profile 'default'`,
    );
    expect(session.raw()).not.toContain(server.account.key);
    expect(session.screen()).toContain('*'.repeat(server.account.key.length)); // the mask, one star per character
    const file = join(dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default).toEqual({
      baseUrl: server.url,
      apiKey: server.account.key,
      apiKeyBaseUrl: server.url,
      accountId: server.account.id,
    });
  });

  it('a key the server refuses is exit 3 and nothing is saved', async () => {
    const dir = tempConfigDir();
    const session = await pty(['login', '--base-url', server.url, '--account-id', server.account.id], { STATUSCTL_CONFIG_DIR: dir });
    await session.waitFor('API key');
    expect(session.screen()).not.toContain('API base URL'); // given as an option
    session.write(`sk_wrong_but_long_enough_9999${KEYS.enter}`);
    expect(await session.exited()).toBe(3);
    expect(session.screen()).toContain('nothing was saved');
    expect(session.raw()).not.toContain('sk_wrong_but_long_enough_9999');
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });
});

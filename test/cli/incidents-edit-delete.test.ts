// incidents edit and delete, incident-updates list and delete: the CLI in process against the
// reference server, through a recording proxy that keeps every request the CLI sends, so a test
// can tell what went over the wire (the whole PUT body, checked against the hosted API's request
// schema) and that nothing did (a refused edit, a delete without --yes). The questions of a
// delete are answered in a real pseudo-terminal.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createClient, type Client } from '../../src/client/index.js';
import type { Incident } from '../../src/cli/api/types.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import { testClock } from '../support/clock.js';
import { type Fault, type RelayedRequest, startFaultRelay } from '../support/fault-relay.js';
import { upstreamComponentValidator } from '../support/upstream-spec.js';
import {
  KEYS,
  parseJson,
  removeTempDirs,
  ROOT,
  runCli,
  runPty,
  startTestServer,
  TEST_ACCOUNT,
  tempConfigDir,
  type PtySession,
  type TestServer,
} from './helpers.js';
import { runBlock } from './block-shell.js';
import { type RecordedRequest, type RecordingProxy, startRecordingProxy } from './upstream-request.js';

// Each test starts the built CLI a few times; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

/** Upstream wants a service's `accountId` to be a UUID, so this file's account has one. */
const ACCOUNT = { id: '2b1c9e4a-6d3f-4a8b-9c7e-5f1a2b3c4d5e', key: TEST_ACCOUNT.key };
const INCIDENTS = '/v1/status-pages/incidents';

let server: TestServer;
let proxy: RecordingProxy;
/** The server's environment, with requests going through the proxy. */
let env: Record<string, string>;
let api: Client;
/** The account's services by name, as a create body takes them. */
const services = new Map<string, { id: string; name: string; accountId: string }>();
const sessions: PtySession[] = [];

beforeAll(async () => {
  server = await startTestServer({ accounts: [ACCOUNT] });
  proxy = await startRecordingProxy(server.url);
  env = { ...server.env, STATUSCTL_BASE_URL: proxy.url };
  api = createClient({ baseUrl: server.url, apiKey: ACCOUNT.key, accountId: ACCOUNT.id, retries: 0 });
  const pages = await api.listStatusPages({ query: { limit: '100' } });
  for (const page of pages.entries)
    for (const card of page.cards)
      for (const { id, name, accountId } of card.services) if (!services.has(name)) services.set(name, { id, name, accountId });
});
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
  removeTempDirs();
});

let made = 0;
/** A new incident on the named services, with `extra` more updates after its first. */
async function newIncident(serviceNames: string[], extra: { status: 'IDENTIFIED' | 'MONITORING'; description: string }[] = []) {
  made++;
  const incident = await api.createIncident({
    body: {
      name: `Incident ${made} of the edit and delete tests`,
      severity: 'MAJOR',
      services: serviceNames.map((name) => services.get(name)!),
      incidentUpdates: [{ description: 'Investigating.', publicIncidentUpdateDate: new Date(Date.now() - 60 * 60_000).toISOString() }],
    },
  });
  for (const [i, update] of extra.entries()) {
    const date = new Date(Date.now() - (extra.length - i) * 60_000).toISOString();
    await api.createIncidentUpdate({ params: { incidentId: incident.id }, body: { ...update, publicIncidentUpdateDate: date } });
  }
  return api.getIncident({ params: { incidentId: incident.id } });
}

/** The requests the CLI sends from now on, but reads. */
function writesFrom(): () => RecordedRequest[] {
  const start = proxy.requests.length;
  return () => proxy.requests.slice(start).filter((request) => request.method !== 'GET');
}

async function gone(id: string): Promise<boolean> {
  try {
    await api.getIncident({ params: { incidentId: id } });
    return false;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return true;
    throw error;
  }
}

const serviceNames = (incident: Incident) => incident.services.map((service) => service.name).sort();

describe('incidents edit', () => {
  const validPut = upstreamComponentValidator('StatusPageV2IncidentCommon');

  it('changes only the severity: the whole body the hosted API requires is sent, the rest and the updates are kept', async () => {
    const incident = await newIncident(['Payments API', 'Card Processing'], [{ status: 'IDENTIFIED', description: 'Found it.' }]);
    const writes = writesFrom();
    const result = await runCli(['incidents', 'edit', incident.id, '--severity', 'minor'], { env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`id\t${incident.id}\n`);
    expect(result.stdout).toContain('severity\tMINOR\n');
    const [put, ...others] = writes();
    expect(others).toEqual([]);
    expect(put).toMatchObject({ method: 'PUT', path: `${INCIDENTS}/${incident.id}` });
    expect(put!.body).toEqual({
      name: incident.name,
      severity: 'MINOR',
      services: [services.get('Payments API'), services.get('Card Processing')],
    });
    expect(validPut(put!.body), JSON.stringify(validPut.errors)).toBe(true);
    const stored = await api.getIncident({ params: { incidentId: incident.id } });
    expect(stored).toMatchObject({ name: incident.name, severity: 'MINOR', lastUpdateStatus: 'IDENTIFIED' });
    expect(stored.incidentUpdates).toEqual(incident.incidentUpdates);
  });

  it('--add-service and --remove-service by name in any case, on a short id; -o json is the API answer', async () => {
    const incident = await newIncident(['Payments API', 'Card Processing']);
    const result = await runCli(
      ['incidents', 'edit', incident.id.slice(0, 8), '--add-service', 'payouts', '--remove-service', 'CARD PROCESSING', '-o', 'json'],
      { env, inProcess: true },
    );
    expect(result.code, result.stderr).toBe(0);
    const answer = parseJson<Incident>(result);
    expect(answer.id).toBe(incident.id);
    expect(serviceNames(answer)).toEqual(['Payments API', 'Payouts']);
    expect(serviceNames(await api.getIncident({ params: { incidentId: incident.id } }))).toEqual(['Payments API', 'Payouts']);
  });

  it('--service gives the whole list (by id or name) and --name renames; --jq filters the answer', async () => {
    const incident = await newIncident(['Payments API']);
    const writes = writesFrom();
    const result = await runCli(
      [
        'incidents',
        'edit',
        incident.id,
        '--name',
        'Renamed by the CLI',
        '--service',
        services.get('Web App')!.id,
        '--service',
        'checkout widget',
        '--jq',
        '[.name, .severity, (.services | map(.name) | sort | join(","))] | join("|")',
      ],
      { env, inProcess: true },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('Renamed by the CLI|MAJOR|Checkout Widget,Web App\n');
    for (const put of writes()) expect(validPut(put.body), JSON.stringify(validPut.errors)).toBe(true);
  });

  it('prints the incident as a Markdown section with -o md', async () => {
    const incident = await newIncident(['Payouts']);
    const result = await runCli(['incidents', 'edit', incident.id, '--name', 'Payouts late', '-o', 'md'], { env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^### Edited incident: Payouts late\n/);
    expect(result.stdout).toContain(`\`${services.get('Payouts')!.id}\``);
  });

  it('an unknown service is exit 2 with the closest name, and nothing is sent', async () => {
    const incident = await newIncident(['Payments API']);
    const writes = writesFrom();
    const result = await runCli(['incidents', 'edit', incident.id, '--add-service', 'Payment API'], { env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^statusctl: --add-service "Payment API": no such service \(did you mean "Payments API"\?\)/);
    expect(result.stderr).toContain('nothing was sent');
    expect(writes()).toEqual([]);
  });

  it('refuses, before sending anything, an edit of nothing, a service the incident lacks, and an incident left with none', async () => {
    const incident = await newIncident(['Payments API', 'Card Processing']);
    const writes = writesFrom();
    const nothing = await runCli(['incidents', 'edit', incident.id], { env, inProcess: true });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(
      /^statusctl: nothing to change: give --name, --severity, --service, --add-service, --remove-service or --component\n/,
    );
    const notOn = await runCli(['incidents', 'edit', incident.id, '--remove-service', 'Payout'], { env, inProcess: true });
    expect(notOn.code).toBe(2);
    expect(notOn.stderr).toContain(`--remove-service "Payout": not a service of incident ${incident.id}; its services:`);
    expect(notOn.stderr).toContain('  Card Processing (id ');
    const typo = await runCli(['incidents', 'edit', incident.id, '--remove-service', 'Payment API'], { env, inProcess: true });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('(did you mean "Payments API"?)');
    const none = await runCli(['incidents', 'edit', incident.id, '--remove-service', 'Payments API,Card Processing'], {
      env,
      inProcess: true,
    });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('would have no service left');
    const both = await runCli(['incidents', 'edit', incident.id, '--service', 'Payouts', '--add-service', 'Web App'], {
      env,
      inProcess: true,
    });
    expect(both.code).toBe(2);
    expect(writes()).toEqual([]);
  });

  it('--dry-run reads the incident and prints the PUT; nothing is sent', async () => {
    const incident = await newIncident(['Payments API']);
    const writes = writesFrom();
    const result = await runCli(
      ['incidents', 'edit', incident.id, '--severity', 'critical', '--add-service', 'Payouts', '--dry-run', '-o', 'json'],
      { env, inProcess: true },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual({
      method: 'PUT',
      path: `${INCIDENTS}/${incident.id}`,
      body: { name: incident.name, severity: 'CRITICAL', services: [services.get('Payments API'), services.get('Payouts')] },
    });
    expect(result.stderr).toContain('dry run: nothing was sent');
    expect(writes()).toEqual([]);
    expect((await api.getIncident({ params: { incidentId: incident.id } })).severity).toBe('MAJOR');
  });

  it('an unknown incident is exit 4', async () => {
    const result = await runCli(['incidents', 'edit', '00000000-0000-4000-8000-0000000000ed', '--severity', 'minor'], {
      env,
      inProcess: true,
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^statusctl: .*404/);
  });
});

describe('incidents delete', () => {
  it('not on a terminal, without --yes: exit 2 naming --yes, before any request', async () => {
    const incident = await newIncident(['Payouts']);
    const start = proxy.requests.length;
    const result = await runCli(['incidents', 'delete', incident.id], { env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^statusctl: deleting incident \S+ needs --yes when not on a terminal/);
    expect(result.stderr).toMatch(/\nhint: add --yes/);
    expect(proxy.requests.length).toBe(start);
    expect(await gone(incident.id)).toBe(false);
  });

  it('one id with --yes: one line naming the whole id, what went; the incident is gone', async () => {
    const incident = await newIncident(['Payouts'], [{ status: 'MONITORING', description: 'Better.' }]);
    const result = await runCli(['incidents', 'delete', incident.id.slice(0, 8), '--yes'], { env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${incident.id}\tdeleted\t${incident.name} (MAJOR, 2 updates)\n`);
    expect(await gone(incident.id)).toBe(true);
    const list = await api.listIncidents({ query: { limit: '100' } });
    expect(list.entries.map((entry) => entry.id)).not.toContain(incident.id);
  });

  it('many ids from stdin, one unknown: a line each in the order given, exit 4, the others deleted; JSON is one type for one id as for many', async () => {
    const [a, b] = [await newIncident(['Payouts']), await newIncident(['Web App'])];
    const unknown = '00000000-0000-4000-8000-00000000de1e';
    const result = await runCli(['incidents', 'delete', '-', '--yes'], {
      env,
      input: `# test incidents\n${a.id}\n\n${unknown}\n${b.id}\n`,
      inProcess: true,
    });
    expect(result.code).toBe(4);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.split('\t').slice(0, 2))).toEqual([
      [a.id, 'deleted'],
      [unknown, 'not-found'],
      [b.id, 'deleted'],
    ]);
    expect(result.stderr).toContain('1 of 3 failed (1 not-found)');
    expect([await gone(a.id), await gone(b.id)]).toEqual([true, true]);

    const one = await newIncident(['Payouts']);
    const json = await runCli(['incidents', 'delete', one.id, '--yes', '-o', 'json'], { env, inProcess: true });
    expect(json.code, json.stderr).toBe(0);
    expect(parseJson(json)).toEqual([{ id: one.id, ok: true, status: 204, error: null }]);
  });

  it('--dry-run reads each incident as the real run does, prints the DELETE under its whole id and sends nothing; an unknown id fails as it would for real', async () => {
    const [a, b] = [await newIncident(['Payouts']), await newIncident(['Web App'])];
    const writes = writesFrom();
    const result = await runCli(['incidents', 'delete', a.id, b.id.slice(0, 10), '--dry-run', '-o', 'json'], { env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual([
      { id: a.id, ok: true, status: 200, error: null, method: 'DELETE', path: `${INCIDENTS}/${a.id}`, body: null },
      { id: b.id, ok: true, status: 200, error: null, method: 'DELETE', path: `${INCIDENTS}/${b.id}`, body: null },
    ]);
    expect(result.stderr).toContain('dry run: nothing was sent');
    const unknownId = '00000000-0000-4000-8000-00000000de1e';
    const unknown = await runCli(['incidents', 'delete', a.id, unknownId, '--dry-run'], { env, inProcess: true });
    expect(unknown.code).toBe(4);
    const lines = unknown.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${a.id}\twould-delete\t${a.name} (MAJOR, 1 update): DELETE ${INCIDENTS}/${a.id}`);
    expect(lines[1]).toMatch(new RegExp(`^${unknownId}\tnot-found\t`));
    expect(writes()).toEqual([]);
    expect([await gone(a.id), await gone(b.id)]).toEqual([false, false]);
  });

  it('on a terminal: shows name, severity and updates, and asks; no keeps the incident, yes deletes it', async () => {
    const incident = await newIncident(['Payouts'], [{ status: 'IDENTIFIED', description: 'Found.' }]);
    const declined = await pty(['incidents', 'delete', incident.id]);
    await declined.waitFor('About to delete 1 incident:');
    await declined.waitFor(`${incident.id}  ${incident.name} (MAJOR, 2 updates)`);
    await declined.waitFor('Delete this incident and its updates? (y/N)');
    declined.write(KEYS.enter); // the default: no
    expect(await declined.exited()).toBe(2);
    expect(declined.screen()).toContain('cancelled: nothing was deleted');
    expect(await gone(incident.id)).toBe(false);

    const accepted = await pty(['incidents', 'delete', incident.id]);
    await accepted.waitFor('Delete this incident and its updates? (y/N)');
    accepted.write(`y${KEYS.enter}`);
    await accepted.waitFor(new RegExp(`✓ Deleted incident ${incident.id.slice(0, 8)} `));
    expect(await accepted.exited()).toBe(0);
    expect(await gone(incident.id)).toBe(true);
  });
});

async function pty(args: string[]): Promise<PtySession> {
  const session = await runPty(args, { env });
  sessions.push(session);
  return session;
}

describe('incident-updates list', () => {
  it('newest first, whole ids piped; -o json is the API answer; -o md a table', async () => {
    const incident = await newIncident(
      ['Payouts'],
      [
        { status: 'IDENTIFIED', description: 'Found the cause.' },
        { status: 'MONITORING', description: 'Fix deployed.' },
      ],
    );
    const newest = [...incident.incidentUpdates].sort(
      (x, y) => Date.parse(y.publicIncidentUpdateDate) - Date.parse(x.publicIncidentUpdateDate),
    );
    const piped = await runCli(['incident-updates', 'list', incident.id.slice(0, 8)], { env, inProcess: true });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trimEnd().split('\n')).toEqual(
      newest.map((u) => [u.id, u.publicIncidentUpdateDate, u.status, u.notifySubscribers ? 'yes' : 'no', u.description].join('\t')),
    );
    const json = await runCli(['incident-updates', 'list', incident.id, '-o', 'json'], { env, inProcess: true });
    expect(json.code, json.stderr).toBe(0);
    expect(parseJson(json)).toEqual(await api.listIncidentUpdates({ params: { incidentId: incident.id } }));
    expect(parseJson<{ id: string }[]>(json).map((u) => u.id)).toEqual(newest.map((u) => u.id));
    const md = await runCli(['incident-updates', 'list', incident.id, '-o', 'md'], { env, inProcess: true });
    expect(md.stdout).toMatch(/^\| ID +\| TIME +\| STATUS +\| NOTIFY +\| DESCRIPTION +\|\n/i);
    expect(md.stdout).toContain(`\`${newest[0]!.id}\``);
  });

  it('an unknown incident is exit 4', async () => {
    const result = await runCli(['incident-updates', 'list', '00000000-0000-4000-8000-0000000000ed'], { env, inProcess: true });
    expect(result.code).toBe(4);
  });
});

describe('incident-updates delete', () => {
  it('--yes deletes the update; the incident takes its status from the updates left; prints what went', async () => {
    const incident = await newIncident(
      ['Payouts'],
      [
        { status: 'IDENTIFIED', description: 'Found the cause.' },
        { status: 'MONITORING', description: 'Posted to the wrong incident.' },
      ],
    );
    const wrong = incident.incidentUpdates.find((u) => u.description === 'Posted to the wrong incident.')!;
    const result = await runCli(['incident-updates', 'delete', incident.id, wrong.id.slice(0, 8), '--yes', '-o', 'json'], {
      env,
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual(wrong);
    const after = await api.getIncident({ params: { incidentId: incident.id } });
    expect(after.incidentUpdates.map((u) => u.id)).not.toContain(wrong.id);
    expect(after.lastUpdateStatus).toBe('IDENTIFIED');
  });

  it('not on a terminal without --yes: exit 2 naming --yes; --dry-run shows the DELETE; nothing is sent either way', async () => {
    const incident = await newIncident(['Payouts'], [{ status: 'IDENTIFIED', description: 'Found the cause.' }]);
    const update = incident.incidentUpdates[1]!;
    const writes = writesFrom();
    const refused = await runCli(['incident-updates', 'delete', incident.id, update.id], { env, inProcess: true });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('needs --yes when not on a terminal');
    const dry = await runCli(['incident-updates', 'delete', incident.id, update.id, '--dry-run'], { env, inProcess: true });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(`DELETE ${INCIDENTS}/${incident.id}/incident-updates/${update.id}\n`);
    expect(dry.stderr).toContain(`would delete update ${update.id} of incident ${incident.id}`);
    expect(writes()).toEqual([]);
    expect((await api.getIncident({ params: { incidentId: incident.id } })).incidentUpdates).toHaveLength(2);
  });

  it('on a terminal: shows the update and asks; yes deletes it', async () => {
    const incident = await newIncident(['Payouts'], [{ status: 'IDENTIFIED', description: 'Wrong incident, sorry.' }]);
    const update = incident.incidentUpdates.find((u) => u.status === 'IDENTIFIED')!;
    const session = await pty(['incident-updates', 'delete', incident.id, update.id]);
    await session.waitFor(`About to delete an update of incident ${incident.id}`);
    await session.waitFor('IDENTIFIED: Wrong incident, sorry.');
    await session.waitFor('1 update would be left');
    await session.waitFor('Delete this update? (y/N)');
    session.write(`y${KEYS.enter}`);
    await session.waitFor('Deleted update');
    expect(await session.exited()).toBe(0);
    const after = await api.getIncident({ params: { incidentId: incident.id } });
    expect(after.incidentUpdates.map((u) => u.id)).not.toContain(update.id);
    expect(after.lastUpdateStatus).toBe('INVESTIGATING');
  });
});

describe('a delete whose answer was lost', () => {
  /** The first DELETE for `path` meets `fault` (after the server applied it); the rest pass. */
  function once(path: string, fault: Fault): (request: RelayedRequest) => Fault {
    let done = false;
    return (request) => {
      if (request.method !== 'DELETE' || request.path !== path || done) return 'pass';
      done = true;
      return fault;
    };
  }

  it('is sent again, and the 404 to the repeat is reported deleted, with a note (incidents and updates)', async () => {
    const relay = await startFaultRelay(server.url);
    try {
      const relayed = { ...server.env, STATUSCTL_BASE_URL: relay.url };
      const incident = await newIncident(['Payouts']);
      relay.decide = once(`${INCIDENTS}/${incident.id}`, 'reset-after-apply');
      const result = await runCli(['incidents', 'delete', incident.id, '--yes', '-o', 'json'], { env: relayed, inProcess: true });
      expect(result.code, result.stderr).toBe(0);
      expect(parseJson(result)).toEqual([{ id: incident.id, ok: true, status: 204, error: null }]);
      expect(result.stderr).toMatch(/^note: .*already gone \(404\): the delete was done$/m);
      expect(relay.log.filter((entry) => entry.method === 'DELETE').map((entry) => entry.fault)).toEqual(['reset-after-apply', 'pass']);
      expect(await gone(incident.id)).toBe(true);

      const other = await newIncident(['Payouts'], [{ status: 'IDENTIFIED', description: 'Wrong incident.' }]);
      const update = other.incidentUpdates.find((u) => u.status === 'IDENTIFIED')!;
      relay.decide = once(`${INCIDENTS}/${other.id}/incident-updates/${update.id}`, 'gateway-timeout-after-apply');
      const removed = await runCli(['incident-updates', 'delete', other.id, update.id, '--yes'], { env: relayed, inProcess: true });
      expect(removed.code, removed.stderr).toBe(0);
      expect(removed.stdout).toContain(`id\t${update.id}\n`);
      expect(removed.stderr).toMatch(/^note: .*already gone \(404\)/m);
      expect((await api.getIncident({ params: { incidentId: other.id } })).incidentUpdates.map((u) => u.id)).not.toContain(update.id);
    } finally {
      await relay.close();
    }
  });

  it('a 404 with no lost answer before it is not-found, exit 4', async () => {
    const unknown = '00000000-0000-4000-8000-0000000040de';
    const result = await runCli(['incidents', 'delete', unknown, '--yes'], { env, inProcess: true });
    expect(result.code).toBe(4);
    expect(result.stdout).toMatch(new RegExp(`^${unknown}\tnot-found\t`));
  });
});

describe('notifications list', () => {
  it('an update sent with --notify: one notice per verified subscriber of each page showing the incident; --incident takes a short id', async () => {
    const incident = await newIncident(['Payouts']);
    const pages = (await api.listStatusPages({ query: { limit: '100' } })).entries.filter((page) =>
      page.cards.some((card) => card.services.some((service) => service.name === 'Payouts')),
    );
    const verified: string[] = [];
    for (const page of pages) {
      const subscriptions = await api.listSubscriptions({ params: { statusPageId: page.id } });
      verified.push(...subscriptions.filter((s) => s.status === 'VERIFIED').map((s) => s.address));
    }
    expect(verified.length).toBeGreaterThan(0);
    const quiet = await runCli(['notifications', 'list', '--incident', incident.id.slice(0, 8)], { env, inProcess: true });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).toBe('');
    expect(quiet.stderr).toBe(`No notifications for incident ${incident.id}.\n`);

    const added = await runCli(['incident-updates', 'add', incident.id, '--message', 'Payouts resume at 14:00.', '--notify'], {
      env,
      inProcess: true,
    });
    expect(added.code, added.stderr).toBe(0);
    const piped = await runCli(['notifications', 'list', '--incident', incident.id.slice(0, 8)], { env, inProcess: true });
    expect(piped.code, piped.stderr).toBe(0);
    const rows = piped.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((row) => row[1]).sort()).toEqual([...verified].sort());
    for (const row of rows) expect(row.slice(2, 5)).toEqual([`incident ${incident.id}`, 'INVESTIGATING', 'Payouts resume at 14:00.']);
    const json = await runCli(['notifications', 'list', '--incident', incident.id, '-o', 'json'], { env, inProcess: true });
    expect(parseJson(json)).toEqual(await api.listNotifications({ query: { incidentId: incident.id } }));
  });

  it('an unknown incident is exit 4', async () => {
    const result = await runCli(['notifications', 'list', '--incident', 'ffffff00'], { env, inProcess: true });
    expect(result.code).toBe(4);
  });
});

/**
 * A server limited to `perSecond` requests a second per key, serving `count` incidents, its
 * limiter on a clock of the test's that only the CLI's waits move: the run honours every 429 as
 * it would for real, in no time.
 */
async function startLimitedServer(perSecond: number, count: number) {
  const keys = Array.from({ length: count }, (_, i) => `paced-${i}`);
  const fixtures = join(tempConfigDir(), 'paced-incidents.json');
  writeFileSync(
    fixtures,
    JSON.stringify({
      services: [{ id: 'paced-service', name: 'Paced service' }],
      incidents: keys.map((id, i) => ({
        id,
        name: `Paced incident ${i}`,
        severity: 'MINOR',
        services: ['paced-service'],
        incidentUpdates: [{ description: 'Investigating.', publicIncidentUpdateDate: '-1h' }],
      })),
    }),
  );
  const clock = testClock();
  const server = await startTestServer({ fixturesPath: fixtures, rateLimit: perSecond, now: clock.now });
  return { server, clock, ids: keys.map((key) => seededId(server.account.id, 'incident', key)) };
}

describe('incidents delete - under a rate limit (20 requests a second per key)', () => {
  it('60 ids at --concurrency 12: every one deleted, exit 0; the 429s on the way were waited out', async () => {
    const { server, clock, ids } = await startLimitedServer(20, 60);
    const result = await runCli(['incidents', 'delete', '-', '--yes', '--concurrency', '12', '--verbose'], {
      env: server.env,
      input: ids.join('\n'),
      inProcess: true,
      clock,
    });
    expect(result.code, result.stderr.slice(-2000)).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toEqual(ids.map((id, i) => `${id}\tdeleted\tPaced incident ${i} (MINOR, 1 update)`));
    expect(result.stderr.split('\n').filter((line) => / -> 429 /.test(line)).length).toBeGreaterThan(0);
    // Waited out: a whole Retry-After (one second at this limit) at the longest, and in all at
    // least what the bucket needs to refill for the deletes past its burst (each delete reads
    // its incident first, so there were more requests than that).
    expect(clock.slept.length).toBeGreaterThan(0);
    expect(Math.max(...clock.slept)).toBe(1000);
    expect(clock.slept.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThanOrEqual(((ids.length - 20) / 20) * 1000);
  });
});

describe('README', () => {
  it('the block of "Changing and deleting incidents" runs as written, each line exiting 0', async () => {
    const readme = readFileSync(join(ROOT, 'docs/commands.md'), 'utf8');
    const block = /### Changing and deleting incidents\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block, 'README has no block under "Changing and deleting incidents"').toBeDefined();
    const { code, stdout, stderr } = await runBlock(block!.split('\n'), env);
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    // What the block did, read back: its incident was edited, then deleted.
    expect(stdout).toMatch(/^name\tCheckout slow in the EU$/m);
    const deleted = /^(\S+)\tdeleted\tCheckout slow in the EU \(MAJOR, 1 update\)$/m.exec(stdout);
    expect(deleted, stdout).not.toBeNull();
    expect(await gone(deleted![1]!)).toBe(true);
  });
});

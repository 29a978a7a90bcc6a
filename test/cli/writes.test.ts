// The commands that change something, as a script or a tired person uses them: --dry-run on each
// (the write printed, not sent: a recording proxy sees only reads, and the server's state is
// unchanged), writes that are safe to repeat (resolve an incident twice, archive a group twice),
// partial edits of an update, text from --message-file, and many ids at once. In-process
// (runCli with inProcess) against the reference server; the rate-limited run of 200 ids goes
// through the built binary in bulk.test.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { ErrorGroup, type Incident, IncidentUpdate } from '../../src/contract/schemas.js';
import { parseJson, removeTempDirs, startTestServer, tempConfigDir, type RunResult, type TestServer, runCli } from './helpers.js';
import { startRecordingProxy, type RecordingProxy } from './upstream-request.js';

let server: TestServer;
let proxy: RecordingProxy;
let api: Client;
let service: { id: string; name: string; accountId: string };
let counter = 0;

beforeAll(async () => {
  server = await startTestServer({ rcaDelayMs: 0 });
  proxy = await startRecordingProxy(server.url);
  api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, retries: 0 });
  const first = (await api.listStatusPages({})).entries[0]!.cards[0]!.services[0]!;
  service = { id: first.id, name: first.name, accountId: server.account.id };
});
beforeEach(() => {
  proxy.requests.length = 0;
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
  removeTempDirs();
});

/** The CLI in-process, through the recording proxy, as the test server's account. */
function cli(args: string[], input?: string): Promise<RunResult> {
  return runCli(args, {
    env: { ...server.env, STATUSCTL_BASE_URL: proxy.url },
    ...(input !== undefined ? { input } : {}),
    inProcess: true,
  });
}

/** What went over the wire since the test started, as `METHOD /path`. */
function sent(): string[] {
  return proxy.requests.map((request) => `${request.method} ${request.path}`);
}
const writes = () => sent().filter((line) => !line.startsWith('GET '));

async function newIncident(): Promise<Incident> {
  counter++;
  return api.createIncident({
    body: { name: `Writes ${counter}`, severity: 'MINOR', services: [service], incidentUpdates: [{ description: 'Looking into it' }] },
  });
}

async function newGroup(): Promise<ErrorGroup> {
  counter++;
  return api.recordErrorEvent({
    body: { checkId: `check-writes-${counter}`, rawErrorMessage: `Error: writes ${'w'.repeat(counter)} failed` },
  });
}

const getIncident = (id: string) => api.getIncident({ params: { incidentId: id } });
const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

function textFile(text: string): string {
  const file = join(mkdtempSync(join(tempConfigDir(), 'msg-')), 'message.txt');
  writeFileSync(file, text);
  return file;
}

describe('incidents resolve: safe to repeat', () => {
  it('on a resolved incident sends nothing, says so on stderr and exits 0; --force posts anyway', async () => {
    const incident = await newIncident();
    expect((await cli(['incidents', 'resolve', incident.id])).code).toBe(0);
    const resolved = await getIncident(incident.id);
    proxy.requests.length = 0;

    const again = await cli(['incidents', 'resolve', incident.id]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(`${incident.id}\talready-resolved\tnothing sent\n`);
    expect(again.stderr).toContain(`incident ${incident.id} is already resolved`);
    expect(writes()).toEqual([]);
    expect(await getIncident(incident.id)).toEqual(resolved);

    const forced = await cli(['incidents', 'resolve', incident.id, '--force', '--message', 'Resolved for good']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(writes()).toEqual([`POST /v1/status-pages/incidents/${incident.id}/incident-updates`]);
    expect((await getIncident(incident.id)).incidentUpdates).toHaveLength(resolved.incidentUpdates.length + 1);
  });

  it('--dry-run reads the incident, prints the POST and sends nothing', async () => {
    const incident = await newIncident();
    const before = await getIncident(incident.id);
    const result = await cli(['incidents', 'resolve', incident.id, '--message', 'Fixed', '--notify', '--dry-run', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual([
      {
        id: incident.id,
        ok: true,
        status: 200,
        error: null,
        method: 'POST',
        path: `/v1/status-pages/incidents/${incident.id}/incident-updates`,
        body: { description: 'Fixed', status: 'RESOLVED', notifySubscribers: true },
      },
    ]);
    expect(result.stderr).toBe('dry run: nothing was sent\n');
    expect(sent()).toEqual([`GET /v1/status-pages/incidents/${incident.id}`]);
    expect(await getIncident(incident.id)).toEqual(before);

    const text = await cli(['incidents', 'resolve', incident.id, '--dry-run']);
    expect(text.stdout).toBe(
      `${incident.id}\twould-resolve\tPOST /v1/status-pages/incidents/${incident.id}/incident-updates ${JSON.stringify({ description: 'Resolved.', status: 'RESOLVED' })}\n`,
    );
  });

  it('many ids, and - for stdin: one line per id in the order given, exit code of the worst', async () => {
    const [open, done] = [await newIncident(), await newIncident()];
    await api.createIncidentUpdate({ params: { incidentId: done.id }, body: { description: 'Done', status: 'RESOLVED' } });
    const result = await cli(
      ['incidents', 'resolve', '-', '--concurrency', '2'],
      `# from a script\n${open.id}\n\n${UNKNOWN}\n${done.id}\n`,
    );
    expect(result.code).toBe(4);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.split('\t').slice(0, 2))).toEqual([
      [open.id, 'resolved'],
      [UNKNOWN, 'not-found'],
      [done.id, 'already-resolved'],
    ]);
    expect(result.stderr).toBe('statusctl: 1 of 3 failed (1 not-found)\n');
    expect((await getIncident(open.id)).lastUpdateStatus).toBe('RESOLVED');
    expect((await getIncident(done.id)).incidentUpdates).toHaveLength(2);
  });
});

describe('incident-updates put: partial edits', () => {
  it('--status alone keeps the stored text, date and notify flag (the whole update is sent)', async () => {
    const incident = await newIncident();
    const added = await api.createIncidentUpdate({
      params: { incidentId: incident.id },
      body: { description: 'Database failover in progress', notifySubscribers: true, publicIncidentUpdateDate: '2025-05-01T10:30:00.000Z' },
    });
    const result = await cli(['incident-updates', 'put', incident.id, added.id, '--status', 'identified', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const changed = IncidentUpdate.parse(parseJson(result));
    expect(changed).toMatchObject({
      id: added.id,
      description: 'Database failover in progress',
      status: 'IDENTIFIED',
      notifySubscribers: true,
      publicIncidentUpdateDate: '2025-05-01T10:30:00.000Z',
    });
    const put = proxy.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({
      description: 'Database failover in progress',
      status: 'IDENTIFIED',
      notifySubscribers: true,
      publicIncidentUpdateDate: '2025-05-01T10:30:00.000Z',
    });
  });

  it('--no-notify or --date alone change only that', async () => {
    const incident = await newIncident();
    const [first] = incident.incidentUpdates;
    const quiet = IncidentUpdate.parse(parseJson(await cli(['incident-updates', 'put', incident.id, first!.id, '--no-notify', '--json'])));
    expect(quiet).toMatchObject({ description: 'Looking into it', status: first!.status, notifySubscribers: false });
    const dated = IncidentUpdate.parse(
      parseJson(await cli(['incident-updates', 'put', incident.id, first!.id, '--date', '2025-06-01T08:00:00+02:00', '--json'])),
    );
    expect(dated).toMatchObject({ description: 'Looking into it', publicIncidentUpdateDate: '2025-06-01T06:00:00.000Z' });
  });

  it('nothing to change is exit 2 before any request', async () => {
    const result = await cli(['incident-updates', 'put', 'inc', 'upd']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^statusctl: nothing to change: give --message, --message-file, --status/);
    expect(sent()).toEqual([]);
  });

  it('--dry-run reads the update, prints the whole PUT and changes nothing', async () => {
    const incident = await newIncident();
    const [first] = incident.incidentUpdates;
    const result = await cli(['incident-updates', 'put', incident.id, first!.id, '--status', 'monitoring', '--dry-run', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual({
      method: 'PUT',
      path: `/v1/status-pages/incidents/${incident.id}/incident-updates/${first!.id}`,
      body: {
        description: first!.description,
        status: 'MONITORING',
        notifySubscribers: first!.notifySubscribers,
        publicIncidentUpdateDate: first!.publicIncidentUpdateDate,
      },
    });
    expect(writes()).toEqual([]);
    expect(await getIncident(incident.id)).toEqual(incident);
  });
});

describe('--message-file FILE|-', () => {
  it('incident-updates add takes the text from a file or from stdin, trailing line breaks dropped', async () => {
    const incident = await newIncident();
    const fromFile = await cli(['incident-updates', 'add', incident.id, '--message-file', textFile('Line one\nLine two\n\n'), '--json']);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(IncidentUpdate.parse(parseJson(fromFile)).description).toBe('Line one\nLine two');
    const fromStdin = await cli(['incident-updates', 'add', incident.id, '--message-file', '-', '--json'], 'Piped in\n');
    expect(IncidentUpdate.parse(parseJson(fromStdin)).description).toBe('Piped in');
  });

  it('incident-updates put, incidents resolve and incidents create take it too', async () => {
    const incident = await newIncident();
    const [first] = incident.incidentUpdates;
    const put = await cli(['incident-updates', 'put', incident.id, first!.id, '--message-file', '-', '--json'], 'Corrected text\n');
    expect(IncidentUpdate.parse(parseJson(put)).description).toBe('Corrected text');
    const resolve = await cli(['incidents', 'resolve', incident.id, '--message-file', textFile('All good now\n'), '--json']);
    const [resolved] = parseJson(resolve) as [{ update: unknown }];
    expect(IncidentUpdate.parse(resolved.update)).toMatchObject({ description: 'All good now', status: 'RESOLVED' });
    const create = await cli(
      [
        'incidents',
        'create',
        '--name',
        'From a file',
        '--severity',
        'minor',
        '--service',
        service.id,
        '--message-file',
        '-',
        '--dry-run',
        '--json',
      ],
      'First words\n',
    );
    expect(create.code, create.stderr).toBe(0);
    expect(parseJson<{ body: { incidentUpdates: unknown[] } }>(create).body.incidentUpdates).toEqual([{ description: 'First words' }]);
  });

  it('is a usage error with --message, for a missing or empty file, and add needs one of the two', async () => {
    const both = await cli(['incident-updates', 'add', 'inc', '--message', 'a', '--message-file', '-']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--message-file.*cannot be used with.*--message/);
    const missing = await cli(['incident-updates', 'add', 'inc', '--message-file', join(tmpdir(), `no-such-${Date.now()}.txt`)]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^statusctl: --message-file: cannot read .+no-such-\d+\.txt: no such file\n$/);
    const empty = await cli(['incidents', 'resolve', 'inc', '--message-file', '-'], '  \n\n');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe('statusctl: --message-file: stdin holds no text (a message must not be empty)\n');
    const none = await cli(['incident-updates', 'add', 'inc']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/missing the text of the update: --message TEXT or --message-file FILE\|-/);
    expect(sent()).toEqual([]);
  });
});

describe('--dry-run on the other writes', () => {
  it('incident-updates add prints the POST and sends nothing', async () => {
    const incident = await newIncident();
    const result = await cli(['incident-updates', 'add', incident.id, '--message', 'Fix deployed', '--status', 'monitoring', '--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      `POST /v1/status-pages/incidents/${incident.id}/incident-updates\n${JSON.stringify({ description: 'Fix deployed', status: 'MONITORING' }, null, 2)}\n`,
    );
    // The incident is read, as the real run would find it; nothing is written.
    expect(sent()).toEqual([`GET /v1/status-pages/incidents/${incident.id}`]);
    expect(await getIncident(incident.id)).toEqual(incident);
  });

  it('rca request prints the POST (body null without --context) and starts no analysis', async () => {
    const group = await newGroup();
    const plain = await cli(['rca', 'request', group.id, '--dry-run', '--json']);
    expect(parseJson(plain)).toEqual([
      // A check's group (the reference server records every group as one): the error-groups route.
      { method: 'POST', path: `/v1/root-cause-analyses/error-groups/${group.id}`, body: null },
    ]);
    const withContext = await cli(['rca', 'request', group.id, '--context', 'after the deploy', '--dry-run', '--json']);
    expect(parseJson<{ body: unknown }[]>(withContext)[0]!.body).toEqual({ userContext: 'after the deploy' });
    // Only the read that picks the route.
    expect(sent()).toEqual([`GET /v1/error-groups/${group.id}`, `GET /v1/error-groups/${group.id}`]);
    // The group has no analysis; a real request (the provider answers at once here) gives it one.
    const again = () => api.recordErrorEvent({ body: { checkId: group.checkId, rawErrorMessage: group.rawErrorMessage ?? '' } });
    expect((await again()).rootCauseAnalyses).toEqual([]);
    const real = await cli(['rca', 'request', group.id, '--wait', '--json']);
    expect(real.code, real.stderr).toBe(0);
    expect((await again()).rootCauseAnalyses).toHaveLength(1);
  });

  it('a request the client would refuse is refused in a dry run too (exit 2)', async () => {
    const result = await cli(['rca', 'request', '..', '--dry-run']);
    expect(result.code).toBe(2);
    // Refused before the read that picks the route: the API takes a group's id only as a UUID.
    expect(result.stderr).toMatch(/^statusctl: ERROR_GROUP: expected the id of the error group to analyse, a UUID .+; got "\.\."\n/);
  });
});

describe('error-groups archive / unarchive with many ids', () => {
  it('ids from stdin (blanks and # comments skipped): one line per id in order, exit 4 for unknown ones', async () => {
    const groups = [await newGroup(), await newGroup(), await newGroup()];
    const input = ['# groups to silence', groups[0]!.id, '', `  ${groups[1]!.id}  `, UNKNOWN, groups[2]!.id, ''].join('\n');
    const result = await cli(['error-groups', 'archive', '-'], input);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe(
      [
        `${groups[0]!.id}\tarchived\tuntil the next matching error`,
        `${groups[1]!.id}\tarchived\tuntil the next matching error`,
        `${UNKNOWN}\tnot-found\tno error group ${UNKNOWN}, of checks or of test sessions`,
        `${groups[2]!.id}\tarchived\tuntil the next matching error`,
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe('statusctl: 1 of 4 failed (1 not-found)\n');
    for (const group of groups) {
      const patched = proxy.requests.filter((request) => request.path === `/v1/error-groups/${group.id}`);
      expect(patched.map((request) => request.body)).toEqual([{ archivedUntilNextEvent: true }]);
    }
  });

  it('--json gives an array of {id, ok, status, error, group}; archiving an archived group again is success', async () => {
    const [a, b] = [await newGroup(), await newGroup()];
    await api.updateErrorGroup({ params: { id: a.id }, body: { archiveForEver: true } });
    const result = await cli(['error-groups', 'archive', a.id, b.id, '--forever', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const archived = (id: string) => expect.objectContaining({ id, archivedUntilNextEvent: true });
    expect(parseJson(result)).toEqual([
      { id: a.id, ok: true, status: 200, error: null, group: archived(a.id) },
      { id: b.id, ok: true, status: 200, error: null, group: archived(b.id) },
    ]);
    // One id, archived again: the same entry, exit 0.
    const single = await cli(['error-groups', 'archive', a.id, '--forever', '--json']);
    expect(single.code, single.stderr).toBe(0);
    const [entry] = parseJson(single) as [{ group: unknown }];
    expect(parseJson(single)).toEqual([{ id: a.id, ok: true, status: 200, error: null, group: archived(a.id) }]);
    expect(ErrorGroup.parse(entry.group)).toMatchObject({ id: a.id, archivedUntilNextEvent: true });

    const failing = await cli(['error-groups', 'unarchive', a.id, UNKNOWN, '--json']);
    expect(failing.code).toBe(4);
    expect(parseJson(failing)).toEqual([
      { id: a.id, ok: true, status: 200, error: null, group: expect.objectContaining({ id: a.id, archivedUntilNextEvent: false }) },
      {
        id: UNKNOWN,
        ok: false,
        status: 404,
        // Both kinds' routes answered 404 (the check's, then the test session's).
        error: `no error group ${UNKNOWN}, of checks or of test sessions`,
        group: null,
      },
    ]);
  });

  it('--dry-run prints one request per id (an array with --json) and archives nothing', async () => {
    const [a, b] = [await newGroup(), await newGroup()];
    const result = await cli(['error-groups', 'archive', a.id, '-', '--dry-run', '--json'], `${b.id}\n`);
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual(
      [a, b].map(({ id }) => ({
        id,
        ok: true,
        status: 200,
        error: null,
        method: 'PATCH',
        path: `/v1/error-groups/${id}`,
        body: { archivedUntilNextEvent: true },
      })),
    );
    const single = await cli(['error-groups', 'unarchive', a.id, '--dry-run']);
    expect(single.stdout).toBe(
      `${a.id}\twould-unarchive\tPATCH /v1/error-groups/${a.id} ${JSON.stringify({ archivedUntilNextEvent: false, archiveForEver: false })}\n`,
    );
    // Reads only: each group is read, as the real run would find it.
    expect(writes()).toEqual([]);
    // Still active: the next matching error does not find them archived.
    const again = await api.recordErrorEvent({ body: { checkId: a.checkId, rawErrorMessage: a.rawErrorMessage ?? '' } });
    expect(again.archivedUntilNextEvent).toBe(false);
  });

  it('a bad key: exit 3, and after the first refusal the other ids are not sent', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const result = await runCli(['error-groups', 'archive', ...ids, '--concurrency', '1'], {
      env: { ...server.env, STATUSCTL_BASE_URL: proxy.url, STATUSCTL_API_KEY: 'sk_wrong_0123456789' },
      inProcess: true,
    });
    expect(result.code).toBe(3);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t')[1]),
    ).toEqual(['denied', 'skipped', 'skipped', 'skipped', 'skipped', 'skipped']);
    expect(sent()).toHaveLength(1);
    expect(result.stdout).not.toContain('sk_wrong_0123456789');
  });

  it('stdin read twice, or a concurrency out of range, is a usage error before any request', async () => {
    const twice = await cli(['incidents', 'resolve', '-', '--message-file', '-'], 'some-id\n');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toBe('statusctl: --message-file - and - (ids from stdin) cannot both read stdin\n');
    const zero = await cli(['error-groups', 'archive', 'a', 'b', '--concurrency', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/--concurrency.*expected a whole number from 1 to 16/);
    expect(sent()).toEqual([]);
  });

  it('- with nothing on stdin is nothing to do: exit 0, nothing sent', async () => {
    const result = await cli(['error-groups', 'archive', '-'], '# only a comment\n\n');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('nothing to do: no ids were given\n');
    expect(sent()).toEqual([]);
  });
});

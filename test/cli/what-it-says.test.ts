// What the CLI says is what it read back, and a command keeps one shape whatever its input: the
// CLI against the reference server, as a script or a person meets it (a pseudo-terminal
// where the terminal matters).
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import type { Incident } from '../../src/contract/schemas.js';
import { parseJson, removeTempDirs, runCli, runPty, startTestServer, type RunResult, type TestServer } from './helpers.js';

// Each test starts the built binary a few times; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let api: Client;
let service: { id: string; name: string; accountId: string };
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, retries: 0 });
  const first = (await api.listStatusPages({})).entries[0]!.cards[0]!.services[0]!;
  service = { id: first.id, name: first.name, accountId: server.account.id };
});
afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

function cli(args: string[], input?: string): Promise<RunResult> {
  return runCli(args, { env: server.env, ...(input !== undefined ? { input } : {}), inProcess: true });
}

async function newIncident(): Promise<Incident> {
  counter++;
  return api.createIncident({
    body: { name: `Said ${counter}`, severity: 'MINOR', services: [service], incidentUpdates: [{ description: 'Looking into it' }] },
  });
}

const getIncident = (id: string) => api.getIncident({ params: { incidentId: id } });

describe('the CLI says only what it read back', () => {
  it('incident-updates add and put refuse a --date in the future (exit 2), and send nothing', async () => {
    const incident = await newIncident();
    const add = await cli(['incident-updates', 'add', incident.id, '--message', 'x', '--date', '2030-01-01T00:00:00Z']);
    expect(add.code, add.stderr).toBe(2);
    expect(add.stderr).toMatch(/--date.*2030-01-01T00:00:00\.000Z.*in the future/);
    expect(add.stderr).toMatch(/^hint: leave --date out/m);
    const update = incident.incidentUpdates[0]!;
    const put = await cli(['incident-updates', 'put', incident.id, update.id, '--date', '2030-01-01T00:00:00Z']);
    expect(put.code, put.stderr).toBe(2);
    expect((await getIncident(incident.id)).incidentUpdates).toEqual(incident.incidentUpdates);
  });

  it('resolve leaves an incident resolved behind an update dated in the future, and a retry sends nothing', async () => {
    const incident = await newIncident();
    // Another client (the API takes it) dated an update years ahead.
    await api.createIncidentUpdate({
      params: { incidentId: incident.id },
      body: { description: 'Scheduled', status: 'MONITORING', publicIncidentUpdateDate: '2030-01-01T00:00:00.000Z' },
    });
    const first = await cli(['incidents', 'resolve', incident.id]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(`${incident.id}\tresolved\t${incident.name}\n`);
    expect(first.stderr).toContain('dated 2030-01-01T00:00:01.000Z, after it');
    const after = await getIncident(incident.id);
    expect(after.lastUpdateStatus).toBe('RESOLVED');
    const listed = await api.listIncidents({ query: { limit: '100' } });
    expect(listed.entries.find((entry) => entry.id === incident.id)?.lastUpdateStatus).toBe('RESOLVED');

    const again = await cli(['incidents', 'resolve', incident.id]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('is already resolved');
    expect((await getIncident(incident.id)).incidentUpdates).toHaveLength(after.incidentUpdates.length);
  });

  it('when the answer does not show the incident resolved, it is read back: still open is exit 1 naming the update that decides', async () => {
    const incident = await newIncident();
    const ahead = await api.createIncidentUpdate({
      params: { incidentId: incident.id },
      body: { description: 'Ahead', status: 'MONITORING', publicIncidentUpdateDate: '2032-03-01T00:00:00.000Z' },
    });
    // A server that dates every update itself, whatever date is sent.
    const relay = await startDateDroppingRelay(server.url);
    try {
      const result = await runCli(['incidents', 'resolve', incident.id], {
        env: { ...server.env, STATUSCTL_BASE_URL: relay.url },
        inProcess: true,
      });
      expect(result.code).toBe(1);
      // Its row says it failed; stderr says why, with what to do about it.
      expect(result.stdout).toMatch(new RegExp(`^${incident.id}\tfailed\tincident ${incident.id} is still MONITORING`));
      expect(result.stderr).toContain('hint: ');
      expect(result.stderr).toContain(`incident ${incident.id} is still MONITORING after the RESOLVED update`);
      expect(result.stderr).toContain(`its latest update (${ahead.id}, MONITORING, dated 2032-03-01T00:00:00.000Z) decides its status`);
      expect((await getIncident(incident.id)).lastUpdateStatus).toBe('MONITORING');
    } finally {
      await relay.close();
    }
  });

  it('with several ids the outcome is resolved only when the incident reads RESOLVED', async () => {
    const [a, b] = [await newIncident(), await newIncident()];
    await api.createIncidentUpdate({
      params: { incidentId: b.id },
      body: { description: 'Ahead', status: 'IDENTIFIED', publicIncidentUpdateDate: '2031-06-01T12:00:00.000Z' },
    });
    const result = await cli(['incidents', 'resolve', a.id, b.id, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const resolved = expect.objectContaining({ status: 'RESOLVED' });
    expect(parseJson(result)).toEqual([
      { id: a.id, ok: true, status: 200, error: null, update: resolved },
      { id: b.id, ok: true, status: 200, error: null, update: resolved },
    ]);
    for (const id of [a.id, b.id]) expect((await getIncident(id)).lastUpdateStatus).toBe('RESOLVED');
  });
});

describe('bulk and pipes', () => {
  it('piped rows and JSON carry the whole id when a prefix was given', async () => {
    const [open, done] = [await newIncident(), await newIncident()];
    await api.createIncidentUpdate({ params: { incidentId: done.id }, body: { description: 'Fixed', status: 'RESOLVED' } });
    const openPrefix = open.id.slice(0, 8);
    const donePrefix = done.id.slice(0, 6);
    const result = await cli(['incidents', 'resolve', '-'], `${openPrefix}\n${donePrefix}\n`);
    expect(result.code, result.stderr).toBe(0);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t').slice(0, 2)),
    ).toEqual([
      [open.id, 'resolved'],
      [done.id, 'already-resolved'],
    ]);
    const json = await cli(['incidents', 'resolve', donePrefix, openPrefix, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(parseJson<{ id: string }[]>(json).map((entry) => entry.id)).toEqual([done.id, open.id]);
  });

  it('an empty stdin is nothing to do: exit 0, a note on stderr, [] with -o json', async () => {
    for (const command of [
      ['error-groups', 'archive', '-'],
      ['error-groups', 'unarchive', '-', '--dry-run'],
      ['incidents', 'resolve', '-'],
    ]) {
      const result = await cli(command, '\n');
      expect(result.code, `${command.join(' ')}: ${result.stderr}`).toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/nothing to do/);
      const json = await cli([...command, '-o', 'json'], '# only a comment\n\n');
      expect(json.code, json.stderr).toBe(0);
      expect(parseJson(json)).toEqual([]);
    }
  });

  it('runtimes list --stage takes repeats and commas alike', async () => {
    const all = await api.listRuntimes({});
    const stages = [...new Set(all.map((runtime) => runtime.stage))].slice(0, 2);
    expect(stages).toHaveLength(2);
    const wanted = all
      .filter((runtime) => stages.includes(runtime.stage))
      .map((runtime) => runtime.name)
      .sort();
    const repeated = await cli(['runtimes', 'list', '--stage', stages[0]!, '--stage', stages[1]!.toLowerCase(), '--json']);
    const commas = await cli(['runtimes', 'list', '--stage', `${stages[0]},${stages[1]}`, '--json']);
    for (const result of [repeated, commas]) {
      expect(result.code, result.stderr).toBe(0);
      expect(
        parseJson<{ name: string }[]>(result)
          .map((runtime) => runtime.name)
          .sort(),
      ).toEqual(wanted);
    }
  });
});

describe('dry runs check what the real run checks', () => {
  const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

  it('error-groups archive - --dry-run: a malformed id is invalid (exit 2) and an unknown one not-found, as in the real run, one row per id', async () => {
    const group = await api.recordErrorEvent({ body: { checkId: 'check-dry-run', rawErrorMessage: 'Error: dry run check failed' } });
    const input = `not-a-uuid\n${UNKNOWN}\n${group.id}\n`;
    const real = await cli(['error-groups', 'unarchive', '-'], input);
    const dry = await cli(['error-groups', 'archive', '-', '--dry-run'], input);
    expect(real.code).toBe(2);
    expect(dry.code, dry.stderr).toBe(2);
    expect(
      dry.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t').slice(0, 2)),
    ).toEqual([
      ['not-a-uuid', 'invalid'],
      [UNKNOWN, 'not-found'],
      [group.id, 'would-archive'],
    ]);
    expect(dry.stderr).toContain('dry run: nothing was sent');
    const json = await cli(['error-groups', 'archive', '-', '--dry-run', '-o', 'json'], input);
    expect(json.code).toBe(2);
    expect(parseJson<{ id: string; ok: boolean; body: unknown }[]>(json).map(({ id, ok, body }) => ({ id, ok, body }))).toEqual([
      { id: 'not-a-uuid', ok: false, body: null },
      { id: UNKNOWN, ok: false, body: null },
      { id: group.id, ok: true, body: { archivedUntilNextEvent: true } },
    ]);
    // Nothing was archived by the dry runs: the group is as the (real) unarchive left it.
    const again = await api.recordErrorEvent({ body: { checkId: group.checkId, rawErrorMessage: group.rawErrorMessage ?? '' } });
    expect(again.archivedUntilNextEvent).toBe(false);
  });

  it('incidents resolve A B --dry-run -o json: one entry per id with its whole id, body null when nothing would be sent', async () => {
    const [open, done] = [await newIncident(), await newIncident()];
    await api.createIncidentUpdate({ params: { incidentId: done.id }, body: { description: 'Fixed', status: 'RESOLVED' } });
    const before = (await getIncident(open.id)).incidentUpdates.length;
    const result = await cli(['incidents', 'resolve', open.id.slice(0, 8), done.id, UNKNOWN, '--dry-run', '-o', 'json']);
    expect(result.code, result.stderr).toBe(4);
    expect(parseJson(result)).toEqual([
      {
        id: open.id,
        ok: true,
        status: 200,
        error: null,
        method: 'POST',
        path: `/v1/status-pages/incidents/${open.id}/incident-updates`,
        body: { description: 'Resolved.', status: 'RESOLVED' },
      },
      { id: done.id, ok: true, status: 200, error: null, method: null, path: null, body: null },
      { id: UNKNOWN, ok: false, status: 404, error: expect.stringContaining('404'), method: null, path: null, body: null },
    ]);
    expect((await getIncident(open.id)).incidentUpdates).toHaveLength(before);
    // incident-updates add --dry-run on an incident that does not exist: exit 4, as the real run.
    const add = await cli(['incident-updates', 'add', UNKNOWN, '--message', 'x', '--dry-run']);
    expect(add.code, add.stderr).toBe(4);
    expect(add.stdout).toBe('');
    // One id already resolved: JSON still answers, with nothing that would be sent.
    const single = await cli(['incidents', 'resolve', done.id, '--dry-run', '-o', 'json']);
    expect(single.code, single.stderr).toBe(0);
    expect(parseJson(single)).toEqual([{ id: done.id, ok: true, status: 200, error: null, method: null, path: null, body: null }]);
  });
});

describe('resolve, archive and unarchive: one shape whatever the number of ids', () => {
  /** What a JSON value is, down to the keys of its objects: two answers of one type have the same. */
  const kind = (value: unknown): unknown =>
    value === null
      ? 'null'
      : Array.isArray(value)
        ? ['array', ...new Set(value.map((item) => JSON.stringify(kind(item))))]
        : typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value as Record<string, unknown>)
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([key, item]) => [key, typeof item === 'object' && item !== null && !Array.isArray(item) ? 'object' : kind(item)]),
            )
          : typeof value;

  let groupCount = 0;
  const newGroup = async () => {
    groupCount++;
    return api.recordErrorEvent({
      body: { checkId: `check-one-shape-${groupCount}`, rawErrorMessage: `Error: one shape ${'s'.repeat(groupCount)} failed` },
    });
  };

  /** Each command with fresh targets for every run: a resolved incident would be another outcome. */
  const commands: [string, string[], () => Promise<string>][] = [
    ['incidents resolve', ['incidents', 'resolve'], async () => (await newIncident()).id],
    ['incidents resolve --dry-run', ['incidents', 'resolve', '--dry-run'], async () => (await newIncident()).id],
    ['error-groups archive', ['error-groups', 'archive'], async () => (await newGroup()).id],
    ['error-groups archive --dry-run', ['error-groups', 'archive', '--dry-run'], async () => (await newGroup()).id],
    ['error-groups unarchive', ['error-groups', 'unarchive'], async () => (await newGroup()).id],
    ['error-groups unarchive --dry-run', ['error-groups', 'unarchive', '--dry-run'], async () => (await newGroup()).id],
  ];

  it.each(commands)('%s: one id gives the JSON array and the piped rows of two', async (_name, command, target) => {
    const ids = async (count: number) => Promise.all(Array.from({ length: count }, target));
    const json = async (count: number) => {
      const given = await ids(count);
      const result = await cli([...command, ...given, '-o', 'json']);
      expect(result.code, result.stderr).toBe(0);
      const entries = parseJson<{ id: string; ok: boolean }[]>(result);
      expect(Array.isArray(entries)).toBe(true);
      expect(entries.map((entry) => [entry.id, entry.ok])).toEqual(given.map((id) => [id, true]));
      return kind(entries);
    };
    expect(await json(1)).toEqual(await json(2));

    const piped = async (count: number) => {
      const given = await ids(count);
      const result = await cli([...command, ...given]);
      expect(result.code, result.stderr).toBe(0);
      const rows = result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t'));
      expect(rows.map((row) => row[0])).toEqual(given);
      // The columns: the whole id, the outcome, the reason; the outcome is per id, not per count.
      return rows.map((row) => [row.length, row[1]]);
    };
    const [one, two] = [await piped(1), await piped(2)];
    expect(one).toHaveLength(1);
    expect(two).toEqual([one[0], one[0]]);
    expect(one[0]![0]).toBe(3);

    // An id that fails is still an entry of the same keys, its fields null.
    const failed = await cli([...command, '00000000-0000-4000-8000-00000000beef', '-o', 'json']);
    expect(failed.code).toBe(4);
    const [entry] = parseJson<Record<string, unknown>[]>(failed);
    const [good] = parseJson<Record<string, unknown>[]>(await cli([...command, await target(), '-o', 'json']));
    expect(Object.keys(entry!).sort()).toEqual(Object.keys(good!).sort());
    expect(entry).toMatchObject({ id: '00000000-0000-4000-8000-00000000beef', ok: false, status: 404 });
  });
});

describe('heartbeats availability: one shape whatever the number of checks', () => {
  const HOUR = 3_600_000;
  /** 3 of 4 pings good in the last 24 hours (75%), 2 good before: the change is -25 points. */
  const partly = randomUUID();
  /** Always good. */
  const steady = randomUUID();
  const unknown = randomUUID();

  beforeAll(async () => {
    const ping = (checkId: string, state: 'RECEIVED' | 'LATE', hoursAgo: number) =>
      api.recordHeartbeatEvent({ params: { checkId }, body: { state, timestamp: new Date(Date.now() - hoursAgo * HOUR).toISOString() } });
    for (const hour of [1, 2, 3, 4]) await ping(partly, hour === 2 ? 'LATE' : 'RECEIVED', hour);
    for (const hour of [30, 31]) await ping(partly, 'RECEIVED', hour);
    for (const hour of [1, 30]) await ping(steady, 'RECEIVED', hour);
  });

  it('piped: the same row layout for one check as for several; -o json the same array type', async () => {
    const one = await cli(['heartbeats', 'availability', partly]);
    const several = await cli(['heartbeats', 'availability', partly, steady]);
    expect(one.code, one.stderr).toBe(0);
    expect(several.code, several.stderr).toBe(0);
    const row = `${partly}\t75.00\t100.00\t-25.00\t4\t`;
    expect(one.stdout).toBe(`${row}\n`);
    expect(several.stdout).toBe(`${row}\n${steady}\t100.00\t100.00\t0.00\t1\t\n`);
    const oneJson = parseJson(await cli(['heartbeats', 'availability', partly, '-o', 'json']));
    const severalJson = parseJson<unknown[]>(await cli(['heartbeats', 'availability', partly, steady, '-o', 'json']));
    expect(oneJson).toEqual([severalJson[0]]);
    expect(severalJson[0]).toEqual({
      checkId: partly,
      availability: { successRatio: { currentPeriod: 75, previousPeriod: 100 }, totalEntitiesCurrentPeriod: 4 },
      error: null,
    });
  });

  it('an unknown check among several is a row with its error; the others are printed; exit 4', async () => {
    const piped = await cli(['heartbeats', 'availability', partly, unknown, steady]);
    expect(piped.code).toBe(4);
    const rows = piped.stdout
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((row) => row[0])).toEqual([partly, unknown, steady]);
    expect(rows.every((row) => row.length === 6)).toBe(true);
    expect(rows[1]!.slice(1, 5)).toEqual(['', '', '', '']);
    expect(rows[1]![5]).toMatch(/^404 Not Found: .*not found$/);
    expect(piped.stderr).toContain(`1 of 3 checks could not be read:\n  ${unknown}: 404`);
    const json = await cli(['heartbeats', 'availability', partly, unknown, '-o', 'json']);
    expect(json.code).toBe(4);
    expect(parseJson<{ checkId: string; availability: unknown; error: string | null }[]>(json)).toEqual([
      expect.objectContaining({ checkId: partly, error: null }),
      { checkId: unknown, availability: null, error: expect.stringMatching(/^404 Not Found/) },
    ]);
  });

  it.each([80, 60])('at %i columns no figure is cut: the bar goes first', async (cols) => {
    const session = await runPty(['heartbeats', 'availability', partly, steady, unknown, '--no-pager'], {
      env: server.env,
      cols,
    });
    expect(await session.exited()).toBe(4);
    // The table, before the error report on stderr (which the terminal may wrap).
    const screen = session.screen();
    const lines = screen.slice(0, screen.indexOf('statusctl:')).split(/\r?\n/);
    const row = (id: string) => lines.find((line) => line.startsWith(id)) ?? '';
    // Every line fits, so the terminal wraps nothing; ids and percentages are whole.
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(cols);
    expect(row(partly)).toMatch(new RegExp(`^${partly}\\s+75\\.00%\\s+(?:[█▏▎▍▌▋▊▉░]+\\s+)?100\\.00%(\\s|$)`));
    expect(row(steady)).toMatch(/\s100\.00%\s+(?:[█▏▎▍▌▋▊▉░]+\s+)?100\.00%(\s|$)/);
    expect(row(unknown)).toMatch(/\snot found(\s|$)/);
    expect(lines.join('\n')).not.toContain('…');
    // The worst hour of the check below 100 %, its time whole on one line: a table row at 80, under its id at 60.
    const worst = cols === 80 ? lines.filter((line) => line.startsWith(partly))[1] : lines[lines.indexOf(partly) + 1];
    expect(worst).toMatch(/\d{4}-\d\d-\d\d \d\d:00\s.*0\.00%/);
  });
});

describe('the same rules for every kind of id', () => {
  it('status pages take an id prefix, as incidents do', async () => {
    const pages = (await api.listStatusPages({ query: { limit: '100' } })).entries;
    const page = pages[0]!;
    const prefix = page.id.slice(0, 8);
    expect(pages.filter((other) => other.id.startsWith(prefix))).toHaveLength(1);
    const result = await cli(['status-pages', 'get', prefix, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson<{ id: string }>(result).id).toBe(page.id);
  });

  it('a page or incident the command acts on that matches nothing is exit 4 with did-you-mean; an option value stays exit 2', async () => {
    const page = (await api.listStatusPages({})).entries[0]!;
    const typo = `${page.name.slice(0, -1)}x`;
    for (const verb of ['get', 'open']) {
      const result = await cli(['status-pages', verb, typo]);
      expect(result.code, `${verb}: ${result.stderr}`).toBe(4);
      expect(result.stderr).toContain(`no such status page (did you mean "${page.name}"?)`);
    }
    const option = await cli(['incidents', 'create', '--name', 'x', '--severity', 'minor', '--status-page', typo, '--dry-run']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('did you mean');

    const incident = await newIncident();
    const wrong = `${incident.id.slice(0, 7)}${incident.id[7] === '0' ? '1' : '0'}`;
    const get = await cli(['incidents', 'get', wrong]);
    expect(get.code).toBe(4);
    expect(get.stderr).toContain(`no incident id starts with "${wrong}" (did you mean ${incident.id.slice(0, 8)}`);
  });

  it('--yes asks nothing on a terminal: the first update takes its default, what is missing is exit 2', async () => {
    const session = await runPty(
      ['incidents', 'create', '--name', 'Asked nothing', '--severity', 'minor', '--service', service.name, '--yes'],
      {
        env: server.env,
      },
    );
    await session.waitFor(/Created incident \S+/);
    expect(await session.exited()).toBe(0);
    expect(session.screen()).not.toContain('First update');
    const id = /Created incident (\S+)/.exec(session.screen())![1]!;
    expect((await getIncident(id)).incidentUpdates.map((update) => update.description)).toEqual(['We are investigating this incident.']);

    const missing = await runPty(['incidents', 'create', '--severity', 'minor', '--service', service.name, '--yes'], { env: server.env });
    expect(await missing.exited()).toBe(2);
    expect(missing.screen()).toContain('missing required option --name (--yes asks nothing)');
  });
});

/** Forwards to `target`, with `publicIncidentUpdateDate` taken out of every request body. */
async function startDateDroppingRelay(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const base = new URL(target);
  const relay = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      let body = Buffer.concat(chunks);
      if (body.length > 0) {
        const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        delete parsed.publicIncidentUpdateDate;
        body = Buffer.from(JSON.stringify(parsed));
      }
      const headers = { ...incoming.headers, host: base.host, 'content-length': String(body.length) };
      const forwarded = httpRequest(
        { hostname: base.hostname, port: base.port, method: incoming.method, path: incoming.url, headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.end(body);
    });
  });
  await new Promise<void>((done) => relay.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => relay.close(() => done())),
  };
}

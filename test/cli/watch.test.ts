// `incidents watch`, run as the built binary against the reference server and driven by server
// events: the test waits for the line that shows the watch has read the incident, changes the
// incident through the API, and waits for the line announcing the change. Nothing here waits for
// time to pass or asserts how long anything took.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type Client, createClient } from '../../src/client/index.js';
import type { Incident } from '../../src/cli/api/types.js';
import {
  type CliProcess,
  KEYS,
  type PtySession,
  removeTempDirs,
  runCli,
  runPty,
  startCli,
  startTestServer,
  type TestServer,
} from './helpers.js';
import { readmeLines, runShell } from './readme-shell.js';
import { finalScreen } from './screen.js';
import { startFaultRelay } from '../support/fault-relay.js';

// Each test starts the built CLI and waits on a poll or two at the smallest interval.
vi.setConfig({ testTimeout: 120_000 });

const servers: TestServer[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
const sessions: PtySession[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const session of sessions.splice(0)) session.kill();
  for (const server of servers.splice(0)) await server.close();
});
afterAll(removeTempDirs);

async function serverAndClient(options: Parameters<typeof startTestServer>[0] = {}): Promise<{ server: TestServer; api: Client }> {
  const server = await startTestServer(options);
  servers.push(server);
  return { server, api: createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id }) };
}

let made = 0;
async function newIncident(api: Client): Promise<Incident> {
  const [open] = (await api.listIncidents({ query: { limit: '1' } })).entries;
  made++;
  return api.createIncident({
    body: {
      name: `Watched incident ${made}`,
      severity: 'MAJOR',
      services: open!.services.map(({ id, name, accountId }) => ({ id, name, accountId })),
      incidentUpdates: [{ description: 'Investigating.' }],
    },
  });
}

function addUpdate(api: Client, incidentId: string, status: 'MONITORING' | 'RESOLVED' | 'IDENTIFIED', description: string) {
  return api.createIncidentUpdate({ params: { incidentId }, body: { status, description } });
}

/** The built binary with pipes (not a terminal), its stdout read as a stream of lines. */
function watch(args: string[], env: Record<string, string>): CliProcess {
  const run = startCli(['incidents', 'watch', ...args], { env });
  children.push(run.child);
  return run;
}

const fields = (line: string) => line.split('\t');

describe('incidents watch ID', () => {
  it('prints the state, then each new update once, and with --exit-status exits 0 when it resolves', async () => {
    const { server, api } = await serverAndClient();
    const incident = await newIncident(api);
    const run = watch([incident.id, '--interval', '1', '--exit-status'], server.env);

    const first = fields(await run.line(/\twatching\t/));
    expect(first.slice(1, 3)).toEqual([incident.id, 'watching']);
    expect(first[3]).toBe(`INVESTIGATING MAJOR ${incident.name} (1 update)`);

    const monitoring = await addUpdate(api, incident.id, 'MONITORING', 'Rolled back; watching the error rate.');
    const announced = fields(await run.line(/\tupdate\t/));
    expect(announced).toEqual([
      monitoring.publicIncidentUpdateDate,
      incident.id,
      'update',
      'MONITORING Rolled back; watching the error rate.',
    ]);

    await api.updateIncident({
      params: { incidentId: incident.id },
      body: {
        name: `${incident.name}, in the EU`,
        severity: 'CRITICAL',
        services: incident.services.map(({ id, name, accountId }) => ({ id, name, accountId })),
      },
    });
    expect(fields(await run.line(/\trenamed\t/))[3]).toBe(`${incident.name} -> ${incident.name}, in the EU`);
    expect(fields(await run.line(/\tseverity\t/))[3]).toBe('MAJOR -> CRITICAL');

    await addUpdate(api, incident.id, 'RESOLVED', 'Error rates are normal.');
    expect(fields(await run.line(/\tupdate\t/))[3]).toBe('RESOLVED Error rates are normal.');
    expect((await run.exited).code).toBe(0);
    expect(run.stderr()).toContain('is resolved');

    // One line per event, each once, whatever number of reads came between them.
    const lines = run.lines();
    expect(lines.map((line) => fields(line)[2])).toEqual(['watching', 'update', 'renamed', 'severity', 'update']);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('takes a short id; a deleted incident is a line and exit 4', async () => {
    const { server, api } = await serverAndClient();
    const incident = await newIncident(api);
    const run = watch([incident.id.slice(0, 8), '--interval', '1'], server.env);
    await run.line(/\twatching\t/);
    await api.deleteIncident({ params: { incidentId: incident.id } });
    expect(fields(await run.line(/\tdeleted\t/))).toEqual([expect.any(String), incident.id, 'deleted', `${incident.name} was deleted`]);
    expect((await run.exited).code).toBe(4);
    expect(run.stderr()).toMatch(new RegExp(`^statusctl: incident ${incident.id} was deleted; nothing left to watch$`, 'm'));
  });

  it('--exit-status: a resolved incident exits 0 at once; one still open when --max-time passes is exit 5', async () => {
    const { server, api } = await serverAndClient();
    const incident = await newIncident(api);
    await addUpdate(api, incident.id, 'RESOLVED', 'A false alarm.');
    const resolved = await runCli(['incidents', 'watch', incident.id, '--exit-status'], { env: server.env });
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.stdout.trimEnd().split('\n').map(fields)).toEqual([
      [expect.any(String), incident.id, 'watching', `RESOLVED MAJOR ${incident.name} (2 updates)`],
    ]);

    // --jq runs on each event.
    const filtered = await runCli(['incidents', 'watch', incident.id, '--exit-status', '--jq', '[.event, .update.status]'], {
      env: server.env,
    });
    expect(filtered.code, filtered.stderr).toBe(0);
    expect(filtered.stdout).toBe('["watching","RESOLVED"]\n');

    const open = await newIncident(api);
    const timedOut = await runCli(['incidents', 'watch', open.id, '--exit-status', '--interval', '1', '--max-time', '1'], {
      env: server.env,
    });
    expect(timedOut.code, timedOut.stderr).toBe(5);
    expect(timedOut.stderr).toMatch(/^statusctl: incident \S+ was not resolved after --max-time 1 s$/m);
  });

  it('an unknown id is exit 4 before any watching; a bad --interval or -o md is exit 2', async () => {
    const { server } = await serverAndClient();
    const unknown = await runCli(['incidents', 'watch', '00000000-0000-4000-8000-000000000000'], { env: server.env });
    expect(unknown.code).toBe(4);
    expect(unknown.stdout).toBe('');
    const fast = await runCli(['incidents', 'watch', '--interval', '0.5'], { env: server.env });
    expect(fast.code).toBe(2);
    expect(fast.stderr).toContain('--interval');
    expect(fast.stderr).toContain('at least 1');
    const md = await runCli(['incidents', 'watch', '-o', 'md'], { env: server.env });
    expect(md.code).toBe(2);
    expect(md.stderr).toMatch(/^hint: .*-o json/m);
  });
});

describe('incidents watch (every open incident)', () => {
  it('-o json: one object per line per event; a new incident and each update appear; --exit-status ends when none is open', async () => {
    const { server, api } = await serverAndClient();
    const open = (await api.listIncidents({ query: { limit: '100' } })).entries.filter(
      (incident) => incident.lastUpdateStatus !== 'RESOLVED',
    );
    expect(open.length).toBeGreaterThan(0);
    const run = watch(['--interval', '1', '--exit-status', '-o', 'json'], server.env);
    const parse = (line: string) => JSON.parse(line) as { event: string; incidentId: string; update?: { description: string } };
    for (let i = 0; i < open.length; i++) expect(parse(await run.line(/"event":"watching"/)).event).toBe('watching');

    const added = await newIncident(api);
    expect(parse(await run.line(/"event":"opened"/)).incidentId).toBe(added.id);
    for (const incident of [...open, added]) await addUpdate(api, incident.id, 'RESOLVED', `Resolved ${incident.id}.`);
    for (let i = 0; i <= open.length; i++) {
      const event = parse(await run.line(/"event":"update"/));
      expect(event.update?.description).toBe(`Resolved ${event.incidentId}.`);
    }
    expect((await run.exited).code).toBe(0);
    const events = run.lines().map(parse);
    expect(
      events
        .filter((event) => event.event === 'update')
        .map((event) => event.incidentId)
        .sort(),
    ).toEqual([...open, added].map((incident) => incident.id).sort());
    expect(new Set(run.lines()).size).toBe(run.lines().length);
  });
});

describe('incidents watch (every open incident), past the newest hundred', () => {
  it('an open incident older than a hundred newer ones is watched: --exit-status never says none is open while it is', async () => {
    const { server, api } = await serverAndClient();
    const open = (await api.listIncidents({ query: { limit: '100' } })).entries.filter(
      (incident) => incident.lastUpdateStatus !== 'RESOLVED',
    );
    expect(open.length).toBeGreaterThan(0);
    // A hundred newer incidents, each resolved as it is declared, fill the newest page of the list.
    const services = open[0]!.services.map(({ id, name, accountId }) => ({ id, name, accountId }));
    for (let i = 0; i < 100; i++) {
      await api.createIncident({
        body: {
          name: `False alarm ${i}`,
          severity: 'MINOR',
          services,
          incidentUpdates: [{ description: 'A false alarm.', status: 'RESOLVED' }],
        },
      });
    }
    const newest = await api.listIncidents({ query: { limit: '100' } });
    expect(newest.entries.filter((incident) => incident.lastUpdateStatus !== 'RESOLVED')).toEqual([]);
    expect(newest.nextId).toBeTruthy();

    const result = await runCli(['incidents', 'watch', '--exit-status', '--max-time', '1', '-o', 'json'], {
      env: server.env,
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toMatch(/^statusctl: incidents were still open after --max-time 1 s$/m);
    const events = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; incidentId: string });
    expect(events.map((event) => event.event)).toEqual(open.map(() => 'watching'));
    expect(events.map((event) => event.incidentId).sort()).toEqual(open.map((incident) => incident.id).sort());
  });
});

describe('incidents watch under a rate limit', () => {
  it('waits out 429s and still prints each change once', async () => {
    // The limiter's clock is held while the watch starts, so its first read is refused for sure.
    let held: number | undefined;
    const { server, api } = await serverAndClient({ rateLimit: 2, now: () => held ?? Date.now() });
    const incident = await newIncident(api);
    held = Date.now();
    // The tokens left go now, on reads that may themselves be refused. Two a second then leave
    // room for the test's own writes beside a watch reading every second.
    const spend = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, maxWaitMs: 0 });
    for (let i = 0; i < 2; i++) await spend.getIncident({ params: { incidentId: incident.id } }).catch(() => undefined);
    const run = watch([incident.id, '--interval', '1', '--exit-status', '--verbose'], server.env);
    await run.line(/-> 429/, 'stderr');
    held = undefined;
    await run.line(/\twatching\t/);
    await addUpdate(api, incident.id, 'IDENTIFIED', 'A bad deploy.');
    await run.line(/\tupdate\tIDENTIFIED A bad deploy\.$/);
    await addUpdate(api, incident.id, 'MONITORING', 'Rolled back.');
    await run.line(/\tupdate\tMONITORING Rolled back\.$/);
    await addUpdate(api, incident.id, 'RESOLVED', 'Fixed.');
    await run.line(/\tupdate\tRESOLVED Fixed\.$/);
    expect((await run.exited).code).toBe(0);
    expect(run.lines().map((line) => fields(line)[2])).toEqual(['watching', 'update', 'update', 'update']);
  });
});

describe('incidents watch through failures', () => {
  it('a read that fails (503) is a warning and is tried again, backing off; the change made meanwhile is printed once', async () => {
    const { server, api } = await serverAndClient();
    const relay = await startFaultRelay(server.url);
    try {
      const incident = await newIncident(api);
      const run = watch([incident.id, '--interval', '1', '--exit-status'], { ...server.env, STATUSCTL_BASE_URL: relay.url });
      await run.line(/\twatching\t/);
      relay.decide = () => 'unavailable';
      await run.line(/^warning: .*503.*; trying again in 2 s$/, 'stderr');
      await addUpdate(api, incident.id, 'MONITORING', 'Rolled back while the link was down.');
      relay.decide = () => 'pass';
      await run.line(/\tupdate\tMONITORING Rolled back while the link was down\.$/);
      expect(run.stderr()).toMatch(/^reading again$/m);
      await addUpdate(api, incident.id, 'RESOLVED', 'Fixed.');
      expect((await run.exited).code).toBe(0);
      expect(run.lines().map((line) => fields(line)[2])).toEqual(['watching', 'update', 'update']);
    } finally {
      await relay.close();
    }
  });
});

describe('incidents watch on a terminal', () => {
  it('Ctrl-C exits 130 with one line on stderr, no stack, the cursor shown', async () => {
    const { server, api } = await serverAndClient();
    const incident = await newIncident(api);
    // An hour between reads: the exit comes from Ctrl-C, not from the end of a wait.
    const session = await runPty(['incidents', 'watch', incident.id, '--interval', '3600'], {
      env: { ...server.env, TZ: 'America/New_York' },
    });
    sessions.push(session);
    await session.waitFor('watching');
    await session.waitFor('Ctrl-C to stop');
    session.write(KEYS.ctrlC);
    expect(await session.exited()).toBe(130);
    const screen = finalScreen(session.raw()).filter(Boolean);
    // The terminal echoes ^C; the message starts on a line of its own.
    expect(screen.at(-2)).toBe('^C');
    expect(screen.at(-1)).toBe(`statusctl: interrupted: stopped watching incident ${incident.id}`);
    expect(screen.some((line) => /^\s+at /.test(line))).toBe(false);
    // A cursor hidden on the way is shown again before the end.
    const raw = session.raw();
    expect(raw.lastIndexOf('\x1b[?25l') <= raw.lastIndexOf('\x1b[?25h')).toBe(true);
    // The terminal's line: the time of day in the local zone, the short id, the event, the state.
    expect(session.screen().split(/\r?\n/)[0]).toMatch(
      new RegExp(`^\\d\\d:\\d\\d:\\d\\d E[SD]T  ${incident.id.slice(0, 8)}  watching  INVESTIGATING MAJOR `),
    );
  });
});

describe('README', () => {
  it('the block of "Watching an incident" runs as written: the watch ends with exit 0 when the incident resolves', async () => {
    const { server, api } = await serverAndClient();
    const result = await runShell(readmeLines('watch', 'docs/commands.md').join('\n'), server.env, { exitOnError: true });
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    const stdout = result.stdout;
    // The block's incident: watched from its first state to its resolution.
    const created = (await api.listIncidents({ query: { limit: '100' } })).entries.find((incident) => incident.name === 'Checkout slow');
    expect(created?.lastUpdateStatus).toBe('RESOLVED');
    const watched = stdout.split('\n').filter((line) => line.startsWith('20') && line.includes(`\t${created!.id}\t`));
    expect(watched[0]).toMatch(/\twatching\t/);
    expect(watched.at(-1)).toMatch(/\t(update\tRESOLVED Healthy again\.|watching\tRESOLVED .*)$/);
    // The last line of the block: every open incident as JSON, one object per line.
    const json = stdout.split('\n').filter((line) => line.startsWith('{'));
    expect(json.length).toBeGreaterThan(0);
    for (const line of json) expect(Object.keys(JSON.parse(line))).toEqual(['event', 'incidentId']);
  });
});

// `incidents watch`, run in this process against the reference server on one manual clock
// (test/support/clock.ts) that both share: every wait of the watch, and of its client, lasts until
// the test moves the clock. The test waits until the watch waits (it has read and printed), changes
// the incident through the API, then moves the clock so that it reads again. Nothing here waits for
// time to pass or asserts how long anything took. Three tests run the built binary: a watch that
// reads again on the real clock, Ctrl-C in a pseudo-terminal, and the docs block.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/client/index.js';
import type { Incident } from '../../src/cli/api/types.js';
import { manualClock, type ManualClock, testClock } from '../support/clock.js';
import { startFaultRelay } from '../support/fault-relay.js';
import { KEYS, runCli, runPty, type RunResult, startCli, startTestServer, type TestServer } from './helpers.js';
import { readmeLines, runShell } from './readme-shell.js';
import { finalScreen } from './screen.js';

async function serverAndClient(options: Parameters<typeof startTestServer>[0] = {}): Promise<{ server: TestServer; api: Client }> {
  const server = await startTestServer(options);
  return { server, api: createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id }) };
}

/**
 * The V3 pages' incidents deleted, so the account's open incidents are the v2 list's: the tests
 * below follow that list (the V3 pages' are watched in v3-incident-updates-watch.test.ts).
 */
async function withoutV3Incidents(api: Client): Promise<void> {
  for (const page of (await api.listV3StatusPages({ query: { limit: '100' } })).entries) {
    const params = { statusPageId: page.id };
    for (const incident of (await api.listV3Incidents({ params, query: { limit: '100' } })).entries)
      await api.deleteV3Incident({ params: { ...params, incidentId: incident.id } });
  }
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

const isOpen = (incident: Incident) => incident.lastUpdateStatus !== 'RESOLVED';

interface Watch {
  result: Promise<RunResult>;
  /** Resolves when the run waits on the clock, with the wait; fails if the run ends instead. */
  waiting(): Promise<number>;
  /** Ends the wait the run is in, and resolves when it waits again (it has read and printed). */
  next(): Promise<number>;
  /** Ends the wait the run is in, and resolves with the run's end. */
  end(): Promise<RunResult>;
}

/** `statusctl incidents watch ...args` in this process, every wait of it on `clock`. */
function watch(clock: ManualClock, args: string[], env: Record<string, string>): Watch {
  const result = runCli(['incidents', 'watch', ...args], { env, inProcess: true, clock });
  const ended = result.then((run): never => {
    throw new Error(`the watch ended (exit ${run.code}) instead of waiting\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`);
  });
  ended.catch(() => {});
  const waiting = () => Promise.race([clock.sleeping(), ended]);
  return {
    result,
    waiting,
    async next() {
      clock.advance(await waiting());
      return waiting();
    },
    async end() {
      clock.advance(await waiting());
      return result;
    },
  };
}

const fields = (line: string) => line.split('\t');
const lines = (run: RunResult) => run.stdout.split('\n').slice(0, -1);

describe('incidents watch ID', () => {
  it('prints the state, then each new update once, and with --exit-status exits 0 when it resolves', async () => {
    const clock = manualClock();
    const { server, api } = await serverAndClient({ now: clock.now });
    const incident = await newIncident(api);
    const run = watch(clock, [incident.id, '--exit-status'], server.env);
    // The default interval between reads.
    expect(await run.waiting()).toBe(10_000);

    const monitoring = await addUpdate(api, incident.id, 'MONITORING', 'Rolled back; watching the error rate.');
    await run.next();
    // A read that finds nothing new prints nothing.
    await run.next();
    await api.updateIncident({
      params: { incidentId: incident.id },
      body: {
        name: `${incident.name}, in the EU`,
        severity: 'CRITICAL',
        services: incident.services.map(({ id, name, accountId }) => ({ id, name, accountId })),
      },
    });
    await run.next();
    await addUpdate(api, incident.id, 'RESOLVED', 'Error rates are normal.');
    const result = await run.end();

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('is resolved');
    expect(clock.slept).toEqual([10_000, 10_000, 10_000, 10_000]);
    // One line per event, each once, whatever number of reads came between them.
    expect(lines(result).map(fields)).toEqual([
      [expect.any(String), incident.id, 'watching', `INVESTIGATING MAJOR ${incident.name} (1 update)`],
      [monitoring.publicIncidentUpdateDate, incident.id, 'update', 'MONITORING Rolled back; watching the error rate.'],
      [expect.any(String), incident.id, 'renamed', `${incident.name} -> ${incident.name}, in the EU`],
      [expect.any(String), incident.id, 'severity', 'MAJOR -> CRITICAL'],
      [expect.any(String), incident.id, 'update', 'RESOLVED Error rates are normal.'],
    ]);
  });

  it('takes a short id; a deleted incident is a line and exit 4', async () => {
    const clock = manualClock();
    const { server, api } = await serverAndClient({ now: clock.now });
    const incident = await newIncident(api);
    const run = watch(clock, [incident.id.slice(0, 8), '--interval', '1'], server.env);
    expect(await run.waiting()).toBe(1000);
    await api.deleteIncident({ params: { incidentId: incident.id } });
    const result = await run.end();
    expect(result.code).toBe(4);
    expect(lines(result).map(fields)).toEqual([
      [expect.any(String), incident.id, 'watching', `INVESTIGATING MAJOR ${incident.name} (1 update)`],
      [expect.any(String), incident.id, 'deleted', `${incident.name} was deleted`],
    ]);
    expect(result.stderr).toMatch(new RegExp(`^statusctl: incident ${incident.id} was deleted; nothing left to watch$`, 'm'));
  });

  it('--exit-status: a resolved incident exits 0 at once; one still open when --max-time passes is exit 5', async () => {
    // Waits move this clock at once: the watch reads until --max-time has passed on it.
    const clock = testClock();
    const { server, api } = await serverAndClient({ now: clock.now });
    const incident = await newIncident(api);
    await addUpdate(api, incident.id, 'RESOLVED', 'A false alarm.');
    const resolved = await runCli(['incidents', 'watch', incident.id, '--exit-status'], { env: server.env, inProcess: true, clock });
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(lines(resolved).map(fields)).toEqual([
      [expect.any(String), incident.id, 'watching', `RESOLVED MAJOR ${incident.name} (2 updates)`],
    ]);
    expect(clock.slept).toEqual([]);

    // --jq runs on each event.
    const filtered = await runCli(['incidents', 'watch', incident.id, '--exit-status', '--jq', '[.event, .update.status]'], {
      env: server.env,
      inProcess: true,
      clock,
    });
    expect(filtered.code, filtered.stderr).toBe(0);
    expect(filtered.stdout).toBe('["watching","RESOLVED"]\n');

    const open = await newIncident(api);
    const timedOut = await runCli(['incidents', 'watch', open.id, '--exit-status', '--max-time', '25'], {
      env: server.env,
      inProcess: true,
      clock,
    });
    expect(timedOut.code, timedOut.stderr).toBe(5);
    expect(timedOut.stderr).toMatch(/^statusctl: incident \S+ was not resolved after --max-time 25 s$/m);
    // Reads every 10 s; the last wait ends at the deadline.
    expect(clock.slept).toEqual([10_000, 10_000, 5_000]);
    expect(lines(timedOut).map((line) => fields(line)[2])).toEqual(['watching']);
  });

  it('an unknown id is exit 4 before any watching; a bad --interval or -o md is exit 2', async () => {
    const { server } = await serverAndClient();
    const unknown = await runCli(['incidents', 'watch', '00000000-0000-4000-8000-000000000000'], { env: server.env, inProcess: true });
    expect(unknown.code).toBe(4);
    expect(unknown.stdout).toBe('');
    const fast = await runCli(['incidents', 'watch', '--interval', '0.5'], { env: server.env, inProcess: true });
    expect(fast.code).toBe(2);
    expect(fast.stderr).toContain('--interval');
    expect(fast.stderr).toContain('at least 1');
    const md = await runCli(['incidents', 'watch', '-o', 'md'], { env: server.env, inProcess: true });
    expect(md.code).toBe(2);
    expect(md.stderr).toMatch(/^hint: .*-o json/m);
  });
});

describe('incidents watch (every open incident)', () => {
  const parse = (line: string) => JSON.parse(line) as { event: string; incidentId: string; update?: { description: string } };

  it('-o json: one object per line per event; a new incident and each update appear; --exit-status ends when none is open', async () => {
    const clock = manualClock();
    const { server, api } = await serverAndClient({ now: clock.now });
    await withoutV3Incidents(api);
    const open = (await api.listIncidents({ query: { limit: '100' } })).entries.filter(isOpen);
    expect(open.length).toBeGreaterThan(0);
    const run = watch(clock, ['--exit-status', '-o', 'json'], server.env);
    await run.waiting();

    const added = await newIncident(api);
    await run.next();
    for (const incident of [...open, added]) await addUpdate(api, incident.id, 'RESOLVED', `Resolved ${incident.id}.`);
    const result = await run.end();

    expect(result.code, result.stderr).toBe(0);
    const events = lines(result).map(parse);
    expect(events.slice(0, open.length).map((event) => [event.event, event.incidentId])).toEqual(
      open.map((incident) => ['watching', incident.id]).reverse(),
    );
    expect(events.slice(open.length).map((event) => event.event)).toEqual(['opened', ...[...open, added].map(() => 'update')]);
    expect(events[open.length]!.incidentId).toBe(added.id);
    const updates = events.slice(open.length + 1);
    for (const event of updates) expect(event.update?.description).toBe(`Resolved ${event.incidentId}.`);
    expect(updates.map((event) => event.incidentId).sort()).toEqual([...open, added].map((incident) => incident.id).sort());
  });

  it('open incidents older than a hundred newer ones are watched: --exit-status never says none is open while one is; one deleted is a line', async () => {
    const clock = manualClock();
    const { server, api } = await serverAndClient({ now: clock.now });
    await withoutV3Incidents(api);
    const deleted = await newIncident(api);
    const open = (await api.listIncidents({ query: { limit: '100' } })).entries.filter(isOpen);
    expect(open.length).toBeGreaterThan(1);
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
    expect(newest.entries.filter(isOpen)).toEqual([]);
    expect(newest.nextId).toBeTruthy();

    const run = watch(clock, ['--exit-status', '--max-time', '15', '-o', 'json'], server.env);
    expect(await run.waiting()).toBe(10_000);
    await api.deleteIncident({ params: { incidentId: deleted.id } });
    expect(await run.next()).toBe(5_000);
    const result = await run.end();

    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toMatch(/^statusctl: incidents were still open after --max-time 15 s$/m);
    const events = lines(result).map(parse);
    expect(events.slice(0, open.length).map((event) => event.event)).toEqual(open.map(() => 'watching'));
    expect(
      events
        .slice(0, open.length)
        .map((event) => event.incidentId)
        .sort(),
    ).toEqual(open.map((incident) => incident.id).sort());
    expect(events.slice(open.length).map((event) => [event.event, event.incidentId])).toEqual([['deleted', deleted.id]]);
  });
});

describe('incidents watch under a rate limit', () => {
  it('waits out a 429 on the Retry-After it was given and still prints each change once', async () => {
    const clock = manualClock();
    // Two requests a second on the clock the watch waits on: the test's two requests that make the
    // incident spend them, so the watch's first read is refused.
    const { server, api } = await serverAndClient({ rateLimit: 2, now: clock.now });
    const incident = await newIncident(api);
    const run = watch(clock, [incident.id, '--exit-status', '--verbose'], server.env);
    expect(await run.waiting()).toBe(1000);
    // Read once the second has passed; then the default interval.
    expect(await run.next()).toBe(10_000);
    await addUpdate(api, incident.id, 'IDENTIFIED', 'A bad deploy.');
    await run.next();
    await addUpdate(api, incident.id, 'MONITORING', 'Rolled back.');
    await run.next();
    await addUpdate(api, incident.id, 'RESOLVED', 'Fixed.');
    const result = await run.end();

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/-> 429/);
    expect(clock.slept).toEqual([1000, 10_000, 10_000, 10_000]);
    expect(lines(result).map((line) => fields(line).slice(2))).toEqual([
      ['watching', `INVESTIGATING MAJOR ${incident.name} (1 update)`],
      ['update', 'IDENTIFIED A bad deploy.'],
      ['update', 'MONITORING Rolled back.'],
      ['update', 'RESOLVED Fixed.'],
    ]);
  });
});

describe('incidents watch through failures', () => {
  it('a read that fails (503) is a warning and is tried again, backing off; the change made meanwhile is printed once', async () => {
    const clock = manualClock();
    const { server, api } = await serverAndClient({ now: clock.now });
    const relay = await startFaultRelay(server.url);
    try {
      const incident = await newIncident(api);
      const run = watch(clock, [incident.id, '--exit-status'], { ...server.env, STATUSCTL_BASE_URL: relay.url });
      expect(await run.waiting()).toBe(10_000);
      relay.decide = () => 'unavailable';
      // The client's own tries of each read back off too; the watch's wait after a failed read
      // doubles: twice the interval, then twice that.
      const failedReadThenWait = async () => {
        const waits = [await run.next()];
        while (waits.at(-1)! < 10_000) waits.push(await run.next());
        return waits;
      };
      expect((await failedReadThenWait()).at(-1)).toBe(20_000);
      expect((await failedReadThenWait()).at(-1)).toBe(40_000);
      await addUpdate(api, incident.id, 'MONITORING', 'Rolled back while the link was down.');
      relay.decide = () => 'pass';
      expect(await run.next()).toBe(10_000);
      await addUpdate(api, incident.id, 'RESOLVED', 'Fixed.');
      const result = await run.end();

      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr.match(/^warning: .*503.*$/gm)?.map((line) => line.replace(/^.*; /, ''))).toEqual([
        'trying again in 20 s',
        'trying again in 40 s',
      ]);
      expect(result.stderr).toMatch(/^reading again$/m);
      expect(lines(result).map((line) => fields(line).slice(2))).toEqual([
        ['watching', `INVESTIGATING MAJOR ${incident.name} (1 update)`],
        ['update', 'MONITORING Rolled back while the link was down.'],
        ['update', 'RESOLVED Fixed.'],
      ]);
    } finally {
      await relay.close();
    }
  });
});

// The built binary on the real clock: a pipe, a terminal, the docs block. Each waits on its child
// processes, idle most of the time, so they run together, on one server started before them
// (one that a test starts is closed when any test ends); each watches an incident of its own.
describe.concurrent('incidents watch, the built binary', () => {
  let shared: { server: TestServer; api: Client };
  beforeAll(async () => {
    shared = await serverAndClient();
  });

  it('reads again when --interval has passed on the real clock, prints the change and exits 0 when it resolves', async ({ expect }) => {
    const { server, api } = shared;
    const incident = await newIncident(api);
    const run = startCli(['incidents', 'watch', incident.id, '--interval', '1', '--exit-status'], { env: server.env });
    try {
      await run.line(/\twatching\t/);
      await addUpdate(api, incident.id, 'RESOLVED', 'Fixed.');
      expect(fields(await run.line(/\tupdate\t/)).slice(1)).toEqual([incident.id, 'update', 'RESOLVED Fixed.']);
      expect((await run.exited).code, run.stderr()).toBe(0);
      expect(run.lines().map((line) => fields(line)[2])).toEqual(['watching', 'update']);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  });

  it('on a terminal, Ctrl-C exits 130 with one line on stderr, no stack, the cursor shown', async ({ expect }) => {
    const { server, api } = shared;
    const incident = await newIncident(api);
    // An hour between reads: the exit comes from Ctrl-C, not from the end of a wait.
    const session = await runPty(['incidents', 'watch', incident.id, '--interval', '3600'], {
      env: { ...server.env, TZ: 'America/New_York' },
    });
    try {
      await session.waitFor('watching');
      await session.waitFor('Ctrl-C to stop');
      session.write(KEYS.ctrlC);
      expect(await session.exited()).toBe(130);
    } finally {
      session.kill();
    }
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

  it('the block of "Watching an incident" runs as written: the watch ends with exit 0 when the incident resolves', async ({ expect }) => {
    const { server, api } = shared;
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

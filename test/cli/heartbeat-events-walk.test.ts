// heartbeats events --all, --state and a --limit above the API's 10 a request: the built binary
// as a child process against the reference server, on a check holding more events in its window
// than one request gives. What the walk returns is held to what the server itself counts and to
// the ids the pings were recorded with.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import { parseJson, runCli, runPty, startLimitedServerProcess, TEST_ACCOUNT, useTestServer } from './helpers.js';

const MINUTE = 60_000;
const test = useTestServer();
/** 37 pings in the last 24 hours, every 30 minutes, some late or failing; 5 more the day before. */
const check = randomUUID();
/** Recorded in the window, newest first: id and state. */
const inWindow: { id: string; state: string }[] = [];
const stateOf = (i: number) => (i % 11 === 0 ? 'FAILING' : i % 7 === 0 ? 'LATE' : 'RECEIVED');

beforeAll(async () => {
  const client = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key, accountId: test.server.account.id });
  const ping = (state: string, minutesAgo: number) =>
    client.recordHeartbeatEvent({
      params: { checkId: check },
      body: { state: state as 'RECEIVED', timestamp: new Date(Date.now() - minutesAgo * MINUTE).toISOString() },
    });
  for (let i = 1; i <= 37; i++) inWindow.push({ id: (await ping(stateOf(i), i * 30)).id, state: stateOf(i) });
  for (let i = 0; i < 5; i++) await ping('RECEIVED', 30 * 60 + i * 10);
});

const events = (args: string[]) => runCli(['heartbeats', 'events', check, ...args], { env: test.server.env });
/** The piped rows: TIME, STATE, SOURCE, EVENT ID. */
const rows = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));

describe('heartbeats events --all', () => {
  it('reads every event of a window holding more than one request gives, each once, newest first', async () => {
    // The server's own count of the window.
    const availability = await test.server.call('GET', `/v1/checks/heartbeats/${check}/availability`);
    expect(availability.json.totalEntitiesCurrentPeriod).toBe(37);
    const result = await events(['--all']);
    expect(result.code, result.stderr).toBe(0);
    const read = rows(result.stdout);
    expect(read).toHaveLength(37);
    expect(read.map((row) => row[3])).toEqual(inWindow.map((event) => event.id));
    expect(read.map((row) => row[1])).toEqual(inWindow.map((event) => event.state));
    const times = read.map((row) => Date.parse(row[0]!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('without it, one request: the newest 10', async () => {
    const result = await events([]);
    expect(result.code, result.stderr).toBe(0);
    expect(rows(result.stdout).map((row) => row[3])).toEqual(inWindow.slice(0, 10).map((event) => event.id));
  });

  it('-o json: the API shape, one entry holding every event and the stats', async () => {
    const result = await events(['--all', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const [entry, ...rest] =
      parseJson<{ events: { id: string }[]; stats: { last24Hours: { totalEntitiesCurrentPeriod: number } } }[]>(result);
    expect(rest).toEqual([]);
    expect(entry!.events.map((event) => event.id)).toEqual(inWindow.map((event) => event.id));
    expect(entry!.stats.last24Hours.totalEntitiesCurrentPeriod).toBe(37);
  });

  it('walks a window given by --from and --to, and stops at its start', async () => {
    const from = new Date(Date.now() - 16 * 60 * MINUTE).toISOString();
    const to = new Date(Date.now() - 4 * 60 * MINUTE).toISOString();
    const result = await events(['--from', from, '--to', to, '--all']);
    expect(result.code, result.stderr).toBe(0);
    const read = rows(result.stdout).map((row) => row[3]);
    const query = `startTime=${encodeURIComponent(from)}&endTime=${encodeURIComponent(to)}`;
    const counted = await test.server.call('GET', `/v1/checks/heartbeats/${check}/availability?${query}`);
    // The pings of 4 to 16 hours ago: more than one request gives, fewer than the whole day.
    expect(counted.json.totalEntitiesCurrentPeriod).toBeGreaterThan(20);
    expect(read).toHaveLength(counted.json.totalEntitiesCurrentPeriod);
    const first = inWindow.findIndex((event) => event.id === read[0]);
    expect(read).toEqual(inWindow.slice(first, first + read.length).map((event) => event.id));
  });

  it('--limit above 10 reads on: the newest 25, and says how to read the rest', async () => {
    const result = await events(['--limit', '25']);
    expect(result.code, result.stderr).toBe(0);
    expect(rows(result.stdout).map((row) => row[3])).toEqual(inWindow.slice(0, 25).map((event) => event.id));
    expect(result.stderr).toContain('more: --all reads every event of the window');
  });

  it('--all with --limit is a usage error', async () => {
    const result = await events(['--all', '--limit', '5']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--all and --limit');
    expect(result.stderr).toMatch(/^hint: /m);
  });
});

describe('heartbeats events --state', () => {
  const failures = () => inWindow.filter((event) => event.state !== 'RECEIVED');

  it('keeps the events in those states, in any case, from the whole window with --all', async () => {
    const result = await events(['--state', 'late,Failing', '--all']);
    expect(result.code, result.stderr).toBe(0);
    const read = rows(result.stdout);
    expect(read.map((row) => row[3])).toEqual(failures().map((event) => event.id));
    expect(new Set(read.map((row) => row[1]))).toEqual(new Set(['LATE', 'FAILING']));
  });

  it('reads past the first request until --limit of them are found', async () => {
    // The newest 10 events hold one LATE (the 7th); the second is the 14th.
    const late = inWindow.filter((event) => event.state === 'LATE');
    const result = await events(['--state', 'LATE', '--limit', '2']);
    expect(result.code, result.stderr).toBe(0);
    expect(rows(result.stdout).map((row) => row[3])).toEqual(late.slice(0, 2).map((event) => event.id));
  });

  it('on a terminal, says what was kept of what was read', async () => {
    const result = await runCli(['heartbeats', 'events', check, '--state', 'failing', '--all', '--no-pager'], {
      env: { ...test.server.env, NO_COLOR: '1' },
      inProcess: true,
      terminalColumns: 80,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/state\s+FAILING: 3 of 37 read/);
  });

  it('shows its progress on a terminal, on stderr', async () => {
    const session = await runPty(['heartbeats', 'events', check, '--all'], { env: { ...test.server.env, STATUSCTL_PAGER: '' }, cols: 80 });
    expect(await session.exited()).toBe(0);
    expect(session.screen()).toMatch(/Reading heartbeat events back to \S+: \d+ read so far/);
  });

  it('a state that is not one: exit 2 naming the option, the states it takes, and a hint', async () => {
    const result = await events(['--state', 'late,broken']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const [message, hint] = result.stderr.split('\n');
    expect(message).toContain("option '--state <states>': 'broken' is not a state");
    expect(message).toContain('RECEIVED, EARLY, GRACE, LATE, FAILING');
    expect(hint).toMatch(/^hint: .*--state late,failing/);
  });
});

describe('heartbeats events --all under a rate limit (statusctl server --rate-limit, its own process)', () => {
  it('waits out the 429s and still reads every event', async () => {
    // A fixture file names a check by a key; the server's id for it is derived from the account and the key.
    const key = 'paced-heartbeat';
    const id = seededId(TEST_ACCOUNT.id, 'check', key);
    const now = Date.now();
    const fixtureEvents = Array.from({ length: 25 }, (_, i) => ({
      state: 'RECEIVED',
      timestamp: new Date(now - (i + 1) * 20 * MINUTE).toISOString(),
    }));
    const limited = await startLimitedServerProcess(1, { heartbeats: [{ checkId: key, events: fixtureEvents }] });
    try {
      const result = await runCli(['heartbeats', 'events', id, '--all', '--verbose'], { env: limited.env });
      expect(result.code, result.stderr).toBe(0);
      expect(rows(result.stdout)).toHaveLength(25);
      // The limit was met on the way, and waited out.
      expect(result.stderr).toMatch(/ -> 429 /);
    } finally {
      limited.child.kill('SIGTERM');
    }
  });
});

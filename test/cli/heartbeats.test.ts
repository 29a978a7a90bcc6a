// heartbeats availability: the CLI in-process (run(), runCli with inProcess) against the reference server, with pings recorded
// through the reference-only ingest route.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { HeartbeatAvailability } from '../../src/contract/schemas.js';
import { closedPortUrl, parseJson, removeTempDirs, startTestServer, type TestServer, runCli } from './helpers.js';

const HOUR = 3_600_000;
let server: TestServer;
let client: Client;
/** 8 pings in the last 24 hours, 6 good (75%); 4 good pings the day before (100%). */
let mixed: string;
/** Pings only the day before: the current period has no ratio. */
let quietNow: string;

async function ping(checkId: string, state: 'RECEIVED' | 'LATE' | 'FAILING', hoursAgo: number): Promise<void> {
  await client.recordHeartbeatEvent({
    params: { checkId },
    body: { state, timestamp: new Date(Date.now() - hoursAgo * HOUR).toISOString() },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  client = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
  mixed = randomUUID();
  quietNow = randomUUID();
  for (let hour = 1; hour <= 8; hour++) await ping(mixed, hour === 2 ? 'LATE' : hour === 5 ? 'FAILING' : 'RECEIVED', hour);
  for (let hour = 30; hour <= 33; hour++) await ping(mixed, 'RECEIVED', hour);
  await ping(quietNow, 'RECEIVED', 30);
});

afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

describe('heartbeats availability', () => {
  /** On a terminal this wide (in-process: stdout says it is a TTY of that width). */
  const onTerminal = (args: string[], env: Record<string, string> = {}) =>
    runCli(['heartbeats', 'availability', ...args, '--no-pager'], {
      env: { ...server.env, ...env },
      terminalColumns: 120,
      inProcess: true,
    });

  it('piped: one row of plain figures (current, previous, change in points, events, error), no bar, no color', async () => {
    const result = await runCli(['heartbeats', 'availability', mixed], { env: server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${mixed}\t75.00\t100.00\t-25.00\t8\t\n`);
  });

  it('on a terminal: the window, and a bar drawn to scale against the target (75% of the way from the floor to 100%)', async () => {
    // At --fail-under 70 the bar runs from 0% (no lower: 70% less three times its headroom) to 100%, 70% marked: 75% is just past the mark.
    const result = await onTerminal([mixed, '--fail-under', '70'], { NO_COLOR: '1' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('the last 24 hours');
    const line = result.stdout.split('\n').find((text) => text.includes(mixed))!;
    expect(line).toMatch(/75\.00%.*█+│[▏▎▍▌▋▊▉]?░+.*100\.00%\s+-25\.00 pts\s+8/);
    expect(result.stdout).toContain('Bars run from 0% to 100%; │ marks the target, 70%.');
  });

  it('colors the figure and its bar by threshold on a terminal', async () => {
    // 75% is below the default 95% mark (red); at --fail-under 70 it passes (green).
    expect((await onTerminal([mixed])).stdout).toContain('\x1b[31m75.00%');
    expect((await onTerminal([mixed, '--fail-under', '70'])).stdout).toContain('\x1b[32m75.00%');
  });

  it('-o json: an array of {checkId, availability, error} for one check as for several', async () => {
    const result = await runCli(['heartbeats', 'availability', mixed, '-o', 'json'], { env: server.env, inProcess: true });
    expect(result.code).toBe(0);
    const [entry, ...rest] = parseJson<{ checkId: string; availability: unknown; error: unknown }[]>(result);
    expect(rest).toEqual([]);
    expect(entry!.checkId).toBe(mixed);
    expect(entry!.error).toBeNull();
    expect(HeartbeatAvailability.parse(entry!.availability)).toEqual({
      successRatio: { currentPeriod: 75, previousPeriod: 100 },
      totalEntitiesCurrentPeriod: 8,
    });
  });

  it('says "no events" for a period without a ratio (an empty field piped)', async () => {
    const result = await runCli(['heartbeats', 'availability', quietNow], { env: server.env, inProcess: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${quietNow}\t\t100.00\t\t0\t\n`);
    expect((await onTerminal([quietNow])).stdout).toMatch(new RegExp(`${quietNow}\\s+no events\\s+100\\.00%\\s+-\\s+0`));
  });

  it('handles a null body (no events in either window), in text and JSON', async () => {
    const window = ['--from', '2020-01-01', '--to', '2020-01-02'];
    const text = await runCli(['heartbeats', 'availability', mixed, ...window], { env: server.env, inProcess: true });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toBe(`${mixed}\t\t\t\t0\t\n`);
    const terminal = await onTerminal([mixed, ...window]);
    expect(terminal.stdout.match(/no events/g)).toHaveLength(2);
    expect(terminal.stdout).toContain('2020-01-01 to the end of 2020-01-02');
    const json = await runCli(['heartbeats', 'availability', mixed, ...window, '--json'], { env: server.env, inProcess: true });
    expect(parseJson(json)).toEqual([{ checkId: mixed, availability: null, error: null }]);
  });

  it('accepts ISO date-times for the window', async () => {
    const from = new Date(Date.now() - 10 * HOUR).toISOString();
    const result = await runCli(['heartbeats', 'availability', mixed, '--from', from, '--json'], { env: server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(HeartbeatAvailability.parse(parseJson<{ availability: unknown }[]>(result)[0]!.availability)?.totalEntitiesCurrentPeriod).toBe(
      8,
    );
  });

  describe('--fail-under', () => {
    it('passes (exit 0) when the current ratio reaches it', async () => {
      const result = await runCli(['heartbeats', 'availability', mixed, '--fail-under', '75'], { env: server.env, inProcess: true });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
    });

    it('fails with exit 5 and the reason on stderr when the ratio is below it; the result is still printed', async () => {
      const result = await runCli(['heartbeats', 'availability', mixed, '--fail-under', '99.5'], { env: server.env, inProcess: true });
      expect(result.code).toBe(5);
      expect(result.stderr).toContain('75.00% is below --fail-under 99.5%');
      expect(result.stdout).toContain('75.00');
      const json = await runCli(['heartbeats', 'availability', mixed, '--fail-under', '99.5', '--json'], {
        env: server.env,
        inProcess: true,
      });
      expect(json.code).toBe(5);
      expect(HeartbeatAvailability.parse(parseJson<{ availability: unknown }[]>(json)[0]!.availability)).not.toBeNull();
    });

    it('fails with exit 5 when the current period has no events at all', async () => {
      const quiet = await runCli(['heartbeats', 'availability', quietNow, '--fail-under', '1'], { env: server.env, inProcess: true });
      expect(quiet.code).toBe(5);
      expect(quiet.stderr).toContain('no heartbeat events in the current period');
      const empty = await runCli(['heartbeats', 'availability', mixed, '--from', '2020-01-01', '--to', '2020-01-02', '--fail-under', '1'], {
        env: server.env,
        inProcess: true,
      });
      expect(empty.code).toBe(5);
    });

    it('exits 2 for a value that is not a percentage', async () => {
      for (const value of ['150', '-1', 'high']) {
        const result = await runCli(['heartbeats', 'availability', mixed, '--fail-under', value], { env: server.env, inProcess: true });
        expect(result.code, value).toBe(2);
        expect(result.stderr).toContain('--fail-under');
      }
    });
  });

  it('exits 2 naming the option for a bad --from or --to, or a window that ends before it starts', async () => {
    const cases: [string[], string][] = [
      [['--from', 'yesterday'], '--from'],
      [['--to', '2025-02-30'], '--to'],
      [['--from', '2025-01-01T10:00'], '--from'],
      [['--from', '2025-01-03', '--to', '2025-01-02'], '--from'],
    ];
    for (const [args, option] of cases) {
      const result = await runCli(['heartbeats', 'availability', mixed, ...args], { env: server.env, inProcess: true });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(option);
    }
  });

  it('exits 4 for an unknown check, 3 without a key', async () => {
    expect((await runCli(['heartbeats', 'availability', randomUUID()], { env: server.env, inProcess: true })).code).toBe(4);
    expect((await runCli(['heartbeats', 'availability', mixed], { env: { STATUSCTL_BASE_URL: server.url }, inProcess: true })).code).toBe(
      3,
    );
  });
});

describe('a check or event id that is not a UUID', () => {
  // Nothing listens at the base URL: a request sent would fail on the network (exit 1), so exit 2
  // shows the value was refused before any request.
  let nowhere: Record<string, string>;
  beforeAll(async () => {
    nowhere = { ...server.env, STATUSCTL_BASE_URL: await closedPortUrl() };
  });
  const refused = async (args: string[], argument: string, hint: RegExp) => {
    const result = await runCli(args, { env: nowhere, inProcess: true });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    const [message, hintLine, ...rest] = result.stderr.split('\n');
    expect(message).toMatch(
      new RegExp(`^statusctl: ${argument}: expected the id of .+, a UUID \\(8-4-4-4-12 hexadecimal digits\\); got "hb-1"$`),
    );
    expect(hintLine).toMatch(hint);
    expect(rest.join('')).toBe('');
  };

  it('is refused before any request, naming the argument, what it takes and where the id is', async () => {
    await refused(['heartbeats', 'availability', 'hb-1'], 'CHECK', /^hint: give the whole id: a heartbeat check's id is a UUID/);
    await refused(['heartbeats', 'availability', mixed, 'hb-1'], 'CHECK', /^hint: /);
    await refused(['heartbeats', 'events', 'hb-1'], 'CHECK', /^hint: /);
    await refused(['heartbeats', 'events', 'hb-1', randomUUID()], 'CHECK', /^hint: /);
    await refused(
      ['heartbeats', 'events', mixed, 'hb-1'],
      'EVENT',
      new RegExp(`^hint: give the whole id: statusctl heartbeats events ${mixed} lists`),
    );
  });

  it('is sent once whole, spaces around it dropped', async () => {
    const result = await runCli(['heartbeats', 'availability', ` ${mixed} `], { env: server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
  });
});

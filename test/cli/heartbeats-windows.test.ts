// heartbeats availability as on-call asks for it, in process against the reference
// server: windows said as `--since 7d` or `--from 2d --to 1d`, several checks in one call (one
// row each, with the change from the previous period), --fail-under applied to each, and a
// ratio written where a percentage is meant refused instead of making a gate that never fires.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { runCli, runPty, useTestServer } from './helpers.js';

const HOUR = 3_600_000;
const test = useTestServer();
/** 8 pings in the last 24 h (6 good: 75%), 4 good 30-33 h ago, 2 good 100 h ago. */
const mixed = randomUUID();
/** Good pings every 2 hours for 5 days: 100% in any window. */
const steady = randomUUID();

beforeAll(async () => {
  const client = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key });
  const ping = (checkId: string, state: 'RECEIVED' | 'LATE' | 'FAILING', hoursAgo: number) =>
    client.recordHeartbeatEvent({ params: { checkId }, body: { state, timestamp: new Date(Date.now() - hoursAgo * HOUR).toISOString() } });
  for (let hour = 1; hour <= 8; hour++) await ping(mixed, hour === 2 ? 'LATE' : hour === 5 ? 'FAILING' : 'RECEIVED', hour);
  for (let hour = 30; hour <= 33; hour++) await ping(mixed, 'RECEIVED', hour);
  for (const hour of [100, 101]) await ping(mixed, 'RECEIVED', hour);
  for (let hour = 1; hour <= 120; hour += 2) await ping(steady, 'RECEIVED', hour);
});

const json = async (args: string[]) => {
  const result = await runCli(['heartbeats', 'availability', ...args, '--json'], { env: test.server.env, inProcess: true });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};
/** One check's answer, from the array -o json prints for any number of checks. */
const one = async (args: string[]) => (await json(args))[0].availability;

describe('windows people say', () => {
  it('--since 7d covers the last 7 days', async () => {
    expect((await one([mixed, '--since', '7d'])).totalEntitiesCurrentPeriod).toBe(14);
    expect((await one([mixed, '--since', '24h'])).totalEntitiesCurrentPeriod).toBe(8);
  });

  it('--from and --to take a time ago: --from 2d --to 1d is the day before the last 24 hours', async () => {
    const day = await one([mixed, '--from', '2d', '--to', '1d']);
    expect(day.totalEntitiesCurrentPeriod).toBe(4);
    expect(day.successRatio.currentPeriod).toBe(100);
    // Without --to the window ends now.
    expect((await one([mixed, '--from', '7d'])).totalEntitiesCurrentPeriod).toBe(14);
  });

  it('says the window in words, on a terminal and in Markdown', async () => {
    const session = await runPty(['heartbeats', 'availability', mixed, '--since', '7d'], { env: test.server.env });
    expect(await session.exited()).toBe(0);
    expect(session.screen()).toContain('the last 7 days');
    const relative = await runCli(['heartbeats', 'availability', mixed, '--from', '2d', '--to', '1d', '-o', 'md'], {
      env: test.server.env,
      inProcess: true,
    });
    expect(relative.stdout).toContain('2d ago to 1d ago');
  });

  it('bad windows are usage errors before any request', async () => {
    for (const args of [
      ['--since', '7x'],
      ['--since', '7d', '--from', '2d'],
      ['--from', 'yesterday'],
      ['--from', '1d', '--to', '2d'],
    ]) {
      const result = await runCli(['heartbeats', 'availability', mixed, ...args], { env: test.server.env, inProcess: true });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^statusctl: /);
    }
  });
});

describe('several checks', () => {
  it('one row each when piped: id, current, previous, change (points), events, error', async () => {
    const result = await runCli(['heartbeats', 'availability', mixed, steady], { env: test.server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')).toEqual([`${mixed}\t75.00\t100.00\t-25.00\t8\t`, `${steady}\t100.00\t100.00\t0.00\t12\t`, '']);
  });

  it('-o json: one entry per check, in the order given', async () => {
    const entries = await json([steady, mixed]);
    expect(entries.map((entry: { checkId: string }) => entry.checkId)).toEqual([steady, mixed]);
    expect(entries[1].availability).toEqual({ successRatio: { currentPeriod: 75, previousPeriod: 100 }, totalEntitiesCurrentPeriod: 8 });
  });

  it('-o md: a table to paste', async () => {
    const result = await runCli(['heartbeats', 'availability', mixed, steady, '-o', 'md'], { env: test.server.env, inProcess: true });
    expect(result.stdout).toContain('| CHECK | CURRENT | PREVIOUS | CHANGE | EVENTS |');
    expect(result.stdout).toContain(`| \`${mixed}\` | 75.00% | 100.00% | -25.00 pts | 8 |`);
  });

  it('on a terminal: a bar per check', async () => {
    const session = await runPty(['heartbeats', 'availability', mixed, steady, '--since', '24h'], { env: test.server.env });
    expect(await session.exited()).toBe(0);
    const screen = session.screen();
    expect(screen).toContain('Heartbeat availability the last 24 hours');
    expect(screen).toMatch(new RegExp(`${mixed}\\s+75\\.00%\\s+░+│░+\\s+100\\.00%\\s+-25\\.00 pts\\s+8`));
    expect(screen).toMatch(new RegExp(`${steady}\\s+100\\.00%\\s+█+│█+\\s+100\\.00%`));
  });
});

describe('--fail-under', () => {
  it('applies to each check: exit 5 naming the checks under it', async () => {
    const result = await runCli(['heartbeats', 'availability', mixed, steady, '--fail-under', '99.5%'], {
      env: test.server.env,
      inProcess: true,
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('1 of 2 checks below --fail-under 99.5%:');
    expect(result.stderr).toContain(`${mixed}: 75.00%`);
    expect(result.stderr).not.toContain(`${steady}:`);
    const passing = await runCli(['heartbeats', 'availability', steady, steady, '--fail-under', '99.5%'], {
      env: test.server.env,
      inProcess: true,
    });
    expect(passing.code, passing.stderr).toBe(0);
  });

  it('a bare number below 1 is a usage error that says to write the percentage', async () => {
    const result = await runCli(['heartbeats', 'availability', mixed, '--fail-under', '0.995'], { env: test.server.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('0.995 reads as 0.995%, not 99.5%: write the percentage with its sign, e.g. 99.5%');
    // Written with its sign, a small percentage is taken as meant.
    const signed = await runCli(['heartbeats', 'availability', mixed, '--fail-under', '0.5%'], { env: test.server.env, inProcess: true });
    expect(signed.code, signed.stderr).toBe(0);
  });
});

// heartbeats availability says where the window was worst: the built binary in a real terminal,
// 80 columns wide, against the reference server, on a check with one bad UTC hour. The hour, its
// ratio and its events are held to the server's own answer for that hour; piped and JSON output
// stay as they were.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { runCli, runPty, useTestServer } from './helpers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const test = useTestServer();
const check = randomUUID();
/** Six pings, four of them failures, in the UTC hour that began five hours before this one. */
const badHour = Math.floor(Date.now() / HOUR) * HOUR - 5 * HOUR;

beforeAll(async () => {
  const client = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key, accountId: test.server.account.id });
  const ping = (state: 'RECEIVED' | 'LATE' | 'FAILING', at: number) =>
    client.recordHeartbeatEvent({ params: { checkId: check }, body: { state, timestamp: new Date(at).toISOString() } });
  for (let i = 0; i < 6; i++) await ping(i < 4 ? 'FAILING' : 'RECEIVED', badHour + (5 + i * 10) * MINUTE);
  // Every 10 minutes over the last 22 hours outside that hour, one of them late.
  for (let at = Date.now() - 22 * HOUR; at < Date.now() - MINUTE; at += 10 * MINUTE) {
    if (at >= badHour && at < badHour + HOUR) continue;
    await ping(at > badHour + 3 * HOUR && at < badHour + 3 * HOUR + 10 * MINUTE ? 'LATE' : 'RECEIVED', at);
  }
});

async function onTerminal(args: string[]): Promise<{ code: number; lines: string[] }> {
  const session = await runPty(['heartbeats', 'availability', check, ...args], {
    cols: 80,
    env: { ...test.server.env, STATUSCTL_PAGER: '', NO_COLOR: '1' },
  });
  const code = await session.exited();
  return { code, lines: session.screen().replace(/\r\n/g, '\n').split('\n') };
}

describe('heartbeats availability: where the window was worst', () => {
  it('on a terminal, the worst UTC hour of a 24-hour window, with its ratio and events as the server counts them', async () => {
    const hour = await test.server.call(
      'GET',
      `/v1/checks/heartbeats/${check}/availability?startTime=${new Date(badHour).toISOString()}&endTime=${new Date(badHour + HOUR - 1).toISOString()}`,
    );
    expect(hour.json.successRatio.currentPeriod).toBe(33.33);
    expect(hour.json.totalEntitiesCurrentPeriod).toBe(6);
    const { code, lines } = await onTerminal([]);
    expect(code).toBe(0);
    const header = lines.findIndex((line) => /^CHECK\s+WORST HOUR \(UTC\)\s+SUCCESS\s+EVENTS/.test(line));
    expect(header, lines.join('\n')).toBeGreaterThan(0);
    const label = new Date(badHour).toISOString().slice(0, 16).replace('T', ' ');
    expect(lines[header + 1]).toMatch(new RegExp(`^${check}\\s+${label}\\s+33\\.33%\\s+6\\s*$`));
    for (const line of lines) expect([...line.trimEnd()].length).toBeLessThanOrEqual(80);
  });

  it('by the day for a longer window', async () => {
    const { code, lines } = await onTerminal(['--since', '7d']);
    expect(code).toBe(0);
    const header = lines.findIndex((line) => /^CHECK\s+WORST DAY \(UTC\)\s+SUCCESS\s+EVENTS/.test(line));
    expect(header, lines.join('\n')).toBeGreaterThan(0);
    expect(lines[header + 1]).toMatch(new RegExp(`^${check}\\s+\\d{4}-\\d{2}-\\d{2}\\s+\\d+\\.\\d{2}%\\s+\\d+\\s*$`));
  });

  it('piped and in JSON: the figures only, as before', async () => {
    const piped = await runCli(['heartbeats', 'availability', check], { env: test.server.env });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(piped.stdout).not.toMatch(/worst/i);
    const json = await runCli(['heartbeats', 'availability', check, '-o', 'json'], { env: test.server.env });
    expect(Object.keys(JSON.parse(json.stdout)[0]).sort()).toEqual(['availability', 'checkId', 'error']);
  });
});

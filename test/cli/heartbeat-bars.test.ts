// heartbeats availability's bars against the target: the built binary in a real terminal, 80
// columns wide, against the reference server. A check at 97.6 % and one at 100 % must not look
// alike, as they did on a bar from 0 to 100 %; piped output stays whole figures, without bars.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { runCli, runPty, useTestServer } from './helpers.js';

const MINUTE = 60_000;
const test = useTestServer();
/** 125 pings in the last 24 hours, 3 of them failures: 97.60 %. */
const mostly = randomUUID();
/** 20 good pings: 100 %. */
const always = randomUUID();

beforeAll(async () => {
  const client = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key, accountId: test.server.account.id });
  const ping = (checkId: string, state: 'RECEIVED' | 'FAILING', minutesAgo: number) =>
    client.recordHeartbeatEvent({
      params: { checkId },
      body: { state, timestamp: new Date(Date.now() - minutesAgo * MINUTE).toISOString() },
    });
  for (let i = 1; i <= 125; i++) await ping(mostly, i % 40 === 0 ? 'FAILING' : 'RECEIVED', i * 10);
  for (let i = 1; i <= 20; i++) await ping(always, 'RECEIVED', i * 60);
});

/** Each check's bar as the terminal shows it, the screen's lines, and how it ended. */
async function bars(args: string[]): Promise<{ code: number; lines: string[]; bar: (check: string) => string }> {
  const session = await runPty(['heartbeats', 'availability', mostly, always, ...args], {
    cols: 80,
    env: { ...test.server.env, STATUSCTL_PAGER: '', NO_COLOR: '1' },
  });
  const code = await session.exited();
  const lines = session.screen().replace(/\r\n/g, '\n').split('\n');
  const bar = (check: string) => /[█▏▎▍▌▋▊▉░│]{6,}/.exec(lines.find((line) => line.startsWith(check)) ?? '')?.[0] ?? '';
  return { code, lines, bar };
}

const filled = (bar: string) => [...bar].filter((char) => char !== '░' && char !== '│').length;

describe('heartbeats availability bars, 80 columns', () => {
  it('97.6 % and 100 % differ at a glance: each bar is drawn against the target, which is marked in the same place', async () => {
    const { code, lines, bar } = await bars([]);
    expect(code).toBe(0);
    expect(lines.find((line) => line.startsWith(mostly))).toContain('97.60%');
    const low = bar(mostly);
    const full = bar(always);
    expect(low).not.toBe(full);
    expect(low.length).toBe(full.length);
    // 100 % fills the whole bar; 97.6 % fills less than the part before the target (99 % without --fail-under).
    expect(filled(full)).toBe(full.length - 1);
    expect(low.indexOf('│')).toBe(full.indexOf('│'));
    expect(filled(low)).toBeLessThan(low.indexOf('│'));
    expect(filled(low)).toBeGreaterThan(0);
    expect(lines).toContain('Bars run from 96% to 100%; │ marks the target, 99%.');
    for (const line of lines) expect([...line.trimEnd()].length).toBeLessThanOrEqual(80);
  });

  it('the target is --fail-under when given: 97.6 % sits under the bar at 99.5 %, 100 % above the mark', async () => {
    const { code, lines, bar } = await bars(['--fail-under', '99.5%']);
    expect(code).toBe(5);
    expect(filled(bar(mostly))).toBe(0);
    expect(filled(bar(always))).toBe(bar(always).length - 1);
    expect(lines).toContain('Bars run from 98% to 100%; │ marks the target, 99.5%.');
  });

  it('piped: whole figures, no bars, no legend', async () => {
    const result = await runCli(['heartbeats', 'availability', mostly, always], { env: test.server.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${mostly}\t97.60\t\t\t125\t\n${always}\t100.00\t\t\t20\t\n`);
  });
});

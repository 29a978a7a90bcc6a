// `incidents resolve` with several ids under a rate limit: --max-wait says how long a 429 is
// waited out before that id fails. The server's limiter runs on a clock the test holds still, so
// once its tokens are spent every request is answered 429 and only --max-wait decides.
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { removeTempDirs, runCli, startTestServer } from './helpers.js';

afterAll(() => removeTempDirs());

describe('incidents resolve under a rate limit', () => {
  it('--max-wait 0: the first incident gets its update with the two requests the limit allows; the others fail at once as rate limited', async () => {
    let clock = Date.parse('2026-01-05T10:00:00Z');
    const server = await startTestServer({ rateLimit: 2, now: () => clock });
    const direct = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
    const before = (await direct.listIncidents({ query: { limit: '3' } })).entries;
    const ids = before.map((incident) => incident.id);
    expect(ids).toHaveLength(3);
    // A full bucket of two, and no more for the rest of the run.
    clock += 60_000;

    // --force: each id is a read and a write, whatever its status.
    const args = ['incidents', 'resolve', ...ids, '--force', '--concurrency', '1', '--max-wait', '0'];
    const result = await runCli(args, { env: server.env, inProcess: true });
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map(([id, outcome]) => [id, outcome])).toEqual([
      [ids[0], 'resolved'],
      [ids[1], 'failed'],
      [ids[2], 'failed'],
    ]);
    expect(rows[1]![2]).toMatch(/429|rate limit/i);
    expect(result.code, result.stderr).toBe(1);

    // Only the first got an update: the limit stopped the others before theirs.
    clock += 60_000;
    const after = (await direct.listIncidents({ query: { limit: '3' } })).entries;
    expect(after.map((incident) => incident.id)).toEqual(ids);
    expect(after.map((incident, i) => incident.incidentUpdates.length - before[i]!.incidentUpdates.length)).toEqual([1, 0, 0]);
    expect(after[0]!.lastUpdateStatus).toBe('RESOLVED');
  });

  it('--max-wait takes whole seconds', async () => {
    const result = await runCli(['incidents', 'resolve', '0ae1221b-6727-5303-a6ed-e01c2c4e4ecd', '--max-wait', 'soon'], {
      inProcess: true,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("option '--max-wait <seconds>' argument 'soon' is invalid");
  });
});

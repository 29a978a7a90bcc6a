// Many ids through the built binary, as a CI job does it: 200 ids piped to
// `statusctl error-groups archive -`. Every id gets its line, in order, and the unknown ids make
// the exit code 4. Then under the server's rate limit: 200 ids at --concurrency 12, and two runs
// at once on one key, all finish with no failure. Those run in process, the server's limiter and
// the CLI's waits on one test clock (test/support/clock.ts), so the 429s are sent and honoured
// without waiting in real time; that `statusctl server --rate-limit` in a process of its own
// applies the same limit is checked once, directly. The pacing logic itself is tested in
// test/client/rate-limit.test.ts, and the time against the ideal is measured in
// bench/rate-limit.bench.mjs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import type { TestClock } from '../support/clock.js';
import {
  parseJson,
  removeTempDirs,
  runCli,
  startLimitedServerProcess,
  startPacedGroupsServer,
  startTestServer,
  TEST_ACCOUNT,
  tempConfigDir,
  type TestServer,
} from './helpers.js';

/**
 * Requests a second per key: 12 workers against a local server send far more, so the limit is
 * met at the start of each run (the 429s are asserted) and paces the rest of it.
 */
const RATE_LIMIT = 20;

const KNOWN = 190;
const ALREADY_ARCHIVED = 5;
let server: TestServer;
let known: string[];
const unknown = Array.from({ length: 200 - KNOWN }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

beforeAll(async () => {
  // Groups from a fixture file: setting them up does not spend the rate limit.
  const fixtures = join(tempConfigDir(), 'groups.json');
  const groups = Array.from({ length: KNOWN }, (_, i) => ({
    id: `bulk-${i}`,
    checkId: `bulk-check-${i}`,
    rawErrorMessage: `Error: bulk failure number ${i}`,
    timestamps: ['-1h'],
    ...(i < ALREADY_ARCHIVED ? { archived: 'FOREVER' as const } : {}),
  }));
  writeFileSync(fixtures, JSON.stringify({ errorGroups: groups }));
  server = await startTestServer({ fixturesPath: fixtures });
  known = groups.map((group) => seededId(server.account.id, 'error-group', group.id));
});

afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

describe('error-groups archive - (built binary)', () => {
  it('200 ids from stdin: 200 lines in order, exit 4 for the unknown ids', async () => {
    // Unknown ids spread through the list; a comment and blank lines as a script would leave them.
    const ids = [...known];
    for (const [i, id] of unknown.entries()) ids.splice(i * 20 + 7, 0, id);
    const input = `# groups from the nightly run\n\n${ids.join('\n')}\n\n`;

    const result = await runCli(['error-groups', 'archive', '-', '--forever', '--verbose'], { env: server.env, input });
    expect(result.code, result.stderr.slice(-2000)).toBe(4);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(200);
    expect(lines.map((line) => line.split('\t')[0])).toEqual(ids);
    for (const line of lines) {
      const [id, outcome] = line.split('\t');
      expect(outcome, line).toBe(unknown.includes(id!) ? 'not-found' : 'archived');
      if (outcome === 'archived') expect(line).toBe(`${id}\tarchived\tfor ever`);
    }
    expect(result.stderr).toContain(`statusctl: ${unknown.length} of 200 failed (${unknown.length} not-found)`);

    // Archived for ever: a new matching error leaves them archived (it would bring back a group
    // that was not).
    const client = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
    for (const i of [0, ALREADY_ARCHIVED, KNOWN - 1]) {
      const group = await client.recordErrorEvent({
        body: { checkId: seededId(server.account.id, 'check', `bulk-check-${i}`), rawErrorMessage: `Error: bulk failure number ${i}` },
      });
      expect(group.id).toBe(known[i]);
      expect(group.archivedUntilNextEvent).toBe(true);
    }
  });

  it('--json: an array of {id, ok, status, error, group}, one per id, exit 0 when all are known (archived ones included)', async () => {
    const some = known.slice(0, 30);
    const result = await runCli(['error-groups', 'unarchive', '-', '--json', '--concurrency', '8'], {
      env: server.env,
      input: some.join('\n'),
    });
    expect(result.code, result.stderr.slice(-2000)).toBe(0);
    expect(parseJson(result)).toEqual(
      some.map((id) => ({ id, ok: true, status: 200, error: null, group: expect.objectContaining({ id, archivedUntilNextEvent: false }) })),
    );
  });
});

/**
 * What the runs waited, on the clock: some waits, each a whole Retry-After of this limit (one
 * second) or less (the rest of a pause another request's 429 had started), and together at
 * least what the bucket needs to refill for `accepted` requests past its burst. Only the waits
 * move the clock, so a run that sent again before the pause was over would have met 429s until
 * it failed.
 */
function expectLimitWaitedOut(clock: TestClock, accepted: number): void {
  expect(clock.slept.length).toBeGreaterThan(0);
  for (const wait of clock.slept) expect(wait).toBeGreaterThan(0);
  expect(Math.max(...clock.slept)).toBe(1000);
  expect(clock.slept.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThanOrEqual(((accepted - RATE_LIMIT) / RATE_LIMIT) * 1000);
}

describe('the limit of statusctl server --rate-limit (the built binary, its own process)', () => {
  it('is the one the runs below meet: past its burst a request is answered 429 with Retry-After', async () => {
    const limited = await startLimitedServerProcess(1, { errorGroups: [] });
    try {
      // At one request a second, three at once: the first spends the burst, the others are refused.
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          fetch(`${limited.url}/v1/error-groups`, {
            headers: { authorization: `Bearer ${TEST_ACCOUNT.key}`, 'x-service-account': TEST_ACCOUNT.id },
          }),
        ),
      );
      const refused = answers.filter((answer) => answer.status === 429);
      expect(answers.map((answer) => answer.status)).toContain(200);
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) expect(answer.headers.get('retry-after')).toBe('1');
    } finally {
      limited.child.kill('SIGTERM');
    }
  });
});

describe(`error-groups archive - under a shared rate limit (${RATE_LIMIT} requests a second per key)`, () => {
  it('200 ids at --concurrency 12: every one archived, 0 failures, exit 0; the 429s on the way were waited out', async () => {
    const { server, clock, ids } = await startPacedGroupsServer(200, RATE_LIMIT);
    const result = await runCli(['error-groups', 'archive', '-', '--concurrency', '12', '--verbose'], {
      env: server.env,
      input: ids.join('\n'),
      inProcess: true,
      clock,
    });
    expect(result.code, result.stderr.slice(-2000)).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toEqual(ids.map((id) => `${id}\tarchived\tuntil the next matching error`));
    // The limit was met (so the pacing was exercised), not reported as failures.
    expect(result.stderr.split('\n').filter((line) => / -> 429 /.test(line)).length).toBeGreaterThan(0);
    expect(result.stderr).not.toContain('failed');
    expectLimitWaitedOut(clock, ids.length);
  });

  it('two runs at once on one key, each with a client of its own as two processes have: both finish with 0 failures', async () => {
    const { server, clock, ids } = await startPacedGroupsServer(80, RATE_LIMIT);
    const [a, b] = [ids.slice(0, 40), ids.slice(40, 80)];
    const run = (part: string[]) =>
      runCli(['error-groups', 'archive', '-', '--concurrency', '12', '--json', '--verbose'], {
        env: server.env,
        input: part.join('\n'),
        inProcess: true,
        clock,
      });
    const results = await Promise.all([run(a), run(b)]);
    for (const [i, result] of results.entries()) {
      expect(result.code, result.stderr.slice(-2000)).toBe(0);
      expect(parseJson(result)).toEqual(
        [a, b][i]!.map((id) => ({
          id,
          ok: true,
          status: 200,
          error: null,
          group: expect.objectContaining({ id, archivedUntilNextEvent: true }),
        })),
      );
    }
    // The limit was met (by one run or both), and waited out.
    const limitedLines = results.flatMap((result) => result.stderr.split('\n')).filter((line) => / -> 429 /.test(line));
    expect(limitedLines.length).toBeGreaterThan(0);
    expectLimitWaitedOut(clock, ids.length);
  });
});

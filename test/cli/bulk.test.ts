// Many ids through the built binary, as a CI job does it: 200 ids piped to
// `statusctl error-groups archive -`. Every id gets its line, in order, and the unknown ids make
// the exit code 4. Then under a real rate limit (`statusctl server --rate-limit 20`, its own
// process): 200 ids at --concurrency 12, and two processes at once on one key, all finish with
// no failure. These runs wait on a real limiter, so they are few; the pacing logic itself is
// tested on a clock of its own (test/client/rate-limit.test.ts), and the time against the
// ideal is measured in bench/rate-limit.bench.mjs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import {
  TEST_ACCOUNT,
  parseJson,
  removeTempDirs,
  runCli,
  startLimitedServerProcess,
  startTestServer,
  tempConfigDir,
  type TestServer,
} from './helpers.js';

// The rate-limited runs wait out the limit's pauses; longer on a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 60_000 });

/**
 * Requests a second per key: 12 workers against a local server send far more, so the limit is
 * met at the start of each run (the 429s are asserted) and paces the rest of it; a low limit
 * would only make the runs wait longer for the same pacing.
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

/** `statusctl server --rate-limit N` from the built binary, serving `groups` error groups. */
async function startLimitedServer(perSecond: number, groups: number) {
  const keys = Array.from({ length: groups }, (_, i) => `paced-${i}`);
  const server = await startLimitedServerProcess(perSecond, {
    errorGroups: keys.map((id, i) => ({
      id,
      checkId: `paced-check-${i}`,
      rawErrorMessage: `Error: paced failure ${i}`,
      timestamps: ['-1h'],
    })),
  });
  return { ...server, ids: keys.map((key) => seededId(TEST_ACCOUNT.id, 'error-group', key)) };
}

describe(`error-groups archive - under a shared rate limit (statusctl server --rate-limit ${RATE_LIMIT})`, () => {
  let limited: Awaited<ReturnType<typeof startLimitedServer>>;
  const env = () => ({ STATUSCTL_BASE_URL: limited.url, STATUSCTL_API_KEY: TEST_ACCOUNT.key, STATUSCTL_ACCOUNT_ID: TEST_ACCOUNT.id });

  beforeAll(async () => {
    limited = await startLimitedServer(RATE_LIMIT, 280);
  });

  afterAll(() => {
    limited?.child.kill('SIGTERM');
  });

  it('200 ids at --concurrency 12: every one archived, 0 failures, exit 0; the 429s on the way were waited out', async () => {
    const ids = limited.ids.slice(0, 200);
    const result = await runCli(['error-groups', 'archive', '-', '--concurrency', '12', '--verbose'], {
      env: env(),
      input: ids.join('\n'),
      timeoutMs: 280_000,
    });
    expect(result.code, result.stderr.slice(-2000)).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toEqual(ids.map((id) => `${id}\tarchived\tuntil the next matching error`));
    // The limit was met (so the pacing was exercised), not reported as failures.
    expect(result.stderr.split('\n').filter((line) => / -> 429 /.test(line)).length).toBeGreaterThan(0);
    expect(result.stderr).not.toContain('failed');
  });

  it('two processes at once on one key: both finish with 0 failures', async () => {
    const [a, b] = [limited.ids.slice(200, 240), limited.ids.slice(240, 280)];
    const run = (ids: string[]) =>
      runCli(['error-groups', 'archive', '-', '--concurrency', '12', '--json'], { env: env(), input: ids.join('\n'), timeoutMs: 280_000 });
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
  });
});

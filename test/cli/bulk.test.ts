// Many ids through the built binary, as a CI job does it: 200 ids piped to
// `statusctl error-groups archive -` against a server that allows 20 requests a second. Every
// id gets its line, the 429s on the way are retried after Retry-After, and the unknown ids make
// the exit code 4.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import { parseJson, removeTempDirs, runCli, startTestServer, tempConfigDir, type TestServer } from './helpers.js';

// 200 requests at 20 a second take about ten seconds; more on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

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
  server = await startTestServer({ rateLimit: 20, fixturesPath: fixtures });
  known = groups.map((group) => seededId(server.account.id, 'error-group', group.id));
});

afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

describe('error-groups archive - under a rate limit (built binary)', () => {
  it('200 ids from stdin: 200 lines in order, 429s retried, exit 4 for the unknown ids', async () => {
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
    // The limit was met and waited out, not reported as failures.
    const tooMany = result.stderr.split('\n').filter((line) => / -> 429 /.test(line));
    expect(tooMany.length).toBeGreaterThan(0);
    expect(result.stderr).toContain(`statusctl: ${unknown.length} of 200 failed (${unknown.length} not-found)`);

    // Archived for ever: a new matching error leaves them archived (it would bring back a group
    // that was not). The client waits out the limit too: a 429'd POST is retried.
    const client = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, retries: 10 });
    for (const i of [0, ALREADY_ARCHIVED, KNOWN - 1]) {
      const group = await client.recordErrorEvent({
        body: { checkId: seededId(server.account.id, 'check', `bulk-check-${i}`), rawErrorMessage: `Error: bulk failure number ${i}` },
      });
      expect(group.id).toBe(known[i]);
      expect(group.archivedUntilNextEvent).toBe(true);
    }
  });

  it('--json: an array of {id, ok, status, error}, one per id, exit 0 when all are known (archived ones included)', async () => {
    const some = known.slice(0, 30);
    const result = await runCli(['error-groups', 'unarchive', '-', '--json', '--concurrency', '8'], {
      env: server.env,
      input: some.join('\n'),
    });
    expect(result.code, result.stderr.slice(-2000)).toBe(0);
    expect(parseJson(result)).toEqual(some.map((id) => ({ id, ok: true, status: 200, error: null })));
  });
});

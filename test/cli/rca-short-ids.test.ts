// rca request takes an error group as error-groups list and its own sentence show it: a unique
// prefix of at least 6 characters, of a check's group or a test session's. The built binary as a
// child process against the reference server.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import { closedPortUrl, parseJson, runCli, startTestServer, TEST_ACCOUNT, tempConfigDir, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const file = useTestServer({ rcaDelayMs: 0 });
const cli = (args: string[]) => runCli(args, { env: file.server.env });

/** A new check's error group (a message of its own, so it is a group of its own). */
async function checkGroup(): Promise<string> {
  const { server } = file;
  const client = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
  const group = await client.recordErrorEvent({ body: { checkId: 'check-rca-short', rawErrorMessage: `Error: ${lettersOnly()} refused` } });
  return group.id;
}

/** Letters only: the server's cleaning replaces numbers, which would put two errors in one group. */
function lettersOnly(): string {
  return randomUUID()
    .replace(/[^a-f]/g, '')
    .replace(/./g, (c) => 'ghijkl'['abcdef'.indexOf(c)]!);
}

/** A new test session's error group. */
async function testSessionGroup(): Promise<string> {
  const recorded = await file.server.call('POST', '/_reference/test-sessions', {
    body: {
      name: 'CI run',
      results: [{ name: 'Checkout', checkType: 'BROWSER', outcome: 'failed', errorMessage: `Error: #pay-${lettersOnly()} not visible` }],
    },
  });
  expect(recorded.status, recorded.text).toBe(201);
  return (recorded.json as { errorGroupIds: string[] }).errorGroupIds[0]!;
}

const ANALYSIS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

describe('rca request by a short id', () => {
  it("takes a prefix of a check's group: the line shows the whole id, and the analysis is that group's", async () => {
    const group = await checkGroup();
    const result = await cli(['rca', 'request', group.slice(0, 8)]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${group}\trequested\t${ANALYSIS.source}\n$`));
    const analysis = result.stdout.trimEnd().split('\t')[2]!;
    const read = parseJson<{ errorGroupId: string }>(await cli(['rca', 'get', analysis, '--wait', '-o', 'json']));
    expect(read.errorGroupId).toBe(group);
  });

  it("takes a prefix of a test session's group, sent by the test-session route; --dry-run and --wait too", async () => {
    const group = await testSessionGroup();
    const dry = await cli(['rca', 'request', group.slice(0, 7).toUpperCase(), '--dry-run', '-o', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(parseJson<{ method: string; path: string }[]>(dry)).toMatchObject([
      { method: 'POST', path: `/v1/root-cause-analyses/test-session-error-groups/${group}` },
    ]);
    const waited = await cli(['rca', 'request', group.slice(0, 8), '--wait', '-o', 'json']);
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stderr).toContain(`requested for error group ${group}`);
    expect(parseJson<{ status: string }>(waited).status).toBe('COMPLETED');
    const many = parseJson<{ id: string; ok: boolean }[]>(
      await runCli(['rca', 'request', '-', '-o', 'json'], { env: file.server.env, input: `${group.slice(0, 6)}\n${await checkGroup()}\n` }),
    );
    expect(many.map(({ id, ok }) => [id, ok])).toEqual([
      [group, true],
      [expect.stringMatching(ANALYSIS), true],
    ]);
  });

  it('a prefix of two groups is exit 2 listing both; of none, exit 4; too short or not an id, exit 2 before any request', async () => {
    // Two fixture keys whose groups' ids share their first 6 characters (searched for, the same every run).
    const byPrefix = new Map<string, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const key = `group-${i}`;
      const prefix = seededId(TEST_ACCOUNT.id, 'error-group', key).slice(0, 6);
      const other = byPrefix.get(prefix);
      if (other) pair = [other, key];
      byPrefix.set(prefix, key);
    }
    const fixtures = join(tempConfigDir(), 'groups.json');
    writeFileSync(
      fixtures,
      JSON.stringify({
        errorGroups: pair.map((key, i) => ({
          id: key,
          checkId: `check-${i}`,
          rawErrorMessage: `Error: failure ${i}`,
          timestamps: ['-1h'],
        })),
      }),
    );
    const server = await startTestServer({ fixturesPath: fixtures });
    onTestFinished(() => server.close());
    const ids = pair.map((key) => seededId(TEST_ACCOUNT.id, 'error-group', key));
    const prefix = ids[0]!.slice(0, 6);
    const [both, none] = await Promise.all([
      runCli(['rca', 'request', prefix], { env: server.env }),
      runCli(['rca', 'request', 'ffffff00'], { env: server.env }),
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(new RegExp(`^statusctl: error group id "?${prefix}"? is the start of 2 ids; give more of it:\\n`));
    for (const id of ids) expect(both.stderr).toContain(`  ${id}  check, active, last seen `);
    expect(none.code).toBe(4);
    expect(none.stderr).toMatch(/^statusctl: no error group id starts with "?ffffff00"?.*\(2 error groups of the account looked at\)\n/);
    // Nothing listens there: a request sent would fail on the network, exit 1.
    const nowhere = { ...server.env, STATUSCTL_BASE_URL: await closedPortUrl() };
    for (const args of [
      ['rca', 'request', 'c463c'],
      ['rca', 'request', 'not-a-group', '--dry-run'],
      ['rca', 'request', ids[0]!, 'c463c', '--dry-run'],
    ]) {
      const refused = await runCli(args, { env: nowhere });
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr).toMatch(/^statusctl: ERROR_GROUP: expected the id of the error group to analyse, a UUID .+; got "/);
    }
  });
});

// test-sessions list, get and result: the built binary as a child process against the reference
// server, with a CI run recorded as a test session through the reference-only routes.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseJson, runCli, useTestServer } from './helpers.js';

const file = useTestServer();
const cli = (args: string[], input?: string) => runCli(args, { env: file.server.env, ...(input !== undefined ? { input } : {}) });

interface Recorded {
  testSessionId: string;
  errorGroupIds: string[];
  results: { testSessionResultId: string; name: string; errorGroupIds: string[] }[];
}

/** A CI run recorded as a running test session with a failing result, then ended as FAILED. */
async function recordFailedRun(name: string): Promise<Recorded> {
  // Letters only: the server's cleaning replaces numbers, which would put two runs' errors in one group.
  const tag = randomUUID()
    .replace(/[^a-f]/g, '')
    .replace(/./g, (c) => 'ghijkl'['abcdef'.indexOf(c)]!);
  const started = await file.server.call('POST', '/_reference/test-sessions', {
    body: {
      name,
      status: 'RUNNING',
      results: [
        { name: 'Login page', checkType: 'BROWSER', outcome: 'passed' },
        { name: 'Checkout', checkType: 'BROWSER', outcome: 'failed', errorMessage: `Error: #pay-${tag} not visible` },
        { name: 'Orders API', checkType: 'API', outcome: 'failed', errorMessage: `AssertionError: 500 from /orders-${tag}` },
      ],
    },
  });
  expect(started.status, started.text).toBe(201);
  const session = started.json as Recorded;
  const ended = await file.server.call('PATCH', `/_reference/test-sessions/${session.testSessionId}`, { body: { status: 'FAILED' } });
  expect(ended.status, ended.text).toBe(200);
  return ended.json as Recorded;
}

describe('test-sessions list', () => {
  it('shows a recorded CI run, piped as TSV rows; -o json is the API page; the filters reach the API', async () => {
    const session = await recordFailedRun(`CI run ${randomUUID().slice(0, 8)} on main`);
    const listed = await cli(['test-sessions', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    const row = listed.stdout.split('\n').find((line) => line.startsWith(session.testSessionId))!;
    const cells = row.split('\t');
    expect(cells.slice(0, 3)).toEqual([session.testSessionId, 'failed', '2 failed, 1 passed']);
    expect(cells).toHaveLength(6);
    expect(cells[5]).toMatch(/^CI run .+ on main$/);

    const json = parseJson<{ length: number; entries: { id: string; failed: string[] }[]; nextId: string | null }>(
      await cli(['test-sessions', 'list', '-o', 'json']),
    );
    expect(json.entries.find((entry) => entry.id === session.testSessionId)?.failed).toHaveLength(2);

    const name = (await cli(['test-sessions', 'get', session.testSessionId, '--jq', '.name'])).stdout.trim();
    const found = await cli(['test-sessions', 'list', '--status', 'failed', '--since', '1h', '--search', name.slice(0, 15), '-o', 'json']);
    expect(parseJson<{ entries: { id: string }[] }>(found).entries.map((entry) => entry.id)).toEqual([session.testSessionId]);
    const passed = await cli(['test-sessions', 'list', '--status', 'passed', '--search', name.slice(0, 15)]);
    expect(passed.code, passed.stderr).toBe(0);
    expect(passed.stdout).toBe('');
    expect(passed.stderr).toMatch(/^No passed test sessions named like ".+"\.\n$/);
  });

  it('refuses a bad --status or --search before any request, exit 2 naming the option', async () => {
    const status = await cli(['test-sessions', 'list', '--status', 'broken']);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('--status');
    expect(status.stderr).toContain('running, failed, passed, cancelled');
    const search = await cli(['test-sessions', 'list', '--search', 'ab']);
    expect(search.code).toBe(2);
    expect(search.stderr).toContain('--search');
  });
});

describe('test-sessions get and result', () => {
  it('get shows the session, its results and its error groups, by a short id', async () => {
    const session = await recordFailedRun('Deploy checks on a branch');
    expect(session.errorGroupIds).toHaveLength(2);
    const shown = await cli(['test-sessions', 'get', session.testSessionId.slice(0, 8)]);
    expect(shown.code, shown.stderr).toBe(0);
    const [fields, results, groups] = shown.stdout.trimEnd().split('\n--\n');
    expect(fields).toContain(`id\t${session.testSessionId}\n`);
    expect(fields).toContain('status\tfailed\n');
    expect(results!.split('\n').map((line) => line.split('\t')[0])).toEqual(session.results.map((result) => result.testSessionResultId));
    const groupRows = groups!.split('\n').map((line) => line.split('\t'));
    expect(groupRows.map((cells) => cells[0]).sort()).toEqual([...session.errorGroupIds].sort());
    expect(groupRows.every((cells) => cells[1] === 'active')).toBe(true);
    expect(groups).toMatch(/Error: #pay-[g-l]+ not visible/);

    // -o json: the session as the API gives it.
    const json = parseJson<Recorded>(await cli(['test-sessions', 'get', session.testSessionId, '-o', 'json']));
    expect(json.testSessionId).toBe(session.testSessionId);
    expect(json.results).toHaveLength(3);
  });

  it('result shows one result in full, both ids short; an unknown one is exit 4', async () => {
    const session = await recordFailedRun('Nightly suite');
    const failed = session.results[1]!;
    const shown = await cli(['test-sessions', 'result', session.testSessionId.slice(0, 7), failed.testSessionResultId.slice(0, 6)]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`id\t${failed.testSessionResultId}\n`);
    expect(shown.stdout).toContain('name\tCheckout\n');
    expect(shown.stdout).toContain(`error groups\t${failed.errorGroupIds[0]}\n`);
    const json = parseJson<{ id: string; attempts: number }>(
      await cli(['test-sessions', 'result', session.testSessionId, failed.testSessionResultId, '-o', 'json']),
    );
    expect(json).toMatchObject({ id: failed.testSessionResultId, attempts: 1 });
    const unknown = await cli(['test-sessions', 'result', session.testSessionId, '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).toBe(4);
    const noPrefix = await cli(['test-sessions', 'get', 'ffffffff']);
    expect(noPrefix.code).toBe(4);
    expect(noPrefix.stderr).toContain('no test session id starts with');
    const notAnId = await cli(['test-sessions', 'get', 'not-an-id']);
    expect(notAnId.code).toBe(2);
    expect(notAnId.stderr).toContain('SESSION');
  });
});

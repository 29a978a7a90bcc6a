// The error groups of test sessions through the error-group verbs and rca request: the built
// binary as a child process, fed from a real pipe, against the reference server.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, parseJson, runCli, useTestServer } from './helpers.js';

const file = useTestServer({ rcaDelayMs: 0 });
const cli = (args: string[]) => runCli(args, { env: file.server.env });

/** `statusctl A | statusctl B` in bash with pipefail: the two binaries joined by a real pipe. */
function pipe(first: string[], second: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const quote = (args: string[]) => args.map((arg) => `'${arg}'`).join(' ');
  const run = `"$NODE" "$BIN" ${quote(first)} | "$NODE" "$BIN" ${quote(second)}`;
  const child = spawn('bash', ['-o', 'pipefail', '-c', run], { env: cleanEnv({ ...file.server.env, NODE: process.execPath, BIN }) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A CI run with two failing results, ended: its two new test-session error groups. */
async function failedRun(): Promise<{ id: string; groups: string[] }> {
  // Letters only: the server's cleaning replaces numbers, which would put two runs' errors in one group.
  const tag = randomUUID()
    .replace(/[^a-f]/g, '')
    .replace(/./g, (c) => 'ghijkl'['abcdef'.indexOf(c)]!);
  const recorded = await file.server.call('POST', '/_reference/test-sessions', {
    body: {
      name: `CI run ${tag}`,
      results: [
        { name: 'Checkout', checkType: 'BROWSER', outcome: 'failed', errorMessage: `Error: #pay-${tag} not visible` },
        { name: 'Orders API', checkType: 'API', outcome: 'failed', errorMessage: `AssertionError: bad answer from /orders-${tag}` },
      ],
    },
  });
  expect(recorded.status, recorded.text).toBe(201);
  const session = recorded.json as { testSessionId: string; errorGroupIds: string[] };
  return { id: session.testSessionId, groups: session.errorGroupIds };
}

describe('error groups of test sessions', () => {
  it('list --test-sessions shows them; -q piped into archive - and rca request - takes them', async () => {
    const run = await failedRun();
    const listed = await cli(['error-groups', 'list', '--test-sessions', '--limit', '100']);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = listed.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    for (const id of run.groups) expect(rows.find((cells) => cells[0] === id)?.[1]).toBe('active');
    // The check groups' list never holds them.
    expect((await cli(['error-groups', 'list', '--all'])).stdout).not.toContain(run.groups[0]!);

    const search = ['error-groups', 'list', '--test-sessions', '--active', '--since', '1h', '--search', `CI run`, '-q'];
    // --search looks in the error: the session's name is in none.
    expect((await cli(search)).stdout).toBe('');
    const tagged = [
      'error-groups',
      'list',
      '--test-sessions',
      '--active',
      '--since',
      '1h',
      '--search',
      run.groups.length ? 'not VISIBLE' : '',
      '-q',
    ];
    const ids = (await cli(tagged)).stdout.trimEnd().split('\n');
    expect(ids).toContain(run.groups[0]);
    expect(ids).not.toContain(run.groups[1]);

    const archived = await pipe(['error-groups', 'list', '--test-sessions', '--active', '--all', '-q'], ['error-groups', 'archive', '-']);
    expect(archived.code, archived.stderr).toBe(0);
    for (const id of run.groups) expect(archived.stdout).toContain(`${id}\tarchived\tuntil the next matching error\n`);
    const shown = parseJson<{ archivedUntilNextEvent: boolean }>(
      await cli(['error-groups', 'get', run.groups[0]!.slice(0, 8), '-o', 'json']),
    );
    expect(shown.archivedUntilNextEvent).toBe(true);

    const requested = await pipe(['error-groups', 'list', '--test-sessions', '--archived', '--all', '-q'], ['rca', 'request', '-']);
    expect(requested.code, requested.stderr).toBe(0);
    for (const id of run.groups) expect(requested.stdout).toMatch(new RegExp(`^${id}\trequested\t[0-9a-f-]{36}$`, 'm'));
  });

  it('get, archive and unarchive find a short id on either kind; -o json is an array for one id as for many', async () => {
    const run = await failedRun();
    const got = await cli(['error-groups', 'get', run.groups[1]!.slice(0, 7)]);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain(`id\t${run.groups[1]}\n`);
    expect(got.stdout).toContain('kind\ttest session\n');
    const one = parseJson<{ id: string; ok: boolean; group: { id: string } }[]>(
      await cli(['error-groups', 'archive', run.groups[0]!.slice(0, 8), '-o', 'json']),
    );
    expect(one).toMatchObject([{ id: run.groups[0], ok: true, status: 200, group: { id: run.groups[0] } }]);
    const checkGroup = parseJson<{ id: string }[]>(await cli(['error-groups', 'list', '-o', 'json']))[0]!.id;
    const many = parseJson<{ id: string; ok: boolean }[]>(
      await cli(['error-groups', 'unarchive', run.groups[0]!, checkGroup.slice(0, 8), '-o', 'json']),
    );
    expect(many.map((entry) => [entry.id, entry.ok])).toEqual([
      [run.groups[0], true],
      [checkGroup, true],
    ]);
    const unknown = await cli(['error-groups', 'get', '00000000-0000-4000-8000-00000000beef']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('of checks or of test sessions');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { ErrorGroup } from '../../src/contract/schemas.js';
import { DEMO_IDS } from '../../src/server/fixtures/demo.js';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { parseJson, runCli, runPty, startPacedGroupsServer, useTestServer } from './helpers.js';
import { readTerminalTable } from './terminal-table.js';
import { readmeLines, runShell } from './readme-shell.js';

const KEY = 'sk_error_groups_0123456789';
const file = useTestServer({ accounts: [{ id: DEMO_ACCOUNT_ID, key: KEY }], rcaDelayMs: 20 });
let client: Client;

beforeAll(() => {
  client = createClient({ baseUrl: file.server.url, apiKey: KEY, accountId: DEMO_ACCOUNT_ID });
});

const env = () => file.server.env;
const cli = (args: string[], input?: string) => runCli(args, { env: env(), ...(input !== undefined ? { input } : {}), inProcess: true });

/** Every group of the account, as the API lists them, every page. */
async function allGroups(): Promise<ErrorGroup[]> {
  return client.listErrorGroups({ query: { limit: '100' } });
}

/** The requests the server logged since `from`, as `METHOD PATH STATUS`. */
function requestsSince(from: number): string[] {
  return file.server.logs.slice(from).map((line) => line.split(' ').slice(0, 3).join(' '));
}

describe('error-groups list', () => {
  it('-o json is the API array, newest lastSeen first, archived ones included', async () => {
    const result = await cli(['error-groups', 'list', '--limit', '100', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const groups = parseJson<ErrorGroup[]>(result).map((group) => ErrorGroup.parse(group));
    expect(groups.map((group) => group.id).sort()).toEqual((await allGroups()).map((group) => group.id).sort());
    const seen = groups.map((group) => group.lastSeen);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(groups.some((group) => group.archivedUntilNextEvent)).toBe(true);
  });

  it('piped: ID, CHECK, STATE, LAST SEEN, ERROR per row; --check keeps that check, --active and --archived filter', async () => {
    const check = DEMO_IDS.checks.checkoutBrowser;
    const theirs = (await allGroups()).filter((group) => group.checkId === check);
    expect(theirs.length).toBeGreaterThan(1);
    const piped = await cli(['error-groups', 'list', '--check', check]);
    expect(piped.code, piped.stderr).toBe(0);
    const rows = piped.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((row) => row.length)).toEqual(theirs.map(() => 5));
    expect(rows.map((row) => row[0])).toEqual(theirs.map((group) => group.id));
    for (const [row, group] of rows.map((row, i) => [row, theirs[i]!] as const)) {
      expect(row).toEqual([group.id, check, group.archivedUntilNextEvent ? 'archived' : 'active', group.lastSeen, expect.any(String)]);
    }
    const active = await cli(['error-groups', 'list', '--check', check, '--active', '--jq', '.[].id']);
    expect(active.stdout.trim().split('\n')).toEqual(theirs.filter((group) => !group.archivedUntilNextEvent).map((group) => group.id));
    const archived = await cli(['error-groups', 'list', '--archived', '--all', '-o', 'json']);
    expect(parseJson<ErrorGroup[]>(archived).every((group) => group.archivedUntilNextEvent)).toBe(true);
    const both = await cli(['error-groups', 'list', '--archived', '--active']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--archived.*--active|--active.*--archived/);
  });

  it('at 80 columns keeps the CHECK column, its ids short and typed back by checks results', async () => {
    const session = await runPty(['error-groups', 'list'], { cols: 80, env: { ...env(), STATUSCTL_PAGER: '', NO_COLOR: '1' } });
    expect(await session.exited()).toBe(0);
    const table = readTerminalTable(session.screen().replace(/\r\n/g, '\n').trimEnd(), 80);
    expect(table.headers.slice(0, 2)).toEqual(['ID', 'CHECK']);
    const groups = await allGroups();
    const short = table.rows[0]![1]!.trim();
    const group = groups.find((one) => one.id.startsWith(table.rows[0]![0]!.trim()))!;
    expect(short.length).toBeGreaterThanOrEqual(6);
    expect(short.length).toBeLessThan(group.checkId.length);
    expect(group.checkId.startsWith(short)).toBe(true);
    const results = await cli(['checks', 'results', short, '-o', 'json']);
    expect(results.code, results.stderr).toBe(0);
  });

  it('pages by number: a full page hints at --page, --all reads on until a short page', async () => {
    const every = (await allGroups()).map((group) => group.id);
    const total = every.length;
    const first = await cli(['error-groups', 'list', '--limit', '2', '-o', 'json']);
    expect(parseJson<ErrorGroup[]>(first)).toHaveLength(2);
    expect(first.stderr).toContain('more: --page 2');
    const second = await cli(['error-groups', 'list', '--limit', '2', '--page', '2', '-o', 'json']);
    expect(parseJson<ErrorGroup[]>(second).map((group) => group.id)).toEqual(every.slice(2, 4));
    const mark = file.server.logs.length;
    const all = await cli(['error-groups', 'list', '--all', '--limit', '2', '-o', 'json']);
    expect(all.code, all.stderr).toBe(0);
    expect(parseJson<ErrorGroup[]>(all).map((group) => group.id)).toEqual(every);
    // Pages of 2 until one holds fewer: ceil((total + 1) / 2) requests, none after the short one.
    expect(requestsSince(mark).filter((line) => line.startsWith('GET /v1/error-groups'))).toHaveLength(Math.floor(total / 2) + 1);
    expect(all.stderr).not.toContain('more:');
  });

  it('an unknown check has no groups: nothing on stdout, a note on stderr, exit 0', async () => {
    const result = await cli(['error-groups', 'list', '--check', '00000000-0000-4000-8000-00000000c0de']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('No error groups for check 00000000-0000-4000-8000-00000000c0de');
  });

  it('--check that is not a UUID is exit 2 naming --check, and nothing is sent', async () => {
    const mark = file.server.logs.length;
    const result = await cli(['error-groups', 'list', '--check', 'checkout-browser']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^statusctl: --check: expected the id of the check whose errors are grouped, a UUID .+; got "checkout-browser"\n/,
    );
    expect(result.stderr).toContain(
      'hint: give the whole id: statusctl error-groups list shows the check of each group (its check column)',
    );
    expect(requestsSince(mark)).toEqual([]);
  });
});

describe('error-groups get', () => {
  it('prints the group as label<TAB>value lines piped and the API object with -o json; unknown is exit 4', async () => {
    const id = DEMO_IDS.errorGroups.checkoutSelector;
    const piped = await cli(['error-groups', 'get', id]);
    expect(piped.code, piped.stderr).toBe(0);
    const fields = Object.fromEntries(
      piped.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t') as [string, string]),
    );
    const group = await client.getErrorGroup({ params: { id } });
    // Piped, a line break in the message is a space: a value never breaks a line.
    expect(fields).toMatchObject({
      id,
      check: group.checkId,
      error: group.cleanedErrorMessage.replace(/\n/g, ' '),
      'last seen': group.lastSeen,
    });
    const json = await cli(['error-groups', 'get', id, '-o', 'json']);
    expect(parseJson(json)).toEqual(group);
    const unknown = await cli(['error-groups', 'get', '00000000-0000-4000-8000-00000000dead']);
    expect(unknown.code).toBe(4);
    expect(unknown.stdout).toBe('');
  });
});

describe('rca request picks the route', () => {
  it("a check's group goes to the error-groups route; an id no group has is tried on the test-session route, exit 4", async () => {
    const group = DEMO_IDS.errorGroups.paymentsDns;
    const mark = file.server.logs.length;
    const result = await cli(['rca', 'request', group]);
    expect(result.code, result.stderr).toBe(0);
    expect(requestsSince(mark)).toEqual([`GET /v1/error-groups/${group} 200`, `POST /v1/root-cause-analyses/error-groups/${group} 202`]);
    const unknown = '00000000-0000-4000-8000-0000000000aa';
    const before = file.server.logs.length;
    const missing = await cli(['rca', 'request', unknown]);
    expect(missing.code).toBe(4);
    expect(requestsSince(before)).toEqual([
      `GET /v1/error-groups/${unknown} 404`,
      `POST /v1/root-cause-analyses/test-session-error-groups/${unknown} 404`,
    ]);
    expect(missing.stdout).toMatch(new RegExp(`^${unknown}\\tnot-found\\t`));
  });

  it('--dry-run makes the read and prints the POST of the route it picked, sending none', async () => {
    const group = DEMO_IDS.errorGroups.statusTls;
    const mark = file.server.logs.length;
    const result = await cli(['rca', 'request', group, '--context', 'after the deploy', '--dry-run', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual([
      { method: 'POST', path: `/v1/root-cause-analyses/error-groups/${group}`, body: { userContext: 'after the deploy' } },
    ]);
    expect(requestsSince(mark)).toEqual([`GET /v1/error-groups/${group} 200`]);
  });
});

describe('rca request under a rate limit', () => {
  it('many groups from stdin: each requested, the 429s on the way waited out, one line per group in order', async () => {
    // The limiter and the CLI's waits on one clock, which only those waits move.
    const { server: limited, clock, ids } = await startPacedGroupsServer(16, 5, { rcaDelayMs: 20 });
    const result = await runCli(['rca', 'request', '-', '--concurrency', '8', '--verbose'], {
      env: limited.env,
      input: `${ids.join('\n')}\n`,
      inProcess: true,
      clock,
    });
    expect(result.code, result.stderr.slice(-2000)).toBe(0);
    expect(rowsOf(result.stdout).map(([id, outcome]) => [id, outcome])).toEqual(ids.map((id) => [id, 'requested']));
    // The limit was met (so the pacing was exercised), and no group failed for it.
    expect(result.stderr.split('\n').filter((line) => / -> 429 /.test(line)).length).toBeGreaterThan(0);
    expect(result.stderr).not.toContain('failed');
    // Waited out: a whole Retry-After (one second at this limit) at the longest, and in all at
    // least what the bucket needs to refill for the requests past its burst of five.
    expect(clock.slept.length).toBeGreaterThan(0);
    expect(Math.max(...clock.slept)).toBe(1000);
    expect(clock.slept.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThanOrEqual(((ids.length - 5) / 5) * 1000);
  });
});

const rowsOf = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));

describe('the README pipelines', () => {
  it('run as written: the ids of a check go into rca request - and error-groups archive -, one result per id', async () => {
    const lines = readmeLines('error-group-pipelines', 'docs/commands.md');
    const assignments = lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => line.replace(/\s+#.*$/, ''));
    const check = DEMO_IDS.checks.checkoutBrowser;
    expect(assignments).toContain(`CHECK=${check}`);
    const run = (line: string) => runShell([...assignments, line].join('\n'), env());
    const ids = (await client.listCheckErrorGroups({ params: { checkId: check } })).map((group) => group.id);
    expect(ids.length).toBeGreaterThan(1);

    const toRca = lines.find((line) => line.includes('| statusctl rca request -'))!;
    expect(toRca).toBe(`statusctl error-groups list --check "$CHECK" --jq '.[].id' | statusctl rca request -`);
    const requested = await run(toRca);
    expect(requested.code, requested.stderr).toBe(0);
    const rows = rowsOf(requested.stdout);
    expect(rows.map(([id, outcome]) => [id, outcome])).toEqual(ids.map((id) => [id, 'requested']));
    for (const [id, , analysisId] of rows) {
      const analysis = await runCli(['rca', 'get', analysisId!, '--wait', '-o', 'json'], { env: env(), inProcess: true });
      expect(analysis.code, analysis.stderr).toBe(0);
      expect(parseJson<{ id: string; errorGroupId: string }>(analysis)).toMatchObject({ id: analysisId, errorGroupId: id });
    }

    const toArchive = lines.find((line) => line.includes('| statusctl error-groups archive -'))!;
    expect(toArchive).toBe(`statusctl error-groups list --check "$CHECK" --jq '.[].id' | statusctl error-groups archive -`);
    const archived = await run(toArchive);
    expect(archived.code, archived.stderr).toBe(0);
    for (const id of ids) expect((await client.getErrorGroup({ params: { id } })).archivedUntilNextEvent).toBe(true);

    // Every other line of the block runs too (exit 0).
    for (const line of lines.filter((line) => line !== toRca && line !== toArchive && !assignments.includes(line.replace(/\s+#.*$/, '')))) {
      const result = await run(line);
      expect(result.code, `${line}\n${result.stderr}`).toBe(0);
    }
  });
});

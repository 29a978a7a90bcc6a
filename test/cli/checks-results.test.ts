// checks results, checks result and checks alerts: the built CLI as a child process against the
// reference server, a check of the test's own recorded with POST /_reference/check-results.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CheckAlertList, CheckResult, CheckResultListV2, CheckStatus } from '../../src/contract/schemas.js';
import { parseJson, runCli, useTestServer } from './helpers.js';

const shared = useTestServer();
const cli = (args: string[]) => runCli(args, { env: shared.server.env });

const MINUTE = 60_000;
// Longer than any terminal: piped, it is one cell, whole.
const ERROR = `Request failed with status code 502 (Bad Gateway) from the search backend ${'while reading the shard list '.repeat(6)}end`;

const rows = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));

/** A new check that passed 20 and 10 minutes ago and fails now, with ERROR. */
async function failingCheck(name: string): Promise<{ checkId: string; results: CheckResult[] }> {
  const checkId = randomUUID();
  const results: CheckResult[] = [];
  const runs = [
    { outcome: 'passed', at: Date.now() - 20 * MINUTE },
    { outcome: 'passed', at: Date.now() - 10 * MINUTE },
    { outcome: 'failed', at: Date.now() - 1000, errorMessage: ERROR },
  ];
  for (const { at, ...run } of runs) {
    const body = { checkId, name, checkType: 'API', tags: ['search'], responseTime: 320, timestamp: new Date(at).toISOString(), ...run };
    const answer = await shared.server.call('POST', '/_reference/check-results', { body });
    expect(answer.status, answer.text).toBe(201);
    results.push(CheckResult.parse(answer.json));
  }
  return { checkId, results };
}

describe('a failing check recorded by the reference server', () => {
  it('shows in checks status --failing, in checks alerts and in checks results', async () => {
    const { checkId, results } = await failingCheck('Search API');
    const failing = CheckStatus.array().parse(parseJson(await cli(['checks', 'status', '--failing', '-o', 'json'])));
    expect(failing.map((status) => status.name)).toContain('Search API');

    const alerts = await cli(['checks', 'alerts', 'search api']);
    expect(alerts.code, alerts.stderr).toBe(0);
    expect(rows(alerts.stdout)).toEqual([[results[2]!.created_at, checkId, 'Search API', 'failure', 'eu-central-1', '320 ms', ERROR]]);
    const every = rows((await cli(['checks', 'alerts'])).stdout);
    expect(every.filter((row) => row[1] === checkId).map((row) => row[3])).toEqual(['failure']);

    const listed = await cli(['checks', 'results', 'Search API']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(rows(listed.stdout)).toEqual(
      [...results]
        .reverse()
        .map((result) => [
          result.id,
          result.stoppedAt,
          result.hasFailures ? 'failed' : 'passed',
          'eu-central-1',
          '320 ms',
          String(result.errorGroupIds?.length ?? 0),
        ]),
    );
    const failed = rows((await cli(['checks', 'results', checkId, '--failing'])).stdout);
    expect(failed.map((row) => row[0])).toEqual([results[2]!.id]);
    const recent = rows((await cli(['checks', 'results', 'Search', '--since', '15m'])).stdout);
    expect(recent.map((row) => row[0])).toEqual([results[2]!.id, results[1]!.id]);
  });

  it('checks result shows one result in full, by its id or a prefix; its error groups lead on', async () => {
    const { checkId, results } = await failingCheck('Inventory API');
    const last = results[2]!;
    expect(last.errorGroupIds).toHaveLength(1);
    const piped = await cli(['checks', 'result', 'Inventory API', last.id.slice(0, 8)]);
    expect(piped.code, piped.stderr).toBe(0);
    const fields = Object.fromEntries(rows(piped.stdout).map(([label, value]) => [label, value]));
    expect(fields).toMatchObject({
      id: last.id,
      check: 'Inventory API',
      'check id': checkId,
      outcome: 'failed',
      location: 'eu-central-1',
      'error groups': last.errorGroupIds![0],
    });
    const markdown = await cli(['checks', 'result', checkId, last.id, '-o', 'md']);
    expect(markdown.stdout).toContain(`### Check result \`${last.id}\` Inventory API`);
    expect(markdown.stdout).toContain(
      `#### Errors\n\n- \`${last.errorGroupIds![0]}\`: Request failed with status code <number> (Bad Gateway)`,
    );
    expect(CheckResult.parse(parseJson(await cli(['checks', 'result', checkId, last.id, '-o', 'json'])))).toEqual(last);
  });

  it('a result not of the check, or too short a prefix, says so with the command that lists them', async () => {
    const { results } = await failingCheck('Billing API');
    const unknown = await cli(['checks', 'result', 'Billing API', 'ffffffff']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('result "ffffffff": not found among the results of check Billing API');
    expect(unknown.stderr).toMatch(/^hint: statusctl checks results 'Billing API' shows the ids/m);
    const short = await cli(['checks', 'result', 'Billing API', results[0]!.id.slice(0, 3)]);
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/too short: give the whole id or at least its first 6 characters/);
    const noCheck = await cli(['checks', 'results', 'Biling AP']);
    expect(noCheck.code).toBe(4);
    expect(noCheck.stderr).toContain('did you mean "Billing API"?');
  });
});

describe('-o json', () => {
  it('checks results: the API list, one page or every page combined', async () => {
    const { results } = await failingCheck('Pricing API');
    const one = CheckResultListV2.parse(parseJson(await cli(['checks', 'results', 'Pricing API', '-L', '1', '-o', 'json'])));
    expect(one.entries.map((entry) => entry.id)).toEqual([results[2]!.id]);
    expect(one.nextId).toEqual(expect.any(String));
    const next = await cli(['checks', 'results', 'Pricing API', '-L', '1', '--next-id', one.nextId!]);
    expect(rows(next.stdout).map((row) => row[0])).toEqual([results[1]!.id]);
    const all = CheckResultListV2.parse(parseJson(await cli(['checks', 'results', 'Pricing API', '--all', '-L', '1', '-o', 'json'])));
    expect(all).toMatchObject({ length: 3, nextId: null });
    expect(all.entries.map((entry) => entry.id)).toEqual([...results].reverse().map((result) => result.id));
  });

  it('checks alerts: one array, for one check and for every check', async () => {
    const { checkId } = await failingCheck('Catalog API');
    const one = CheckAlertList.parse(parseJson(await cli(['checks', 'alerts', 'Catalog API', '-o', 'json'])));
    expect(one.map((alert) => [alert.checkId, alert.alertType, alert.error])).toEqual([[checkId, 'ALERT_FAILURE', ERROR]]);
    const every = CheckAlertList.parse(parseJson(await cli(['checks', 'alerts', '--since', '24h', '-o', 'json'])));
    expect(every.filter((alert) => alert.checkId === checkId)).toEqual(one);
  });

  it('no alerts or results is an empty list, and a line on stderr', async () => {
    const quiet = await cli(['checks', 'alerts', 'Postgres primary', '--since', '30m']);
    expect(quiet).toMatchObject({ code: 0, stdout: '' });
    expect(quiet.stderr).toContain('No alerts of check Postgres primary in the last 30 minutes.');
    expect(parseJson(await cli(['checks', 'alerts', 'Postgres primary', '--since', '30m', '-o', 'json']))).toEqual([]);
    const none = await cli(['checks', 'results', 'Postgres primary', '--failing']);
    expect(none).toMatchObject({ code: 0, stdout: '' });
    expect(none.stderr).toContain('No failed results of check Postgres primary.');
  });
});

// checks run: the built CLI as a child process against the reference server, whose check
// sessions end with the check's next outcome (PUT /_reference/checks/{id}/next-outcome) once
// --run-delay has passed: none here, so a run ends as soon as it starts, except where the test
// holds it to see a wait run out.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CheckSessionsTriggered, CheckStatus } from '../../src/contract/schemas.js';
import { testClock } from '../support/clock.js';
import { parseJson, runCli, runPty, startTestServer, type TestServer, useTestServer } from './helpers.js';

const shared = useTestServer({ runDelayMs: 0 });
const cli = (args: string[], server: TestServer = shared.server) => runCli(args, { env: server.env });

const rows = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));

/** A new check, failing at its latest run, whose next run on demand ends `next`. */
async function check(server: TestServer, name: string, tags: string[], next?: 'passed' | 'failed'): Promise<string> {
  const checkId = randomUUID();
  const body = { checkId, name, checkType: 'API', tags, outcome: 'failed', errorMessage: 'Request failed with status code 503' };
  expect((await server.call('POST', '/_reference/check-results', { body })).status).toBe(201);
  if (next) {
    const set = await server.call('PUT', `/_reference/checks/${checkId}/next-outcome`, { body: { outcome: next } });
    expect(set.status, set.text).toBe(200);
  }
  return checkId;
}

describe('checks run --wait', () => {
  it('a run that passes exits 0, prints its outcome, and the check then shows passing', async () => {
    const checkId = await check(shared.server, 'Ledger API', ['ledger'], 'passed');
    const run = await cli(['checks', 'run', 'Ledger API', '--wait']);
    expect(run.code, run.stderr).toBe(0);
    const [row, ...more] = rows(run.stdout);
    expect(more).toEqual([]);
    expect(row).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      checkId,
      'Ledger API',
      'passed',
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    ]);
    // Progress went to stderr, a line at most: no spinner off a terminal.
    expect(run.stderr).not.toMatch(/[⠋⠙⠹]/);
    const status = CheckStatus.parse(parseJson(await cli(['checks', 'status', checkId, '-o', 'json'])));
    expect(status).toMatchObject({ hasFailures: false, lastCheckRunId: expect.any(String) });
    expect((await cli(['checks', 'status', 'Ledger API'])).stdout).toContain('state\tpassing\n');
  });

  it('a run that fails exits 5, naming the check', async () => {
    await check(shared.server, 'Refunds API', ['refunds'], 'failed');
    const run = await cli(['checks', 'run', 'refunds api', '--wait']);
    expect(run.code).toBe(5);
    expect(rows(run.stdout).map((row) => row.slice(2, 4))).toEqual([['Refunds API', 'failed']]);
    expect(run.stderr).toContain('statusctl: 1 of 1 check failed: "Refunds API"');
    expect(run.stderr).toMatch(/^hint: /m);
  });

  it('a wait that runs out exits 1, the run still going', async () => {
    // The server's waits take no time on its clock, but a check's run takes an hour: every
    // completion request answers 408 at once, until --wait-timeout's 5 seconds are asked for.
    const clock = testClock(Date.now());
    const RUN_MS = 3_600_000;
    const server = await startTestServer({
      runDelayMs: RUN_MS,
      now: clock.now,
      sleep: (ms, signal) =>
        ms < RUN_MS ? clock.sleep(ms) : new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
    });
    const checkId = await check(server, 'Slow API', ['slow']);
    const run = await cli(['checks', 'run', checkId, '--wait', '--wait-timeout', '5', '-o', 'json'], server);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the wait ran out after 5s: 1 of 1 still running: "Slow API"');
    expect(run.stderr).toMatch(/^hint: wait longer with --wait-timeout/m);
    // The JSON has the one shape still: the session as last read.
    const { sessions } = CheckSessionsTriggered.parse(parseJson(run));
    expect(sessions.map((session) => [session.checkId, session.status])).toEqual([[checkId, 'STARTED']]);
    expect(clock.slept.filter((ms) => ms < RUN_MS).reduce((sum, ms) => sum + ms, 0)).toBe(5000);
  });
});

describe('checks run', () => {
  it('on a terminal: one sentence for a run started, and one per outcome with --wait', async () => {
    await check(shared.server, 'Fraud API', ['fraud'], 'passed');
    await check(shared.server, 'Fraud rules', ['fraud'], 'failed');
    const pty = async (args: string[]) => {
      const session = await runPty(args, { env: { ...shared.server.env, NO_COLOR: '1' } });
      try {
        return { code: await session.exited(), screen: session.screen() };
      } finally {
        session.kill();
      }
    };
    const started = await pty(['checks', 'run', 'Fraud API']);
    expect(started.code).toBe(0);
    expect(started.screen).toMatch(/✓ Started a run of check "Fraud API" \(check session [0-9a-f-]{36}\)/);
    const waited = await pty(['checks', 'run', '--tag', 'fraud', '--wait']);
    expect(waited.code).toBe(5);
    expect(waited.screen).toMatch(/✓ Fraud API passed \(result [0-9a-f-]{36}, \d+ ms\)/);
    expect(waited.screen).toMatch(/✗ Fraud rules failed \(result [0-9a-f-]{36}, \d+ ms\)/);
    expect(waited.screen).toContain('1 of 2 checks failed: "Fraud rules"');
  });

  it('-o json is the API answer, {sessions}, for one check as for several', async () => {
    const one = await check(shared.server, 'Tax API', ['tax', 'eu']);
    const two = await check(shared.server, 'Tax rates', ['tax']);
    const single = CheckSessionsTriggered.parse(parseJson(await cli(['checks', 'run', 'Tax API', '-o', 'json'])));
    expect(single.sessions.map((session) => session.checkId)).toEqual([one]);
    const tagged = CheckSessionsTriggered.parse(parseJson(await cli(['checks', 'run', '--tag', 'tax', '--wait', '-o', 'json'])));
    expect(tagged.sessions.map((session) => session.checkId).sort()).toEqual([one, two].sort());
    // Piped without --wait: a row per session started, whole ids.
    const piped = await cli(['checks', 'run', '--tag', 'tax,eu']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(rows(piped.stdout).map((row) => row.slice(1, 4))).toEqual([[one, 'Tax API', 'started']]);
  });

  it('each --tag is a group of its own, --tag a,b one group; --dry-run sends nothing', async () => {
    const planned = parseJson(
      await cli(['checks', 'run', 'Payments API', '--tag', 'web', '--tag', 'api,checkout', '--dry-run', '-o', 'json']),
    );
    expect(planned).toEqual({
      method: 'POST',
      path: '/v2/check-sessions/trigger',
      body: { target: { checkId: [expect.any(String)], matchTags: [['web'], ['api', 'checkout']] } },
    });
    const triggers = () => shared.server.logs.filter((line) => line.includes('POST /v2/check-sessions/trigger')).length;
    const before = triggers();
    const dry = await cli(['checks', 'run', '--tag', 'web', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('POST /v2/check-sessions/trigger\n');
    expect(dry.stderr).toContain('dry run: nothing was sent');
    expect(triggers()).toBe(before);
  });

  it('nothing to run, an unknown check or a tag no check has: exit 2, 4, 4 with hints', async () => {
    const none = await cli(['checks', 'run']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('name the checks to run (CHECK...) or their tags (--tag)');
    expect(none.stderr).toMatch(/^hint: statusctl checks run /m);
    const unknown = await cli(['checks', 'run', 'Paymnts API', '--wait']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('did you mean "Payments API"?');
    const tag = await cli(['checks', 'run', '--tag', 'no-such-tag']);
    expect(tag.code).toBe(4);
    expect(tag.stderr).toContain('no activated check matches --tag no-such-tag');
    expect(tag.stderr).toMatch(/^hint: statusctl checks status/m);
  });
});

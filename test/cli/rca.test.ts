// rca request / rca get: the CLI in-process (run(), runCli with inProcess) against the reference server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { RootCauseAnalysis, RootCauseAnalysisPending } from '../../src/contract/schemas.js';
import { manualClock, type TestClock, testClock } from '../support/clock.js';
import { closedPortUrl, parseJson, removeTempDirs, runCli, runPty, startCli, startTestServer, type TestServer } from './helpers.js';

/** The clock of `quick`: an analysis waits on it until it has moved past the analysis's delay. */
const serverClock = manualClock();
/** Analyses done soon after they are asked for, on serverClock. */
let quick: TestServer;
/** Analyses done soon after they are asked for, on the real clock: for the built binary. */
let quickReal: TestServer;
/** Keeps every analysis pending far longer than any test runs. */
let slow: TestServer;

/**
 * The clock of an in-process run against `quick`: its waits (the polls) move serverClock, so an
 * analysis is done once the polls have waited its delay, in no real time.
 */
function runClock(): TestClock {
  const slept: number[] = [];
  return {
    now: serverClock.now,
    advance: serverClock.advance,
    slept,
    async sleep(ms) {
      slept.push(ms);
      serverClock.advance(ms);
    },
  };
}

function clientFor(server: TestServer): Client {
  return createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
}

async function errorGroup(server: TestServer, message = 'Error: connect ECONNREFUSED 10.0.0.1:443'): Promise<string> {
  const group = await clientFor(server).recordErrorEvent({ body: { checkId: 'check-rca', rawErrorMessage: message } });
  return group.id;
}

beforeAll(async () => {
  [quick, quickReal, slow] = await Promise.all([
    startTestServer({ rcaDelayMs: 50, now: serverClock.now, sleep: serverClock.sleep }),
    startTestServer({ rcaDelayMs: 50 }),
    startTestServer({ rcaDelayMs: 600_000 }),
  ]);
});

afterAll(async () => {
  await Promise.all([quick?.close(), quickReal?.close(), slow?.close()]);
  removeTempDirs();
});

describe('rca request', () => {
  it('prints one line for the group: the group, requested, the analysis id; how to follow it on stderr', async () => {
    const group = await errorGroup(quick);
    const result = await runCli(['rca', 'request', group], { env: quick.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    const [id, outcome, analysis] = result.stdout.trimEnd().split('\t');
    expect([id, outcome]).toEqual([group, 'requested']);
    expect(analysis).toMatch(/^\S+$/);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`statusctl rca get ${analysis} --wait`);
    expect((await clientFor(quick).call('getRootCauseAnalysis', { params: { id: analysis! } })).body.id).toBe(analysis);
  });

  it('-o json is one entry per group, the same for one as for many, with the analysis id', async () => {
    const [first, second] = [await errorGroup(slow, 'Error: one'), await errorGroup(slow, 'Error: two')];
    const one = await runCli(['rca', 'request', first, '-o', 'json'], { env: slow.env, inProcess: true });
    expect(one.code, one.stderr).toBe(0);
    const [entry] = parseJson<{ id: string; ok: boolean; status: number; error: null; analysisId: string }[]>(one);
    expect(entry).toEqual({ id: first, ok: true, status: 202, error: null, analysisId: expect.any(String) });
    expect(RootCauseAnalysisPending.parse(await clientFor(slow).getRootCauseAnalysis({ params: { id: entry!.analysisId } })).status).toBe(
      'PENDING',
    );
    const unknown = '00000000-0000-4000-8000-00000000beef';
    const many = await runCli(['rca', 'request', '-', '-o', 'json'], {
      env: slow.env,
      input: `${second}\n# a comment\n${unknown}\n`,
      inProcess: true,
    });
    expect(many.code).toBe(4);
    const entries = parseJson<{ id: string; ok: boolean; analysisId: string | null }[]>(many);
    expect(entries.map(({ id, ok }) => [id, ok])).toEqual([
      [second, true],
      [unknown, false],
    ]);
    expect(Object.keys(entries[1]!).sort()).toEqual(Object.keys(entries[0]!).sort());
    expect(entries[1]!.analysisId).toBeNull();
  });

  it('--wait takes one group: several are a usage error naming --wait, and nothing is sent', async () => {
    const [first, second] = [await errorGroup(quick, 'Error: w1'), await errorGroup(quick, 'Error: w2')];
    const result = await runCli(['rca', 'request', first, second, '--wait'], { env: quick.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--wait takes one error group/);
    expect(result.stdout).toBe('');
  });

  it('waits for the analysis and prints it without colors off a terminal: its fields as label<TAB>value lines, then its parts', async () => {
    const group = await errorGroup(quick, 'Error: Timeout of 30000ms exceeded waiting for https://example.com/api');
    const clock = runClock();
    const result = await runCli(['rca', 'request', group, '--context', 'after the 14:00 deploy', '--wait'], {
      env: quick.env,
      inProcess: true,
      clock,
    });
    expect(result.code, result.stderr).toBe(0);
    // Pending at the first poll; done by the second, the analysis's delay having passed in the wait.
    expect(clock.slept).toEqual([250]);
    // Piped, as every record: its fields as label<TAB>value lines (no heading), then its parts under their titles.
    expect(result.stdout).toMatch(
      new RegExp(`^id\t[\\w-]+\nstatus\tCOMPLETED\nerror group\t${group}\ncheck\t\\S+ \\(\\w+\\)\nprovider\t.+\n\n`),
    );
    for (const heading of ['Classification', 'Root cause', 'User impact']) {
      expect(result.stdout).toContain(`\n${heading}\n`);
    }
    expect(result.stdout + result.stderr).not.toContain('\x1b[');
    // Progress goes to stderr, never into the result.
    expect(result.stderr).toMatch(/Analysis \S+ requested/);
  });

  it('waits and prints the API body with -o json, matching the contract', async () => {
    const group = await errorGroup(quick);
    const result = await runCli(['rca', 'request', group, '--wait', '--json'], { env: quick.env, inProcess: true, clock: runClock() });
    expect(result.code, result.stderr).toBe(0);
    const analysis = RootCauseAnalysis.parse(parseJson(result));
    expect(analysis.status).toBe('COMPLETED');
    expect(analysis.errorGroupId).toBe(group);
  });

  it('gives up after --wait-timeout with exit 1, naming the analysis and how to continue', async () => {
    const group = await errorGroup(slow);
    const clock = testClock();
    const result = await runCli(['rca', 'request', group, '--wait', '--wait-timeout', '1'], { env: slow.env, inProcess: true, clock });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const id = /Analysis (\S+) requested/.exec(result.stderr)?.[1];
    expect(id, result.stderr).toBeDefined();
    expect(result.stderr).toContain(`still pending after 1s; continue waiting with: statusctl rca get ${id} --wait`);
    expect(result.stderr).not.toContain('\x1b[');
    // The polls' waits, on the run's clock: doubling, the last one cut short by the deadline.
    expect(clock.slept).toEqual([250, 500, 250]);
  });

  it('refuses a --context over 256 characters with exit 2', async () => {
    const result = await runCli(['rca', 'request', 'any-group', '--context', 'x'.repeat(257)], { env: quick.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--context');
  });

  it('accepts a --context of exactly 256 characters', async () => {
    const group = await errorGroup(quick);
    const result = await runCli(['rca', 'request', group, '--context', 'x'.repeat(256)], { env: quick.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
  });

  it('exits 4 for an unknown error group', async () => {
    const result = await runCli(['rca', 'request', '00000000-0000-4000-8000-000000000000'], { env: quick.env, inProcess: true });
    expect(result.code).toBe(4);
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('exits 3 without credentials and with a wrong key', async () => {
    const group = '00000000-0000-4000-8000-000000000000';
    const none = await runCli(['rca', 'request', group], { env: { STATUSCTL_BASE_URL: quick.url }, inProcess: true });
    expect(none.code).toBe(3);
    const wrong = await runCli(['rca', 'request', group], {
      env: { ...quick.env, STATUSCTL_API_KEY: 'sk_wrong_key_000000' },
      inProcess: true,
    });
    expect(wrong.code).toBe(3);
  });

  it('exits 2 without the error group argument or with a bad --wait-timeout', async () => {
    expect((await runCli(['rca', 'request'], { env: quick.env, inProcess: true })).code).toBe(2);
    expect((await runCli(['rca', 'request', 'g', '--wait', '--wait-timeout', 'soon'], { env: quick.env, inProcess: true })).code).toBe(2);
  });
});

describe('rca request after a 402', () => {
  it("sends nothing more: the groups left are skipped, not sent, and the plan's hint is given once", async () => {
    // Answers as the hosted API may on a plan without analyses left: no check's group by these
    // ids (404 to the read), and 402 to the analysis request.
    const seen: string[] = [];
    const stub = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      const [status, error] = request.method === 'GET' ? [404, 'Not Found'] : [402, 'Payment Required'];
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ statusCode: status, error, message: status === 402 ? 'No analyses left' : 'Not Found' }));
    });
    await new Promise<void>((listening) => stub.listen(0, '127.0.0.1', listening));
    try {
      const { port } = stub.address() as AddressInfo;
      const groups = [
        '00000000-0000-4000-8000-0000000000a1',
        '00000000-0000-4000-8000-0000000000a2',
        '00000000-0000-4000-8000-0000000000a3',
      ];
      const env = { ...quick.env, STATUSCTL_BASE_URL: `http://127.0.0.1:${port}` };
      const result = await runCli(['rca', 'request', ...groups, '--concurrency', '1'], { env, inProcess: true });
      expect(result.code, result.stderr).toBe(1);
      const skipped = "not sent after the account's plan or quota refused one (402)";
      expect(result.stdout.trimEnd().split('\n')).toEqual([
        `${groups[0]}\tfailed\t402 Payment Required: No analyses left`,
        `${groups[1]}\tskipped\t${skipped}`,
        `${groups[2]}\tskipped\t${skipped}`,
      ]);
      expect(seen).toEqual([`GET /v1/error-groups/${groups[0]}`, `POST /v1/root-cause-analyses/test-session-error-groups/${groups[0]}`]);
      const [summary, hint, ...rest] = result.stderr.trimEnd().split('\n');
      expect(summary).toBe('statusctl: 3 of 3 failed (1 failed, 2 skipped)');
      expect(hint).toMatch(/^hint: the account's plan does not include root cause analyses/);
      expect(rest).toEqual([]);
    } finally {
      await new Promise((closed) => stub.close(closed));
    }
  });
});

describe('rca get', () => {
  it('says a pending analysis is pending, exit 0; -o json prints the pending body', async () => {
    const pending = await clientFor(slow).requestRootCauseAnalysis({ params: { testSessionErrorGroupId: await errorGroup(slow) } });
    const text = await runCli(['rca', 'get', pending.id], { env: slow.env, inProcess: true });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('still pending');
    expect(text.stdout).toContain(`statusctl rca get ${pending.id} --wait`);
    const json = await runCli(['rca', 'get', pending.id, '-o', 'json'], { env: slow.env, inProcess: true });
    expect(json.code).toBe(0);
    expect(RootCauseAnalysisPending.parse(parseJson(json))).toEqual({ id: pending.id, status: 'PENDING' });
  });

  it('--wait prints the completed analysis', async () => {
    const pending = await clientFor(quick).requestRootCauseAnalysis({ params: { testSessionErrorGroupId: await errorGroup(quick) } });
    const clock = runClock();
    const result = await runCli(['rca', 'get', pending.id, '--wait', '-o', 'json'], { env: quick.env, inProcess: true, clock });
    expect(result.code, result.stderr).toBe(0);
    expect(clock.slept).toEqual([250]);
    expect(RootCauseAnalysis.parse(parseJson(result)).id).toBe(pending.id);
  });

  it('--wait polls less and less often, at most every 5 s, and gives up with exit 1 after --wait-timeout', async () => {
    const pending = await clientFor(slow).requestRootCauseAnalysis({ params: { testSessionErrorGroupId: await errorGroup(slow) } });
    const clock = testClock();
    const result = await runCli(['rca', 'get', pending.id, '--wait', '--wait-timeout', '20'], { env: slow.env, inProcess: true, clock });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`analysis ${pending.id} is still pending after 20s`);
    // The waits between polls, on the run's clock: from 250 ms doubling up to 5 s, the last cut
    // short by the deadline.
    expect(clock.slept).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 2250]);
  });

  it('exits 4 for an unknown analysis', async () => {
    const result = await runCli(['rca', 'get', '00000000-0000-4000-8000-000000000000'], { env: quick.env, inProcess: true });
    expect(result.code).toBe(4);
  });
});

describe('an analysis or error group id that is not a UUID', () => {
  it('is refused before any request: exit 2 naming the argument, and where the whole id is', async () => {
    // Nothing listens there: a request sent would fail on the network, exit 1.
    const nowhere = { ...quick.env, STATUSCTL_BASE_URL: await closedPortUrl() };
    const get = await runCli(['rca', 'get', 'c463c2d9'], { env: nowhere, inProcess: true });
    expect(get.code).toBe(2);
    expect(get.stderr).toBe(
      'statusctl: ID: expected the id of the analysis, a UUID (8-4-4-4-12 hexadecimal digits); got "c463c2d9"\n' +
        'hint: give the whole id: statusctl rca request prints it (its third column); the API has no list of analyses to find a short id in\n',
    );
    // A group's id may be a prefix of 6 characters or more (rca-short-ids.test.ts): a shorter one is no id.
    for (const args of [
      ['rca', 'request', 'c463c'],
      ['rca', 'request', 'c463c', '--wait'],
      ['rca', 'request', 'c463c', '--dry-run'],
    ]) {
      const request = await runCli(args, { env: nowhere, inProcess: true });
      expect(request.code, args.join(' ')).toBe(2);
      expect(request.stderr).toMatch(
        /^statusctl: ERROR_GROUP: expected the id of the error group to analyse, a UUID .+; got "c463c"\nhint: give the whole id: statusctl error-groups list/,
      );
    }
  });

  it("among several groups is that group's line, invalid, sent for none, and the others are requested", async () => {
    const group = await errorGroup(slow);
    const result = await runCli(['rca', 'request', '-', '-o', 'json'], {
      env: slow.env,
      input: `${group}\nnot-a-group\n`,
      inProcess: true,
    });
    expect(result.code).toBe(2);
    const entries =
      parseJson<{ id: string; ok: boolean; status: number | null; error: string | null; analysisId: string | null }[]>(result);
    expect(entries.map(({ id, ok, status }) => [id, ok, status])).toEqual([
      [group, true, 202],
      ['not-a-group', false, null],
    ]);
    expect(entries[1]!.error).toMatch(/^ERROR_GROUP: expected .+; got "not-a-group"$/);
    expect(entries[1]!.analysisId).toBeNull();
  });
});

describe('rca on a terminal', () => {
  it('shows a spinner on stderr while waiting, then the analysis', async () => {
    const group = await errorGroup(quickReal);
    const session = await runPty(['rca', 'request', group, '--wait'], { env: quickReal.env });
    try {
      await session.waitFor('Root cause analysis', 15_000);
      expect(await session.exited()).toBe(0);
      // yocto-spinner hides the cursor while it spins and shows it again when done.
      expect(session.raw()).toContain('\x1b[?25l');
      expect(session.screen()).toMatch(/Analysis \S+ completed after/);
    } finally {
      session.kill();
    }
  });

  it('with NO_COLOR, plain progress lines instead of a spinner', async () => {
    const group = await errorGroup(quickReal);
    const session = await runPty(['rca', 'request', group, '--wait'], { env: { ...quickReal.env, NO_COLOR: '1' } });
    try {
      await session.waitFor('Root cause analysis', 15_000);
      expect(await session.exited()).toBe(0);
      expect(session.raw()).not.toContain('\x1b[');
      expect(session.screen()).toMatch(/Waiting for analysis \S+…/);
    } finally {
      session.kill();
    }
  });
});

describe('Ctrl-C while waiting', () => {
  it('ends the wait with exit 130 and the command that picks it up again (the built binary, SIGINT)', async () => {
    const group = await errorGroup(slow);
    const run = startCli(['rca', 'request', group, '--wait', '--verbose'], { env: slow.env });
    // --verbose shows each request: once it polls, it is waiting.
    await run.line(/GET \S+\/v1\/root-cause-analyses\//, 'stderr');
    run.child.kill('SIGINT');
    expect((await run.exited).code).toBe(130);
    const stderr = run.stderr();
    const id = /GET \S+\/v1\/root-cause-analyses\/([\w-]+)/.exec(stderr)![1];
    expect(stderr).toContain(`statusctl: interrupted while waiting for analysis ${id}`);
    expect(stderr).toContain(`hint: continue with: statusctl rca get ${id} --wait`);
  });
});

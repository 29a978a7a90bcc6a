// Errors that guide (docs/cli.md): every error, commander's usage errors included, is one line
// on stderr starting `statusctl:`, continuation lines indented as one block, then at most one
// `hint:` line where it helps. Bad settings, dates and percentages are exit 2 before any request
// (the reference server's access log shows none). The error answers the hosted API documents
// (402, 400 naming a field, 404 where the path has no id) come from a stub on a real port in
// front of the reference server, answering one route as the hosted API may. In-process (runCli
// with inProcess).
import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
import { cleanUpAfter } from '../support/cleanup.js';
import { ApiError } from '../../src/client/errors.js';
import { describeFailure } from '../../src/cli/errors/failure.js';
import { routes, type Row } from '../../src/contract/table.js';
import { removeTempDirs, startTestServer, TEST_ACCOUNT, tempConfigDir, type TestServer, runCli } from './helpers.js';

let server: TestServer;
const requests: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ log: (line) => requests.push(line) });
});
beforeEach(() => {
  requests.length = 0;
});
afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

/** stderr as lines, checked to be the one form: `statusctl: ...`, an indented block, a hint. */
function errorLines(stderr: string): { first: string; block: string[]; hint: string | undefined } {
  const lines = stderr.trimEnd().split('\n');
  const [first = '', ...rest] = lines;
  expect(first, stderr).toMatch(/^statusctl: \S/);
  const hint = rest.at(-1)?.startsWith('hint: ') ? rest.pop() : undefined;
  for (const line of rest) expect(line, stderr).toMatch(/^ {2}\S/);
  return { first, block: rest, hint };
}

describe('usage errors from commander take the same form', () => {
  it('a missing argument: one line and a hint naming the command help; exit 2', async () => {
    const result = await runCli(['incidents', 'get'], { env: server.env, inProcess: true });
    expect(result.code).toBe(2);
    const { first, block, hint } = errorLines(result.stderr);
    expect(first).toBe("statusctl: missing required argument 'id'");
    expect(block).toEqual([]);
    expect(hint).toBe("hint: 'statusctl incidents get --help' shows the usage");
    expect(result.stderr).not.toContain('run with --help');
  });

  it('an invalid choice already says what is expected: one line, no hint', async () => {
    const result = await runCli(['incidents', 'list', '--status', 'bogus'], { env: server.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^statusctl: option '--status <filter>' argument 'bogus' is invalid\. expected one of open, resolved, all\n$/,
    );
  });

  it('an unknown command keeps the suggestion on its one line', async () => {
    const result = await runCli(['incidents', 'lst'], { env: server.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("statusctl: unknown command 'lst' (Did you mean list?)\n");
  });
});

describe('bad settings are exit 2 before any request', () => {
  it('a base URL that is no http(s) address, naming where it came from', async () => {
    for (const [args, env, from] of [
      [['--base-url', 'notaurl'], {}, '--base-url'],
      [[], { STATUSCTL_BASE_URL: 'ftp://example.com' }, 'STATUSCTL_BASE_URL'],
    ] as const) {
      const result = await runCli(['runtimes', 'list', ...args], { env: { ...server.env, ...env }, inProcess: true });
      expect(result.code, result.stderr).toBe(2);
      const { first, hint } = errorLines(result.stderr);
      expect(first).toContain(`(from ${from}) is not usable`);
      expect(hint).toMatch(/^hint: for example --base-url http:\/\/127\.0\.0\.1:4010/);
    }
    expect(requests).toEqual([]);
  });

  it('an unknown --profile names the known ones; login creates a new one', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CONFIG_DIR: dir };
    expect((await runCli(['config', 'set', 'base-url', server.url, '--profile', 'staging'], { env, inProcess: true })).code).toBe(0);
    const result = await runCli(['runtimes', 'list', '--profile', 'stagin'], { env, inProcess: true });
    expect(result.code).toBe(2);
    const { first, hint } = errorLines(result.stderr);
    expect(first).toMatch(/^statusctl: --profile names the profile 'stagin', which is not in .*config\.json \(did you mean staging\?\)$/);
    expect(hint).toBe('hint: known profiles: staging (or create it: statusctl login --profile stagin)');
    const viaEnv = await runCli(['runtimes', 'list'], { env: { ...env, STATUSCTL_PROFILE: 'nope' }, inProcess: true });
    expect(viaEnv.code).toBe(2);
    expect(viaEnv.stderr).toContain('STATUSCTL_PROFILE names the profile');

    const login = await runCli(
      ['login', '--profile', 'ci', '--base-url', server.url, '--api-key', server.account.key, '--account-id', server.account.id],
      { env, inProcess: true },
    );
    expect(login.code, login.stderr).toBe(0);
    expect((await runCli(['runtimes', 'list', '--profile', 'ci'], { env, inProcess: true })).code).toBe(0);
  });

  it('an account id that is not a UUID, naming where it came from: the API takes the header in no other form', async () => {
    for (const [args, env, from] of [
      [['--account-id', 'acct-1'], {}, '--account-id'],
      [[], { STATUSCTL_ACCOUNT_ID: 'acct-1' }, 'STATUSCTL_ACCOUNT_ID'],
    ] as const) {
      const result = await runCli(['runtimes', 'list', ...args], { env: { ...server.env, ...env }, inProcess: true });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toBe(
        `statusctl: the account id "acct-1" (from ${from}) is not a UUID (8-4-4-4-12 hexadecimal digits), the only form the API takes\n` +
          "hint: the account's id is shown in its settings: set it with --account-id, STATUSCTL_ACCOUNT_ID or 'statusctl login'\n",
      );
    }
    expect(requests).toEqual([]);
  });

  it('a key the server refuses: exit 3 with a hint to log in', async () => {
    const result = await runCli(['runtimes', 'list'], {
      env: { ...server.env, STATUSCTL_API_KEY: 'sk_wrong_0123456789' },
      inProcess: true,
    });
    expect(result.code).toBe(3);
    const { first, hint } = errorLines(result.stderr);
    expect(first).toMatch(/^statusctl: 401 /);
    expect(hint).toMatch(/^hint: .*statusctl login/);
  });

  it('no key at all: exit 3, the ways to give one as the hint', async () => {
    const result = await runCli(['runtimes', 'list'], {
      env: { STATUSCTL_BASE_URL: server.url, STATUSCTL_CONFIG_DIR: tempConfigDir() },
      inProcess: true,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      "statusctl: no API key (profile 'default')\nhint: run 'statusctl login', or pass --api-key, or set STATUSCTL_API_KEY\n",
    );
  });
});

describe('dates and percentages', () => {
  const CHECK = demoIds(TEST_ACCOUNT.id).heartbeatChecks.nightlyBackup;

  it('--fail-under takes 99.5 and 99.5%; anything else is exit 2 naming the form', async () => {
    for (const value of ['99.5', '99.5%']) {
      const result = await runCli(['heartbeats', 'availability', CHECK, '--fail-under', value], { env: server.env, inProcess: true });
      // Passed (0) or under the threshold (5): either way the value was taken and the request made.
      expect([0, 5], result.stderr).toContain(result.code);
    }
    for (const value of ['99.5%%', 'abc', '101%']) {
      const result = await runCli(['heartbeats', 'availability', CHECK, '--fail-under', value], { env: server.env, inProcess: true });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('expected a percentage from 0 to 100, such as 99.5 or 99.5%');
    }
  });

  it('--from after the end of the window is refused before any request, with or without --to', async () => {
    requests.length = 0;
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const alone = await runCli(['heartbeats', 'availability', CHECK, '--from', future], { env: server.env, inProcess: true });
    expect(alone.code).toBe(2);
    const { first, hint } = errorLines(alone.stderr);
    expect(first).toContain(`option '--from' (${future}) is in the future`);
    expect(hint).toMatch(/^hint: the window is \[--from, --to\)/);
    const reversed = await runCli(['heartbeats', 'availability', CHECK, '--from', '2025-06-07', '--to', '2025-06-01'], {
      env: server.env,
      inProcess: true,
    });
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toContain("must be before '--to'");
    expect(requests).toEqual([]);
  });
});

describe('multi-line messages', () => {
  it('are indented as one block under the statusctl: line', async () => {
    const result = await runCli(['incidents', 'create', '--name', 'X', '--severity', 'minor', '--service', 'No Such Service'], {
      env: server.env,
      inProcess: true,
    });
    expect(result.code).toBe(2);
    const { first, block } = errorLines(result.stderr);
    expect(first).toContain('--service "No Such Service": no such service');
    expect(block.length).toBeGreaterThan(1);
  });
});

/**
 * A stub on a real port that answers `method path` (a path, or a pattern of paths) with
 * `status` and `body` (JSON, or text as is), as the hosted API may, and passes every other request to the reference server. Closed
 * after the test. `answered()` counts the stubbed answers.
 */
async function hostedAnswer(
  method: string,
  path: string | RegExp,
  status: number,
  body: unknown,
): Promise<{ env: Record<string, string>; answered: () => number }> {
  let answered = 0;
  const stub = createServer(async (req, res) => {
    if (req.method === method && (typeof path === 'string' ? req.url === path : path.test(req.url!))) {
      answered++;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
      return;
    }
    const sent = await fetch(server.url + req.url, {
      method: req.method!,
      headers: Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host')) as Record<string, string>,
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: await readAll(req) }),
    });
    res.writeHead(sent.status, { 'content-type': sent.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await sent.arrayBuffer()));
  });
  await new Promise<void>((listening) => stub.listen(0, '127.0.0.1', listening));
  cleanUpAfter('test', () => new Promise((closed) => stub.close(closed)));
  stub.unref();
  const { port } = stub.address() as { port: number };
  return { env: { ...server.env, STATUSCTL_BASE_URL: `http://127.0.0.1:${port}` }, answered: () => answered };
}

/** A request's body, as the text the CLI sent (JSON). */
async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('error answers the hosted API documents: the exit code of docs/cli.md and a hint with the fix', () => {
  const ids = demoIds(TEST_ACCOUNT.id);

  it('402 to an analysis request: exit 1, the plan or its quota and what to do; not sent again', async () => {
    const group = ids.errorGroups.dashboardTimeout;
    const path = `/v1/root-cause-analyses/error-groups/${group}`;
    const stub = await hostedAnswer('POST', path, 402, {
      statusCode: 402,
      error: 'Payment Required',
      message: 'No analyses left',
      attributes: {},
    });
    const result = await runCli(['rca', 'request', group], { env: stub.env, inProcess: true });
    expect(result.code, result.stderr).toBe(1);
    const { first, block, hint } = errorLines(result.stderr);
    expect(first).toBe(`statusctl: 402 Payment Required: No analyses left (POST ${path})`);
    expect(block).toEqual([]);
    expect(hint).toMatch(
      /^hint: the account's plan does not include root cause analyses, or its quota of them is used up: nothing was started; .*upgrade the plan or wait for the quota to renew/,
    );
    expect(stub.answered()).toBe(1);
  });

  it('402 to every group of a bulk request: one line per group, the hint once under the summary', async () => {
    const groups = [ids.errorGroups.tokenExpired, ids.errorGroups.paymentsDns];
    const stub = await hostedAnswer('POST', /^\/v1\/root-cause-analyses\/error-groups\//, 402, {
      statusCode: 402,
      error: 'Payment Required',
      message: 'No analyses left',
    });
    const result = await runCli(['rca', 'request', ...groups], { env: stub.env, inProcess: true });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout.trimEnd().split('\n')).toEqual(groups.map((group) => `${group}\tfailed\t402 Payment Required: No analyses left`));
    const { first, hint } = errorLines(result.stderr);
    expect(first).toBe('statusctl: 2 of 2 failed (2 failed)');
    expect(hint).toMatch(/^hint: the account's plan does not include root cause analyses/);
  });

  it('402 without a message (the hosted document leaves it out): the status line and the same hint', async () => {
    const group = ids.errorGroups.checkoutSelector;
    const path = `/v1/root-cause-analyses/error-groups/${group}`;
    const stub = await hostedAnswer('POST', path, 402, { statusCode: 402, error: 'Payment Required' });
    const result = await runCli(['rca', 'request', group, '--wait'], { env: stub.env, inProcess: true });
    expect(result.code, result.stderr).toBe(1);
    const { first, hint } = errorLines(result.stderr);
    expect(first).toBe(`statusctl: 402 Payment Required (POST ${path})`);
    expect(hint).toMatch(/^hint: the account's plan does not include root cause analyses/);
  });

  it('400 naming the account header: exit 1, the account id, where it comes from and how to set it', async () => {
    const stub = await hostedAnswer('GET', '/v1/runtimes', 400, {
      statusCode: 400,
      error: 'Bad Request',
      message: '"x-checkly-account" must be a valid GUID',
      validation: { source: 'headers', keys: ['x-checkly-account'] },
    });
    const result = await runCli(['runtimes', 'list'], { env: stub.env, inProcess: true });
    expect(result.code, result.stderr).toBe(1);
    const { first, hint } = errorLines(result.stderr);
    expect(first).toBe('statusctl: 400 Bad Request: "x-checkly-account" must be a valid GUID (GET /v1/runtimes)');
    expect(hint).toBe(
      `hint: the account id "${TEST_ACCOUNT.id}" (from STATUSCTL_ACCOUNT_ID) is not one the server takes (a UUID, shown in the account's settings): set it with --account-id, STATUSCTL_ACCOUNT_ID or 'statusctl login'`,
    );
  });

  it('400 whose message names the field: exit 1, the hint names it', async () => {
    const check = ids.heartbeatChecks.nightlyBackup;
    // The CLI sends only a UUID there (it refuses any other form itself): the stub refuses it anyway.
    const event = '00000000-0000-4000-8000-00000000e001';
    const path = `/v1/checks/heartbeats/${check}/events/${event}`;
    const stub = await hostedAnswer('GET', path, 400, { statusCode: 400, error: 'Bad Request', message: '"id" must be a valid GUID' });
    const result = await runCli(['heartbeats', 'events', check, event], { env: stub.env, inProcess: true });
    expect(result.code, result.stderr).toBe(1);
    expect(errorLines(result.stderr).hint).toBe(
      'hint: the server refused id: fix it as the message says (--verbose lists what it said of each), then run the command again',
    );
  });

  it('400 that names no field: the hint says so and where to look', async () => {
    const stub = await hostedAnswer('GET', '/v1/runtimes', 400, { statusCode: 400, error: 'Bad Request', message: 'Invalid request' });
    const result = await runCli(['runtimes', 'list'], { env: stub.env, inProcess: true });
    expect(result.code).toBe(1);
    expect(errorLines(result.stderr).hint).toMatch(
      /^hint: the answer names no field: check the ids and values given against the command's --help/,
    );
  });

  it('404 to a list: exit 4, the route is not served, so the base URL is in question', async () => {
    const stub = await hostedAnswer('GET', '/v1/status-pages/incidents?limit=100', 404, {
      statusCode: 404,
      error: 'Not Found',
      message: 'Not Found',
    });
    const result = await runCli(['incidents', 'list', '--all'], { env: stub.env, inProcess: true });
    expect(result.code, result.stderr).toBe(4);
    expect(errorLines(result.stderr).hint).toBe(
      `hint: the server does not serve this route: is ${stub.env.STATUSCTL_BASE_URL} (from STATUSCTL_BASE_URL) the status-page API's root? statusctl puts /v1 in front of every path itself`,
    );
  });

  it('404 to creating an incident: exit 4, a service the account does not have', async () => {
    const stub = await hostedAnswer('POST', '/v1/status-pages/incidents', 404, {
      statusCode: 404,
      error: 'Not Found',
      message: 'Service not found',
    });
    const result = await runCli(
      [
        'incidents',
        'create',
        '--name',
        'Backups late',
        '--severity',
        'minor',
        '--service',
        'Postgres (primary)',
        '--message',
        'Looking',
        '--yes',
      ],
      { env: stub.env, inProcess: true },
    );
    expect(result.code, result.stderr).toBe(4);
    const { first, hint } = errorLines(result.stderr);
    expect(first).toBe('statusctl: 404 Not Found: Service not found (POST /v1/status-pages/incidents)');
    expect(hint).toBe(
      "hint: a service of the incident is not one of the account's (any more): 'statusctl services list' shows those it has",
    );
    expect(stub.answered()).toBe(1);
  });

  it('a 400 naming a hundred fields with terminal escapes: clean lines, a few named, the rest counted', async () => {
    const details = Array.from({ length: 100 }, (_, i) => ({
      path: `services[${i}].id\u001b[31m`,
      message: 'unknown\u001b]0;owned\u0007\nservice',
    }));
    const stub = await hostedAnswer('GET', '/v1/runtimes', 400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'bad\u001b[2J',
      details,
    });
    const result = await runCli(['runtimes', 'list', '--verbose'], { env: stub.env, inProcess: true });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(result.stderr).toContain(
      'hint: the server refused services[0].id [31m, services[1].id [31m, services[2].id [31m and 97 more: fix them',
    );
    const detailLines = result.stderr.split('\n').filter((line) => /^ {2}services\[/.test(line));
    expect(detailLines).toHaveLength(20);
    expect(detailLines[0]).toBe('  services[0].id [31m: unknown ]0;owned service');
    expect(result.stderr).toContain('\n  … and 80 more\n');
  });

  it('a 402 body of a megabyte: one line and the hint, nothing of the body past what a line shows', async () => {
    const group = ids.errorGroups.ordersBadGateway;
    const path = `/v1/root-cause-analyses/error-groups/${group}`;
    const huge = JSON.stringify({ statusCode: 402, error: 'Payment Required', message: 'x'.repeat(1024 * 1024) });
    const stub = await hostedAnswer('POST', path, 402, huge);
    const result = await runCli(['rca', 'request', group], { env: stub.env, inProcess: true });
    expect(result.code).toBe(1);
    const { first, hint } = errorLines(result.stderr);
    expect(first.length).toBeLessThan(200);
    expect(first).toMatch(/^statusctl: 402 Payment Required: "\{"statusCode":402,.*…" \(POST /);
    expect(hint).toMatch(/^hint: the account's plan/);
  });
});

describe('every status a row declares for the hosted API’s own reasons has its hint and documented exit code', () => {
  const declared = Object.entries(routes as Record<string, Row>).flatMap(([id, row]) =>
    Object.entries(row.alsoAnswers ?? {}).map(([status, when]) => ({ id, row, status: Number(status), when })),
  );

  it.each(declared)('$id: $status', ({ id, row, status, when }) => {
    const error = new ApiError('http', `${status} (${row.method} ${row.path})`, { status });
    error.operation = { id, declares: true, hasPathIds: row.path.includes('{'), when };
    const failure = describeFailure(error);
    expect(failure.hint).toMatch(/\S/);
    expect(failure.exitCode).toBe(status === 404 ? 4 : status === 401 || status === 403 ? 3 : 1);
  });
});

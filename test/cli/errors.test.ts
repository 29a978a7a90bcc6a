// Errors that guide (docs/cli.md): every error, commander's usage errors included, is one line
// on stderr starting `statusctl:`, continuation lines indented as one block, then at most one
// `hint:` line where it helps. Bad settings, dates and percentages are exit 2 before any request
// (the reference server's access log shows none). In-process (runCli with inProcess).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
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

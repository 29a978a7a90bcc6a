// `statusctl whoami` / `auth status`: the settings a command would use, where each came from,
// and whether the server accepts them. In-process against the reference server.
import { beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl, parseJson, tempConfigDir, type TestServer, useTestServer, runCli } from './helpers.js';
import { testClock } from '../support/clock.js';

const file = useTestServer();
let server: TestServer;
beforeAll(() => {
  server = file.server;
});

describe('whoami', () => {
  it('shows each setting with its source, the key masked, and that the server accepts them', async () => {
    const result = await runCli(['whoami'], { env: server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`${server.url} (environment)`);
    expect(result.stdout).toContain(`${server.account.id} (environment)`);
    expect(result.stdout).toContain(`****${server.account.key.slice(-4)} (environment)`);
    expect(result.stdout).toMatch(/profile\s+default \(default\)/);
    expect(result.stdout).toContain('accepts them');
    expect(result.stdout + result.stderr).not.toContain(server.account.key);
  });

  it("auth status gives whoami's report for each profile (here one), with whether it is in use; -o json gives each value with its source", async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CONFIG_DIR: dir };
    const login = await runCli(
      ['login', '--profile', 'ops', '--base-url', server.url, '--api-key', server.account.key, '--account-id', server.account.id],
      { env, inProcess: true },
    );
    expect(login.code, login.stderr).toBe(0);
    const result = await runCli(['auth', 'status', '--profile', 'ops', '-o', 'json'], { env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    const report = {
      profile: { value: 'ops', source: 'option' },
      baseUrl: { value: server.url, source: 'profile' },
      accountId: { value: server.account.id, source: 'profile' },
      apiKey: { value: `****${server.account.key.slice(-4)}`, source: 'file' },
      proxy: { value: null, source: 'unset', used: false },
      server: { accepted: true, status: 200, message: expect.any(String) },
    };
    expect(parseJson(result)).toEqual([{ active: true, ...report }]);
    expect(parseJson(await runCli(['whoami', '--profile', 'ops', '-o', 'json'], { env, inProcess: true }))).toEqual(report);
  });

  it('a key the server refuses, or none: the settings still shown, exit 3 with a hint', async () => {
    const refused = await runCli(['whoami', '--api-key', 'sk_wrong_key_000000'], { env: server.env, inProcess: true });
    expect(refused.code).toBe(3);
    expect(refused.stdout).toContain('****0000 (option)');
    expect(refused.stdout).toMatch(/refuses them: 401/);
    expect(refused.stderr).toMatch(/^statusctl: the server refuses these credentials: 401 .*\nhint: run 'statusctl login'/);
    const none = await runCli(['whoami', '-o', 'json'], {
      env: { STATUSCTL_BASE_URL: server.url, STATUSCTL_CONFIG_DIR: tempConfigDir() },
      inProcess: true,
    });
    expect(none.code).toBe(3);
    expect(parseJson<{ apiKey: unknown; server: unknown }>(none)).toMatchObject({
      apiKey: { value: null, source: 'unset' },
      server: { accepted: false, status: null },
    });
  });

  it('a server that cannot be reached: the settings still shown, then the network error (exit 1)', async () => {
    const url = await closedPortUrl();
    // Its retries wait on a clock of the test's, which they move instead of taking time.
    const down = await runCli(['whoami', '--base-url', url], { env: server.env, inProcess: true, clock: testClock() });
    expect(down.code).toBe(1);
    expect(down.stdout).toContain(`base URL\t${url} (option)`);
    expect(down.stdout).toMatch(/^server\tnot checked: connection refused/m);
    expect(down.stderr).toMatch(/^statusctl: connection refused \(ECONNREFUSED\)/);
  });
});

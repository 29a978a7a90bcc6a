// `statusctl incidents ...` failures and output rules in-process (run()) against the reference
// server: exit 3 for keys, exit 1 unreachable, exit 2 usage, the key masked under --verbose, and
// no ANSI escapes when not on a terminal or when colour is turned off.
import { describe, expect, it, vi } from 'vitest';
import { closedPortUrl, runCli } from './helpers.js';
import { testClock } from '../support/clock.js';
import { cli, server, useIncidentsServer } from './incidents-setup.js';

// Some tests spawn the built CLI; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000 });

useIncidentsServer();

describe('failures and exit codes', () => {
  it('no key, a wrong key and a mismatched account id are exit 3', async () => {
    const noKey = await cli(['incidents', 'list'], { STATUSCTL_API_KEY: undefined });
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toMatch(/^statusctl: no API key/);
    const wrongKey = await cli(['incidents', 'list'], { STATUSCTL_API_KEY: 'sk_wrong_0000000000000000' });
    expect(wrongKey.code).toBe(3);
    expect(wrongKey.stderr).toMatch(/^statusctl: 401/);
    const otherAccount = await cli(['incidents', 'get', 'whatever'], { STATUSCTL_ACCOUNT_ID: '00000000-0000-4000-8000-00000000acc7' });
    expect(otherAccount.code).toBe(3);
    expect(otherAccount.stderr).toMatch(/^statusctl: 403/);
  });

  it('an unreachable server is exit 1, one line on stderr', async () => {
    // Its retries wait on a clock of the test's, which they move instead of taking time.
    const result = await runCli(['incidents', 'list'], {
      env: { ...server.env, STATUSCTL_BASE_URL: await closedPortUrl() },
      inProcess: true,
      clock: testClock(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^statusctl: [^\n]+\nhint: nothing listens at [^\n]+\n$/);
    expect(result.stdout).toBe('');
  });

  it('an unknown command is exit 2', async () => {
    expect((await cli(['incidents', 'frobnicate'])).code).toBe(2);
    expect((await cli(['incident'])).code).toBe(2);
    expect((await cli(['incidents', 'get'])).code).toBe(2);
  });

  it('--verbose logs each request on stderr with the key masked, never in full', async () => {
    const result = await cli(['incidents', 'list', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/v1\/status-pages\/incidents(\?\S*)? -> 200 .*key \*\*\*\*cdef/);
    expect(result.stdout + result.stderr).not.toContain(server.account.key);
  });
});

describe('plain output', () => {
  // eslint-disable-next-line no-control-regex
  const ESCAPE = /\x1b\[/;
  const commands = [
    ['incidents', 'list'],
    ['status-pages', 'list'],
  ];

  it('has no ANSI escapes when not on a terminal', async () => {
    const results = await Promise.all(commands.map((args) => cli(args)));
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).not.toMatch(ESCAPE);
      expect(result.stderr).not.toMatch(ESCAPE);
    }
  });

  it('NO_COLOR and --no-color win over FORCE_COLOR', async () => {
    const [forced, ...plain] = await Promise.all([
      cli(['incidents', 'list'], { FORCE_COLOR: '1' }, 200),
      cli(['incidents', 'list'], { FORCE_COLOR: '1', NO_COLOR: '1' }, 200),
      cli(['incidents', 'list'], { FORCE_COLOR: '3', NO_COLOR: 'true' }, 200),
      cli(['incidents', 'list', '--no-color'], { FORCE_COLOR: '1' }, 200),
      cli(['incidents', 'list', '--no-color'], { FORCE_COLOR: '1' }),
    ]);
    expect(forced!.code, forced!.stderr).toBe(0);
    expect(forced!.stdout).toMatch(ESCAPE); // so the checks below can fail
    for (const result of plain) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout + result.stderr).not.toMatch(ESCAPE);
    }
  });

  it('errors are one plain line', async () => {
    const result = await cli(['incidents', 'get', '00000000-0000-4000-8000-00000000dead'], { FORCE_COLOR: '1', NO_COLOR: '1' });
    expect(result.stderr).toMatch(/^statusctl: [^\n\x1b]+\n$/);
  });
});

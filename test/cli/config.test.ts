// `statusctl config ...` in-process (run()): the real file it writes (0600), the key always masked, and the
// precedence option > environment > profile > default, down to which server a request reaches.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closedPortUrl, parseJson, removeTempDirs, runCli, startTestServer, tempConfigDir, type TestServer } from './helpers.js';
import { testClock } from '../support/clock.js';

// Each test spawns the built CLI several times; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000 });

const KEY = 'sk_live_supersecret_9876wxyz';

interface Listed {
  profile: string;
  path: string;
  settings: Record<'base-url' | 'api-key' | 'account-id', { value: string | null; source: string }>;
}

afterAll(removeTempDirs);

describe('config path, set, get, unset', () => {
  it('prints the config file path inside STATUSCTL_CONFIG_DIR', async () => {
    const dir = tempConfigDir();
    const result = await runCli(['config', 'path'], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(join(dir, 'config.json'));
  });

  it('creates the file with mode 0600 and reads back what it set', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CONFIG_DIR: dir };
    const set = await runCli(['config', 'set', 'base-url', 'https://status.example.com'], { env, inProcess: true });
    expect(set.code).toBe(0);
    expect(set.stderr).toContain("Set base-url to https://status.example.com in profile 'default'");
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    const get = await runCli(['config', 'get', 'base-url'], { env, inProcess: true });
    expect(get).toMatchObject({ code: 0, stdout: 'https://status.example.com\n' });
  });

  it('never shows the full key: set, get, list and their JSON forms', async () => {
    const env = { STATUSCTL_CONFIG_DIR: tempConfigDir() };
    const results = [
      await runCli(['config', 'set', 'api-key', KEY], { env, inProcess: true }),
      await runCli(['config', 'get', 'api-key'], { env, inProcess: true }),
      await runCli(['config', 'get', 'api-key', '--json'], { env, inProcess: true }),
      await runCli(['config', 'list'], { env, inProcess: true }),
      await runCli(['config', 'list', '-o', 'json'], { env, inProcess: true }),
    ];
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result.stdout + result.stderr).not.toContain(KEY);
      expect(result.stdout + result.stderr).toContain('****wxyz');
    }
    expect(results[1]!.stdout).toBe('****wxyz\n');
    expect(parseJson(results[2]!)).toEqual({ key: 'api-key', value: '****wxyz', source: 'file' });
    // ...while the file itself keeps the key (no credential store in these runs), for the requests to use.
    const file = JSON.parse(readFileSync(join(env.STATUSCTL_CONFIG_DIR, 'config.json'), 'utf8'));
    expect(file.profiles.default.apiKey).toBe(KEY);
  });

  it('unset removes a setting from the profile', async () => {
    const env = { STATUSCTL_CONFIG_DIR: tempConfigDir() };
    await runCli(['config', 'set', 'account-id', 'acct-9'], { env, inProcess: true });
    const unset = await runCli(['config', 'unset', 'account-id'], { env, inProcess: true });
    expect(unset.code).toBe(0);
    const get = await runCli(['config', 'get', 'account-id', '--json'], { env, inProcess: true });
    expect(parseJson(get)).toEqual({ key: 'account-id', value: null, source: 'unset' });
  });

  it('keeps profiles apart (--profile, STATUSCTL_PROFILE)', async () => {
    const dir = tempConfigDir();
    await runCli(['config', 'set', 'account-id', 'acct-staging', '--profile', 'staging'], {
      env: { STATUSCTL_CONFIG_DIR: dir },
      inProcess: true,
    });
    const other = await runCli(['config', 'get', 'account-id', '--json'], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(parseJson(other)).toMatchObject({ value: null });
    const viaEnv = await runCli(['config', 'get', 'account-id'], {
      env: { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_PROFILE: 'staging' },
      inProcess: true,
    });
    expect(viaEnv.stdout).toBe('acct-staging\n');
  });

  it.each([[['config', 'get', 'token']], [['config', 'set', 'apikey', 'x']], [['config', 'unset', 'url']]])(
    'an unknown key is a usage error naming the valid keys: %j',
    async (args) => {
      const result = await runCli(args, { inProcess: true });
      expect(result.code).toBe(2);
      // The form of every usage error: the field, what was expected, a hint.
      expect(result.stderr).toMatch(
        /^statusctl: key: unknown setting '.+'( \(did you mean [^)]+\))?: expected one of base-url, api-key, account-id, proxy, ca-file, system-ca, heartbeats\nhint: .+\n$/,
      );
      expect(result.stdout).toBe('');
    },
  );

  it('refuses a base URL that is not http(s) (exit 2)', async () => {
    const result = await runCli(['config', 'set', 'base-url', 'ftp://example.com'], { inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('base-url');
  });

  it('an unknown verb is a usage error', async () => {
    const result = await runCli(['config', 'show'], { inProcess: true });
    expect(result.code).toBe(2);
  });
});

describe('precedence: option > environment > profile > default', () => {
  it('config list --json names the source of each setting', async () => {
    const env = { STATUSCTL_CONFIG_DIR: tempConfigDir() };
    await runCli(['config', 'set', 'base-url', 'http://profile.example'], { env, inProcess: true });
    await runCli(['config', 'set', 'api-key', KEY], { env, inProcess: true });
    await runCli(['config', 'set', 'account-id', 'acct-profile'], { env, inProcess: true });

    const layered = parseJson<Listed>(
      // The profile's server written otherwise: its key is that server's, and so in effect.
      await runCli(['config', 'list', '--json', '--base-url', 'http://PROFILE.example/'], {
        env: { ...env, STATUSCTL_BASE_URL: 'http://env.example', STATUSCTL_ACCOUNT_ID: 'acct-env' },
        inProcess: true,
      }),
    );
    expect(layered.settings).toEqual({
      'base-url': { value: 'http://PROFILE.example/', source: 'option' },
      'api-key': { value: '****wxyz', source: 'file' },
      'account-id': { value: 'acct-env', source: 'environment' },
      proxy: { value: null, source: 'unset' },
      'ca-file': { value: null, source: 'unset' },
      'system-ca': { value: null, source: 'unset' },
      heartbeats: { value: null, source: 'unset' },
    });
    expect(layered.path).toBe(join(env.STATUSCTL_CONFIG_DIR, 'config.json'));
    // Another server's: the profile's key is not for it (exit 3, see key-scope.test.ts).
    const elsewhere = await runCli(['config', 'list', '--json', '--base-url', 'http://option.example'], { env, inProcess: true });
    expect(elsewhere.code).toBe(3);

    const fresh = parseJson<Listed>(await runCli(['config', 'list', '--json'], { inProcess: true }));
    expect(fresh.settings['base-url'].source).toBe('default');
    expect(fresh.settings['api-key']).toEqual({ value: null, source: 'unset' });
  });

  describe('against a server', () => {
    let server: TestServer;
    let deadUrl: string;
    beforeAll(async () => {
      server = await startTestServer();
      deadUrl = await closedPortUrl();
    });
    afterAll(() => server?.close());

    function profileEnv(baseUrl: string) {
      const dir = tempConfigDir();
      return runCli(['config', 'set', 'base-url', baseUrl], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true }).then(() => ({
        STATUSCTL_CONFIG_DIR: dir,
        STATUSCTL_API_KEY: server.account.key,
      }));
    }

    it('the option beats the environment and the profile', async () => {
      const env = { ...(await profileEnv(deadUrl)), STATUSCTL_BASE_URL: deadUrl };
      const result = await runCli(['--base-url', server.url, 'incidents', 'list', '--json'], { env, inProcess: true });
      expect(result.code, result.stderr).toBe(0);
      expect(parseJson<{ entries: unknown[] }>(result).entries).toBeInstanceOf(Array);
    });

    it('the environment beats the profile', async () => {
      const good = { ...(await profileEnv(deadUrl)), STATUSCTL_BASE_URL: server.url };
      expect((await runCli(['incidents', 'list', '--json'], { env: good, inProcess: true })).code).toBe(0);
      const bad = { ...(await profileEnv(server.url)), STATUSCTL_BASE_URL: deadUrl };
      // Its retries wait on a clock of the test's, which they move instead of taking time.
      const result = await runCli(['incidents', 'list'], { env: bad, inProcess: true, clock: testClock() });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^statusctl: /);
    });

    it('the profile is used when nothing else is given', async () => {
      const result = await runCli(['incidents', 'list', '--json'], { env: await profileEnv(server.url), inProcess: true });
      expect(result.code, result.stderr).toBe(0);
    });
  });
});

// The warning and the first error come from the built binary, as a user meets them; the other
// commands that read the file, in process.
describe('a config file that cannot be used', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  // Line 5 lacks the comma after the base URL; line 6 holds a key that no message may quote.
  const MISSING_COMMA = [
    '{',
    '  "profiles": {',
    '    "default": {',
    '      "baseUrl": "http://127.0.0.1:1"',
    `      "apiKey": "${KEY}"`,
    '    }',
    '  }',
    '}',
    '',
  ];
  function brokenDir(lines: string[]): { STATUSCTL_CONFIG_DIR: string; path: string } {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'config.json'), lines.join('\n'));
    return { STATUSCTL_CONFIG_DIR: dir, path: join(dir, 'config.json') };
  }

  it('is not needed when options or variables give base URL, key and account id: the command runs and warns', async () => {
    const { path, ...env } = brokenDir(MISSING_COMMA);
    const fromEnv = await runCli(['runtimes', 'list', '--json'], { env: { ...env, ...server.env } });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(parseJson<unknown[]>(fromEnv).length).toBeGreaterThan(0);
    expect(fromEnv.stderr).toBe(
      `warning: config file ${path} is not valid JSON: line 5, column 7: expected ',' or '}' after property value; not read, as options and variables give the base URL, API key and account id\n`,
    );
    const options = ['--base-url', server.url, '--api-key', server.account.key, '--account-id', server.account.id];
    const fromOptions = await runCli([...options, 'incidents', 'list', '--json'], { env, inProcess: true });
    expect(fromOptions.code, fromOptions.stderr).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(MISSING_COMMA.join('\n'));
  });

  it('a command that needs it names the file, the line and column, and how to fix or move it; never the key', async () => {
    const { path, ...env } = brokenDir(MISSING_COMMA);
    const partly = await runCli(['runtimes', 'list'], { env: { ...env, STATUSCTL_API_KEY: server.account.key } });
    expect(partly.code).toBe(1);
    expect(partly.stderr).toBe(
      `statusctl: config file ${path} is not valid JSON: line 5, column 7: expected ',' or '}' after property value (the file was left untouched)\n` +
        `hint: fix line 5, or move the file away (mv ${path} ${path}.broken) and run 'statusctl login' again (with STATUSCTL_BASE_URL, STATUSCTL_API_KEY and STATUSCTL_ACCOUNT_ID all set, commands do not need it)\n`,
    );
    // V8's own message quotes the text around a bad token; the report gives its place only.
    const token = brokenDir(['{"profiles": {', `  "default": {"apiKey": "${KEY}",`, '    "baseUrl": http://x}}}']);
    for (const args of [
      ['config', 'list'],
      ['whoami'],
      ['login', '--base-url', server.url, '--api-key', KEY, '--account-id', server.account.id],
      ['incidents', 'list', '--verbose'],
    ]) {
      const result = await runCli(args, { env: { STATUSCTL_CONFIG_DIR: token.STATUSCTL_CONFIG_DIR }, inProcess: true });
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain(`statusctl: config file ${token.path} is not valid JSON: line 3, column 16: unexpected "h"`);
      expect(result.stderr).toContain('hint: fix line 3, or move the file away');
      expect(result.stderr + result.stdout).not.toContain(KEY);
    }
    // Where the file is can always be asked.
    expect(await runCli(['config', 'path'], { env, inProcess: true })).toMatchObject({ code: 0, stdout: `${path}\n` });
  });

  it('JSON of another shape is named by its field', async () => {
    const { path, ...env } = brokenDir(['{"profiles": {"default": {"baseUrl": 3}}}']);
    const result = await runCli(['runtimes', 'list'], { env, inProcess: true });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^statusctl: config file ${path} is not a statusctl config file: profiles\\.default\\.baseUrl is not a string .*\nhint: fix that entry`,
      ),
    );
  });
});

describe('colors: --no-color, then NO_COLOR, then FORCE_COLOR, then the terminal (the built binary, piped)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const ESCAPE = /\x1b\[/;
  const strip = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');
  const run = (args: string[], env: Record<string, string> = {}) => runCli(args, { env: { ...server.env, ...env } });

  it('FORCE_COLOR colors piped output in the same layout; NO_COLOR, --no-color and FORCE_COLOR=0 keep it plain', async () => {
    const [plain, forced, forced256, noColor, option, zero, json] = await Promise.all([
      run(['incidents', 'list']),
      run(['incidents', 'list'], { FORCE_COLOR: '1' }),
      run(['incidents', 'list'], { FORCE_COLOR: '2' }),
      run(['incidents', 'list'], { FORCE_COLOR: '1', NO_COLOR: '1' }),
      run(['incidents', 'list', '--no-color'], { FORCE_COLOR: '3' }),
      run(['incidents', 'list'], { FORCE_COLOR: '0' }),
      run(['incidents', 'list', '-o', 'json'], { FORCE_COLOR: '1' }),
    ]);
    for (const result of [plain, forced, forced256, noColor, option, zero, json]) expect(result.code, result.stderr).toBe(0);
    expect(plain.stdout).toContain('\tINVESTIGATING\t');
    expect(plain.stdout).not.toMatch(ESCAPE);
    // Severity and status are painted (16 colors: red is 31), the tab-separated layout kept.
    expect(forced.stdout).toMatch(/\t\x1b\[31mINVESTIGATING\x1b\[39m\t/);
    expect(strip(forced.stdout)).toBe(plain.stdout);
    expect(strip(forced256.stdout)).toBe(plain.stdout);
    for (const result of [noColor, option, zero]) expect(result.stdout).toBe(plain.stdout);
    // JSON is for programs: never colored.
    expect(json.stdout).not.toMatch(ESCAPE);
    JSON.parse(json.stdout);
  });
});

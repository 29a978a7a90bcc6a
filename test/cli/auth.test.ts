// `statusctl login` and `logout` off a terminal: credentials from options or environment, one
// checking request, saved only when the server accepts them; the key never shown in full. Then
// the profiles: `auth status`, `auth switch`, `auth token`; the built binary for the Secret Service.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { missingSecretServiceTools, startSecretService } from '../support/secret-service.mjs';
import { closedPortUrl, parseJson, removeTempDirs, runCli, runPty, startTestServer, tempConfigDir, type TestServer } from './helpers.js';
import { testClock } from '../support/clock.js';
import { runBlock } from './block-shell.js';
import { readmeLines } from './readme-shell.js';

// Some tests spawn the built CLI several times; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000 });

const MAIN = { id: 'a0700000-0000-4000-8000-000000000001', key: 'sk_auth_key_0000_abcd' };
const OTHER = { id: '0e000000-0000-4000-8000-0000000000e2', key: 'sk_other_key_1111_efgh' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ accounts: [MAIN, OTHER] });
});
afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

/** `login` with `options`, then the credentials as options: MAIN's unless `key` or `baseUrl` says otherwise. */
function loginArgs(options: string[] = [], { baseUrl = server.url, key = MAIN.key } = {}): string[] {
  return ['login', ...options, '--base-url', baseUrl, '--api-key', key, '--account-id', MAIN.id];
}

function savedProfile(dir: string, name = 'default') {
  const path = join(dir, 'config.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')).profiles?.[name] : undefined;
}

// These runs have no session bus (helpers.ts cleanEnv), so no credential store: the key goes to
// the file, with a warning. The store itself is tested in keyring.test.ts.
describe('login (not on a terminal)', () => {
  it('checks the credentials, saves them 0600 and says so with the key masked; without a store, warns of plain text', async () => {
    const dir = tempConfigDir();
    const result = await runCli(['login', '--base-url', server.url, '--account-id', MAIN.id], {
      env: { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_API_KEY: MAIN.key },
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(0);
    const path = join(dir, 'config.json');
    const lines = [
      `Logged in to ${server.url} as account ${MAIN.id} (key ****abcd), saved to profile 'default' in ${path} (the key in plain text)`,
      ...(process.platform === 'linux'
        ? [
            `warning: the API key was stored in plain text in ${path} (readable by anything running as you): no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service`,
          ]
        : [`warning: the API key was stored in plain text in ${path} (readable by anything running as you): STATUSCTL_NO_KEYRING is set`]),
      'hint: on a desktop, unlock or start the keyring and log in again; to keep the key out of files, set STATUSCTL_API_KEY instead',
    ];
    expect(result.stderr).toBe(`${lines.join('\n')}\n`);
    expect(result.stdout + result.stderr).not.toContain(MAIN.key);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(savedProfile(dir)).toEqual({
      baseUrl: server.url,
      apiKey: MAIN.key,
      // The server the key is for: no other is sent it (key-scope.test.ts).
      apiKeyBaseUrl: server.url,
      accountId: MAIN.id,
    });

    // The saved profile is enough for the next command.
    const list = await runCli(['incidents', 'list', '--json'], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(list.code, list.stderr).toBe(0);
  });

  it('saves to the profile named by --profile, and prints a JSON summary with --json', async () => {
    const dir = tempConfigDir();
    const result = await runCli(loginArgs(['--profile', 'ci', '--json']), { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual({
      profile: 'ci',
      baseUrl: server.url,
      accountId: MAIN.id,
      apiKey: '****abcd',
      path: join(dir, 'config.json'),
      keyStorage: 'file',
    });
    expect(savedProfile(dir, 'ci')).toMatchObject({ accountId: MAIN.id });
    expect(savedProfile(dir, 'default')).toBeUndefined();
  });

  it('fails with exit 2 naming what is missing', async () => {
    const dir = tempConfigDir();
    const result = await runCli(['login', '--base-url', server.url], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^statusctl: .*--api-key.*--account-id/);
    expect(savedProfile(dir)).toBeUndefined();

    const onlyKey = await runCli(['login', '--base-url', server.url, '--api-key', MAIN.key], {
      env: { STATUSCTL_CONFIG_DIR: dir },
      inProcess: true,
    });
    expect(onlyKey.code).toBe(2);
    expect(onlyKey.stderr).toContain('--account-id');
    expect(onlyKey.stderr).not.toContain('--api-key');
  });

  it('a wrong key is exit 3 and nothing is saved', async () => {
    const dir = tempConfigDir();
    const result = await runCli(loginArgs([], { key: 'sk_wrong_key_9999_zzzz' }), { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^statusctl: .*nothing was saved\n$/);
    expect(result.stderr).not.toContain('sk_wrong_key_9999_zzzz');
    expect(savedProfile(dir)).toBeUndefined();
  });

  it('a key of another account (403) is exit 3 and nothing is saved', async () => {
    const dir = tempConfigDir();
    const result = await runCli(loginArgs([], { key: OTHER.key }), { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(result.code).toBe(3);
    expect(savedProfile(dir)).toBeUndefined();
  });

  it('an unreachable server is exit 1 and nothing is saved', async () => {
    const dir = tempConfigDir();
    // Its retries wait on a clock of the test's, which they move instead of taking time.
    const result = await runCli(loginArgs([], { baseUrl: await closedPortUrl() }), {
      env: { STATUSCTL_CONFIG_DIR: dir },
      inProcess: true,
      clock: testClock(),
    });
    expect(result.code).toBe(1);
    // The error, and the hint naming the address that did not answer.
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^hint: nothing listens at http:\/\/127\.0\.0\.1:\d+ \(from --base-url\)/);
    expect(savedProfile(dir)).toBeUndefined();
  });

  it('--verbose shows the request with the key masked', async () => {
    const result = await runCli(loginArgs(['--verbose']), { inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('/v1/status-pages');
    expect(result.stderr).toContain('****abcd');
    expect(result.stdout + result.stderr).not.toContain(MAIN.key);
  });
});

describe('login --insecure-storage', () => {
  it('saves the key in the file on purpose: no warning, and the summary says where it went', async () => {
    const dir = tempConfigDir();
    const result = await runCli(['login', '--insecure-storage', '--json', '--base-url', server.url, '--account-id', MAIN.id], {
      env: { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_API_KEY: MAIN.key },
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toMatchObject({ apiKey: '****abcd', keyStorage: 'file' });
    expect(result.stderr).toContain('(the key in plain text)');
    expect(result.stderr).not.toContain('warning');
    expect(savedProfile(dir)).toMatchObject({ apiKey: MAIN.key });
  });
});

describe('logout', () => {
  it('removes the key and keeps the rest of the profile', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CONFIG_DIR: dir };
    await runCli(loginArgs(), { env, inProcess: true });
    const result = await runCli(['logout'], { env, inProcess: true });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('****abcd');
    expect(result.stderr).not.toContain(MAIN.key);
    expect(savedProfile(dir)).toEqual({ baseUrl: server.url, accountId: MAIN.id });

    // Without a key, commands that call the API fail with exit 3.
    const list = await runCli(['incidents', 'list'], { env, inProcess: true });
    expect(list.code).toBe(3);
    expect(list.stderr).toMatch(/^statusctl: no API key/);

    const again = await runCli(['logout'], { env, inProcess: true });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('nothing to remove');
  });
});

describe('login --with-token', () => {
  it('reads the key from stdin, checks it and saves it 0600; the key is never printed', async () => {
    const dir = tempConfigDir();
    const result = await runCli(['login', '--with-token', '--account-id', MAIN.id, '--base-url', server.url], {
      env: { STATUSCTL_CONFIG_DIR: dir },
      input: `${MAIN.key}\n`,
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(savedProfile(dir)).toEqual({ baseUrl: server.url, apiKey: MAIN.key, apiKeyBaseUrl: server.url, accountId: MAIN.id });
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(result.stdout + result.stderr).not.toContain(MAIN.key);
    // The account id may come from the profile the next time.
    const again = await runCli(['login', '--with-token'], { env: { STATUSCTL_CONFIG_DIR: dir }, input: MAIN.key, inProcess: true });
    expect(again.code, again.stderr).toBe(0);
  });

  it('a key the server refuses is exit 3 and nothing is saved; no key or two words is exit 2', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_BASE_URL: server.url, STATUSCTL_ACCOUNT_ID: MAIN.id };
    const refused = await runCli(['login', '--with-token'], { env, input: 'sk_not_a_key_0000\n', inProcess: true });
    expect(refused.code).toBe(3);
    expect(savedProfile(dir)).toBeUndefined();
    const empty = await runCli(['login', '--with-token'], { env, input: '\n', inProcess: true });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^statusctl: --with-token: no API key on stdin\nhint: /);
    const twoWords = await runCli(['login', '--with-token'], { env, input: 'two words\n', inProcess: true });
    expect(twoWords.code).toBe(2);
    const noAccount = await runCli(['login', '--with-token'], {
      env: { STATUSCTL_CONFIG_DIR: tempConfigDir(), STATUSCTL_BASE_URL: server.url },
      input: MAIN.key,
      inProcess: true,
    });
    expect(noAccount.code).toBe(2);
    expect(noAccount.stderr).toContain('no account id');
  });
});

// Profiles as gh has them, in process with real config files (the built binary in a
// pseudo-terminal where the terminal matters): `auth login`, `auth status` (every profile, the
// one in use marked), `auth switch` (the default, kept in the config file), `auth token` (the
// key, on a terminal only with --show), `auth logout`.
describe('auth: profiles', () => {
  const configOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));

  /** A config directory with profile `default` (MAIN, by top-level login) and `staging` (OTHER, by auth login). */
  async function twoProfiles(extraEnv: Record<string, string | undefined> = {}) {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CONFIG_DIR: dir, ...extraEnv };
    const first = await runCli(loginArgs(), { env, inProcess: true });
    expect(first.code, first.stderr).toBe(0);
    const second = await runCli(
      ['auth', 'login', '--profile', 'staging', '--base-url', server.url, '--account-id', OTHER.id, '--with-token'],
      { env, input: `${OTHER.key}\n`, inProcess: true },
    );
    expect(second.code, second.stderr).toBe(0);
    return { dir, env };
  }

  interface Row {
    active: boolean;
    profile: { value: string; source: string };
    accountId: { value: string | null };
    apiKey: { value: string | null; source: string };
    server: { accepted: boolean };
  }

  it('auth status lists every profile with the one in use marked; auth switch changes the default in the config file', async () => {
    const { dir, env } = await twoProfiles();
    const status = await runCli(['auth', 'status', '--json'], { env, inProcess: true });
    expect(status.code, status.stderr).toBe(0);
    expect(
      parseJson<Row[]>(status).map((row) => [row.profile.value, row.active, row.accountId.value, row.apiKey, row.server.accepted]),
    ).toEqual([
      ['default', true, MAIN.id, { value: '****abcd', source: 'file' }, true],
      ['staging', false, OTHER.id, { value: '****efgh', source: 'file' }, true],
    ]);
    // Piped: one tab-separated row a profile, `yes` in the first column for the one in use.
    const piped = await runCli(['auth', 'status'], { env, inProcess: true });
    expect(
      piped.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t').slice(0, 2)),
    ).toEqual([
      ['yes', 'default'],
      ['no', 'staging'],
    ]);

    const switched = await runCli(['auth', 'switch', 'staging'], { env, inProcess: true });
    expect(switched.code, switched.stderr).toBe(0);
    expect(switched.stderr).toContain("Switched the default profile to 'staging'");
    expect(configOf(dir).defaultProfile).toBe('staging');
    // Every command now uses staging: whoami says it, and where the name came from.
    const who = parseJson<{ profile: unknown; accountId: { value: string } }>(await runCli(['whoami', '--json'], { env, inProcess: true }));
    expect(who).toMatchObject({ profile: { value: 'staging', source: 'file' }, accountId: { value: OTHER.id } });
    expect(
      parseJson<Row[]>(await runCli(['auth', 'status', '--json'], { env, inProcess: true })).map((row) => [row.profile.value, row.active]),
    ).toEqual([
      ['default', false],
      ['staging', true],
    ]);

    // Precedence stays: the option, then STATUSCTL_PROFILE, then the file's default.
    const byEnv = await runCli(['whoami', '--json'], { env: { ...env, STATUSCTL_PROFILE: 'default' }, inProcess: true });
    expect(parseJson(byEnv)).toMatchObject({ profile: { value: 'default', source: 'environment' }, accountId: { value: MAIN.id } });
    const byOption = await runCli(['whoami', '--json', '--profile', 'default'], {
      env: { ...env, STATUSCTL_PROFILE: 'staging' },
      inProcess: true,
    });
    expect(parseJson(byOption)).toMatchObject({ profile: { value: 'default', source: 'option' } });

    // Back, with the JSON summary.
    const back = await runCli(['auth', 'switch', 'default', '--json'], { env, inProcess: true });
    expect(parseJson(back)).toEqual({ profile: 'default', previous: 'staging', path: join(dir, 'config.json') });
    expect(configOf(dir).defaultProfile).toBe('default');
  });

  it('auth switch to a profile the file does not hold is exit 2 with the closest names, and changes nothing', async () => {
    const { dir, env } = await twoProfiles();
    const before = readFileSync(join(dir, 'config.json'), 'utf8');
    const result = await runCli(['auth', 'switch', 'stagign'], { env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `statusctl: auth switch: no profile 'stagign' in ${join(dir, 'config.json')} (did you mean staging?)\n` +
        'hint: known profiles: staging, default (or create it: statusctl login --profile stagign)\n',
    );
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
  });

  it('a default profile the file no longer holds is exit 2 naming the file and the switch to make', async () => {
    const { dir, env } = await twoProfiles();
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ ...configOf(dir), defaultProfile: 'stagingg' }));
    const result = await runCli(['incidents', 'list'], { env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `statusctl: the config file ${path} makes 'stagingg' the default profile, which it does not hold (did you mean staging?)\n` +
        'hint: pick one of staging, default: statusctl auth switch staging\n',
    );
    // A profile named by the option still works.
    expect((await runCli(['incidents', 'list', '--profile', 'default'], { env, inProcess: true })).code).toBe(0);
  });

  it('auth logout removes the key of the profile in use; auth status then exits 3, the other profile still listed', async () => {
    const { dir, env } = await twoProfiles();
    expect((await runCli(['auth', 'switch', 'staging'], { env, inProcess: true })).code).toBe(0);
    const out = await runCli(['auth', 'logout'], { env, inProcess: true });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toContain("Removed the API key ****efgh of profile 'staging'");
    expect(configOf(dir).profiles.staging).toEqual({ baseUrl: server.url, accountId: OTHER.id });
    expect(configOf(dir).profiles.default.apiKey).toBe(MAIN.key);
    const status = await runCli(['auth', 'status', '--json'], { env, inProcess: true });
    expect(status.code).toBe(3);
    expect(parseJson<Row[]>(status).map((row) => [row.profile.value, row.active, row.apiKey.value, row.server.accepted])).toEqual([
      ['default', false, '****abcd', true],
      ['staging', true, null, false],
    ]);
  });

  it('auth token prints the key in use alone on a line when piped, and nothing else, --verbose too', async () => {
    const { env } = await twoProfiles();
    const token = await runCli(['auth', 'token', '--verbose'], { env, inProcess: true });
    expect(token).toMatchObject({ code: 0, stdout: `${MAIN.key}\n`, stderr: '' });
    expect((await runCli(['auth', 'token', '--profile', 'staging'], { env, inProcess: true })).stdout).toBe(`${OTHER.key}\n`);
    // The key a command would use: the environment's before the profile's.
    expect((await runCli(['auth', 'token'], { env: { ...env, STATUSCTL_API_KEY: 'sk_from_env_2222' }, inProcess: true })).stdout).toBe(
      'sk_from_env_2222\n',
    );
    // It works with curl: the key and account id are all the API asks for.
    const fetched = await fetch(`${server.url}/v1/status-pages`, {
      headers: { authorization: `Bearer ${token.stdout.trim()}`, 'x-service-account': MAIN.id },
    });
    expect(fetched.status).toBe(200);
    const none = await runCli(['auth', 'token'], { env: { STATUSCTL_CONFIG_DIR: tempConfigDir() }, inProcess: true });
    expect(none.code).toBe(3);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/^statusctl: no API key \(profile 'default'\)\nhint: /);
  });

  it('auth status on a terminal marks the one in use with *, and keeps account ids whole', async () => {
    const { env } = await twoProfiles();
    expect((await runCli(['auth', 'switch', 'staging'], { env, inProcess: true })).code).toBe(0);
    const session = await runPty(['auth', 'status'], { env, cols: 160 });
    expect(await session.exited()).toBe(0);
    const lines = session.screen().split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toMatch(/^ACTIVE +PROFILE +BASE URL +ACCOUNT ID +API KEY +SERVER/);
    expect(lines.slice(1).map((line) => line.split(/ {2,}/).slice(0, 4))).toEqual([
      ['', 'default', server.url, MAIN.id],
      ['*', 'staging', server.url, OTHER.id],
    ]);
  });

  it('auth status at 80 columns keeps every profile name and base URL whole, on one line each', async () => {
    const { dir, env } = await twoProfiles();
    // A third profile with a long name and a long base URL, as a config file may hold.
    const config = configOf(dir);
    const far = `${await closedPortUrl()}/api/production-us-east-1`;
    config.profiles['production-us-east-1'] = { baseUrl: far, accountId: OTHER.id };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    const session = await runPty(['auth', 'status'], { env, cols: 80 });
    await session.exited();
    const lines = session.screen().split(/\r?\n/).filter(Boolean);
    expect(lines.filter((line) => line.trimEnd().length > 80)).toEqual([]);
    expect(lines[0]).toMatch(/^ACTIVE +PROFILE +BASE URL/);
    expect(lines.slice(1).map((line) => line.split(/ {2,}/).slice(0, 3))).toEqual([
      ['*', 'default', server.url],
      ['', 'staging', server.url],
      ['', 'production-us-east-1', far],
    ]);
  });

  it("the README's Profiles block runs as written", async () => {
    const dir = tempConfigDir();
    const lines = readmeLines('profiles', 'docs/configuration.md');
    expect(lines.join('\n')).toMatch(/auth switch staging/);
    const env = { KEY: MAIN.key, ACCOUNT: MAIN.id, STATUSCTL_CONFIG_DIR: dir };
    const result = await runBlock(
      lines.map((text) => text.replaceAll('http://127.0.0.1:4010', server.url)),
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    // The lines with a pipe or a substitution ran in bash with the built binary.
    expect(result.ran.bash).toBeGreaterThanOrEqual(3);
    // `auth token | wc -c`: the key and its newline.
    expect(result.stdout).toMatch(new RegExp(`^\\s*${MAIN.key.length + 1}$`, 'm'));
    expect(result.stdout + result.stderr).not.toContain(MAIN.key);
    expect(configOf(dir).defaultProfile).toBe('staging');
    expect(configOf(dir).profiles.staging).toEqual({ baseUrl: server.url, accountId: MAIN.id });
  });

  it('auth token on a terminal refuses without --show (exit 2, no key on screen), and prints it with --show', async () => {
    const { env } = await twoProfiles();
    const refused = await runPty(['auth', 'token'], { env });
    expect(await refused.exited()).toBe(2);
    expect(refused.screen()).toContain('the API key is a password, and stdout is a terminal: not printed');
    expect(refused.screen()).toContain('--show');
    expect(refused.screen()).not.toContain(MAIN.key);
    const shown = await runPty(['auth', 'token', '--show'], { env });
    expect(await shown.exited()).toBe(0);
    expect(shown.screen().trim()).toBe(MAIN.key);
  });
});

describe.skipIf((await missingSecretServiceTools()).length > 0)('auth: profiles with the key in the Secret Service', () => {
  it('auth status shows each key where it lives; auth token reads it from the store; auth logout removes it', async () => {
    const service = await startSecretService({ keyring: 'unlocked' });
    try {
      const dir = tempConfigDir();
      const env = { ...service.env, STATUSCTL_CONFIG_DIR: dir };
      for (const [profile, id, key] of [
        ['default', MAIN.id, MAIN.key],
        ['staging', OTHER.id, OTHER.key],
      ] as const) {
        const login = await runCli(['auth', 'login', '--profile', profile, '--with-token', '--base-url', server.url, '--account-id', id], {
          env,
          input: key,
        });
        expect(login.code, login.stderr).toBe(0);
        expect(login.stderr).toContain('(the key in the credential store)');
      }
      expect(readFileSync(join(dir, 'config.json'), 'utf8')).not.toContain('sk_');
      // Writes the default profile into the file, asking no store: in process.
      expect((await runCli(['auth', 'switch', 'staging'], { env, inProcess: true })).code).toBe(0);
      const status = await runCli(['auth', 'status', '--json'], { env });
      expect(status.code, status.stderr).toBe(0);
      expect(
        parseJson<{ active: boolean; profile: { value: string }; apiKey: unknown; server: { accepted: boolean } }[]>(status).map((row) => [
          row.profile.value,
          row.active,
          row.apiKey,
          row.server.accepted,
        ]),
      ).toEqual([
        ['default', false, { value: '****abcd', source: 'keyring' }, true],
        ['staging', true, { value: '****efgh', source: 'keyring' }, true],
      ]);
      expect((await runCli(['auth', 'token'], { env })).stdout).toBe(`${OTHER.key}\n`);
      expect((await runCli(['auth', 'logout'], { env })).code).toBe(0);
      expect(await service.secretTool(['lookup', 'service', `statusctl:${server.url}`, 'username', 'staging'])).toBeNull();
      expect(await service.secretTool(['lookup', 'service', `statusctl:${server.url}`, 'username', 'default'])).toBe(MAIN.key);
    } finally {
      await service.stop();
    }
  });
});

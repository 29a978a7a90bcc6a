// `statusctl login` and `logout` off a terminal: credentials from options or environment, one
// checking request, saved only when the server accepts them; the key never shown in full.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closedPortUrl, parseJson, removeTempDirs, startTestServer, tempConfigDir, type TestServer } from './helpers.js';
import { runCli } from './in-process.js';

// Each test spawns the built CLI several times; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    accounts: [
      { id: 'a0700000-0000-4000-8000-000000000001', key: 'sk_auth_key_0000_abcd' },
      { id: '0e000000-0000-4000-8000-0000000000e2', key: 'sk_other_key_1111_efgh' },
    ],
  });
});
afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

function savedProfile(dir: string, name = 'default') {
  const path = join(dir, 'config.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')).profiles?.[name] : undefined;
}

// These runs have no session bus (helpers.ts cleanEnv), so no credential store: the key goes to
// the file, with a warning. The store itself is tested in keyring.test.ts.
describe('login (not on a terminal)', () => {
  it('checks the credentials, saves them 0600 and says so with the key masked; without a store, warns of plain text', async () => {
    const dir = tempConfigDir();
    const result = await runCli(['login', '--base-url', server.url, '--account-id', 'a0700000-0000-4000-8000-000000000001'], {
      env: { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_API_KEY: 'sk_auth_key_0000_abcd' },
    });
    expect(result.code, result.stderr).toBe(0);
    const path = join(dir, 'config.json');
    const lines = [
      `Logged in to ${server.url} as account a0700000-0000-4000-8000-000000000001 (key ****abcd), saved to profile 'default' in ${path} (the key in plain text)`,
      ...(process.platform === 'linux'
        ? [
            `warning: the API key was stored in plain text in ${path} (readable by anything running as you): no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service`,
          ]
        : [`warning: the API key was stored in plain text in ${path} (readable by anything running as you): STATUSCTL_NO_KEYRING is set`]),
      'hint: on a desktop, unlock or start the keyring and log in again; to keep the key out of files, set STATUSCTL_API_KEY instead',
    ];
    expect(result.stderr).toBe(`${lines.join('\n')}\n`);
    expect(result.stdout + result.stderr).not.toContain('sk_auth_key_0000_abcd');
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(savedProfile(dir)).toEqual({
      baseUrl: server.url,
      apiKey: 'sk_auth_key_0000_abcd',
      accountId: 'a0700000-0000-4000-8000-000000000001',
    });

    // The saved profile is enough for the next command.
    const list = await runCli(['incidents', 'list', '--json'], { env: { STATUSCTL_CONFIG_DIR: dir } });
    expect(list.code, list.stderr).toBe(0);
  });

  it('saves to the profile named by --profile, and prints a JSON summary with --json', async () => {
    const dir = tempConfigDir();
    const result = await runCli(
      [
        'login',
        '--profile',
        'ci',
        '--json',
        '--base-url',
        server.url,
        '--api-key',
        'sk_auth_key_0000_abcd',
        '--account-id',
        'a0700000-0000-4000-8000-000000000001',
      ],
      { env: { STATUSCTL_CONFIG_DIR: dir } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual({
      profile: 'ci',
      baseUrl: server.url,
      accountId: 'a0700000-0000-4000-8000-000000000001',
      apiKey: '****abcd',
      path: join(dir, 'config.json'),
      keyStorage: 'file',
    });
    expect(savedProfile(dir, 'ci')).toMatchObject({ accountId: 'a0700000-0000-4000-8000-000000000001' });
    expect(savedProfile(dir, 'default')).toBeUndefined();
  });

  it('fails with exit 2 naming what is missing', async () => {
    const dir = tempConfigDir();
    const result = await runCli(['login', '--base-url', server.url], { env: { STATUSCTL_CONFIG_DIR: dir } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^statusctl: .*--api-key.*--account-id/);
    expect(savedProfile(dir)).toBeUndefined();

    const onlyKey = await runCli(['login', '--base-url', server.url, '--api-key', 'sk_auth_key_0000_abcd'], {
      env: { STATUSCTL_CONFIG_DIR: dir },
    });
    expect(onlyKey.code).toBe(2);
    expect(onlyKey.stderr).toContain('--account-id');
    expect(onlyKey.stderr).not.toContain('--api-key');
  });

  it('a wrong key is exit 3 and nothing is saved', async () => {
    const dir = tempConfigDir();
    const result = await runCli(
      ['login', '--base-url', server.url, '--api-key', 'sk_wrong_key_9999_zzzz', '--account-id', 'a0700000-0000-4000-8000-000000000001'],
      {
        env: { STATUSCTL_CONFIG_DIR: dir },
      },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^statusctl: .*nothing was saved\n$/);
    expect(result.stderr).not.toContain('sk_wrong_key_9999_zzzz');
    expect(savedProfile(dir)).toBeUndefined();
  });

  it('a key of another account (403) is exit 3 and nothing is saved', async () => {
    const dir = tempConfigDir();
    const result = await runCli(
      ['login', '--base-url', server.url, '--api-key', 'sk_other_key_1111_efgh', '--account-id', 'a0700000-0000-4000-8000-000000000001'],
      {
        env: { STATUSCTL_CONFIG_DIR: dir },
      },
    );
    expect(result.code).toBe(3);
    expect(savedProfile(dir)).toBeUndefined();
  });

  it('an unreachable server is exit 1 and nothing is saved', async () => {
    const dir = tempConfigDir();
    const result = await runCli(
      [
        'login',
        '--base-url',
        await closedPortUrl(),
        '--api-key',
        'sk_auth_key_0000_abcd',
        '--account-id',
        'a0700000-0000-4000-8000-000000000001',
      ],
      {
        env: { STATUSCTL_CONFIG_DIR: dir },
      },
    );
    expect(result.code).toBe(1);
    // The error, and the hint naming the address that did not answer.
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^hint: nothing listens at http:\/\/127\.0\.0\.1:\d+ \(from --base-url\)/);
    expect(savedProfile(dir)).toBeUndefined();
  });

  it('--verbose shows the request with the key masked', async () => {
    const result = await runCli([
      'login',
      '--verbose',
      '--base-url',
      server.url,
      '--api-key',
      'sk_auth_key_0000_abcd',
      '--account-id',
      'a0700000-0000-4000-8000-000000000001',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('/v1/status-pages');
    expect(result.stderr).toContain('****abcd');
    expect(result.stdout + result.stderr).not.toContain('sk_auth_key_0000_abcd');
  });
});

describe('login --insecure-storage', () => {
  it('saves the key in the file on purpose: no warning, and the summary says where it went', async () => {
    const dir = tempConfigDir();
    const result = await runCli(
      ['login', '--insecure-storage', '--json', '--base-url', server.url, '--account-id', 'a0700000-0000-4000-8000-000000000001'],
      { env: { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_API_KEY: 'sk_auth_key_0000_abcd' } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toMatchObject({ apiKey: '****abcd', keyStorage: 'file' });
    expect(result.stderr).toContain('(the key in plain text)');
    expect(result.stderr).not.toContain('warning');
    expect(savedProfile(dir)).toMatchObject({ apiKey: 'sk_auth_key_0000_abcd' });
  });
});

describe('logout', () => {
  it('removes the key and keeps the rest of the profile', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CONFIG_DIR: dir };
    await runCli(
      ['login', '--base-url', server.url, '--api-key', 'sk_auth_key_0000_abcd', '--account-id', 'a0700000-0000-4000-8000-000000000001'],
      { env },
    );
    const result = await runCli(['logout'], { env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('****abcd');
    expect(result.stderr).not.toContain('sk_auth_key_0000_abcd');
    expect(savedProfile(dir)).toEqual({ baseUrl: server.url, accountId: 'a0700000-0000-4000-8000-000000000001' });

    // Without a key, commands that call the API fail with exit 3.
    const list = await runCli(['incidents', 'list'], { env });
    expect(list.code).toBe(3);
    expect(list.stderr).toMatch(/^statusctl: no API key/);

    const again = await runCli(['logout'], { env });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('nothing to remove');
  });
});

describe('login --with-token', () => {
  const ACCOUNT = 'a0700000-0000-4000-8000-000000000001';
  const KEY = 'sk_auth_key_0000_abcd';

  it('reads the key from stdin, checks it and saves it 0600; the key is never printed', async () => {
    const dir = tempConfigDir();
    const result = await runCli(['login', '--with-token', '--account-id', ACCOUNT, '--base-url', server.url], {
      env: { STATUSCTL_CONFIG_DIR: dir },
      input: `${KEY}\n`,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(savedProfile(dir)).toEqual({ baseUrl: server.url, apiKey: KEY, accountId: ACCOUNT });
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(result.stdout + result.stderr).not.toContain(KEY);
    // The account id may come from the profile the next time.
    const again = await runCli(['login', '--with-token'], { env: { STATUSCTL_CONFIG_DIR: dir }, input: KEY });
    expect(again.code, again.stderr).toBe(0);
  });

  it('a key the server refuses is exit 3 and nothing is saved; no key or two words is exit 2', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_BASE_URL: server.url, STATUSCTL_ACCOUNT_ID: ACCOUNT };
    const refused = await runCli(['login', '--with-token'], { env, input: 'sk_not_a_key_0000\n' });
    expect(refused.code).toBe(3);
    expect(savedProfile(dir)).toBeUndefined();
    const empty = await runCli(['login', '--with-token'], { env, input: '\n' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^statusctl: --with-token: no API key on stdin\nhint: /);
    const twoWords = await runCli(['login', '--with-token'], { env, input: 'two words\n' });
    expect(twoWords.code).toBe(2);
    const noAccount = await runCli(['login', '--with-token'], {
      env: { STATUSCTL_CONFIG_DIR: tempConfigDir(), STATUSCTL_BASE_URL: server.url },
      input: KEY,
    });
    expect(noAccount.code).toBe(2);
    expect(noAccount.stderr).toContain('no account id');
  });
});

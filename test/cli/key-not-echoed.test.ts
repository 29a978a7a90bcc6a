// An API key pasted into another setting (the account id, the base URL, the profile's name) is
// never echoed by the error about that setting, nor by whoami's report or `config set`: a CI log
// keeps what a command prints. In process, before any request (no server is needed to refuse).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedPortUrl, runCli, tempConfigDir, useTestServer } from './helpers.js';

const ACCOUNT = '00000000-0000-4000-8000-00000000d3e0';
/** Keys of each form the CLI knows: the hosted API's prefix, the reference server's, and a bare random token. */
const KEYS = [
  'sk_live_4f7c2a9e1b3d5f60',
  `sc_${randomBytes(24).toString('base64url')}`,
  randomBytes(24).toString('base64url').replace(/[-_]/g, 'x'),
  randomBytes(16).toString('hex'),
];

/** The run's output, which must not hold `key` (nor its first 12 characters). */
function expectNotShown(result: { stdout: string; stderr: string }, key: string): void {
  const output = result.stdout + result.stderr;
  expect(output).not.toContain(key);
  expect(output).not.toContain(key.slice(0, 12));
}

const test = useTestServer();

describe('a key given as another setting is never shown', () => {
  it.each(KEYS)('as --account-id or STATUSCTL_ACCOUNT_ID (%#): exit 2 saying it looks like a key, with a hint', async (key) => {
    const baseUrl = await closedPortUrl();
    const typed = await runCli(['incidents', 'list', '--account-id', key], {
      env: { STATUSCTL_BASE_URL: baseUrl, STATUSCTL_API_KEY: 'sk_test_0123456789abcdef' },
      inProcess: true,
    });
    expect(typed.code, typed.stderr).toBe(2);
    expect(typed.stderr).toMatch(
      /^statusctl: the account id \(from --account-id\) looks like an API key; it is not shown\nhint: .*--api-key/,
    );
    expectNotShown(typed, key);
    const fromEnv = await runCli(['incidents', 'list'], {
      env: { STATUSCTL_BASE_URL: baseUrl, STATUSCTL_API_KEY: 'sk_test_0123456789abcdef', STATUSCTL_ACCOUNT_ID: key },
      inProcess: true,
    });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toContain('the account id (from STATUSCTL_ACCOUNT_ID) looks like an API key; it is not shown');
    expectNotShown(fromEnv, key);
  });

  it('the key in use given as the account id too, whatever its form', async () => {
    const key = 'plainpassword';
    const result = await runCli(['incidents', 'list', '--account-id', key, '--api-key', key, '--base-url', await closedPortUrl()], {
      inProcess: true,
    });
    expect(result.code).toBe(2);
    expectNotShown(result, key);
  });

  it.each(KEYS)('as --base-url or STATUSCTL_BASE_URL (%#): exit 2, not shown', async (key) => {
    const typed = await runCli(['incidents', 'list', '--base-url', key], {
      env: { STATUSCTL_API_KEY: 'sk_test_0123456789abcdef', STATUSCTL_ACCOUNT_ID: ACCOUNT },
      inProcess: true,
    });
    expect(typed.code).toBe(2);
    expect(typed.stderr).toMatch(/^statusctl: the base URL \(from --base-url\) looks like an API key; it is not shown\nhint: /);
    expectNotShown(typed, key);
    const fromEnv = await runCli(['incidents', 'list'], {
      env: { STATUSCTL_BASE_URL: key, STATUSCTL_API_KEY: 'sk_test_0123456789abcdef', STATUSCTL_ACCOUNT_ID: ACCOUNT },
      inProcess: true,
    });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toContain('the base URL (from STATUSCTL_BASE_URL) looks like an API key; it is not shown');
    expectNotShown(fromEnv, key);
  });

  it.each(KEYS)('as --profile or STATUSCTL_PROFILE (%#): exit 2, not shown', async (key) => {
    for (const [args, env] of [
      [['--profile', key], {}],
      [[], { STATUSCTL_PROFILE: key }],
    ] as const) {
      const result = await runCli(['incidents', 'list', ...args], { env, inProcess: true });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^statusctl: the profile's name \(from (--profile|STATUSCTL_PROFILE)\) looks like an API key; it is not shown\nhint: /,
      );
      expectNotShown(result, key);
    }
  });

  it('whoami shows neither an account id nor a base URL that looks like a key', async () => {
    const [key] = KEYS;
    const result = await runCli(['whoami', '--account-id', key!, '-o', 'json'], {
      env: { STATUSCTL_BASE_URL: await closedPortUrl(), STATUSCTL_API_KEY: 'sk_test_0123456789abcdef' },
      inProcess: true,
    });
    expect(result.code).toBe(2);
    expectNotShown(result, key!);
  });

  it('config set refuses it for any setting but api-key, saving nothing', async () => {
    const dir = tempConfigDir();
    for (const setting of ['account-id', 'base-url', 'proxy', 'ca-file']) {
      const [key] = KEYS;
      const result = await runCli(['config', 'set', setting, key!], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
      expect(result.code, setting).toBe(2);
      expect(result.stderr).toContain(`the value for ${setting} looks like an API key; it is not shown`);
      expectNotShown(result, key!);
    }
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });

  it('config set takes a proxy whose password and a CA file whose folder look random', async () => {
    const dir = tempConfigDir();
    const password = randomBytes(24).toString('base64url').replace(/[-_]/g, 'x');
    const folder = randomBytes(24).toString('base64url').replace(/[-_]/g, 'x');
    for (const [setting, value] of [
      ['proxy', `http://alice:${password}@127.0.0.1:3128`],
      ['ca-file', join(dir, folder, 'ca.pem')],
    ] as const) {
      const result = await runCli(['config', 'set', setting, value], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
      expect(result.code, result.stderr).toBe(0);
      expectNotShown(result, password);
    }
  });

  it.each(KEYS)('as an id argument (%#): the error about the id does not quote it', async (key) => {
    const env = { ...test.server.env };
    for (const args of [
      ['error-groups', 'get', key],
      ['rca', 'get', key],
      ['incidents', 'get', key],
    ]) {
      const result = await runCli(args, { env, inProcess: true });
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr).toContain('(a value that looks like an API key; not shown)');
      expectNotShown(result, key);
    }
  });

  it('a value that looks like no key is still shown, to say what is wrong with it', async () => {
    const result = await runCli(['incidents', 'list', '--account-id', 'prod-eu-west-1-account'], {
      env: { STATUSCTL_BASE_URL: await closedPortUrl(), STATUSCTL_API_KEY: 'sk_test_0123456789abcdef' },
      inProcess: true,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the account id "prod-eu-west-1-account" (from --account-id) is not a UUID');
    const profile = await runCli(['incidents', 'list', '--profile', 'staging'], { inProcess: true });
    expect(profile.stderr).toContain("--profile names the profile 'staging'");
    // A temporary directory's random part among words of a path is no key.
    const path = await runCli(['config', 'set', 'ca-file', '/tmp/statusctl-test-Ab3dE9/ca.pem'], {
      env: { STATUSCTL_CONFIG_DIR: tempConfigDir() },
      inProcess: true,
    });
    expect(path.code, path.stderr).toBe(0);
  });
});

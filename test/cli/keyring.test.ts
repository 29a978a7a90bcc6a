// The API key in a real credential store: each test runs the built binary against a Secret
// Service of its own (a private D-Bus session bus with gnome-keyring-daemon, temporary HOME and
// XDG directories: test/support/secret-service.mjs), and checks the store with secret-tool.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { missingSecretServiceTools, type SecretService, startSecretService } from '../support/secret-service.mjs';
import { parseJson, runCli, tempConfigDir, useTestServer } from './helpers.js';
import { startRecordingProxy } from './upstream-request.js';

const missing = await missingSecretServiceTools();
const SKIP = missing.length > 0;
if (SKIP) {
  console.warn(`keyring tests skipped: ${missing.join(', ')} missing (install them with scripts/system-deps/keyring.sh)`);
}

// Each test spawns the built CLI several times, and a Secret Service; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000 });

// The tests but the first run concurrently: each has a Secret Service and a config directory of
// its own, and mostly waits on the child processes it starts. The one server is the file's.
const test = useTestServer();
const services: SecretService[] = [];
afterAll(async () => {
  await Promise.all(services.splice(0).map((service) => service.stop()));
});

interface Store {
  service: SecretService;
  /** The run's config directory. */
  dir: string;
  /** A run's environment with this Secret Service and config dir, and no key in it. */
  env: Record<string, string | undefined>;
}

/** A Secret Service of the test's own (stopped after the file's tests) and a fresh config directory. */
async function freshStore(keyring: 'unlocked' | 'locked' | 'absent' = 'unlocked'): Promise<Store> {
  const service = await startSecretService({ keyring });
  services.push(service);
  const dir = tempConfigDir();
  return { service, dir, env: { ...service.env, STATUSCTL_CONFIG_DIR: dir, STATUSCTL_API_KEY: undefined } };
}

/** `login` to the test server with its key as an option (nothing asked), then `extra`. */
function login(env: Store['env'], ...extra: string[]) {
  const { key, id } = test.server.account;
  return runCli(['login', '--base-url', test.server.url, '--api-key', key, '--account-id', id, ...extra], { env });
}

/** The same, which must succeed. */
async function loggedIn(env: Store['env']): Promise<void> {
  const result = await login(env);
  expect(result.code, result.stderr).toBe(0);
}

/** The API key as `whoami --json` shows it: masked, and where it came from. */
async function keyShown(env: Store['env']): Promise<unknown> {
  return parseJson<{ apiKey: unknown }>(await runCli(['whoami', '--json'], { env })).apiKey;
}

/** The test server's key, masked as the CLI shows it, from `source`. */
const masked = (source: string) => ({ value: `****${test.server.account.key.slice(-4)}`, source });

/** What secret-tool finds for a profile of the test server (the service names the base URL). */
function lookup(service: SecretService, profile = 'default'): Promise<string | null> {
  return service.secretTool(['lookup', 'service', `statusctl:${test.server.url}`, 'username', profile]);
}

const configText = (dir: string) => readFileSync(join(dir, 'config.json'), 'utf8');

// The first test runs alone, the others together after it: the commands it runs (login, incidents
// list, whoami, config, logout) then start from the compile caches the launcher wrote for them
// instead of several processes compiling the same code at once.
describe.skipIf(SKIP)('the API key in the Secret Service', () => {
  it('login --with-token saves it in the keyring, not the file; commands read it there; logout removes it', async ({ expect }) => {
    const { service, dir, env } = await freshStore();
    const { key, id } = test.server.account;

    const saved = await runCli(['login', '--with-token', '--base-url', test.server.url, '--account-id', id], { env, input: `${key}\n` });
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stderr).toContain('(the key in the credential store)');
    expect(saved.stderr).not.toContain('warning');
    expect(await lookup(service)).toBe(key);
    expect(configText(dir)).not.toContain(key);
    expect(JSON.parse(configText(dir)).profiles.default).toEqual({ baseUrl: test.server.url, accountId: id });

    const list = await runCli(['incidents', 'list', '--json'], { env });
    expect(list.code, list.stderr).toBe(0);
    parseJson(list);

    expect(await keyShown(env)).toEqual(masked('keyring'));
    const listed = parseJson<{ settings: Record<string, unknown> }>(await runCli(['config', 'list', '--json'], { env }));
    expect(listed.settings['api-key']).toEqual(masked('keyring'));
    const get = await runCli(['config', 'get', 'api-key'], { env });
    expect(get.stdout).toBe(`****${key.slice(-4)}\n`);

    const logout = await runCli(['logout'], { env });
    expect(logout.code, logout.stderr).toBe(0);
    expect(logout.stderr).toBe("Removed the API key of profile 'default' from the credential store\n");
    expect(await lookup(service)).toBeNull();
    const after = await runCli(['incidents', 'list'], { env });
    expect(after.code).toBe(3);
    expect(after.stderr).toMatch(/^statusctl: no API key/);
  });

  it.concurrent('each profile has an entry of its own, named after the profile and its base URL', async ({ expect }) => {
    const { service, env } = await freshStore();
    const result = await login(env, '--profile', 'ci');
    expect(result.code, result.stderr).toBe(0);
    expect(await lookup(service, 'ci')).toBe(test.server.account.key);
    expect(await lookup(service, 'default')).toBeNull();
    // One entry for the server (the item paths are what secret-tool prints on stdout).
    const found = await service.secretTool(['search', '--all', 'service', `statusctl:${test.server.url}`]);
    expect(found?.match(/^\[\//gm)).toHaveLength(1);
  });

  it.concurrent('a key from the environment never touches the store: it works with the keyring locked', async ({ expect }) => {
    const { service, env } = await freshStore();
    const { key } = test.server.account;
    await loggedIn(env);
    await service.lock();

    const withKey = { ...env, STATUSCTL_API_KEY: key };
    const fromEnv = await runCli(['incidents', 'list', '--json'], { env: withKey });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(await keyShown(withKey)).toEqual(masked('environment'));
    // The same command without the variable has to ask the store, which refuses.
    expect((await runCli(['incidents', 'list'], { env })).code).toBe(3);
  });

  it.concurrent('a key left in the file by an older statusctl keeps working; login again moves it into the store', async ({ expect }) => {
    const { service, dir, env } = await freshStore();
    const { key, id } = test.server.account;
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { default: { baseUrl: test.server.url, apiKey: key, accountId: id } } }),
      { mode: 0o600 },
    );

    expect(await keyShown(env)).toEqual(masked('file'));

    const moved = await runCli(['login', '--with-token'], { env, input: key });
    expect(moved.code, moved.stderr).toBe(0);
    expect(configText(dir)).not.toContain(key);
    expect(await lookup(service)).toBe(key);
    expect(await keyShown(env)).toEqual(masked('keyring'));
  });

  it.concurrent('--insecure-storage saves the key in the file on purpose and takes any earlier one out of the store', async ({
    expect,
  }) => {
    const { service, dir, env } = await freshStore();
    const { key } = test.server.account;
    await loggedIn(env);
    expect(await lookup(service)).toBe(key);

    const insecure = await login(env, '--insecure-storage');
    expect(insecure.code, insecure.stderr).toBe(0);
    expect(insecure.stderr).toContain('(the key in plain text)');
    expect(insecure.stderr).not.toContain('warning');
    expect(await lookup(service)).toBeNull();
    expect(JSON.parse(configText(dir)).profiles.default.apiKey).toBe(key);
    expect(await keyShown(env)).toEqual(masked('file'));

    const logout = await runCli(['logout'], { env });
    expect(logout.stderr).toBe(`Removed the API key ****${key.slice(-4)} of profile 'default' from ${join(dir, 'config.json')}\n`);
  });

  it.concurrent('config set api-key goes to the store too, and config unset api-key takes it out', async ({ expect }) => {
    const { service, dir, env } = await freshStore();
    const set = await runCli(['config', 'set', 'api-key', 'sk_config_set_key_9876', '--json'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(parseJson(set)).toMatchObject({ key: 'api-key', value: '****9876', source: 'keyring' });
    // No base URL in the profile: the entry is named after the default one.
    const entry = ['lookup', 'service', 'statusctl:http://127.0.0.1:4010', 'username', 'default'];
    expect(await service.secretTool(entry)).toBe('sk_config_set_key_9876');
    expect(configText(dir)).not.toContain('sk_config_set_key_9876');
    const unset = await runCli(['config', 'unset', 'api-key'], { env });
    expect(unset.code, unset.stderr).toBe(0);
    expect(await service.secretTool(entry)).toBeNull();
  });
});

describe.skipIf(SKIP)('a new base URL for the profile', { concurrent: true }, () => {
  it('config set base-url moves the key to the entry of the new address; unset moves it to the default one', async ({ expect }) => {
    const { service, env } = await freshStore();
    const { key } = test.server.account;
    await loggedIn(env);
    const entry = (url: string) => ['lookup', 'service', `statusctl:${url}`, 'username', 'default'];

    const set = await runCli(['config', 'set', 'base-url', 'https://status.example.com'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(await service.secretTool(entry(test.server.url))).toBeNull();
    expect(await service.secretTool(entry('https://status.example.com'))).toBe(key);
    const listed = parseJson<{ settings: Record<string, unknown> }>(await runCli(['config', 'list', '--json'], { env }));
    expect(listed).toMatchObject({ settings: { 'api-key': masked('keyring') } });

    expect((await runCli(['config', 'unset', 'base-url'], { env })).code).toBe(0);
    expect(await service.secretTool(entry('https://status.example.com'))).toBeNull();
    expect(await service.secretTool(entry('http://127.0.0.1:4010'))).toBe(key);
  });

  it('--base-url of another server gets no key from the store: exit 3, and it received nothing', async ({ expect }) => {
    const { env } = await freshStore();
    await loggedIn(env);
    const other = await startRecordingProxy(test.server.url);
    try {
      const result = await runCli(['incidents', 'list', '--base-url', other.url], { env });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toContain(`is kept for ${test.server.url} and is not sent to ${other.url}`);
      expect(other.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(SKIP)('a credential store that is locked or refuses', { concurrent: true }, () => {
  it('reading: exit 3 with a hint, naming the store', async ({ expect }) => {
    const { service, env } = await freshStore();
    await loggedIn(env);
    await service.lock();

    const list = await runCli(['incidents', 'list'], { env });
    expect(list.code).toBe(3);
    expect(list.stderr).toContain(
      `statusctl: could not read the API key from the credential store (service statusctl:${test.server.url}, account default): `,
    );
    expect(list.stderr).toMatch(/unlock prompt was dismissed/);
    expect(list.stderr).toContain(
      'hint: unlock the keyring (or allow statusctl in it) and try again, or set STATUSCTL_API_KEY for this command',
    );
    expect(list.stderr).not.toContain(test.server.account.key);
  });

  it('login and logout: exit 3, and neither the file nor the store is changed', async ({ expect }) => {
    const { service, dir, env } = await freshStore();
    await loggedIn(env);
    await service.lock();
    const before = configText(dir);

    const again = await login(env, '--profile', 'other');
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('could not save the API key to the credential store');
    expect(again.stderr).toContain('hint: unlock the keyring');
    expect(configText(dir)).toBe(before);

    // logout, which has to ask the store whether it holds the key.
    const logout = await runCli(['logout'], { env });
    expect(logout.code).toBe(3);
    expect(logout.stderr).toContain('could not remove the API key from the credential store');
    expect(configText(dir)).toBe(before);
  });
});

describe.skipIf(SKIP)('a session bus without a Secret Service', { concurrent: true }, () => {
  it('is no credential store: login saves the key in the file and warns why; commands read it there', async ({ expect }) => {
    const { dir, env } = await freshStore('absent');
    const result = await login(env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`warning: the API key was stored in plain text in ${join(dir, 'config.json')}`);
    expect(result.stderr).toContain('no Secret Service (');
    expect(result.stderr).toContain('org.freedesktop.secrets');
    expect(JSON.parse(configText(dir)).profiles.default.apiKey).toBe(test.server.account.key);
    const list = await runCli(['incidents', 'list', '--json'], { env });
    expect(list.code, list.stderr).toBe(0);
  });
});

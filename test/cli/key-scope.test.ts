// A profile's key goes only to the server it was saved for: a key in the config file records the
// base URL it was saved with, and a run whose base URL is another (--base-url, STATUSCTL_BASE_URL,
// the profile's edited by hand) is exit 3 before any request, unless it brings a key of its own.
// The other server is a recording relay on a real port in front of the reference server: before,
// it answered, and kept every header the CLI sent it, the key included.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir, type TestServer, useTestServer } from './helpers.js';
import { type RecordingProxy, startRecordingProxy } from './upstream-request.js';

const file = useTestServer();
let server: TestServer;
let other: RecordingProxy;
beforeAll(async () => {
  server = file.server;
  other = await startRecordingProxy(server.url);
});
afterAll(() => other?.close());
beforeEach(() => {
  other.requests.length = 0;
});

/** A config directory whose profile `default` was logged in to the server, its key in the file (these runs have no credential store). */
async function loggedIn(): Promise<string> {
  const dir = tempConfigDir();
  const login = await runCli(['login', '--base-url', server.url, '--api-key', server.account.key, '--account-id', server.account.id], {
    env: { STATUSCTL_CONFIG_DIR: dir },
    inProcess: true,
  });
  expect(login.code, login.stderr).toBe(0);
  return dir;
}

const configOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));

/** The requests the other server received that carry the key. */
const withKey = () => other.requests.filter((request) => JSON.stringify(request.headers).includes(server.account.key));

describe("a profile's key is kept for its base URL", () => {
  it('login records the base URL beside a key it keeps in the file', async () => {
    const dir = await loggedIn();
    expect(configOf(dir).profiles.default).toEqual({
      baseUrl: server.url,
      apiKey: server.account.key,
      apiKeyBaseUrl: server.url,
      accountId: server.account.id,
    });
  });

  it('--base-url of another server: exit 3 saying where the key is kept, with a hint; that server gets no request', async () => {
    const dir = await loggedIn();
    const result = await runCli(['incidents', 'list', '--base-url', other.url], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toBe(
      `statusctl: the API key of profile 'default' is kept for ${server.url} and is not sent to ${other.url} (the base URL from --base-url)\n` +
        `hint: pass that server's own key with --api-key or STATUSCTL_API_KEY, or log in to it with a profile of its own: statusctl login --base-url ${other.url} --profile NAME\n`,
    );
    expect(other.requests).toEqual([]);
  });

  it('STATUSCTL_BASE_URL of another server: the same, through the built binary', async () => {
    const dir = await loggedIn();
    const result = await runCli(['incidents', 'list'], { env: { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_BASE_URL: other.url } });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toContain(`is not sent to ${other.url} (the base URL from STATUSCTL_BASE_URL)`);
    expect(withKey()).toEqual([]);
    expect(other.requests).toEqual([]);
  });

  it('auth token and whoami give the key to no other server either', async () => {
    const dir = await loggedIn();
    for (const args of [['auth', 'token'], ['whoami'], ['status-pages', 'list']]) {
      const result = await runCli([...args, '--base-url', `${other.url}/`], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
      expect(result.code, args.join(' ')).toBe(3);
      expect(result.stdout).not.toContain(server.account.key);
    }
    expect(other.requests).toEqual([]);
  });

  it('the same server written otherwise (a trailing slash, the host in capitals) is the same', async () => {
    const dir = await loggedIn();
    const { port } = new URL(server.url);
    for (const baseUrl of [`${server.url}/`, `HTTP://127.0.0.1:${port}`, `http://127.0.0.1:${port}//`]) {
      const result = await runCli(['incidents', 'list', '-o', 'json'], {
        env: { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_BASE_URL: baseUrl },
        inProcess: true,
      });
      expect(result.code, `${baseUrl}: ${result.stderr}`).toBe(0);
    }
  });

  it('another server with a key of its own (--api-key or STATUSCTL_API_KEY) is asked with that key', async () => {
    const dir = await loggedIn();
    const own = 'sk_the_other_servers_key_0000';
    const result = await runCli(['incidents', 'list', '--base-url', other.url], {
      env: { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_API_KEY: own },
      inProcess: true,
    });
    // The relay's server knows no such key: what matters is which key went there.
    expect(result.code).toBe(3);
    expect(other.requests.length).toBeGreaterThan(0);
    expect(other.requests.every((request) => request.headers.authorization === `Bearer ${own}`)).toBe(true);
  });

  it('a key saved in the file before the base URL was recorded is the profile base URL’s', async () => {
    const dir = tempConfigDir();
    const profile = { baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id };
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: profile } }), { mode: 0o600 });
    const env = { STATUSCTL_CONFIG_DIR: dir };
    const here = await runCli(['incidents', 'list', '-o', 'json'], { env, inProcess: true });
    expect(here.code, here.stderr).toBe(0);
    const elsewhere = await runCli(['incidents', 'list', '--base-url', other.url], { env, inProcess: true });
    expect(elsewhere.code).toBe(3);
    expect(other.requests).toEqual([]);
  });

  it("a profile's base URL edited by hand does not take the key along; config set base-url does", async () => {
    const dir = await loggedIn();
    const config = configOf(dir);
    config.profiles.default.baseUrl = other.url;
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
    const env = { STATUSCTL_CONFIG_DIR: dir };
    const edited = await runCli(['incidents', 'list'], { env, inProcess: true });
    expect(edited.code).toBe(3);
    expect(edited.stderr).toContain(`is kept for ${server.url} and is not sent to ${other.url} (the base URL from profile 'default')`);
    expect(other.requests).toEqual([]);

    // Told to move the profile, statusctl moves its key with it, as it moves a credential store's entry.
    const fresh = await loggedIn();
    const set = await runCli(['config', 'set', 'base-url', other.url], { env: { STATUSCTL_CONFIG_DIR: fresh }, inProcess: true });
    expect(set.code, set.stderr).toBe(0);
    expect(configOf(fresh).profiles.default.apiKeyBaseUrl).toBe(other.url);
    const moved = await runCli(['incidents', 'list', '-o', 'json'], { env: { STATUSCTL_CONFIG_DIR: fresh }, inProcess: true });
    expect(moved.code, moved.stderr).toBe(0);
    expect(withKey().length).toBeGreaterThan(0);
  });

  it('logout removes the recorded base URL with the key', async () => {
    const dir = await loggedIn();
    const logout = await runCli(['logout'], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(logout.code, logout.stderr).toBe(0);
    expect(configOf(dir).profiles.default).toEqual({ baseUrl: server.url, accountId: server.account.id });
  });
});

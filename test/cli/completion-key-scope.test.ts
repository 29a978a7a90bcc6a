// Shell completion sends a profile's key only to the server it was saved for: a Tab on a line with
// `--base-url` of another server starts a refresh (a detached `statusctl __complete refresh`)
// that the other server, a recording relay on a real port, must never see with the key. bash,
// whose own splitting of the line cuts `http://127.0.0.1:PORT` at its colons, is driven in a
// terminal so that readline splits it (bash-terminal.ts), and must read the typed URL whole.
// The tests wait for the refresh to end (its process gone) or for the cache it writes, never a delay.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, cleanEnv, parseJson, runCli } from '../support/cli.js';
import { tabInBash } from './bash-terminal.js';
import { completeIn, SHELLS, sorted } from './completion-shells.js';
import { tempConfigDir, type TestServer, useTestServer } from './helpers.js';
import { type RecordingProxy, startRecordingProxy } from './upstream-request.js';

const file = useTestServer();
let server: TestServer;
let other: RecordingProxy;
let dir: string;
let binDir: string;
let configDir: string;
const scripts: Record<string, string> = {};
let openIds: string[];

beforeAll(async () => {
  server = file.server;
  other = await startRecordingProxy(server.url);
  dir = mkdtempSync(join(tmpdir(), 'statusctl-completion-key-scope-'));
  binDir = join(dir, 'bin');
  mkdirSync(binDir);
  symlinkSync(BIN, join(binDir, 'statusctl'));
  for (const shell of ['bash', 'zsh', 'fish']) {
    const result = await runCli(['completion', shell], { inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    scripts[shell] = result.stdout;
  }
  // A profile logged in to the reference server, its key in the config file (no credential store here).
  configDir = tempConfigDir();
  const login = await runCli(['login', '--base-url', server.url, '--api-key', server.account.key, '--account-id', server.account.id], {
    env: { STATUSCTL_CONFIG_DIR: configDir },
    inProcess: true,
  });
  expect(login.code, login.stderr).toBe(0);
  const open = parseJson<{ entries: { id: string }[] }>(
    await runCli(['incidents', 'list', '--status', 'open', '--all', '-o', 'json'], { env: server.env, inProcess: true }),
  );
  openIds = open.entries.map((incident) => incident.id);
  expect(openIds.length).toBeGreaterThan(0);
});

afterAll(async () => {
  await other?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A shell's environment: `settings`, a cache directory of its own, the built binary first on PATH. */
function shellEnv(cacheDir: string, settings: Record<string, string>): NodeJS.ProcessEnv {
  return cleanEnv({ ...settings, STATUSCTL_CACHE_DIR: cacheDir, PATH: `${binDir}${delimiter}${process.env.PATH}` });
}

/** The refreshes still running for `cacheDir` (their processes, read from /proc). */
function refreshesRunning(cacheDir: string): string[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('__complete\0refresh')) return false;
        return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`STATUSCTL_CACHE_DIR=${cacheDir}`);
      } catch {
        return false;
      }
    });
}

/** Waits until the refresh a Tab started (its marker written) has ended. */
async function refreshEnded(cacheDir: string): Promise<void> {
  const folder = join(cacheDir, 'completion');
  expect(existsSync(folder) && readdirSync(folder).some((name) => name.endsWith('.refresh')), 'a refresh was started').toBe(true);
  await vi.waitFor(
    () => {
      if (refreshesRunning(cacheDir).length) throw new Error('the refresh is still running');
    },
    { timeout: 30_000, interval: 50 },
  );
}

const cacheFiles = (cacheDir: string) => {
  const folder = join(cacheDir, 'completion');
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : [];
};

/** The requests the other server received carrying the profile's key. */
const withKey = () => other.requests.filter((request) => JSON.stringify(request.headers).includes(server.account.key));

describe("a Tab sends the profile's key to no other server", () => {
  for (const shell of ['zsh', 'fish', 'bash'] as const) {
    it.runIf(SHELLS[shell])(
      `${shell}: a line with --base-url of another server starts a refresh that never reaches it with the key`,
      async () => {
        other.requests.length = 0;
        const cacheDir = mkdtempSync(join(dir, `cache-${shell}-`));
        const env = shellEnv(cacheDir, { STATUSCTL_CONFIG_DIR: configDir });
        const line = `statusctl --base-url ${other.url} incidents get `;
        if (shell === 'bash') await tabInBash(scripts.bash!, dir, [line], env);
        else completeIn(shell, scripts[shell]!, dir, [line], env);
        await refreshEnded(cacheDir);
        expect(withKey()).toEqual([]);
        expect(other.requests).toEqual([]);
        expect(cacheFiles(cacheDir)).toEqual([]);
      },
      120_000,
    );
  }
});

describe('bash reads a typed --base-url whole', () => {
  it.runIf(SHELLS.bash)(
    'as `--base-url URL` and `--base-url=URL`: its refresh asks that server (with a key of its own), and the next Tab offers its ids',
    async () => {
      for (const typed of [`--base-url ${other.url}`, `--base-url=${other.url}`]) {
        other.requests.length = 0;
        const cacheDir = mkdtempSync(join(dir, 'cache-bash-whole-'));
        // The key given for the line's server, as it must be for a server that is not the profile's.
        const env = shellEnv(cacheDir, {
          STATUSCTL_CONFIG_DIR: tempConfigDir(),
          STATUSCTL_API_KEY: server.account.key,
          STATUSCTL_ACCOUNT_ID: server.account.id,
        });
        const line = `statusctl ${typed} incidents get `;
        const [first] = await tabInBash(scripts.bash!, dir, [line], env);
        // bash itself split the URL at its colons (and the option at its =): what the script rejoins.
        expect(first!.words).toContain(':');
        expect(first!.offered).toEqual([]);
        await vi.waitFor(
          () => {
            if (!cacheFiles(cacheDir).length) throw new Error('no cache written');
          },
          { timeout: 30_000, interval: 50 },
        );
        expect(other.requests.length, typed).toBeGreaterThan(0);
        const [second] = await tabInBash(scripts.bash!, dir, [line], env);
        expect(sorted(second!.offered)).toEqual(sorted(openIds));
      }
    },
    120_000,
  );
});

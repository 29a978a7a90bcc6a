// The built binary (bin/statusctl and dist/cli.cjs) as a user runs it: a few calls of each
// command against the reference server on a real port, checking what only a whole process
// shows: the launcher, stdout and stderr as pipes, each documented exit code reaching the shell.
// Where the file shows one exit code or output for several commands, one of them runs in the
// binary and the others in process, as the other command tests run the program (runCli with
// inProcess); the prompts run in a pty (interactive.test.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedPortUrl, parseJson, runCli, tempConfigDir, useTestServer } from './helpers.js';

const shared = useTestServer();

describe('the built binary', () => {
  it('prints its version and exits 0', async () => {
    const { CLIENT_VERSION } = await import('../../src/client/version.js');
    const result = await runCli(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${CLIENT_VERSION}\n` });
  });

  it('exits 2 on an unknown command, with a suggestion on stderr and nothing on stdout', async () => {
    const result = await runCli(['runtimez', 'list']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("unknown command 'runtimez'");
    expect(result.stderr).toContain('runtimes');
  });

  it('runtimes list -o json: the API JSON on stdout, exit 0', async () => {
    const result = await runCli(['runtimes', 'list', '-o', 'json'], { env: shared.server.env });
    expect(result.code).toBe(0);
    expect(Array.isArray(parseJson(result))).toBe(true);
  });

  it('exits 3 without an API key and 1 when nothing listens', async () => {
    const noKey = await runCli(['runtimes', 'list'], { env: { ...shared.server.env, STATUSCTL_API_KEY: undefined } });
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toContain('no API key');
    const down = await runCli(['runtimes', 'list'], { env: { ...shared.server.env, STATUSCTL_BASE_URL: await closedPortUrl() } });
    expect(down.code).toBe(1);
    expect(down.stdout).toBe('');
  });

  it('status-pages list and incidents list answer with the API shape', async () => {
    const pages = await runCli(['status-pages', 'list', '--json'], { env: shared.server.env, inProcess: true });
    expect(pages.code).toBe(0);
    expect(parseJson<{ entries: unknown[] }>(pages).entries.length).toBeGreaterThan(0);
    const incidents = await runCli(['incidents', 'list', '-o', 'json'], { env: shared.server.env, inProcess: true });
    expect(incidents.code).toBe(0);
    expect(parseJson(incidents)).toHaveProperty('entries');
  });

  it('exits 4 for an incident, an analysis and an error group that do not exist', async () => {
    for (const [index, args] of [
      ['incidents', 'get', 'no-such-incident'],
      ['rca', 'get', '00000000-0000-4000-8000-000000000000'],
      ['error-groups', 'archive', '00000000-0000-4000-8000-000000000000'],
    ].entries()) {
      const result = await runCli(args, { env: shared.server.env, inProcess: index > 0 });
      expect(result.code, args.join(' ')).toBe(4);
      expect(result.stderr, args.join(' ')).toMatch(/^statusctl: /);
    }
  });

  it('exits 2 when a required option is missing or an enum value is unknown', async () => {
    const missing = await runCli(['incident-updates', 'add', 'some-incident'], { env: shared.server.env, inProcess: true });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--message');
    const stage = await runCli(['runtimes', 'list', '--stage', 'nightly'], { env: shared.server.env, inProcess: true });
    expect(stage.code).toBe(2);
    expect(stage.stderr).toContain('--stage');
  });

  it('heartbeats availability --fail-under exits 5 when a check sent nothing in the last 24 hours', async () => {
    const { createClient } = await import('../../src/client/index.js');
    const client = createClient({ baseUrl: shared.server.url, apiKey: shared.server.account.key, accountId: shared.server.account.id });
    const checkId = '00000000-0000-4000-8000-00000000beef';
    const dayAndAHalfAgo = new Date(Date.now() - 36 * 3_600_000).toISOString();
    await client.recordHeartbeatEvent({ params: { checkId }, body: { state: 'RECEIVED', timestamp: dayAndAHalfAgo } });
    const result = await runCli(['heartbeats', 'availability', checkId, '--fail-under', '99'], { env: shared.server.env });
    expect(result.code).toBe(5);
  });

  it('login saves the profile to a real config file, config reads it, logout removes the key', async () => {
    const dir = tempConfigDir();
    const env = { ...shared.server.env, STATUSCTL_CONFIG_DIR: dir };
    const login = await runCli(['login'], { env });
    expect(login.code).toBe(0);
    const file = join(dir, 'config.json');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain(shared.server.account.id);
    const get = await runCli(['config', 'get', 'account-id'], { env: { STATUSCTL_CONFIG_DIR: dir } });
    expect(get).toMatchObject({ code: 0, stdout: `${shared.server.account.id}\n` });
    const logout = await runCli(['logout'], { env: { STATUSCTL_CONFIG_DIR: dir } });
    expect(logout.code).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain(shared.server.account.key);
  });

  it('completion bash prints a script for the whole tree', async () => {
    const result = await runCli(['completion', 'bash']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('complete -F _statusctl statusctl');
    expect(result.stdout).toContain('incident-updates');
  });
});

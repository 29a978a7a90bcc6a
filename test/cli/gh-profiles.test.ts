// Profiles as gh keeps them, through the built binary: the first login of a config file becomes
// the profile in use, and a missing key names the profile that has one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseJson, runCli, TEST_ACCOUNT, tempConfigDir, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();

/** `auth login --profile NAME` with the test account, the key on stdin. */
function login(dir: string, profile: string) {
  return runCli(['auth', 'login', '--profile', profile, '--base-url', test.server.url, '--account-id', TEST_ACCOUNT.id, '--with-token'], {
    env: { STATUSCTL_CONFIG_DIR: dir },
    input: `${TEST_ACCOUNT.key}\n`,
  });
}

describe('profiles as gh', () => {
  it('the first login on a fresh config becomes the profile in use; a later one does not', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CONFIG_DIR: dir };
    const first = await login(dir, 'work');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain("'work' is the first profile of");
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toMatchObject({ defaultProfile: 'work' });
    const who = await runCli(['whoami', '--json'], { env });
    expect(who.code, who.stderr).toBe(0);
    expect(parseJson(who)).toMatchObject({ profile: { value: 'work', source: 'file' }, accountId: { value: TEST_ACCOUNT.id } });
    const list = await runCli(['incidents', 'list'], { env });
    expect(list.code, list.stderr).toBe(0);

    const second = await login(dir, 'staging');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('first profile');
    expect(parseJson(await runCli(['whoami', '--json'], { env }))).toMatchObject({ profile: { value: 'work' } });
  });

  it('when the profile in use has no key and another has one, the hint names auth switch to it', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CONFIG_DIR: dir };
    for (const profile of ['work', 'staging']) expect((await login(dir, profile)).code).toBe(0);
    // The key of the profile in use (work) goes; staging keeps its own.
    expect((await runCli(['auth', 'logout'], { env })).code).toBe(0);
    const [list, token] = await Promise.all([runCli(['incidents', 'list'], { env }), runCli(['auth', 'token'], { env })]);
    for (const result of [list, token]) {
      expect(result.code).toBe(3);
      expect(result.stderr).toBe(
        "statusctl: no API key (profile 'work')\n" +
          "hint: profile 'staging' has one: statusctl auth switch staging (or --profile staging for one command; statusctl login for this one)\n",
      );
    }
    // With no other profile keyed, the hint is still to log in.
    expect((await runCli(['auth', 'logout', '--profile', 'staging'], { env })).code).toBe(0);
    expect((await runCli(['incidents', 'list'], { env })).stderr).toMatch(/\nhint: run 'statusctl login'/);
  });
});

// bin/statusctl keeps V8's compiled code of the bundle between calls. The cache must speed
// things up without ever changing what a call does: one per command, replaced when unusable.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli, tempConfigDir } from './helpers.js';

afterAll(() => removeTempDirs());

describe('code cache of the launcher', () => {
  it('writes one cache per command and still answers the same', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CACHE_DIR: dir };
    const first = await runCli(['--version'], { env });
    const second = await runCli(['--version'], { env });
    expect(first.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    await runCli(['runtimes', '--help'], { env });
    expect(readdirSync(dir).sort()).toEqual([expect.stringMatching(/-other\.v8cache$/), expect.stringMatching(/-runtimes\.v8cache$/)]);
  });

  it('replaces a cache V8 rejects, and a stale build’s caches go', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CACHE_DIR: dir };
    await runCli(['--version'], { env });
    const [name] = readdirSync(dir);
    const path = join(dir, name!);
    writeFileSync(path, 'not a V8 cache');
    writeFileSync(join(dir, 'cli-v0.0.0-x64-1-1-other.v8cache'), 'an older build');

    const result = await runCli(['--version'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(readFileSync(path, 'utf8')).not.toBe('not a V8 cache');
    expect(statSync(path).size).toBeGreaterThan(1000);
    expect(readdirSync(dir)).toEqual([name]);
  });

  it('runs the vendor chunk a command needs (conf for config) with a cache of its own, answering the same', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CACHE_DIR: dir, STATUSCTL_CONFIG_DIR: tempConfigDir() };
    const first = await runCli(['config', 'set', 'base-url', 'http://127.0.0.1:9'], { env });
    expect(first.code, first.stderr).toBe(0);
    const listed = await runCli(['config', 'list'], { env });
    const again = await runCli(['config', 'list'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('http://127.0.0.1:9');
    expect(again.stdout).toBe(listed.stdout);
    expect(readdirSync(dir).sort()).toEqual([
      expect.stringMatching(/^cli-.*-config\.v8cache$/),
      expect.stringMatching(/^vendor-conf-.*-config\.v8cache$/),
    ]);
  });

  it('reads the config file without the writer: a command that only reads it loads no vendor chunk', async () => {
    const dir = tempConfigDir();
    const configDir = tempConfigDir();
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { default: { baseUrl: 'http://127.0.0.1:9' } } }));
    const env = { STATUSCTL_CACHE_DIR: dir, STATUSCTL_CONFIG_DIR: configDir };
    const listed = await runCli(['config', 'list'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('http://127.0.0.1:9');
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^cli-.*-config\.v8cache$/)]);
  });

  it("in the test suite, writes to this run's temporary cache directory, never the user's", async () => {
    const dir = process.env.STATUSCTL_CACHE_DIR;
    expect(dir?.startsWith(tmpdir())).toBe(true);
    const result = await runCli(['whoami', '--help']);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(dir!)).toContainEqual(expect.stringMatching(/^cli-.*-whoami\.v8cache$/));
  });

  it('writes nothing with STATUSCTL_NO_COMPILE_CACHE', async () => {
    const dir = tempConfigDir();
    const result = await runCli(['--version'], { env: { STATUSCTL_CACHE_DIR: dir, STATUSCTL_NO_COMPILE_CACHE: '1' } });
    expect(result.code).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});

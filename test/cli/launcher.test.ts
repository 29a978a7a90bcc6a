// bin/statusctl keeps V8's compiled code of the bundle between calls. The cache must speed
// things up without ever changing what a call does: one per command, replaced when unusable.
import { execFile } from 'node:child_process';
import { appendFileSync, copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, parseJson, ROOT, removeTempDirs, runCli, startTestServer, tempConfigDir } from './helpers.js';

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
    expect(readdirSync(dir).sort()).toEqual([
      expect.stringMatching(/--other\.v8cache$/),
      expect.stringMatching(/--runtimes\.help\.v8cache$/),
    ]);
  });

  it("a verb's calls take a cache that a call of that verb wrote, whatever ran first", async () => {
    const server = await startTestServer();
    const dir = tempConfigDir();
    const env = { ...server.env, STATUSCTL_CACHE_DIR: dir };
    expect((await runCli(['incidents', '--help'], { env })).code).toBe(0);
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^cli-.*--incidents\.help\.v8cache$/)]);

    const listed = await runCli(['incidents', 'list'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    const list = readdirSync(dir).find((name) => name.endsWith('--incidents.list.v8cache'));
    expect(list).toBeDefined();
    const written = statSync(join(dir, list!)).ino;
    // The caches the list wrote: the bundle's, and those of the vendor chunks it loaded.
    const caches = readdirSync(dir).sort();
    const again = await runCli(['incidents', 'list'], { env });
    expect(again.stdout).toBe(listed.stdout);
    // Taken and not written again: a cache written again is a new file renamed over the old.
    expect(statSync(join(dir, list!)).ino).toBe(written);
    expect(readdirSync(dir).sort()).toEqual(caches);
  });

  it('names caches by command words only: never an id, a typo or an option value', async () => {
    const server = await startTestServer();
    const dir = tempConfigDir();
    const env = { ...server.env, STATUSCTL_CACHE_DIR: dir };
    const {
      entries: [incident],
    } = parseJson<{ entries: { id: string }[] }>(await runCli(['incidents', 'list', '--json'], { env }));
    const calls = [
      ['incidents', 'get', incident!.id],
      ['incidents', 'get', incident!.id.slice(0, 8), '-o', 'json'],
      ['incidents', 'lsit'],
      ['incidnets', 'list'],
      ['-o', 'json', 'runtimes', 'list'],
      ['--profile', 'default', 'runtimes', 'list', '--jq', '.[0].name'],
      ['--utc', 'incident', 'ls'],
    ];
    for (const args of calls) await runCli(args, { env });
    // The bundle's caches and those of the vendor chunks the calls ran (jq, zod), by what follows the build.
    const keys = [...new Set(readdirSync(dir).map((name) => name.replace(/^.*?--(.*)\.v8cache$/, '$1')))];
    // A typo of a verb gets its noun's cache, which the noun's other runs without a verb share;
    // an unknown command, the cache of runs that name none.
    expect(keys.sort()).toEqual(['incident.ls', 'incidents', 'incidents.get', 'incidents.list', 'other', 'runtimes.list']);
  });

  it('replaces a cache V8 rejects', async () => {
    const dir = tempConfigDir();
    const env = { STATUSCTL_CACHE_DIR: dir };
    await runCli(['--version'], { env });
    const [name] = readdirSync(dir);
    const path = join(dir, name!);
    writeFileSync(path, 'not a V8 cache');

    const result = await runCli(['--version'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(readFileSync(path, 'utf8')).not.toBe('not a V8 cache');
    expect(statSync(path).size).toBeGreaterThan(1000);
    expect(readdirSync(dir)).toEqual([name]);
  });

  it('keeps the caches of the builds written last, its own and three others, and removes the rest', async () => {
    const dir = tempConfigDir();
    // Five other builds of cli.cjs, the first written longest ago, and a cache of the launcher's
    // naming before builds were told apart.
    const others = [1, 2, 3, 4, 5].map((n) => `cli-v0.0.${n}-x64-1-1--other.v8cache`);
    others.forEach((other, n) => {
      writeFileSync(join(dir, other), 'another build');
      utimesSync(join(dir, other), 1_000_000 + n, 1_000_000 + n);
    });
    writeFileSync(join(dir, 'cli-v0.0.0-x64-1-1-other.v8cache'), 'an earlier naming');
    writeFileSync(join(dir, 'vendor-conf-v0.0.0-x64-1-1--config.v8cache'), "another file's cache");

    const result = await runCli(['--version'], { env: { STATUSCTL_CACHE_DIR: dir } });
    expect(result.code).toBe(0);
    const left = readdirSync(dir);
    const ours = left.filter((name) => !name.includes('v0.0.'));
    expect(ours).toEqual([expect.stringMatching(/^cli-.*--other\.v8cache$/)]);
    expect(left.filter((name) => name.includes('v0.0.')).sort()).toEqual([
      ...others.slice(2),
      'vendor-conf-v0.0.0-x64-1-1--config.v8cache',
    ]);
  });

  it('two builds of the bundle called in turn keep their caches in one directory', async () => {
    const dir = tempConfigDir();
    // Two installs of the CLI: the launcher and the bundle, copied, one bundle with a line more.
    const installs = ['a', 'b'].map((install) => {
      const root = join(tempConfigDir(), install);
      cpSync(join(ROOT, 'bin'), join(root, 'bin'), { recursive: true });
      mkdirSync(join(root, 'dist'));
      copyFileSync(join(ROOT, 'dist', 'cli.cjs'), join(root, 'dist', 'cli.cjs'));
      if (install === 'b') appendFileSync(join(root, 'dist', 'cli.cjs'), '\n// another build\n');
      return join(root, 'bin', 'statusctl');
    });
    const version = async (bin: string) =>
      (await promisify(execFile)(process.execPath, [bin, '--version'], { env: cleanEnv({ STATUSCTL_CACHE_DIR: dir }) })).stdout;
    /** Each cache file by its inode: a cache written again is a new file renamed over the old. */
    const files = () => new Map(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).ino]));

    const expected = await version(installs[0]!);
    expect(await version(installs[1]!)).toBe(expected);
    const written = files();
    expect(written.size).toBe(2);
    expect(await version(installs[0]!)).toBe(expected);
    expect(await version(installs[1]!)).toBe(expected);
    // Each call found its build's cache, took it, and wrote nothing.
    expect(files()).toEqual(written);
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
      expect.stringMatching(/^cli-.*--config\.list\.v8cache$/),
      expect.stringMatching(/^cli-.*--config\.set\.v8cache$/),
      expect.stringMatching(/^vendor-conf-.*--config\.set\.v8cache$/),
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
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^cli-.*--config\.list\.v8cache$/)]);
  });

  it("in the test suite, writes to this run's temporary cache directory, never the user's", async () => {
    const dir = process.env.STATUSCTL_CACHE_DIR;
    expect(dir?.startsWith(tmpdir())).toBe(true);
    const result = await runCli(['whoami', '--help']);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(dir!)).toContainEqual(expect.stringMatching(/^cli-.*--whoami\.help\.v8cache$/));
  });

  it('writes nothing with STATUSCTL_NO_COMPILE_CACHE', async () => {
    const dir = tempConfigDir();
    const result = await runCli(['--version'], { env: { STATUSCTL_CACHE_DIR: dir, STATUSCTL_NO_COMPILE_CACHE: '1' } });
    expect(result.code).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});

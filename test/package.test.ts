// The published package: `npm pack` gives a tarball that installs globally with nothing else to
// fetch (every runtime library is bundled into dist/) and whose statusctl runs.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const temp = mkdtempSync(join(tmpdir(), 'statusctl-pack-'));
// npm must not see this test run's own configuration (vitest sets none, but CI may).
const env = { ...process.env, npm_config_prefix: undefined, NODE_OPTIONS: undefined, STATUSCTL_CONFIG_DIR: join(temp, 'config') };

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('npm pack', () => {
  it('installs globally from the tarball alone and runs statusctl --help and --version', async () => {
    // --ignore-scripts: global setup has just built dist/; the tarball is what gets checked.
    const packed = await run(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', temp], { cwd: root, env });
    const [{ filename, files }] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
    const paths = files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['bin/statusctl', 'dist/cli.cjs', 'dist/index.js', 'package.json']));
    expect(paths.some((path) => path.startsWith('src/') || path.startsWith('test/'))).toBe(false);

    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(manifest.dependencies ?? {}).toEqual({});

    const prefix = join(temp, 'global');
    await run(npm, ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', join(temp, filename)], {
      cwd: temp,
      env,
    });
    const bin = join(prefix, 'bin', 'statusctl');

    const help = await run(bin, ['--help'], { cwd: temp, env });
    expect(help.stdout).toContain('Usage: statusctl');
    for (const noun of ['incidents', 'status-pages', 'runtimes', 'server']) expect(help.stdout).toContain(noun);

    const shown = await run(bin, ['--version'], { cwd: temp, env });
    expect(shown.stdout.trim()).toBe(version);
  }, 120_000);
});

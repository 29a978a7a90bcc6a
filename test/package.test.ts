// The published package: `npm pack` gives a tarball that installs globally (the CLI's runtime
// libraries are bundled into dist/; zod and undici come as dependencies for the client's types, and
// the credential store's library, whose native binary cannot be bundled) and whose statusctl runs, and that gives a
// TypeScript program the client's real types (a create body of the old shape does not compile).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cp } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, removeTempDirs, startTestServer, type TestServer } from './cli/helpers.js';
import { missingSecretServiceTools, startSecretService } from './support/secret-service.mjs';

const run = promisify(execFile);
const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const temp = mkdtempSync(join(tmpdir(), 'statusctl-pack-'));
// npm must not see this test run's own configuration (vitest sets none, but CI may).
const env = { ...process.env, npm_config_prefix: undefined, NODE_OPTIONS: undefined, STATUSCTL_CONFIG_DIR: join(temp, 'config') };

afterAll(() => rmSync(temp, { recursive: true, force: true }));
const missingTools = await missingSecretServiceTools();
if (missingTools.length > 0) {
  console.warn(
    `credential-store package tests skipped: ${missingTools.join(', ')} missing (install them with scripts/system-deps/keyring.sh)`,
  );
}

let tarball: Promise<{ filename: string; files: { path: string }[] }> | undefined;
/** `npm pack` of the project, once for the file. */
function pack() {
  // --ignore-scripts: global setup has just built dist/; the tarball is what gets checked.
  tarball ??= run(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', temp], { cwd: root, env }).then(
    (packed) => (JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }])[0],
  );
  return tarball;
}

/** `npm install --global` of the tarball into a prefix of its own; resolves with that prefix. */
async function installGlobally(): Promise<string> {
  const { filename } = await pack();
  const prefix = join(temp, 'global');
  await run(npm, ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', join(temp, filename)], {
    cwd: temp,
    env,
  });
  return prefix;
}

/**
 * The installed package as npm leaves it without optional dependencies (`--omit=optional`, or on
 * a platform the credential store's library has no binary for): a copy of the global prefix
 * without the library's platform packages, its optional dependencies and the only ones of the
 * whole tree, so the copy is the tree such an install writes. A copy instead of a second
 * `npm install`: the install's CPU goes to unpacking the same packages again.
 */
async function copyWithoutOptional(prefix: string): Promise<string> {
  const copy = join(temp, 'global-without-optional');
  await cp(prefix, copy, { recursive: true, verbatimSymlinks: true, filter: (source) => !/[\\/]@napi-rs[\\/]keyring-/.test(source) });
  return copy;
}

/**
 * A user's project (an ES module package) with the installed package in its node_modules, linked
 * as `npm link statusctl` links it: the compiler follows the link, so the package's own
 * dependencies (zod and undici, whose types the client's refer to) are found where npm put them.
 */
async function linkedProject(): Promise<string> {
  const prefix = await installs.global;
  const project = join(temp, 'project');
  mkdirSync(join(project, 'node_modules', '@types'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'project', private: true, type: 'module' }));
  symlinkSync(join(prefix, 'lib', 'node_modules', 'statusctl'), join(project, 'node_modules', 'statusctl'), 'dir');
  // Node's types (undici's declarations refer to them), as a TypeScript program for Node has them.
  symlinkSync(join(root, 'node_modules', '@types', 'node'), join(project, 'node_modules', '@types', 'node'), 'dir');
  return project;
}

// One install, once the tarball is packed; the copy without optional dependencies once it is
// done. The tests below run concurrently, each waiting only for the tree it reads.
let installs: { global: Promise<string>; withoutOptional: Promise<string> };
// The server the credential-store tests log in to, started here, before any test runs, so that
// it stays up until the file's tests are all done.
let server: TestServer;
beforeAll(async () => {
  const global = installGlobally();
  installs = { global, withoutOptional: global.then(copyWithoutOptional) };
  // Each test awaits its own; an install no test reached must not be an unhandled rejection.
  for (const installed of Object.values(installs)) installed.catch(() => undefined);
  server = await startTestServer();
});
afterAll(removeTempDirs);

describe.concurrent('npm pack', () => {
  it('installs globally from the tarball (and its three dependencies) and runs statusctl --help and --version', async () => {
    const { files } = await pack();
    const paths = files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'bin/statusctl',
        'dist/cli.cjs',
        'dist/vendor-zod.cjs',
        'dist/vendor-conf.cjs',
        'dist/vendor-mcp.cjs',
        'dist/vendor-jq.cjs',
        'dist/vendor-prompts.cjs',
        'dist/server.cjs',
        'dist/build/jq.wasm',
        'dist/index.js',
        'dist/types/index.d.ts',
        'package.json',
      ]),
    );
    expect(paths.some((path) => path.startsWith('src/') || path.startsWith('test/'))).toBe(false);

    // The CLI bundles what it runs; the client's types need zod's and undici's, so those two are
    // the package's dependencies, not copies of their declarations.
    expect(paths.some((path) => path.startsWith('dist/types/vendor/'))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(['@napi-rs/keyring', 'undici', 'zod']);

    const prefix = await installs.global;
    const bin = join(prefix, 'bin', 'statusctl');

    const help = await run(bin, ['--help'], { cwd: temp, env });
    expect(help.stdout).toContain('Usage: statusctl');
    for (const noun of ['incidents', 'status-pages', 'runtimes', 'server']) expect(help.stdout).toContain(noun);

    const shown = await run(bin, ['--version'], { cwd: temp, env });
    expect(shown.stdout.trim()).toBe(version);

    // The vendor chunks and jq's WebAssembly are found where the package put them.
    const configDir = join(temp, 'config');
    const path = await run(bin, ['config', 'path', '--jq', '.path'], { cwd: temp, env: { ...env, STATUSCTL_CONFIG_DIR: configDir } });
    expect(path.stdout.trim()).toBe(join(configDir, 'config.json'));
    // So is the server's chunk: it checks --account values.
    const refused = await run(bin, ['server', '--port', '0', '--account', 'acc1:key_abcdefghijkl'], { cwd: temp, env }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toContain('the ID "acc1" is not a UUID');
  }, 120_000);

  it('ships type declarations: the upstream create shape compiles, the old one does not', async () => {
    const consumer = await linkedProject();

    const service = "{ id: '8a0d5f8e-6b1c-4f8e-9d3a-2c7b1e0f4a51', name: 'Checkout', accountId: '3f2c7a10-5b1e-4c8d-9e6f-0a1b2c3d4e5f' }";
    const header =
      "import { createClient } from 'statusctl';\nconst api = createClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'sk_x' });\n";
    writeFileSync(
      join(consumer, 'ok.ts'),
      `${header}const incident = await api.createIncident({
  body: { name: 'Checkout down', severity: 'CRITICAL', services: [${service}], incidentUpdates: [{ description: 'Investigating.' }] },
});
export const status: 'INVESTIGATING' | 'IDENTIFIED' | 'MONITORING' | 'RESOLVED' = incident.lastUpdateStatus;
`,
    );
    writeFileSync(
      join(consumer, 'old.ts'),
      `${header}await api.createIncident({
  body: { name: 'Checkout down', severity: 'CRITICAL', services: [{ id: '8a0d5f8e-6b1c-4f8e-9d3a-2c7b1e0f4a51' }], incidentUpdates: [] },
});
`,
    );
    // The project's own compiler, strict, declaration files checked too (skipLibCheck off), with
    // the target's standard library and no DOM, as a program for Node has it: a declaration that
    // needs the DOM's types fails here. One checker: each of the compiler's parallel checkers
    // resolves again the types of the standard library and of the declarations its files use,
    // CPU the suite's other files are waiting for.
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const options = '--strict --skipLibCheck false --module nodenext --target es2022 --lib es2022 --types node --checkers 1';
    const flags = ['--noEmit', ...options.split(' ')];
    // One compiler run over both programs (each a module of its own): every error it reports is
    // in old.ts, none in ok.ts or in the declarations they use.
    const old = await run(process.execPath, [tsc, ...flags, 'ok.ts', 'old.ts'], { cwd: consumer, env }).then(
      () => ({ stdout: 'compiled' }),
      (error: { stdout: string }) => error,
    );
    const errorLines = old.stdout.split('\n').filter((line) => line !== '' && !line.startsWith(' '));
    expect(errorLines.length).toBeGreaterThan(0);
    expect(errorLines.filter((line) => !line.startsWith('old.ts('))).toEqual([]);
    // Line 4 is the body: services as {id} only, and no first update.
    expect(old.stdout).toMatch(
      /old\.ts\(4,\d+\): error TS2739: Type '\{ id: string; \}' is missing the following properties .*: name, accountId/,
    );
    expect(old.stdout).toMatch(/old\.ts\(4,\d+\): error TS2322: Type '\[\]' is not assignable to type '\[\{ description: string;/);
  }, 180_000);
});

describe.concurrent('the installed package and the credential store', () => {
  /**
   * statusctl as installed globally, every package there; with `omitOptional`, as installed
   * without the library's platform binaries.
   */
  async function installedBin({ omitOptional = false } = {}): Promise<string> {
    return join(await (omitOptional ? installs.withoutOptional : installs.global), 'bin', 'statusctl');
  }

  /** login, then a call, through the installed binary; the result of both and the config file. */
  async function loginAndCall(bin: string, server: TestServer, extraEnv: Record<string, string | undefined>) {
    const runEnv = cleanEnv({ ...extraEnv, STATUSCTL_API_KEY: undefined });
    const configDir = runEnv.STATUSCTL_CONFIG_DIR!;
    const login = await run(
      bin,
      ['login', '--json', '--base-url', server.url, '--api-key', server.account.key, '--account-id', server.account.id],
      { cwd: temp, env: runEnv },
    );
    const list = await run(bin, ['incidents', 'list', '--json'], { cwd: temp, env: runEnv });
    return { login, list, config: readFileSync(join(configDir, 'config.json'), 'utf8') };
  }

  it.skipIf(missingTools.length > 0)(
    'with a Secret Service: the key goes to the keyring and the call reads it there',
    async () => {
      const bin = await installedBin();
      const service = await startSecretService();
      try {
        const { login, list, config } = await loginAndCall(bin, server, service.env);
        expect(JSON.parse(login.stdout)).toMatchObject({ keyStorage: 'keyring' });
        expect(login.stderr).not.toContain('warning');
        expect(JSON.parse(list.stdout)).toBeDefined();
        expect(config).not.toContain(server.account.key);
        const found = await service.secretTool(['lookup', 'service', `statusctl:${server.url}`, 'username', 'default']);
        expect(found).toBe(server.account.key);
      } finally {
        await service.stop();
      }
    },
    180_000,
  );

  it('without a session bus: the key goes to the file, with the warning', async () => {
    const bin = await installedBin();
    const { login, list, config } = await loginAndCall(bin, server, {});
    expect(JSON.parse(login.stdout)).toMatchObject({ keyStorage: 'file' });
    expect(login.stderr).toContain('warning: the API key was stored in plain text');
    expect(JSON.parse(list.stdout)).toBeDefined();
    expect(JSON.parse(config).profiles.default.apiKey).toBe(server.account.key);
  }, 180_000);

  it.skipIf(missingTools.length > 0)(
    'where the library has no binary for the platform, the store is simply unavailable',
    async () => {
      // No @napi-rs/keyring-<platform> package, as --omit=optional leaves it, or a platform it has none for.
      const bin = await installedBin({ omitOptional: true });
      const service = await startSecretService();
      try {
        const { login, list, config } = await loginAndCall(bin, server, service.env);
        expect(JSON.parse(login.stdout)).toMatchObject({ keyStorage: 'file' });
        expect(login.stderr).toContain(`the credential-store library has no binary for ${process.platform}-${process.arch}`);
        expect(JSON.parse(list.stdout)).toBeDefined();
        expect(JSON.parse(config).profiles.default.apiKey).toBe(server.account.key);
      } finally {
        await service.stop();
      }
    },
    180_000,
  );
});

// runtimes list: the CLI in-process (run(), test/cli/in-process.ts) against the reference server's runtime catalog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeList } from '../../src/contract/schemas.js';
import { closedPortUrl, parseJson, removeTempDirs, startTestServer, type TestServer } from './helpers.js';
import { runCli } from './in-process.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

describe('runtimes list', () => {
  it('prints the API shape with -o json, newest first', async () => {
    const result = await runCli(['runtimes', 'list', '-o', 'json'], { env: server.env });
    expect(result.code, result.stderr).toBe(0);
    const runtimes = RuntimeList.parse(parseJson(result));
    expect(runtimes.length).toBeGreaterThan(1);
    const names = runtimes.map((runtime) => runtime.name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('shows every runtime in a table, newest first, with its Node.js version, stage and end of life', async () => {
    const runtimes = RuntimeList.parse(parseJson(await runCli(['runtimes', 'list', '--json'], { env: server.env })));
    const result = await runCli(['runtimes', 'list'], { env: server.env });
    expect(result.code).toBe(0);
    for (const header of ['Runtime', 'Node.js', 'Stage', 'End of life', 'Multi-step', 'Description']) {
      expect(result.stdout).toContain(header);
    }
    let previous = -1;
    for (const runtime of runtimes) {
      const at = result.stdout.indexOf(runtime.name);
      expect(at, runtime.name).toBeGreaterThan(previous);
      previous = at;
      expect(result.stdout).toContain(runtime.nodeJsVersion);
      expect(result.stdout).toContain(runtime.runtimeEndOfLife);
    }
    expect(result.stdout).not.toContain('\x1b[');
  });

  it('colors stages when colors are forced', async () => {
    const result = await runCli(['runtimes', 'list'], { env: { ...server.env, FORCE_COLOR: '1' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\x1b[');
    const plain = await runCli(['runtimes', 'list'], { env: { ...server.env, FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(plain.stdout).not.toContain('\x1b[');
  });

  it('--stage filters, in any case', async () => {
    const all = RuntimeList.parse(parseJson(await runCli(['runtimes', 'list', '--json'], { env: server.env })));
    const stage = all[0]!.stage;
    const result = await runCli(['runtimes', 'list', '--stage', stage.toLowerCase(), '--json'], { env: server.env });
    expect(result.code).toBe(0);
    const filtered = RuntimeList.parse(parseJson(result));
    expect(filtered.length).toBe(all.filter((runtime) => runtime.stage === stage).length);
    expect(filtered.every((runtime) => runtime.stage === stage)).toBe(true);
  });

  it('exits 2 for an unknown stage, naming the option and the stages', async () => {
    const result = await runCli(['runtimes', 'list', '--stage', 'ancient'], { env: server.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--stage');
    expect(result.stderr).toContain('DEPRECATED');
  });

  it('exits 3 without a key, 1 when the server cannot be reached', async () => {
    expect((await runCli(['runtimes', 'list'], { env: { STATUSCTL_BASE_URL: server.url } })).code).toBe(3);
    const unreachable = await runCli(['runtimes', 'list', '--timeout', '2'], {
      env: { ...server.env, STATUSCTL_BASE_URL: await closedPortUrl() },
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^statusctl: /);
  });
});

// runtimes list: the CLI in-process (run(), runCli with inProcess) against the reference server's runtime catalog.
import { describe, expect, it } from 'vitest';
import { RuntimeList } from '../../src/contract/schemas.js';
import { closedPortUrl, parseJson, stripAnsi, useTestServer, runCli } from './helpers.js';
import { testClock } from '../support/clock.js';

const shared = useTestServer();

describe('runtimes list', () => {
  it('prints the API shape with -o json, newest first', async () => {
    const result = await runCli(['runtimes', 'list', '-o', 'json'], { env: shared.server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    const runtimes = RuntimeList.parse(parseJson(result));
    expect(runtimes.length).toBeGreaterThan(1);
    const names = runtimes.map((runtime) => runtime.name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('piped: one tab-separated row per runtime, newest first, end of life as YYYY-MM-DD', async () => {
    const runtimes = RuntimeList.parse(
      parseJson(await runCli(['runtimes', 'list', '--json'], { env: shared.server.env, inProcess: true })),
    );
    const result = await runCli(['runtimes', 'list'], { env: shared.server.env, inProcess: true });
    expect(result.code).toBe(0);
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows).toEqual(
      runtimes.map((runtime) => {
        const [month, day, year] = runtime.runtimeEndOfLife.split('/');
        return [
          runtime.name,
          runtime.nodeJsVersion,
          runtime.stage,
          `${year}-${month}-${day}`,
          runtime.multiStepSupport ? 'yes' : 'no',
          runtime.description,
        ];
      }),
    );
    expect(result.stdout).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(result.stdout).not.toContain('\x1b[');
  });

  it('on a terminal: the header, ISO end-of-life dates, stages colored unless NO_COLOR', async () => {
    const result = await runCli(['runtimes', 'list'], { env: shared.server.env, terminalColumns: 200, inProcess: true });
    expect(result.code).toBe(0);
    const [header, ...rows] = stripAnsi(result.stdout).trimEnd().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual(['RUNTIME', 'NODE.JS', 'STAGE', 'END OF LIFE', 'MULTI-STEP', 'DESCRIPTION']);
    expect(rows[0]).toMatch(/^\d{4}\.\d{2} +v\d+\.\d+\.\d+ +[A-Z]+ +\d{4}-\d{2}-\d{2} /);
    expect(result.stdout).toContain('\x1b[');
    const plain = await runCli(['runtimes', 'list'], {
      env: { ...shared.server.env, FORCE_COLOR: '1', NO_COLOR: '1' },
      terminalColumns: 200,
      inProcess: true,
    });
    expect(plain.stdout).not.toContain('\x1b[');
  });

  it('--stage filters, in any case', async () => {
    const all = RuntimeList.parse(parseJson(await runCli(['runtimes', 'list', '--json'], { env: shared.server.env, inProcess: true })));
    const stage = all[0]!.stage;
    const result = await runCli(['runtimes', 'list', '--stage', stage.toLowerCase(), '--json'], {
      env: shared.server.env,
      inProcess: true,
    });
    expect(result.code).toBe(0);
    const filtered = RuntimeList.parse(parseJson(result));
    expect(filtered.length).toBe(all.filter((runtime) => runtime.stage === stage).length);
    expect(filtered.every((runtime) => runtime.stage === stage)).toBe(true);
  });

  it('exits 2 for an unknown stage, naming the option and the stages', async () => {
    const result = await runCli(['runtimes', 'list', '--stage', 'ancient'], { env: shared.server.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--stage');
    expect(result.stderr).toContain('DEPRECATED');
  });

  it('exits 3 without a key, 1 when the server cannot be reached', async () => {
    expect((await runCli(['runtimes', 'list'], { env: { STATUSCTL_BASE_URL: shared.server.url }, inProcess: true })).code).toBe(3);
    // Its retries wait on a clock of the test's, which they move instead of taking time.
    const unreachable = await runCli(['runtimes', 'list', '--timeout', '2'], {
      env: { ...shared.server.env, STATUSCTL_BASE_URL: await closedPortUrl() },
      inProcess: true,
      clock: testClock(),
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^statusctl: /);
  });
});

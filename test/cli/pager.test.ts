// The pager, through the built binary in a real pseudo-terminal: long table output goes through
// $STATUSCTL_PAGER, else $PAGER, else `less -FRX`; never when piped, with --no-pager, with an
// empty STATUSCTL_PAGER, or when the output fits the terminal. The terminals here are 5 rows
// high, so a short list is "long"; the pager in most tests is a sed that marks each line.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli, runPty, useTestServer } from './helpers.js';

const test = useTestServer();
const MARKING = "sed 's/^/PAGED: /'";

async function onTerminal(args: string[], env: Record<string, string | undefined>): Promise<{ code: number; screen: string }> {
  const session = await runPty(args, { env: { ...test.server.env, ...env }, rows: Number(env.LINES ?? 40) });
  const code = await session.exited();
  return { code, screen: session.screen() };
}

describe('the pager', () => {
  it('long table output on a terminal goes through $PAGER', async () => {
    const { code, screen } = await onTerminal(['incidents', 'list'], { PAGER: MARKING, LINES: '5' });
    expect(code).toBe(0);
    expect(screen).toMatch(/PAGED: ID\s+SEVERITY/);
    expect(screen.split('\n').filter((line) => line.startsWith('PAGED: ')).length).toBeGreaterThan(5);
  });

  it('STATUSCTL_PAGER wins over PAGER; set empty, it turns paging off', async () => {
    const own = await onTerminal(['runtimes', 'list'], { PAGER: MARKING, STATUSCTL_PAGER: "sed 's/^/OWN: /'", LINES: '5' });
    expect(own.screen).toMatch(/OWN: RUNTIME/);
    expect(own.screen).not.toContain('PAGED: ');
    const off = await onTerminal(['runtimes', 'list'], { PAGER: MARKING, STATUSCTL_PAGER: '', LINES: '5' });
    expect(off.code).toBe(0);
    expect(off.screen).toMatch(/^RUNTIME/m);
    expect(off.screen).not.toContain('PAGED: ');
  });

  it('--no-pager and NO_COLOR turn it off', async () => {
    for (const [args, env] of [
      [['--no-pager'], {}],
      [[], { NO_COLOR: '1' }],
    ] as const) {
      const { code, screen } = await onTerminal(['incidents', 'list', ...args], { PAGER: MARKING, LINES: '5', ...env });
      expect(code).toBe(0);
      expect(screen).toMatch(/^ID\s+SEVERITY/m);
      expect(screen).not.toContain('PAGED: ');
    }
  });

  it('output that fits the terminal is printed as it is', async () => {
    const { screen } = await onTerminal(['incidents', 'list'], { PAGER: MARKING, LINES: '200' });
    expect(screen).toMatch(/^ID\s+SEVERITY/m);
    expect(screen).not.toContain('PAGED: ');
  });

  it('never when piped', async () => {
    const result = await runCli(['incidents', 'list'], { env: { ...test.server.env, PAGER: MARKING, LINES: '5' } });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('PAGED: ');
  });

  it('a pager that cannot be started: the output is printed, with a note naming the fix', async () => {
    const { code, screen } = await onTerminal(['runtimes', 'list'], { PAGER: 'statusctl-no-such-pager', LINES: '5' });
    expect(code).toBe(0);
    expect(screen).toContain("the pager 'statusctl-no-such-pager' could not be started");
    expect(screen).toMatch(/^RUNTIME/m);
  });

  it('the default is less -FRX: it shows the page and waits for q', async (context) => {
    let less = true;
    try {
      execFileSync('less', ['--version'], { stdio: 'ignore' });
    } catch {
      less = false;
    }
    if (!less) context.skip('less is not installed: scripts/system-deps/less.sh installs it');
    const session = await runPty(['incidents', 'list'], { env: { ...test.server.env, PAGER: undefined }, rows: 5 });
    await session.waitFor(/ID\s+SEVERITY/);
    // less stops after a screenful; q ends it and the command exits 0.
    await session.waitFor(/:|\(END\)/);
    session.write('q');
    expect(await session.exited()).toBe(0);
  });
});

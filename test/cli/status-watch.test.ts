// `statusctl status --watch` through the built binary: redrawn in place in a real terminal after
// a check starts failing, printed again off a terminal only when what it shows changes, and with
// --exit-status ended once nothing fails. Each test waits for the output it expects.
import { describe, expect, it, vi } from 'vitest';
import { KEYS, runPty, runCli, startCli } from './helpers.js';
import { emptyServer, recordFailure } from './status-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const ENTER_SCREEN = '\x1b[?1049h';
const LEAVE_SCREEN = '\x1b[?1049l';
const REDRAW = '\x1b[H\x1b[J';

describe('statusctl status --watch', () => {
  it('redraws the screen in place on a terminal once a check fails; Ctrl-C leaves the last screen', async () => {
    const server = await emptyServer();
    const session = await runPty(['status', '--watch', '--interval', '1'], { cols: 80, env: { ...server.env, STATUSCTL_PAGER: '' } });
    try {
      await session.waitFor('Failing and degraded checks: none');
      await recordFailure(server, 'Checkout API');
      await session.waitFor(/Failing and degraded checks \(1\)\s+ID\s+NAME\s+STATE[^\n]*\s+\S+\s+Checkout API\s+failing/);
      const raw = session.raw();
      expect(raw.startsWith(ENTER_SCREEN) || raw.includes(ENTER_SCREEN)).toBe(true);
      expect(raw.split(REDRAW).length).toBeGreaterThan(2);
      session.write(KEYS.ctrlC);
      expect(await session.exited()).toBe(130);
      const after = session.raw().slice(session.raw().lastIndexOf(LEAVE_SCREEN));
      expect(after).toContain('Checkout API');
    } finally {
      session.kill();
    }
  });

  it('off a terminal prints a screen again only when what it shows changes (-o json: a line each)', async () => {
    const server = await emptyServer();
    const watch = startCli(['status', '--watch', '--interval', '1', '-o', 'json'], { env: server.env });
    try {
      expect(JSON.parse(await watch.line(/^\{/)).checks).toEqual([]);
      await recordFailure(server, 'Checkout API');
      const changed = JSON.parse(await watch.line(/Checkout API/));
      expect(changed.checks.map((check: { name: string }) => check.name)).toEqual(['Checkout API']);
      // The reads in between showed the same: nothing was printed for them.
      expect(watch.lines()).toHaveLength(2);
    } finally {
      watch.child.kill();
      await watch.exited;
    }
  });

  it('with --exit-status ends, exit 0, once nothing fails', async () => {
    const server = await emptyServer();
    const result = await runCli(['status', '--watch', '--exit-status', '--interval', '1'], { env: server.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Failing and degraded checks: none');
  });
});

// The run's terminal (src/cli/iostreams/) over buffers: whether a person can be asked, how many
// colors and columns output gets, when long output is paged, and what the output helpers make
// of it, for a terminal and for a pipe. The built CLI's own behaviour on a terminal is covered
// through a pseudo-terminal elsewhere (interactive, pager, tables tests); these check the
// rules themselves, one at a time.
import { describe, expect, it } from 'vitest';
import { testStreams } from '../../src/cli/iostreams/test-streams.js';
import { renderTable, severityCell, tableFormat } from '../../src/cli/output/cells.js';
import { startProgress } from '../../src/cli/output/progress.js';
import type { View } from '../../src/cli/output/view.js';
import { testClock } from '../support/clock.js';

const view = (streams: ReturnType<typeof testStreams>, globals: View['globals'] = {}): View => ({
  io: streams.io,
  now: () => Date.parse('2025-03-10T12:00:00Z'),
  globals,
});

describe('IOStreams', () => {
  it('asks a person only with a terminal at both ends, and never in CI', () => {
    expect(testStreams({ stdinTTY: true, stdoutTTY: true }).io.canPrompt).toBe(true);
    expect(testStreams({ stdinTTY: true }).io.canPrompt).toBe(false);
    expect(testStreams({ stdoutTTY: true }).io.canPrompt).toBe(false);
    expect(testStreams({ stdinTTY: true, stdoutTTY: true, env: { CI: 'true' } }).io.canPrompt).toBe(false);
  });

  it('colors a terminal as deep as it says, a pipe only when FORCE_COLOR asks, nothing with NO_COLOR or --no-color', () => {
    expect(testStreams({ stdoutTTY: true, colorDepth: 24 }).io.style.level).toBe(3);
    expect(testStreams({ stdoutTTY: true, colorDepth: 8 }).io.style.level).toBe(2);
    expect(testStreams({}).io.style.level).toBe(0);
    expect(testStreams({ env: { FORCE_COLOR: '1' } }).io.style.level).toBe(1);
    expect(testStreams({ stdoutTTY: true, env: { FORCE_COLOR: '0' } }).io.style.level).toBe(0);
    expect(testStreams({ stdoutTTY: true, env: { NO_COLOR: '1' } }).io.style.level).toBe(0);
    expect(testStreams({ stdoutTTY: true, color: false }).io.style.level).toBe(0);
  });

  it('draws progress only on a terminal stderr, and not with --no-color', () => {
    expect(testStreams({ stderrTTY: true }).io.showProgress).toBe(true);
    expect(testStreams({}).io.showProgress).toBe(false);
    expect(testStreams({ stderrTTY: true, color: false }).io.showProgress).toBe(false);
    expect(testStreams({ stderrTTY: true, env: { NO_COLOR: '1' } }).io.showProgress).toBe(false);
  });

  it('fits output to COLUMNS, else to the terminal, else to 80 columns', () => {
    expect(testStreams({ stdoutTTY: true, columns: 120, env: { COLUMNS: '60' } }).io.terminalWidth).toBe(60);
    expect(testStreams({ stdoutTTY: true, columns: 120, env: { COLUMNS: 'wide' } }).io.terminalWidth).toBe(120);
    expect(testStreams({}).io.terminalWidth).toBe(80);
  });

  it('writes results to stdout and hints to stderr, one line each', () => {
    const streams = testStreams();
    streams.io.out('result');
    streams.io.info('hint\n');
    expect(streams.stdout()).toBe('result\n');
    expect(streams.stderr()).toBe('hint\n');
  });

  it('pages text taller than the terminal; a pager that cannot start leaves the text on stdout and says so', async () => {
    const text = ['one', 'two', 'three', 'four'].join('\n');
    const streams = testStreams({ stdoutTTY: true, rows: 3, env: { STATUSCTL_PAGER: 'statusctl-test-no-such-pager' } });
    await streams.io.outPaged(text);
    expect(streams.stdout()).toBe(`${text}\n`);
    expect(streams.stderr()).toMatch(
      /the pager 'statusctl-test-no-such-pager' could not be started; set STATUSCTL_PAGER or PAGER, or pass --no-pager/,
    );
  });

  it('never pages with --no-pager, an empty STATUSCTL_PAGER, off a terminal, or text that fits', async () => {
    const text = ['one', 'two', 'three', 'four'].join('\n');
    const pager = { STATUSCTL_PAGER: 'statusctl-test-no-such-pager' };
    for (const streams of [
      testStreams({ stdoutTTY: true, rows: 3, env: pager, pager: false }),
      testStreams({ stdoutTTY: true, rows: 3, env: { STATUSCTL_PAGER: '' } }),
      testStreams({ rows: 3, env: pager }),
      testStreams({ stdoutTTY: true, rows: 10, env: pager }),
    ]) {
      await streams.io.outPaged(text);
      expect(streams.stdout()).toBe(`${text}\n`);
      expect(streams.stderr()).toBe('');
    }
  });
});

describe('output helpers given the terminal', () => {
  const rows = [['0ae1221b-6727-5303-a6ed-e01c2c4e4ecd', 'Checkout errors on every card payment of the shop', 'MAJOR']];

  it('lay a table out for a terminal: a header, aligned, fitted to its width', async () => {
    const streams = testStreams({ stdoutTTY: true, columns: 70, color: false });
    const ctx = view(streams);
    expect(tableFormat(ctx)).toBe('terminal');
    const table = await renderTable(
      ctx,
      [{ header: 'id', id: true }, 'name', 'severity'],
      rows.map(([id, name, severity]) => [id!, name!, severityCell(ctx, severity)]),
    );
    const lines = table.split('\n');
    // The name wraps, so it goes last, under its own column (the id is never cut).
    expect(lines[0]).toMatch(/^ID\s+SEVERITY\s+NAME$/);
    expect(lines[1]).toContain('0ae1221b');
    const nameAt = lines[0]!.indexOf('NAME');
    expect(lines.length).toBeGreaterThan(rows.length + 1);
    expect(
      lines
        .slice(1)
        .map((line) => line.slice(nameAt).trim())
        .join(' '),
    ).toBe(rows[0]![1]!);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(70);
  });

  it('lay the same table out for a pipe: tab-separated full values, no header', async () => {
    const ctx = view(testStreams());
    expect(tableFormat(ctx)).toBe('tsv');
    const table = await renderTable(
      ctx,
      [{ header: 'id', id: true }, 'name', 'severity'],
      rows.map(([id, name, severity]) => [id!, name!, severityCell(ctx, severity)]),
    );
    expect(table).toBe(rows[0]!.join('\t'));
  });

  it('show progress off a terminal as a plain line, repeated at most every few seconds', async () => {
    const streams = testStreams();
    const clock = testClock();
    const progress = await startProgress({ io: streams.io, now: clock.now }, 'waiting for the analysis');
    progress.update('still waiting');
    expect(streams.stderr()).toBe('waiting for the analysis\n');
    clock.advance(60_000);
    progress.update('still waiting');
    progress.stop('done');
    expect(streams.stderr()).toBe('waiting for the analysis\nstill waiting\ndone\n');
    expect(streams.stdout()).toBe('');
  });
});

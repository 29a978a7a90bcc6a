// maintenance list and get: the CLI in-process against the reference server's demo window, on
// one test clock for both, so "upcoming" and "next" never depend on the wall clock.
import { describe, expect, it } from 'vitest';
import { MaintenanceWindow, MaintenanceWindowList } from '../../src/contract/schemas.js';
import { testClock } from '../support/clock.js';
import { parseJson, runCli, stripAnsi, useTestServer } from './helpers.js';

const clock = testClock();
const shared = useTestServer({ now: clock.now });
const cli = (args: string[], options: { terminalColumns?: number; env?: Record<string, string> } = {}) =>
  runCli(args, { env: { ...shared.server.env, ...options.env }, inProcess: true, clock, terminalColumns: options.terminalColumns });

async function demoWindow() {
  const windows = MaintenanceWindowList.parse(parseJson(await cli(['maintenance', 'list', '-o', 'json'])));
  return windows.find((window) => window.name === 'Postgres upgrade')!;
}

describe('maintenance list', () => {
  it('-o json: the windows as the API gives them', async () => {
    const result = await cli(['maintenance', 'list', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const windows = MaintenanceWindowList.parse(parseJson(result));
    expect(windows.map((window) => window.name)).toContain('Postgres upgrade');
  });

  it('piped: WINDOW, STATUS, STARTS, ENDS, REPEATS, NAME with ISO times of the next occurrence', async () => {
    const window = await demoWindow();
    const result = await cli(['maintenance', 'list']);
    expect(result.code, result.stderr).toBe(0);
    const row = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'))
      .find((cells) => cells[0] === String(window.id))!;
    expect(row).toEqual([String(window.id), 'SCHEDULED', window.startsAt, window.endsAt, 'once', 'Postgres upgrade']);
  });

  it('on a terminal: the header and times in the display zone', async () => {
    const window = await demoWindow();
    const result = await cli(['maintenance', 'list'], { terminalColumns: 200, env: { TZ: 'America/New_York' } });
    expect(result.code, result.stderr).toBe(0);
    const [header, ...rows] = stripAnsi(result.stdout).trimEnd().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual(['WINDOW', 'STATUS', 'STARTS', 'ENDS', 'REPEATS', 'NAME']);
    const starts = new Date(window.startsAt);
    const zoned = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(starts)
      .replace(',', '');
    expect(rows.join('\n')).toContain(`${zoned} E`);
    expect(result.stdout).not.toContain(window.startsAt);
  });

  it('--upcoming keeps the demo window, --active and --past leave none', async () => {
    const upcoming = MaintenanceWindowList.parse(parseJson(await cli(['maintenance', 'list', '--upcoming', '-o', 'json'])));
    expect(upcoming.map((window) => window.name)).toEqual(['Postgres upgrade']);
    const active = await cli(['maintenance', 'list', '--active']);
    expect(active.code).toBe(0);
    expect(active.stdout).toBe('');
    expect(active.stderr).toContain('No active maintenance windows.');
    expect((await cli(['maintenance', 'list', '--past'])).stderr).toContain('No past maintenance windows.');
  });

  it('exits 2 for two filters at once, with a hint', async () => {
    const result = await cli(['maintenance', 'list', '--upcoming', '--past']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--upcoming and --past');
    expect(result.stderr).toContain('hint:');
  });
});

describe('maintenance get', () => {
  it('-o json: the window with its occurrences and their updates', async () => {
    const window = await demoWindow();
    const result = await cli(['maintenance', 'get', String(window.id), '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const shown = parseJson<MaintenanceWindow & { maintenances: { status: string; updates: { description: string }[] }[] }>(result);
    expect(MaintenanceWindow.parse(shown).name).toBe('Postgres upgrade');
    expect(shown.maintenances).toHaveLength(1);
    expect(shown.maintenances[0]!.updates[0]!.description).toMatch(/upgrade the primary database/);
  });

  it('piped: fields, then -- and the occurrences, then -- and the updates', async () => {
    const window = await demoWindow();
    const result = await cli(['maintenance', 'get', String(window.id)]);
    expect(result.code, result.stderr).toBe(0);
    const [fields, occurrences, updates] = result.stdout.trimEnd().split('\n--\n');
    expect(fields).toContain(`window\t${window.id}`);
    expect(fields).toContain('status\tSCHEDULED');
    expect(fields).toContain(`next starts\t${window.startsAt}`);
    expect(occurrences!.split('\t').slice(1)).toEqual(['SCHEDULED', window.startsAt, window.endsAt]);
    expect(updates).toMatch(/\tSCHEDULED\tWe will upgrade the primary database/);
  });

  it('-o md and the terminal show the occurrences and updates sections', async () => {
    const window = await demoWindow();
    const md = await cli(['maintenance', 'get', String(window.id), '-o', 'md']);
    expect(md.stdout).toContain(`### Maintenance window \`${window.id}\` Postgres upgrade`);
    expect(md.stdout).toContain('#### Occurrences (1)');
    expect(md.stdout).toContain('#### Updates (1)');
    const terminal = stripAnsi((await cli(['maintenance', 'get', String(window.id)], { terminalColumns: 100 })).stdout);
    expect(terminal).toContain('Occurrences (1)');
    expect(terminal).toContain('We will upgrade the primary database');
  });

  it('exits 2 for a window that is not a number and 4 for an unknown one, listing the windows', async () => {
    const bad = await cli(['maintenance', 'get', 'postgres']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('window "postgres": expected the number of a maintenance window');
    expect(bad.stderr).toContain('hint: statusctl maintenance list');
    const missing = await cli(['maintenance', 'get', '999']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('maintenance window "999": not found');
    expect(missing.stderr).toContain('Postgres upgrade');
  });
});

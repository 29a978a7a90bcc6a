// `notifications list` through the built binary, once a maintenance has sent notices beside an
// incident's: each row says what it is about (`incident ID`, `maintenance ID`), the whole id
// piped and a short one on an 80-column terminal, so a maintenance's id is never shown as an
// incident's; -o json is the server's answer as it is.
import { describe, expect, it, vi } from 'vitest';
import { parseJson, runPty } from './helpers.js';
import { maintenanceServer, ZONE } from './maintenance-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const m = maintenanceServer();
const HOUR = 3_600_000;

describe('notifications list with maintenance notices', () => {
  it('names what each notice is about: incident or maintenance', async () => {
    const window = await m.create([
      '--name',
      'Vault rotation',
      '--starts',
      new Date(m.now() + HOUR).toISOString(),
      '--duration',
      '2h',
      '--service',
      'Payments API',
      '--notify-start',
    ]);
    const [maintenance] = await m.occurrences(window.id);
    const created = await m.cli([
      'incidents',
      'create',
      '--name',
      'Card declines',
      '--severity',
      'minor',
      '--service',
      'Payments API',
      '--message',
      'Looking into declines.',
      '--notify',
      '--yes',
      '-o',
      'json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const incident = parseJson<{ id: string }>(created);
    await m.advance(2 * HOUR);

    const piped = await m.cli(['notifications', 'list']);
    expect(piped.code, piped.stderr).toBe(0);
    const about = new Set(
      piped.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t')[2]),
    );
    expect([...about].sort()).toEqual([`incident ${incident.id}`, `maintenance ${maintenance!.id}`]);

    const pty = await runPty(['notifications', 'list'], {
      cols: 80,
      env: { ...m.server.env, TZ: ZONE, STATUSCTL_PAGER: '', NO_COLOR: '1' },
    });
    try {
      expect(await pty.exited()).toBe(0);
      const screen = pty.screen().replace(/\r\n/g, '\n');
      expect(screen.split('\n')[0]).toMatch(/^TIME +ABOUT +STATUS +TO +DESCRIPTION$/);
      expect(screen).toMatch(new RegExp(`maintenance ${maintenance!.id.slice(0, 6)}[0-9a-f]* +IN_PROGRESS`));
      expect(screen).toMatch(new RegExp(`incident ${incident.id.slice(0, 6)}[0-9a-f]* +INVESTIGATING`));
      expect(screen).not.toMatch(new RegExp(`incident ${maintenance!.id.slice(0, 6)}`));
      for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    } finally {
      pty.kill();
    }

    const json = await m.cli(['notifications', 'list', '-o', 'json']);
    expect(parseJson(json)).toEqual((await m.server.call('GET', '/_reference/notifications')).json);
  });
});

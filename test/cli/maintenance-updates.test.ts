// The status updates of a maintenance and watching one, through the built binary on the
// reference server's test clock: maintenance-updates add, put and delete (with --yes off a
// terminal), and `maintenance watch`, which prints a line per change as the clock and the
// updates move the occurrence, and ends when it is completed.
import { describe, expect, it, vi } from 'vitest';
import type { MaintenanceUpdate, MaintenanceWindow } from '../../src/contract/schemas.js';
import { parseJson, startCli } from './helpers.js';
import { maintenanceServer, ZONE } from './maintenance-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const m = maintenanceServer();

const once = (name: string, starts: string, extra: string[] = []): Promise<MaintenanceWindow> =>
  m.create(['--name', name, '--starts', starts, '--duration', '1h', '--status-page', 'acme-cloud', '--all-services', ...extra]);

describe('maintenance-updates', () => {
  it('add, put and delete the status updates of one occurrence', async () => {
    const window = await once('Status texts', '2030-03-12 01:00');
    const id = String(window.id);
    const added = await m.cli(['maintenance-updates', 'add', id, 'next', '--message', 'We will move the queue first.', '-o', 'json']);
    expect(added.code, added.stderr).toBe(0);
    const update = parseJson<MaintenanceUpdate>(added);
    expect(update).toMatchObject({ status: 'SCHEDULED', description: 'We will move the queue first.', maintenanceWindowId: window.id });

    const put = await m.cli([
      'maintenance-updates',
      'put',
      id,
      'next',
      update.id.slice(0, 8),
      '--message',
      'The queue moves first.',
      '--status',
      'in_progress',
    ]);
    expect(put.code, put.stderr).toBe(0);
    expect(put.stdout).toContain('status\tIN_PROGRESS');
    expect(put.stdout).toContain('description\tThe queue moves first.');
    expect((await m.occurrences(window.id))[0]!.status).toBe('IN_PROGRESS');

    const refused = await m.cli(['maintenance-updates', 'delete', id, 'next', update.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('needs --yes');
    const deleted = await m.cli(['maintenance-updates', 'delete', id, 'next', update.id.slice(0, 8), '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toMatch(new RegExp(`^${update.id}\tdeleted\tIN_PROGRESS `));
    const [occurrence] = await m.occurrences(window.id);
    expect([occurrence!.status, occurrence!.updates]).toEqual(['SCHEDULED', []]);

    const missing = await m.cli(['maintenance-updates', 'add', id, 'next']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing the text of the update');
    expect(missing.stderr).toContain('hint:');
  });
});

describe('maintenance watch', () => {
  it('prints its state, then a line per change, and ends once it is completed', async () => {
    const start = new Date(m.now() + 3_600_000);
    const window = await once('Watched', start.toISOString(), ['--no-auto-end']);
    const [occurrence] = await m.occurrences(window.id);
    const watch = startCli(['maintenance', 'watch', String(window.id), '--interval', '1'], { env: { ...m.server.env, TZ: ZONE } });
    expect((await watch.line(/\twatching\t/)).split('\t').slice(1)).toEqual([occurrence!.id, 'watching', `SCHEDULED window ${window.id}`]);
    // The automatic start, once the server's clock passes the start.
    await m.advance(2 * 3_600_000);
    expect(await watch.line(/\tupdate\t/)).toMatch(/\tupdate\tIN_PROGRESS /);
    expect(await watch.line(/\tstatus\t/)).toMatch(/\tstatus\tSCHEDULED -> IN_PROGRESS$/);
    expect((await m.cli(['maintenance', 'verify', String(window.id), '--message', 'Looking good.'])).code).toBe(0);
    expect(await watch.line(/\tupdate\t/)).toMatch(/\tupdate\tVERIFYING Looking good\.$/);
    expect((await m.cli(['maintenance', 'complete', String(window.id)])).code).toBe(0);
    expect(await watch.line(/\tstatus\tVERIFYING -> COMPLETED$/)).toBeTruthy();
    expect((await watch.exited).code).toBe(0);
    expect(watch.stderr()).toContain('is completed.');
  });

  it('-o json: one object per line; --exit-status: 5 when it is cancelled', async () => {
    const window = await once('Called off', '2030-03-25 01:00');
    const watch = startCli(['maintenance', 'watch', String(window.id), '--interval', '1', '--exit-status', '-o', 'json'], {
      env: m.server.env,
    });
    const first = JSON.parse(await watch.line(/"watching"/));
    expect(first).toMatchObject({ event: 'watching', windowId: window.id, status: 'SCHEDULED' });
    expect((await m.cli(['maintenance', 'cancel', String(window.id)])).code).toBe(0);
    const status = JSON.parse(await watch.line(/"event":"status"/));
    expect(status).toMatchObject({ from: 'SCHEDULED', to: 'CANCELLED' });
    expect((await watch.exited).code).toBe(5);
  });
});

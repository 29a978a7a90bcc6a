// The maintenance verbs that change a window after it is announced, through the built binary on
// the reference server's test clock: start, verify, complete and cancel post their status
// updates (one sentence on a terminal, a row piped, one JSON shape), reschedule moves one
// occurrence only, edit changes the fields given, delete asks on a terminal and needs --yes piped.
import { describe, expect, it, vi } from 'vitest';
import type { MaintenanceWindow } from '../../src/contract/schemas.js';
import { KEYS, parseJson, runPty } from './helpers.js';
import { maintenanceServer, ZONE } from './maintenance-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const m = maintenanceServer();

async function weekly(name: string, starts: string): Promise<MaintenanceWindow> {
  return m.create([
    '--name',
    name,
    '--starts',
    starts,
    '--duration',
    '2h',
    '--repeat',
    'week',
    '--service',
    'Web App',
    '--no-auto-start',
    '--no-auto-end',
  ]);
}

describe('maintenance start, verify, complete, cancel', () => {
  it('post IN_PROGRESS, VERIFYING, COMPLETED on the next occurrence with the default text or --message', async () => {
    const window = await weekly('Edge rollout', '2030-03-04 01:00');
    const id = String(window.id);
    const [first] = await m.occurrences(window.id);
    const started = await m.cli(['maintenance', 'start', id]);
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).toBe(`${first!.id}\tstarted\twindow ${id} Edge rollout: IN_PROGRESS\n`);
    const verifying = await m.cli(['maintenance', 'verify', id, 'next', '--message', 'Checking the edge nodes.', '-o', 'json']);
    expect(verifying.code, verifying.stderr).toBe(0);
    const [entry] =
      parseJson<{ id: string; ok: boolean; status: number; error: null; window: number; updateId: string; maintenanceStatus: string }[]>(
        verifying,
      );
    expect(entry).toMatchObject({ id: first!.id, ok: true, status: 201, error: null, window: window.id, maintenanceStatus: 'VERIFYING' });
    const completed = await m.cli(['maintenance', 'complete', id, first!.id.slice(0, 8), '--notify']);
    expect(completed.code, completed.stderr).toBe(0);
    const [after] = await m.occurrences(window.id);
    expect(after!.status).toBe('COMPLETED');
    expect(after!.updates.map((update) => [update.status, update.description, update.notifySubscribers])).toEqual([
      ['IN_PROGRESS', 'The scheduled maintenance is in progress.', false],
      ['VERIFYING', 'Checking the edge nodes.', false],
      ['COMPLETED', 'The scheduled maintenance is complete.', true],
    ]);
    // The same status again is done already; another update on a completed one is refused before sending.
    const again = await m.cli(['maintenance', 'complete', id, first!.id]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('\talready-completed\t');
    const late = await m.cli(['maintenance', 'start', id, first!.id]);
    expect(late.code).toBe(2);
    expect(late.stderr).toContain('is COMPLETED: completed and cancelled maintenances take no further update');
    expect(late.stderr).toContain(`hint: statusctl maintenance get ${id}`);
  });

  it('cancel calls off one occurrence; the next one is then the following week', async () => {
    const window = await weekly('Cache flush', '2030-03-05 01:00');
    const [first, second] = await m.occurrences(window.id);
    const dry = await m.cli(['maintenance', 'cancel', String(window.id), '--dry-run']);
    expect(dry.stdout.split('\n')[0]).toBe(`POST /v1/maintenance-windows/${window.id}/maintenances/${first!.id}/updates`);
    expect(JSON.parse(dry.stdout.slice(dry.stdout.indexOf('\n')))).toEqual({
      status: 'CANCELLED',
      description: 'The scheduled maintenance has been cancelled.',
    });
    expect((await m.occurrences(window.id))[0]!.status).toBe('SCHEDULED');
    expect((await m.cli(['maintenance', 'cancel', String(window.id)])).code).toBe(0);
    const json = parseJson<MaintenanceWindow & { maintenances: { id: string; status: string }[] }>(
      await m.cli(['maintenance', 'get', String(window.id), '-o', 'json']),
    );
    expect(json.maintenances.slice(0, 2).map((each) => [each.id, each.status])).toEqual([
      [first!.id, 'CANCELLED'],
      [second!.id, 'SCHEDULED'],
    ]);
  });

  it('one occurrence on a terminal: one sentence', async () => {
    const window = await weekly('Terminal start', '2030-03-06 01:00');
    const [first] = await m.occurrences(window.id);
    const pty = await runPty(['maintenance', 'start', String(window.id)], { env: { ...m.server.env, TZ: ZONE } });
    expect(await pty.exited()).toBe(0);
    expect(pty.screen()).toContain(`✓ Started maintenance ${first!.id.slice(0, 8)} (window ${window.id} Terminal start: IN_PROGRESS)`);
  });
});

describe('maintenance reschedule', () => {
  it('moves one occurrence, in the window zone, keeping its length; the others stay', async () => {
    const window = await weekly('Disk swap', '2030-03-07 01:00');
    const [first, second, third] = await m.occurrences(window.id);
    const result = await m.cli(['maintenance', 'reschedule', String(window.id), second!.id.slice(0, 8), '--starts', '2030-03-14 04:30']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^${second!.id}\tmoved\twindow ${window.id} Disk swap: 2030-03-14T03:30:00(\\.000)?Z to 2030-03-14T05:30:00(\\.000)?Z\n$`),
    );
    const after = await m.occurrences(window.id);
    const byId = new Map(after.map((each) => [each.id, each]));
    expect(Date.parse(byId.get(second!.id)!.startsAt)).toBe(Date.parse('2030-03-14T04:30:00+01:00'));
    expect(Date.parse(byId.get(second!.id)!.endsAt)).toBe(Date.parse('2030-03-14T06:30:00+01:00'));
    expect(byId.get(first!.id)!.startsAt).toBe(first!.startsAt);
    expect(byId.get(third!.id)!.startsAt).toBe(third!.startsAt);
    const bad = await m.cli(['maintenance', 'reschedule', String(window.id), 'next', '--starts', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--starts "soon": expected an ISO date-time');
    expect(bad.stderr).toContain('hint:');
  });
});

describe('maintenance edit', () => {
  it('sends the fields given only, times in the window zone, and prints the window', async () => {
    const window = await weekly('Firmware', '2030-03-08 01:00');
    const dry = await m.cli(['maintenance', 'edit', String(window.id), '--starts', '2030-03-08 03:00', '--no-notify-start', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout.slice(dry.stdout.indexOf('\n')))).toEqual({
      startsAt: '2030-03-08T03:00:00+01:00',
      endsAt: '2030-03-08T05:00:00+01:00',
      statusPageVisibility: { notifyOnStart: false },
    });
    const edited = await m.cli(['maintenance', 'edit', String(window.id), '--name', 'Firmware 2', '--tag', 'edge', '-o', 'json']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(parseJson<MaintenanceWindow>(edited)).toMatchObject({
      name: 'Firmware 2',
      tags: ['edge'],
      startsAt: window.startsAt,
      timezone: ZONE,
    });
    const none = await m.cli(['maintenance', 'edit', String(window.id)]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('nothing to change');
    expect(none.stderr).toContain('hint:');
  });
});

describe('maintenance delete', () => {
  it('piped it needs --yes (exit 2 naming it); with --yes it deletes, one row per window', async () => {
    const window = await weekly('Old window', '2030-03-09 01:00');
    const refused = await m.cli(['maintenance', 'delete', String(window.id)]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`deleting maintenance window ${window.id} needs --yes`);
    expect((await m.server.call('GET', `/v1/maintenance-windows/${window.id}`)).status).toBe(200);
    const deleted = await m.cli(['maintenance', 'delete', '-', '--yes'], `${window.id}\n`);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toMatch(new RegExp(`^${window.id}\tdeleted\tOld window \\(every week`));
    expect((await m.server.call('GET', `/v1/maintenance-windows/${window.id}`)).status).toBe(404);
  });

  it('on a terminal it shows what goes and asks; no keeps it, yes deletes it', async () => {
    const window = await weekly('Asked about', '2030-03-10 01:00');
    const declined = await runPty(['maintenance', 'delete', String(window.id)], { env: { ...m.server.env, TZ: ZONE } });
    await declined.waitFor('Delete this maintenance window?');
    expect(declined.screen()).toContain(`${window.id}  Asked about (every week`);
    declined.write(`n${KEYS.enter}`);
    expect(await declined.exited()).toBe(2);
    expect((await m.server.call('GET', `/v1/maintenance-windows/${window.id}`)).status).toBe(200);
    const accepted = await runPty(['maintenance', 'delete', String(window.id)], { env: { ...m.server.env, TZ: ZONE } });
    await accepted.waitFor('Delete this maintenance window?');
    accepted.write(`y${KEYS.enter}`);
    expect(await accepted.exited()).toBe(0);
    expect((await m.server.call('GET', `/v1/maintenance-windows/${window.id}`)).status).toBe(404);
  });
});

// A window's maintenances and their status updates (docs/api-rules.md#scheduled-maintenance):
// started and completed by the server as the test clock passes their times, final statuses,
// a PATCH that moves one occurrence, an update edited and deleted.
import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess } from './helpers.js';
import { at, CLOCK, createWindow, maintenanceServer, maintenancesOf, moveClock, postUpdate } from './maintenance-helpers.js';

const START = at(CLOCK, 2);
const ONCE = { startsAt: START, endsAt: at(START, 2), repeatInterval: null };

describe('maintenances and their updates', () => {
  it('start and end by themselves as the clock passes their times, each as of its own time', async () => {
    const server = await maintenanceServer();
    const window = await createWindow(server, ONCE);
    const [maintenance] = await maintenancesOf(server, window.id);
    expect(maintenance).toMatchObject({ status: 'SCHEDULED', updates: [] });
    await moveClock(server, at(START, 1));
    const [started] = await maintenancesOf(server, window.id);
    expect(started!.status).toBe('IN_PROGRESS');
    expect(started!.updates.map((each) => [each.status, each.created_at])).toEqual([['IN_PROGRESS', START]]);
    await moveClock(server, at(START, 5));
    const read = await server.call('GET', `/v1/maintenance-windows/${window.id}/maintenances/${maintenance!.id}`);
    const ended = expectSuccess('getMaintenance', read, 200);
    expect(ended.status).toBe('COMPLETED');
    expect(
      ended.updates.map((each: { status: string; created_at: string; previousStatus: string }) => [
        each.status,
        each.created_at,
        each.previousStatus,
      ]),
    ).toEqual([
      ['IN_PROGRESS', START, 'SCHEDULED'],
      ['COMPLETED', at(START, 2), 'IN_PROGRESS'],
    ]);
  });

  it('leaves a shown window that opts out of the automatic start to its updates', async () => {
    const server = await maintenanceServer();
    const window = await createWindow(server, { ...ONCE, statusPageVisibility: { enabled: true, autoStart: false, autoEnd: false } });
    await moveClock(server, at(START, 5));
    const [maintenance] = await maintenancesOf(server, window.id);
    expect(maintenance).toMatchObject({ status: 'SCHEDULED', updates: [] });
  });

  it('takes no update after COMPLETED or CANCELLED, and starts no cancelled maintenance', async () => {
    const server = await maintenanceServer();
    const window = await createWindow(server, ONCE);
    const [maintenance] = await maintenancesOf(server, window.id);
    const cancelled = expectSuccess(
      'createMaintenanceUpdate',
      await postUpdate(server, window.id, maintenance!.id, 'CANCELLED', 'Postponed.'),
      201,
    );
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      previousStatus: 'SCHEDULED',
      created_at: CLOCK,
      maintenanceWindowId: window.id,
    });
    const refused = expectError(await postUpdate(server, window.id, maintenance!.id, 'IN_PROGRESS'), 400);
    expect(refused.details?.[0]?.path).toBe('status');
    expect(refused.message).toContain('CANCELLED');
    await moveClock(server, at(START, 5));
    const [after] = await maintenancesOf(server, window.id);
    expect(after!.updates.map((each) => each.status)).toEqual(['CANCELLED']);

    const other = await createWindow(server, { startsAt: at(START, 24), endsAt: at(START, 26), repeatInterval: null });
    const [next] = await maintenancesOf(server, other.id);
    expectSuccess('createMaintenanceUpdate', await postUpdate(server, other.id, next!.id, 'COMPLETED', 'Done early.'), 201);
    expectError(await postUpdate(server, other.id, next!.id, 'VERIFYING'), 400);
  });

  it('PATCH moves one maintenance only, and its automatic start follows it', async () => {
    const server = await maintenanceServer();
    const window = await createWindow(server, {
      startsAt: START,
      endsAt: at(START, 1),
      repeatInterval: 1,
      repeatUnit: 'DAY',
      repeatEndsAt: '2026-02-22',
    });
    const [first, second] = await maintenancesOf(server, window.id);
    const moved = await server.call('PATCH', `/v1/maintenance-windows/${window.id}/maintenances/${first!.id}`, {
      body: { startsAt: at(START, 10), endsAt: at(START, 11) },
    });
    expect(expectSuccess('updateMaintenance', moved, 200)).toMatchObject({
      startsAt: at(START, 10),
      endsAt: at(START, 11),
      status: 'SCHEDULED',
    });
    await moveClock(server, at(START, 1.5));
    const list = await maintenancesOf(server, window.id);
    expect(list.find((each) => each.id === first!.id)?.status).toBe('SCHEDULED');
    expect(list.find((each) => each.id === second!.id)?.startsAt).toBe(second!.startsAt);
    await moveClock(server, at(START, 10.5));
    expect((await maintenancesOf(server, window.id)).find((each) => each.id === first!.id)?.status).toBe('IN_PROGRESS');
    const backwards = await server.call('PATCH', `/v1/maintenance-windows/${window.id}/maintenances/${second!.id}`, {
      body: { endsAt: START },
    });
    expect(expectError(backwards, 400).details?.[0]?.path).toBe('endsAt');
  });

  it('edits an update (its status kept when left out) and deletes one, the status following the last left', async () => {
    const server = await maintenanceServer();
    const window = await createWindow(server, ONCE);
    const [maintenance] = await maintenancesOf(server, window.id);
    const base = `/v1/maintenance-windows/${window.id}/maintenances/${maintenance!.id}`;
    const verifying = expectSuccess('createMaintenanceUpdate', await postUpdate(server, window.id, maintenance!.id, 'VERIFYING'), 201);
    const edited = await server.call('PUT', `${base}/updates/${verifying.id}`, { body: { description: 'Checking the replicas.' } });
    expect(expectSuccess('updateMaintenanceUpdate', edited, 200)).toMatchObject({
      status: 'VERIFYING',
      description: 'Checking the replicas.',
    });
    expect((await server.call('DELETE', `${base}/updates/${verifying.id}`)).status).toBe(204);
    expect(expectSuccess('getMaintenance', await server.call('GET', base), 200)).toMatchObject({ status: 'SCHEDULED', updates: [] });
    expect((await server.call('DELETE', base)).status).toBe(204);
    expectError(await server.call('GET', base), 404);
  });
});

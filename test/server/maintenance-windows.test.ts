// Scheduled maintenance windows (docs/api-rules.md#scheduled-maintenance): their occurrences in
// the window's time zone, a PUT that schedules the future again, the list's filters, ids in one
// series for the server, accounts kept apart, 404s, and a restart with --data.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../durability/helpers.js';
import { ACCOUNT_B, expectError, expectSuccess } from './helpers.js';
import { CLOCK, createWindow, maintenanceServer, maintenancesOf, moveClock, postUpdate, windowBody } from './maintenance-helpers.js';

/** 10:00 in New York: 15:00 UTC before the clocks go forward on 8 March 2026, 14:00 after. */
const NEW_YORK_WEEKLY = {
  startsAt: '2026-03-01T10:00:00-05:00',
  endsAt: '2026-03-01T12:00:00-05:00',
  timezone: 'America/New_York',
  repeatInterval: 1,
  repeatUnit: 'WEEK',
  repeatEndsAt: '2026-03-22',
};

describe('maintenance windows', () => {
  it('repeats at the same local time across a daylight-saving change, until repeatEndsAt', async () => {
    const server = await maintenanceServer();
    const window = await createWindow(server, NEW_YORK_WEEKLY);
    expect(window).toMatchObject({ startsAt: '2026-03-01T15:00:00.000Z', timezone: 'America/New_York', repeatEndsAt: '2026-03-22' });
    const maintenances = await maintenancesOf(server, window.id);
    expect(maintenances.map((each) => [each.startsAt, each.endsAt, each.status])).toEqual([
      ['2026-03-01T15:00:00.000Z', '2026-03-01T17:00:00.000Z', 'SCHEDULED'],
      ['2026-03-08T14:00:00.000Z', '2026-03-08T16:00:00.000Z', 'SCHEDULED'],
      ['2026-03-15T14:00:00.000Z', '2026-03-15T16:00:00.000Z', 'SCHEDULED'],
      ['2026-03-22T14:00:00.000Z', '2026-03-22T16:00:00.000Z', 'SCHEDULED'],
    ]);
  });

  it('materialises the next 90 days, and more as the clock moves', async () => {
    const server = await maintenanceServer();
    const window = await createWindow(server, {
      startsAt: '2026-02-21',
      endsAt: '2026-02-21T01:00:00+01:00',
      timezone: 'Europe/Berlin',
      repeatInterval: 1,
      repeatUnit: 'MONTH',
      repeatEndsAt: null,
    });
    // A bare date is midnight in the window's zone.
    expect(window.startsAt).toBe('2026-02-20T23:00:00.000Z');
    expect((await maintenancesOf(server, window.id)).map((each) => each.startsAt)).toEqual([
      '2026-02-20T23:00:00.000Z',
      '2026-03-20T23:00:00.000Z',
      '2026-04-20T22:00:00.000Z',
      '2026-05-20T22:00:00.000Z',
    ]);
    await moveClock(server, '2026-04-01T00:00:00Z');
    const later = await maintenancesOf(server, window.id);
    expect(later.map((each) => each.startsAt).slice(4)).toEqual(['2026-06-20T22:00:00.000Z']);
    // The past ones stay, done.
    expect(later.slice(0, 2).map((each) => each.status)).toEqual(['COMPLETED', 'COMPLETED']);
  });

  it('refuses an offset for a time zone, and an end before the start, naming the field', async () => {
    const server = await maintenanceServer();
    const offset = expectError(await server.call('POST', '/v1/maintenance-windows', { body: windowBody({ timezone: '+05:00' }) }), 400);
    expect(offset.details?.[0]?.path).toBe('timezone');
    const backwards = expectError(
      await server.call('POST', '/v1/maintenance-windows', {
        body: windowBody({ startsAt: '2026-03-01T10:00:00Z', endsAt: '2026-03-01T09:00:00Z' }),
      }),
      400,
    );
    expect(backwards.details?.[0]?.path).toBe('endsAt');
  });

  it('PUT changes the fields given and schedules again the future maintenances that have no update', async () => {
    const server = await maintenanceServer();
    const window = await createWindow(server, NEW_YORK_WEEKLY);
    const [first, second] = await maintenancesOf(server, window.id);
    expectSuccess('createMaintenanceUpdate', await postUpdate(server, window.id, second!.id, 'SCHEDULED', 'Still on.'), 201);
    const result = await server.call('PUT', `/v1/maintenance-windows/${window.id}`, {
      body: { startsAt: '2026-03-01T11:00:00-05:00', endsAt: '2026-03-01T12:00:00-05:00', name: 'Later upgrade' },
    });
    const changed = expectSuccess('updateMaintenanceWindow', result, 200);
    expect(changed).toMatchObject({ name: 'Later upgrade', timezone: 'America/New_York', repeatUnit: 'WEEK', updated_at: '2026-02-20' });
    const after = await maintenancesOf(server, window.id);
    expect(after.find((each) => each.id === second!.id)?.startsAt).toBe(second!.startsAt);
    expect(after.some((each) => each.id === first!.id)).toBe(false);
    expect(after.map((each) => each.startsAt)).toEqual([
      '2026-03-01T16:00:00.000Z',
      '2026-03-08T14:00:00.000Z',
      '2026-03-15T15:00:00.000Z',
      '2026-03-22T15:00:00.000Z',
    ]);
  });

  it('filters the list by startsAt[...] and endsAt[...], newest first by page', async () => {
    const server = await maintenanceServer();
    const march = await createWindow(server, { startsAt: '2026-03-01T10:00:00Z', endsAt: '2026-03-01T11:00:00Z', repeatInterval: null });
    const april = await createWindow(server, { startsAt: '2026-04-01T10:00:00Z', endsAt: '2026-04-01T11:00:00Z', repeatInterval: null });
    const list = async (query: string) =>
      (expectSuccess('listMaintenanceWindows', await server.call('GET', `/v1/maintenance-windows?${query}`), 200) as { id: number }[]).map(
        (each) => each.id,
      );
    expect(await list('startsAt[gt]=2026-03-15T00:00:00Z')).toEqual([april.id]);
    expect(await list('startsAt[lte]=2026-03-01T10:00:00Z&startsAt[gt]=2026-02-28')).toEqual([march.id]);
    expect(await list('startsAt[gte]=2026-03-01&endsAt[lt]=2026-05-01')).toEqual([april.id, march.id]);
    expect(await list('limit=1&page=2')).toEqual([march.id]);
    expectError(await server.call('GET', '/v1/maintenance-windows?startsAt[after]=2026-03-01'), 400);
  });

  it('gives ids in one series for the server, keeps accounts apart, and answers 404 for what is not there', async () => {
    const server = await maintenanceServer();
    const mine = await createWindow(server);
    const theirs = await createWindow(server, {}, ACCOUNT_B.key);
    expect(theirs.id).toBe(mine.id + 1);
    expectError(await server.call('GET', `/v1/maintenance-windows/${theirs.id}`), 404);
    expectError(await server.call('GET', `/v1/maintenance-windows/${mine.id}/maintenances`, { key: ACCOUNT_B.key }), 404);
    const listed = expectSuccess('listMaintenanceWindows', await server.call('GET', '/v1/maintenance-windows'), 200) as { id: number }[];
    expect(listed.map((each) => each.id)).not.toContain(theirs.id);
    for (const id of ['999999', 'abc', '0', '1.5']) expectError(await server.call('GET', `/v1/maintenance-windows/${id}`), 404);
    const unknown = '00000000-0000-4000-8000-00000000beef';
    expectError(await server.call('GET', `/v1/maintenance-windows/${mine.id}/maintenances/${unknown}`), 404);
    const [first] = await maintenancesOf(server, mine.id);
    expectError(await server.call('DELETE', `/v1/maintenance-windows/${mine.id}/maintenances/${first!.id}/updates/${unknown}`), 404);
    expect((await server.call('DELETE', `/v1/maintenance-windows/${mine.id}`)).status).toBe(204);
    expectError(await server.call('GET', `/v1/maintenance-windows/${mine.id}`), 404);
  });

  it('keeps windows, maintenances, updates and the id series across a restart with --data', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = await maintenanceServer({ dataPath });
    const window = await createWindow(first, NEW_YORK_WEEKLY);
    const [maintenance] = await maintenancesOf(first, window.id);
    expectSuccess('createMaintenanceUpdate', await postUpdate(first, window.id, maintenance!.id, 'CANCELLED', 'Not needed.'), 201);
    const last = await createWindow(first);
    expect((await first.call('DELETE', `/v1/maintenance-windows/${last.id}`)).status).toBe(204);
    const before = await maintenancesOf(first, window.id);
    await first.close();

    const second = await maintenanceServer({ dataPath, testClock: CLOCK });
    expect(expectSuccess('getMaintenanceWindow', await second.call('GET', `/v1/maintenance-windows/${window.id}`), 200)).toEqual(window);
    expect(await maintenancesOf(second, window.id)).toEqual(before);
    expect((await createWindow(second)).id).toBe(last.id + 1);
  });
});

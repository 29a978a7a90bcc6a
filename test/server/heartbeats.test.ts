// docs/api-rules.md#heartbeat-availability and #reference-only-inputs: heartbeat pings and availability.
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
import { useTestServer } from '../support/server.js';
import { ACCOUNT_A, ACCOUNT_B, NOW, expectError, expectSuccess, TWO_ACCOUNTS, type TestServer } from './helpers.js';

// One server at NOW for the file: each test pings checks of its own (and reads the demo checks,
// which no test pings), so what one records is not in another's figures.
const shared = useTestServer({ ...TWO_ACCOUNTS, now: () => NOW });

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(NOW - hours * HOUR).toISOString();

async function ping(server: TestServer, checkId: string, state: string, timestamp?: string) {
  const result = await server.call('POST', `/_reference/heartbeats/${checkId}/events`, {
    body: { state, ...(timestamp ? { timestamp } : {}) },
  });
  return expectSuccess('recordHeartbeatEvent', result, 201);
}

function availability(server: TestServer, checkId: string, query = '', key?: string) {
  return server.call('GET', `/v1/checks/heartbeats/${checkId}/availability${query ? `?${query}` : ''}`, { key });
}

describe('heartbeat events', () => {
  it('stores a ping, defaulting its time to now, and refuses one from the future', async () => {
    const { server } = shared;
    expect(await ping(server, '00000000-0000-4000-8000-0000000000b1', 'RECEIVED')).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      checkId: '00000000-0000-4000-8000-0000000000b1',
      state: 'RECEIVED',
      timestamp: '2025-03-10T12:00:00.000Z',
    });
    expect(await ping(server, '00000000-0000-4000-8000-0000000000b1', 'LATE', '2025-03-10T12:30:00+01:00')).toMatchObject({
      timestamp: '2025-03-10T11:30:00.000Z',
    });
    expectError(
      await server.call('POST', '/_reference/heartbeats/00000000-0000-4000-8000-0000000000b1/events', {
        body: { state: 'RECEIVED', timestamp: ago(-1) },
      }),
      400,
    );
    expectError(
      await server.call('POST', '/_reference/heartbeats/00000000-0000-4000-8000-0000000000b1/events', { body: { state: 'ALIVE' } }),
      400,
    );
    // A check the /v1 routes could never read is not started.
    const named = expectError(await server.call('POST', '/_reference/heartbeats/hb-1/events', { body: { state: 'RECEIVED' } }), 400);
    expect(named.details).toEqual([{ path: 'checkId', message: 'must be a valid GUID' }]);
  });
});

describe('availability', () => {
  it('gives percentages with two decimals for the current and the previous 24 hours', async () => {
    const { server } = shared;
    await ping(server, '00000000-0000-4000-8000-0000000000b0', 'RECEIVED', ago(1));
    await ping(server, '00000000-0000-4000-8000-0000000000b0', 'LATE', ago(2));
    await ping(server, '00000000-0000-4000-8000-0000000000b0', 'GRACE', ago(3));
    await ping(server, '00000000-0000-4000-8000-0000000000b0', 'FAILING', ago(30));
    await ping(server, '00000000-0000-4000-8000-0000000000b0', 'EARLY', ago(25));
    // Out of order, and outside both windows.
    await ping(server, '00000000-0000-4000-8000-0000000000b0', 'FAILING', ago(49));
    const body = expectSuccess('getHeartbeatAvailability', await availability(server, '00000000-0000-4000-8000-0000000000b0'), 200);
    expect(body).toEqual({ successRatio: { currentPeriod: 66.67, previousPeriod: 50 }, totalEntitiesCurrentPeriod: 3 });
  });

  it('omits the ratio of a period without events, and answers null when neither has any', async () => {
    const { server } = shared;
    await ping(server, '00000000-0000-4000-8000-0000000000c0', 'FAILING', ago(1));
    expect(expectSuccess('getHeartbeatAvailability', await availability(server, '00000000-0000-4000-8000-0000000000c0'), 200)).toEqual({
      successRatio: { currentPeriod: 0 },
      totalEntitiesCurrentPeriod: 1,
    });
    await ping(server, '00000000-0000-4000-8000-0000000000b2', 'RECEIVED', ago(24 * 5));
    const empty = await availability(server, '00000000-0000-4000-8000-0000000000b2');
    expect(empty.text).toBe('null');
    expectSuccess('getHeartbeatAvailability', empty, 200);
    const previousOnly = expectSuccess(
      'getHeartbeatAvailability',
      await availability(server, '00000000-0000-4000-8000-0000000000b2', `startTime=${ago(24 * 4)}&endTime=${ago(24 * 3)}`),
      200,
    );
    expect(previousOnly).toEqual({ successRatio: { previousPeriod: 100 }, totalEntitiesCurrentPeriod: 0 });
  });

  it('takes a date-only endTime as the whole day, and the previous period as the same length before', async () => {
    const { server } = shared;
    await ping(server, '00000000-0000-4000-8000-0000000000c1', 'RECEIVED', '2025-03-09T00:00:00.000Z');
    await ping(server, '00000000-0000-4000-8000-0000000000c1', 'LATE', '2025-03-09T23:59:59.999Z');
    await ping(server, '00000000-0000-4000-8000-0000000000c1', 'RECEIVED', '2025-03-10T00:00:00.000Z');
    await ping(server, '00000000-0000-4000-8000-0000000000c1', 'RECEIVED', '2025-03-08T12:00:00.000Z');
    const day = expectSuccess(
      'getHeartbeatAvailability',
      await availability(server, '00000000-0000-4000-8000-0000000000c1', 'startTime=2025-03-09&endTime=2025-03-09'),
      200,
    );
    expect(day).toEqual({ successRatio: { currentPeriod: 50, previousPeriod: 100 }, totalEntitiesCurrentPeriod: 2 });
    // A date-time endTime includes that instant and nothing after.
    const instant = expectSuccess(
      'getHeartbeatAvailability',
      await availability(server, '00000000-0000-4000-8000-0000000000c1', 'startTime=2025-03-09T00:00:00Z&endTime=2025-03-09T00:00:00Z'),
      200,
    );
    expect(instant.totalEntitiesCurrentPeriod).toBe(1);
  });

  it('refuses startTime after endTime, bad dates, and repeated or empty parameters', async () => {
    const { server } = shared;
    await ping(server, '00000000-0000-4000-8000-0000000000c2', 'RECEIVED', ago(1));
    const after = expectError(
      await availability(server, '00000000-0000-4000-8000-0000000000c2', 'startTime=2025-03-10&endTime=2025-03-09'),
      400,
    );
    expect(after.details?.[0]?.path).toBe('startTime');
    expectError(await availability(server, '00000000-0000-4000-8000-0000000000c2', 'startTime=2025-03-11'), 400);
    expectError(await availability(server, '00000000-0000-4000-8000-0000000000c2', 'startTime=2025-02-30'), 400);
    expectError(await availability(server, '00000000-0000-4000-8000-0000000000c2', 'endTime=yesterday'), 400);
    expectError(await availability(server, '00000000-0000-4000-8000-0000000000c2', 'startTime='), 400);
    expectError(await availability(server, '00000000-0000-4000-8000-0000000000c2', 'endTime=2025-03-09&endTime=2025-03-10'), 400);
    expectError(await availability(server, '00000000-0000-4000-8000-0000000000c2', 'from=2025-03-09'), 400);
  });

  it('answers 404 for an unknown check and another account’s check', async () => {
    const { server } = shared;
    await ping(server, '00000000-0000-4000-8000-0000000000b3', 'RECEIVED', ago(1));
    expectError(await availability(server, '00000000-0000-4000-8000-0000000000b4'), 404);
    expectError(await availability(server, '00000000-0000-4000-8000-0000000000b3', '', ACCOUNT_B.key), 404);
  });

  it('serves a week of demo pings with misses', async () => {
    const { server } = shared;
    const week = `startTime=${ago(24 * 7)}&endTime=${new Date(NOW).toISOString()}`;
    const cron = expectSuccess(
      'getHeartbeatAvailability',
      await availability(server, demoIds(ACCOUNT_A.id).heartbeatChecks.invoiceCron, week),
      200,
    );
    expect(cron.totalEntitiesCurrentPeriod).toBeGreaterThan(900);
    expect(cron.successRatio.currentPeriod).toBeGreaterThan(90);
    expect(cron.successRatio.currentPeriod).toBeLessThan(100);
  });
});

describe('heartbeat events (docs/api-rules.md#heartbeat-events)', () => {
  it('lists the pings of the window newest first, at most limit, with the last 24 hours and 7 days as stats', async () => {
    const { server } = shared;
    const pings = [];
    for (const [hours, state] of [
      [1, 'RECEIVED'],
      [3, 'LATE'],
      [2, 'RECEIVED'],
      [30, 'FAILING'],
      [24 * 8, 'RECEIVED'],
    ] as const)
      pings.push(await ping(server, '00000000-0000-4000-8000-0000000000b5', state, ago(hours)));
    const path = '/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000b5/events';
    const list = expectSuccess('listHeartbeatEvents', await server.call('GET', path), 200);
    expect(list).toHaveLength(1);
    expect(list[0].events.map((event: any) => event.timestamp)).toEqual([ago(1), ago(2), ago(3)]);
    expect(list[0].events[0]).toEqual(pings[0]);
    expect(list[0].stats).toEqual({
      last24Hours: { successRatio: { currentPeriod: 66.67, previousPeriod: 0 }, totalEntitiesCurrentPeriod: 3 },
      last7Days: { successRatio: { currentPeriod: 50, previousPeriod: 100 }, totalEntitiesCurrentPeriod: 4 },
    });
    const week = expectSuccess('listHeartbeatEvents', await server.call('GET', `${path}?startTime=${ago(24 * 7)}&limit=2`), 200);
    expect(week[0].events.map((event: any) => event.timestamp)).toEqual([ago(1), ago(2)]);
    const day = expectSuccess('listHeartbeatEvents', await server.call('GET', `${path}?startTime=2025-03-09&endTime=2025-03-09`), 200);
    expect(day[0].events.map((event: any) => event.state)).toEqual(['FAILING']);
    for (const query of ['limit=11', 'limit=0', `startTime=${ago(1)}&endTime=${ago(2)}`, 'startTime='])
      expectError(await server.call('GET', `${path}?${query}`), 400);
    expectError(await server.call('GET', '/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000b8/events'), 404);
    expectError(await server.call('GET', path, { key: ACCOUNT_B.key }), 404);
  });

  it('reads one event by id, with the stats; unknown check or event, or another account’s, is 404', async () => {
    const { server } = shared;
    const event = await ping(server, '00000000-0000-4000-8000-0000000000b6', 'GRACE', ago(1));
    const one = expectSuccess(
      'getHeartbeatEvent',
      await server.call('GET', `/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000b6/events/${event.id}`),
      200,
    );
    expect(one).toEqual({
      event,
      stats: {
        last24Hours: { successRatio: { currentPeriod: 100 }, totalEntitiesCurrentPeriod: 1 },
        last7Days: { successRatio: { currentPeriod: 100 }, totalEntitiesCurrentPeriod: 1 },
      },
    });
    expectError(
      await server.call('GET', `/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000b6/events/${event.id}`, { key: ACCOUNT_B.key }),
      404,
    );
    expectError(
      await server.call('GET', '/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000b6/events/00000000-0000-4000-8000-000000000000'),
      404,
    );
    expectError(await server.call('GET', `/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000b7/events/${event.id}`), 404);
  });

  // The hosted API checks the form of these ids before anything else (its document lists a 400
  // here): so does this server, in the hosted API's words, naming each id.
  it('refuses a check or event id that is not a UUID with 400, before looking it up, for another account too', async () => {
    const { server } = shared;
    const check = '00000000-0000-4000-8000-0000000000b9';
    const event = await ping(server, check, 'RECEIVED', ago(1));
    for (const path of ['/v1/checks/heartbeats/nightly-backup/availability', '/v1/checks/heartbeats/nightly-backup/events']) {
      expect(expectError(await server.call('GET', path), 400)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: '"checkId" must be a valid GUID',
        details: [{ path: 'checkId', message: 'must be a valid GUID' }],
      });
    }
    expect(
      expectError(await server.call('GET', `/v1/checks/heartbeats/${check}/events/ping-1`, { key: ACCOUNT_B.key }), 400).details,
    ).toEqual([{ path: 'id', message: 'must be a valid GUID' }]);
    const both = expectError(await server.call('GET', `/v1/checks/heartbeats/x/events/y`), 400);
    expect(both.message).toBe('"checkId" must be a valid GUID (and 1 more)');
    expect(both.details?.map((detail) => detail.path)).toEqual(['checkId', 'id']);
    expectSuccess('getHeartbeatEvent', await server.call('GET', `/v1/checks/heartbeats/${check}/events/${event.id}`), 200);
  });

  it('gives the demo checks a week of pings with ids', async () => {
    const { server } = shared;
    const checkId = demoIds(ACCOUNT_A.id).heartbeatChecks.invoiceCron;
    const list = expectSuccess('listHeartbeatEvents', await server.call('GET', `/v1/checks/heartbeats/${checkId}/events`), 200);
    expect(list[0].events).toHaveLength(10);
    expect(list[0].stats.last7Days.totalEntitiesCurrentPeriod).toBeGreaterThan(900);
    const [event] = list[0].events;
    expect(
      expectSuccess('getHeartbeatEvent', await server.call('GET', `/v1/checks/heartbeats/${checkId}/events/${event.id}`), 200).event,
    ).toEqual(event);
  });
});

describe('runtimes by name', () => {
  it('reads one runtime of the catalog; an unknown name is 404', async () => {
    const { server } = shared;
    const [runtime] = expectSuccess('listRuntimes', await server.call('GET', '/v1/runtimes'), 200);
    expect(expectSuccess('getRuntime', await server.call('GET', `/v1/runtimes/${runtime.name}`), 200)).toEqual(runtime);
    expect(expectSuccess('getRuntime', await server.call('GET', `/v1/runtimes/${runtime.name}`, { key: ACCOUNT_B.key }), 200)).toEqual(
      runtime,
    );
    expectError(await server.call('GET', '/v1/runtimes/1999.01'), 404);
  });
});

// docs/api-rules.md#maintenance-notices: a maintenance shown on a v2 page and a V3 page tells the
// pages' verified subscribers (a V3 subscriber only of every component or of one it puts under
// maintenance) of each reminder as the test clock passes it, of its start and end (notifyOnStart,
// notifyOnEnd) and of an update posted with notifySubscribers, as `kind: "maintenance"` notices
// of GET /_reference/notifications. A cancelled occurrence sends its notice and nothing after.
import { describe, expect, it } from 'vitest';
import { expectSuccess, type TestServer } from './helpers.js';
import { at, CLOCK, createWindow, maintenancesOf, maintenanceServer, moveClock } from './maintenance-helpers.js';

/** A V3 page of its own: a group Platform holding API and Database, a service CDN, and subscribers of each. */
async function v3Page(server: TestServer) {
  const page = expectSuccess(
    'createV3StatusPage',
    await server.call('POST', '/v3/status-pages', { body: { name: 'Notices', url: 'maintenance-notices' } }),
    201,
  );
  const add = async (body: Record<string, unknown>) =>
    expectSuccess(
      'createV3Component',
      await server.call('POST', `/v3/status-pages/${page.id}/components`, { body: { displayOrder: 1, ...body } }),
      201,
    ).id as string;
  const platform = await add({ name: 'Platform', type: 'GROUP' });
  const api = await add({ name: 'API', parentId: platform });
  const cdn = await add({ name: 'CDN' });
  const subscribe = (autoVerify: boolean, subscriptions: [string, string[] | null][]) =>
    server.call('POST', `/v3/status-pages/${page.id}/subscribers/bulk`, {
      body: {
        autoVerify,
        subscriptions: subscriptions.map(([address, subscribedComponents]) => ({
          type: 'EMAIL',
          config: { address, subscribedComponents },
        })),
      },
    });
  expect(
    (
      await subscribe(true, [
        ['all@example.com', null],
        ['platform@example.com', [platform]],
        ['api@example.com', [api]],
        ['cdn@example.com', [cdn]],
      ])
    ).status,
  ).toBe(201);
  expect((await subscribe(false, [['pending@example.com', null]])).status).toBe(201);
  return { id: page.id as string, api };
}

/** The v2 demo page, a service of it, and its verified subscribers once one more is added. */
async function v2Page(server: TestServer) {
  const pages = (await server.call('GET', '/v1/status-pages?limit=100')).json.entries as any[];
  const page = pages.find((each) => each.url === 'acme-cloud');
  const added = await server.call('POST', `/v1/status-pages/${page.id}/subscriptions/bulk`, {
    body: { subscriptions: [{ type: 'EMAIL', config: 'v2-reader@example.com' }], autoVerify: true },
  });
  expect(added.status, added.text).toBe(201);
  const subscriptions = expectSuccess(
    'listSubscriptions',
    await server.call('GET', `/v1/status-pages/${page.id}/subscriptions`),
    200,
  ) as any[];
  const verified = subscriptions.filter((each) => each.status === 'VERIFIED').map((each) => each.address as string);
  expect(verified).toContain('v2-reader@example.com');
  return { id: page.id as string, service: page.cards[0].services[0].id as string, verified };
}

async function notices(server: TestServer, maintenanceId: string) {
  return expectSuccess(
    'listNotifications',
    await server.call('GET', `/_reference/notifications?incidentId=${maintenanceId}`),
    200,
  ) as any[];
}

/** Each notice's event, status, time and page, by address, oldest first. */
const told = (list: any[], event: string) => list.filter((notice) => notice.maintenanceEvent === event);
const addressesOn = (list: any[], pageId: string) =>
  list
    .filter((notice) => notice.statusPageId === pageId)
    .map((notice) => notice.address)
    .sort();

describe('notices of scheduled maintenance', () => {
  it('reminders as the clock passes them, the start, an update sent with notify, and the end', async () => {
    const server = await maintenanceServer();
    const v2 = await v2Page(server);
    const v3 = await v3Page(server);
    const window = await createWindow(server, {
      startsAt: at(CLOCK, 4),
      endsAt: at(CLOCK, 5),
      repeatInterval: null,
      repeatUnit: 'DAY',
      timezone: 'UTC',
      statusPageVisibility: {
        enabled: true,
        notifyOnStart: true,
        notifyOnEnd: true,
        reminderMinutesBefore: [60, 180],
        statusPageIds: [v2.id, v3.id],
        serviceIds: [v2.service, v3.api],
      },
    });
    const [maintenance] = await maintenancesOf(server, window.id);
    const id = maintenance!.id;
    expect(await notices(server, id)).toEqual([]);
    const v3Told = ['all@example.com', 'api@example.com', 'platform@example.com'];

    await moveClock(server, at(CLOCK, 1.1));
    const hour = told(await notices(server, id), 'reminder');
    expect(addressesOn(hour, v2.id)).toEqual([...v2.verified].sort());
    expect(addressesOn(hour, v3.id)).toEqual(v3Told);
    expect(hour[0]).toMatchObject({
      kind: 'maintenance',
      incidentId: id,
      incidentUpdateId: null,
      maintenanceWindowId: window.id,
      maintenanceId: id,
      status: 'SCHEDULED',
      created_at: at(CLOCK, 1),
      description: expect.stringContaining('starts in 3 hours'),
    });

    await moveClock(server, at(CLOCK, 3.1));
    const reminders = told(await notices(server, id), 'reminder');
    expect(reminders).toHaveLength(2 * hour.length);
    expect(reminders[0]).toMatchObject({ created_at: at(CLOCK, 3), description: expect.stringContaining('starts in 1 hour,') });

    await moveClock(server, at(CLOCK, 4.1));
    const started = told(await notices(server, id), 'started');
    const [inProgress] = await maintenancesOf(server, window.id);
    expect(addressesOn(started, v3.id)).toEqual(v3Told);
    expect(started[0]).toMatchObject({ status: 'IN_PROGRESS', created_at: at(CLOCK, 4), incidentUpdateId: inProgress!.updates[0]!.id });

    const posted = await server.call('POST', `/v1/maintenance-windows/${window.id}/maintenances/${id}/updates`, {
      body: { status: 'VERIFYING', description: 'Checking the switches.', notifySubscribers: true },
    });
    expect(posted.status, posted.text).toBe(201);
    const update = told(await notices(server, id), 'update');
    expect(update).toHaveLength(started.length);
    expect(update[0]).toMatchObject({ status: 'VERIFYING', description: 'Checking the switches.', incidentUpdateId: posted.json.id });

    await moveClock(server, at(CLOCK, 5.1));
    const ended = told(await notices(server, id), 'ended');
    expect(addressesOn(ended, v2.id)).toEqual([...v2.verified].sort());
    expect(ended[0]).toMatchObject({ status: 'COMPLETED', created_at: at(CLOCK, 5) });
    // Nothing more once it is over.
    const all = (await notices(server, id)).length;
    await moveClock(server, at(CLOCK, 30));
    expect(await notices(server, id)).toHaveLength(all);
  });

  it('a cancelled occurrence sends its notice, then no reminder, start or end; the next one keeps its own', async () => {
    const server = await maintenanceServer();
    const v3 = await v3Page(server);
    const window = await createWindow(server, {
      startsAt: at(CLOCK, 2),
      endsAt: at(CLOCK, 3),
      repeatInterval: 1,
      repeatUnit: 'DAY',
      repeatEndsAt: null,
      timezone: 'UTC',
      statusPageVisibility: {
        enabled: true,
        notifyOnStart: true,
        notifyOnEnd: true,
        reminderMinutesBefore: [60],
        statusPageIds: [v3.id],
        affectAllServices: true,
      },
    });
    const [first, second] = await maintenancesOf(server, window.id);
    const cancelled = await server.call('POST', `/v1/maintenance-windows/${window.id}/maintenances/${first!.id}/updates`, {
      body: { status: 'CANCELLED', description: 'Not needed after all.' },
    });
    expect(cancelled.status, cancelled.text).toBe(201);
    const notice = await notices(server, first!.id);
    expect(notice.map((each) => [each.maintenanceEvent, each.status, each.description])).toEqual(
      ['all@example.com', 'api@example.com', 'cdn@example.com', 'platform@example.com'].map(() => [
        'ended',
        'CANCELLED',
        'Not needed after all.',
      ]),
    );

    await moveClock(server, at(CLOCK, 24));
    const [stillCancelled, next] = await maintenancesOf(server, window.id);
    expect(stillCancelled!.status).toBe('CANCELLED');
    expect(stillCancelled!.updates.map((each) => each.status)).toEqual(['CANCELLED']);
    expect(await notices(server, first!.id)).toHaveLength(notice.length);
    // The next day's occurrence is reminded of and starts as scheduled.
    expect(next!.id).toBe(second!.id);
    await moveClock(server, at(CLOCK, 25.5));
    await moveClock(server, at(CLOCK, 26.5));
    expect((await notices(server, second!.id)).map((each) => each.maintenanceEvent).sort()).toEqual([
      ...Array(4).fill('reminder'),
      ...Array(4).fill('started'),
    ]);
  });

  it('a reminder already due when the maintenance is made is never sent; a later one is', async () => {
    const server = await maintenanceServer();
    const v3 = await v3Page(server);
    const window = await createWindow(server, {
      startsAt: at(CLOCK, 1.5),
      endsAt: at(CLOCK, 2),
      repeatInterval: null,
      repeatUnit: 'DAY',
      timezone: 'UTC',
      statusPageVisibility: { enabled: true, reminderMinutesBefore: [60, 180], statusPageIds: [v3.id], affectAllServices: true },
    });
    const [maintenance] = await maintenancesOf(server, window.id);
    await moveClock(server, at(CLOCK, 0.25));
    expect(await notices(server, maintenance!.id)).toEqual([]);
    await moveClock(server, at(CLOCK, 0.75));
    const sent = await notices(server, maintenance!.id);
    expect(sent.map((each) => [each.maintenanceEvent, each.created_at])).toEqual(sent.map(() => ['reminder', at(CLOCK, 0.5)]));
    expect(sent[0].description).toContain('starts in 1 hour,');
  });
});

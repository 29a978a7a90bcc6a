// docs/api-rules.md#maintenance-on-status-pages: a maintenance created through the API on a v2
// page and a V3 page shows on each as announced, then, once the test clock passes its start, in
// progress with its services (v2) and components (V3) under maintenance, then gone with them
// back as they were once it completes or is cancelled; each step is a `maintenance` event on
// the pages' live streams. The clock moves by request, never by waiting.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_A, openStream, someServices, type TestServer } from './helpers.js';
import { at, CLOCK, createWindow, maintenancesOf, maintenanceServer, moveClock, postUpdate } from './maintenance-helpers.js';
import { componentRows, nextEvent, v3PageOf } from './v3-status-page-helpers.js';

/** The v2 demo page, one of its services it shows operational, and the V3 demo page with one operational component. */
async function pages(server: TestServer) {
  const v2Pages = (await server.call('GET', '/v1/status-pages?limit=100')).json.entries as any[];
  const v2 = v2Pages.find((each) => each.url === 'acme-cloud');
  const before = await html(server, 'acme-cloud');
  const service = (v2.cards as any[]).flatMap((card) => card.services).find((each) => serviceState(before, each.id) === 'operational');
  const v3 = await v3PageOf(server, 'acme-platform');
  const row = componentRows(await html(server, 'acme-platform')).find((each) => each.status === 'OPERATIONAL')!;
  return { v2: v2.id as string, service: service.id as string, v3: v3.page.id as string, component: row.id };
}

const html = async (server: TestServer, url: string) => (await server.call('GET', `/status/${ACCOUNT_A.id}/${url}`, { key: null })).text;

const serviceState = (text: string, id: string) => new RegExp(`<li data-service="${id}" data-state="([a-z]+)">`).exec(text)?.[1];
const componentStatus = (text: string, id: string) => componentRows(text).find((row) => row.id === id)?.status;
const shownAs = (text: string, maintenanceId: string) =>
  new RegExp(
    `<article class="card maintenance" id="maintenance-${maintenanceId}" data-maintenance="${maintenanceId}" data-state="([a-z-]+)">`,
  ).exec(text)?.[1];

async function streams(server: TestServer) {
  const v2 = openStream(`${server.url}/status/${ACCOUNT_A.id}/acme-cloud/events`);
  const v3 = openStream(`${server.url}/status/${ACCOUNT_A.id}/acme-platform/events`);
  expect(await v2.next()).toBe('retry: 2000\n: connected');
  expect(await v3.next()).toBe('retry: 2000\n: connected');
  return {
    v2,
    v3,
    close() {
      v2.close();
      v3.close();
    },
  };
}

async function onBothPages(server: TestServer) {
  const ids = await pages(server);
  const live = await streams(server);
  const window = await createWindow(server, {
    name: 'Network switch swap',
    description: 'The core switches are replaced.',
    startsAt: at(CLOCK, 2),
    endsAt: at(CLOCK, 3),
    repeatInterval: null,
    repeatUnit: 'DAY',
    timezone: 'UTC',
    statusPageVisibility: { enabled: true, statusPageIds: [ids.v2, ids.v3], serviceIds: [ids.service, ids.component] },
  });
  const [maintenance] = await maintenancesOf(server, window.id);
  const windowEvent = `event: maintenance\ndata: {"maintenanceWindowId":${window.id}}`;
  expect(await nextEvent(live.v2)).toBe(windowEvent);
  expect(await nextEvent(live.v3)).toBe(windowEvent);
  return {
    ids,
    live,
    window,
    maintenance: maintenance!,
    event: `event: maintenance\ndata: {"maintenanceWindowId":${window.id},"maintenanceId":"${maintenance!.id}"}`,
  };
}

describe('scheduled maintenance on status pages', () => {
  it('announced, then in progress with its services and components under maintenance, then completed and gone', async () => {
    const server = await maintenanceServer();
    const { ids, live, window, maintenance, event } = await onBothPages(server);
    // Announced (a week ahead when no reminder is set): shown, nothing under maintenance yet.
    let v2 = await html(server, 'acme-cloud');
    let v3 = await html(server, 'acme-platform');
    expect(shownAs(v2, maintenance.id)).toBe('scheduled');
    expect(shownAs(v3, maintenance.id)).toBe('scheduled');
    expect(v2).toContain('Network switch swap');
    expect(v3).toContain('The core switches are replaced.');
    expect(serviceState(v2, ids.service)).toBe('operational');
    expect(componentStatus(v3, ids.component)).toBe('OPERATIONAL');

    await moveClock(server, at(CLOCK, 2.5));
    expect(await nextEvent(live.v2)).toBe(event);
    expect(await nextEvent(live.v3)).toBe(event);
    v2 = await html(server, 'acme-cloud');
    v3 = await html(server, 'acme-platform');
    expect(shownAs(v2, maintenance.id)).toBe('in-progress');
    expect(shownAs(v3, maintenance.id)).toBe('in-progress');
    expect(serviceState(v2, ids.service)).toBe('maintenance');
    expect(v2).toMatch(
      new RegExp(
        `data-service="${ids.service}" data-state="maintenance"><span>[^<]*</span><span><span class="dot maintenance" aria-hidden="true"></span>Under maintenance<`,
      ),
    );
    expect(componentRows(v3).find((row) => row.id === ids.component)).toMatchObject({
      status: 'UNDER_MAINTENANCE',
      label: 'Under maintenance',
    });

    await moveClock(server, at(CLOCK, 3.5));
    expect(await nextEvent(live.v2)).toBe(event);
    expect(await nextEvent(live.v3)).toBe(event);
    const [completed] = await maintenancesOf(server, window.id);
    expect(completed!.status).toBe('COMPLETED');
    v2 = await html(server, 'acme-cloud');
    v3 = await html(server, 'acme-platform');
    expect(shownAs(v2, maintenance.id)).toBeUndefined();
    expect(shownAs(v3, maintenance.id)).toBeUndefined();
    expect(serviceState(v2, ids.service)).toBe('operational');
    expect(componentStatus(v3, ids.component)).toBe('OPERATIONAL');
    live.close();
  });

  it('a maintenance cancelled while in progress leaves the pages, and stays cancelled as the clock passes its end', async () => {
    const server = await maintenanceServer();
    const { ids, live, window, maintenance, event } = await onBothPages(server);
    await moveClock(server, at(CLOCK, 2.5));
    expect(await nextEvent(live.v2)).toBe(event);
    expect(await nextEvent(live.v3)).toBe(event);
    expect(serviceState(await html(server, 'acme-cloud'), ids.service)).toBe('maintenance');

    expect((await postUpdate(server, window.id, maintenance.id, 'CANCELLED', 'Called off.')).status).toBe(201);
    expect(await nextEvent(live.v2)).toBe(event);
    expect(await nextEvent(live.v3)).toBe(event);
    const v2 = await html(server, 'acme-cloud');
    const v3 = await html(server, 'acme-platform');
    expect(shownAs(v2, maintenance.id)).toBeUndefined();
    expect(serviceState(v2, ids.service)).toBe('operational');
    expect(componentStatus(v3, ids.component)).toBe('OPERATIONAL');

    await moveClock(server, at(CLOCK, 4));
    const [after] = await maintenancesOf(server, window.id);
    expect(after!.status).toBe('CANCELLED');
    expect(after!.updates.map((update) => update.status)).toEqual(['IN_PROGRESS', 'CANCELLED']);
    live.close();
  });

  it('an open incident worse than the maintenance wins on both pages', async () => {
    const server = await maintenanceServer();
    const { ids, live } = await onBothPages(server);
    live.close();
    await moveClock(server, at(CLOCK, 2.5));
    const service = (await someServices(server)).find((each) => each.id === ids.service)!;
    const v2Incident = await server.call('POST', '/v1/status-pages/incidents', {
      body: { name: 'Switch fire', severity: 'CRITICAL', services: [service], incidentUpdates: [{ description: 'Down' }] },
    });
    expect(v2Incident.status, v2Incident.text).toBe(201);
    const v3Incident = await server.call('POST', `/v3/status-pages/${ids.v3}/incidents`, {
      body: {
        name: 'Switch fire',
        componentImpacts: [{ componentId: ids.component, status: 'PARTIAL_OUTAGE' }],
        incidentUpdates: [{ status: 'INVESTIGATING', description: 'Down' }],
      },
    });
    expect(v3Incident.status, v3Incident.text).toBe(201);
    expect(serviceState(await html(server, 'acme-cloud'), ids.service)).toBe('major');
    expect(componentStatus(await html(server, 'acme-platform'), ids.component)).toBe('PARTIAL_OUTAGE');
  });
});

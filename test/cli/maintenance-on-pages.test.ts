// A maintenance created with the built CLI, as its users would, shows on the status pages as
// their visitors see them: announced, then, once the server's test clock passes its start, in
// progress with what it names under maintenance, then gone once `maintenance complete` ends it,
// on a v2 page (by service name) and on a V3 page (by component name). The clock moves by
// request, never by waiting.
import { describe, expect, it, vi } from 'vitest';
import { TEST_ACCOUNT } from '../support/server.js';
import { maintenanceServer } from './maintenance-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const m = maintenanceServer();

/** A page of the test account as a visitor reads it: no key. */
const page = async (url: string) => (await m.server.call('GET', `/status/${TEST_ACCOUNT.id}/${url}`, { key: null })).text;

/** How the page shows this maintenance (scheduled, in-progress...), if at all. */
const shownAs = (html: string, maintenanceId: string) =>
  new RegExp(
    `<article class="card maintenance" id="maintenance-${maintenanceId}" data-maintenance="${maintenanceId}" data-state="([a-z-]+)">`,
  ).exec(html)?.[1];
const serviceState = (html: string, id: string) => new RegExp(`<li data-service="${id}" data-state="([a-z_]+)">`).exec(html)?.[1];
const componentStatus = (html: string, id: string) =>
  new RegExp(`<span class="row" data-component="${id}" data-status="([A-Z_]+)">`).exec(html)?.[1];

const HOUR = 3_600_000;

describe('a maintenance created with the CLI, on the pages', () => {
  it.each([
    {
      generation: 'v2',
      url: 'acme-payments',
      option: '--service',
      state: serviceState,
      ok: 'operational',
      under: 'maintenance',
    },
    {
      generation: 'V3',
      url: 'acme-platform',
      option: '--component',
      state: componentStatus,
      ok: 'OPERATIONAL',
      under: 'UNDER_MAINTENANCE',
    },
  ])('on a $generation page: announced, in progress with what it names under maintenance, then completed and gone', async (c) => {
    // One the demo shows operational (others carry the demo's incidents), by its name.
    const before = await page(c.url);
    const [name, id] = [...(await m.page(c.url)).parts].find(([, each]) => c.state(before, each) === c.ok)!;

    const start = new Date(m.now() + HOUR).toISOString();
    const window = await m.create([
      '--name',
      `${name} upgrade`,
      '--starts',
      start,
      '--duration',
      '2h',
      '--status-page',
      c.url,
      c.option,
      name,
    ]);
    const [occurrence] = await m.occurrences(window.id);
    let html = await page(c.url);
    expect(shownAs(html, occurrence!.id)).toBe('scheduled');
    expect(html).toContain(`${name} upgrade`);
    expect(c.state(html, id)).toBe(c.ok);

    await m.advance(1.5 * HOUR);
    html = await page(c.url);
    expect(shownAs(html, occurrence!.id)).toBe('in-progress');
    expect(c.state(html, id)).toBe(c.under);

    const done = await m.cli(['maintenance', 'complete', String(window.id)]);
    expect(done.code, done.stderr).toBe(0);
    html = await page(c.url);
    expect(shownAs(html, occurrence!.id)).toBeUndefined();
    expect(c.state(html, id)).toBe(c.ok);
  });
});

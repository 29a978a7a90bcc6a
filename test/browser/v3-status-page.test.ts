// V3 status pages in a real browser, as test/browser/status-page.test.ts checks the v2 page:
// Debian's chromium driven by playwright-core against the reference server on a real port. The
// component tree with its groups open, a live update from a V3 incident created through the API,
// axe-core's accessibility rules in both themes, no request outside the server, and the
// screenshots the README shows (written to test-artifacts/).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/helpers.js';
import { ACCOUNT_A, NOW } from '../server/helpers.js';
import { startTestServer, type TestServer } from '../support/server.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const ARTIFACTS = process.env.STATUSCTL_ARTIFACTS_DIR ?? join(ROOT, 'test-artifacts');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

describe.skipIf(!available)('V3 status pages in a browser', () => {
  let browser: Browser;
  let server: TestServer;
  const pageUrl = () => `${server.url}/status/acme-platform`;

  beforeAll(async () => {
    // --no-sandbox: the tests may run as root (CI containers), where chromium's sandbox refuses to start.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(options: BrowserContextOptions = {}): Promise<Page> {
    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1100, height: 900 }, ...options });
    const page = await context.newPage();
    await page.goto(pageUrl());
    return page;
  }

  it('shows the component tree with its groups open and each status written out (and writes the screenshots)', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open({ colorScheme });
      expect(await page.locator('.tree details').count()).toBe(2);
      expect(await page.locator('.tree details:not([open])').count()).toBe(0);
      const webhooks = page.locator('.row', { hasText: 'Webhooks' });
      expect(await webhooks.isVisible()).toBe(true);
      expect(await webhooks.textContent()).toBe('WebhooksPartial outage');
      expect(await page.locator('.banner').textContent()).toBe('Partial outage: 1 open incident');
      const path = join(ARTIFACTS, `status-page-v3-${colorScheme}.png`);
      await page.screenshot({ path, fullPage: true });
      console.log(`screenshot: ${path}`);
      await page.context().close();
    }
  });

  it('shows a V3 incident created through the API on an already open page, without a reload', async () => {
    const page = await open();
    await page.waitForSelector('body[data-live="on"]');
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    const headers = { authorization: `Bearer ${ACCOUNT_A.key}`, 'content-type': 'application/json' };
    const pages = (await (await fetch(`${server.url}/v3/status-pages`, { headers })).json()) as { entries: { id: string; url: string }[] };
    const v3 = pages.entries.find((each) => each.url === 'acme-platform')!;
    const components = (await (await fetch(`${server.url}/v3/status-pages/${v3.id}/components?limit=100`, { headers })).json()) as {
      entries: { id: string; name: string }[];
    };
    const dashboard = components.entries.find((each) => each.name === 'Dashboard')!;
    const name = 'Dashboard does not load';
    const created = await fetch(`${server.url}/v3/status-pages/${v3.id}/incidents`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name,
        componentImpacts: [{ componentId: dashboard.id, status: 'MAJOR_OUTAGE' }],
        incidentUpdates: [{ status: 'INVESTIGATING', description: 'Looking into it.' }],
      }),
    });
    expect(created.status).toBe(201);
    await page.locator('#incidents h3', { hasText: name }).waitFor();
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.locator('.banner').textContent()).toBe('Major outage: 2 open incidents');
    expect(await page.locator('.row', { hasText: 'Core product' }).getAttribute('data-status')).toBe('MAJOR_OUTAGE');
    await page.context().close();
  });

  it('has no serious or critical accessibility violation (axe-core), in either theme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      // axe is injected as a script: the page's own policy allows no script but its own.
      const page = await open({ colorScheme, bypassCSP: true });
      // The V3 page itself, not a notice in its place.
      expect(await page.locator('.tree').count()).toBe(1);
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const result = await (
          window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }
        ).axe.run();
        return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length }));
      });
      expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
      await page.context().close();
    }
  });

  it('makes no request outside the server', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(pageUrl());
    await page.waitForSelector('body[data-live="on"]');
    expect(requests).toEqual([pageUrl(), `${server.url}/status/${ACCOUNT_A.id}/acme-platform/events`]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

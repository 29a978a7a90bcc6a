// Status pages in a real browser: Debian's chromium (scripts/system-deps/chromium.sh) driven by
// playwright-core, against the reference server on a real port. Light and dark themes, a live
// update from an incident the built CLI creates, axe-core's accessibility rules, no request
// outside the server, and the screenshots the README shows (written to test-artifacts/).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/helpers.js';
import { ACCOUNT_A, NOW } from '../server/helpers.js';
import { startTestServer, type TestServer } from '../support/server.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) {
  console.warn(
    `test/browser: skipped: ${CHROMIUM} is missing; install it with scripts/system-deps/chromium.sh (Debian's chromium package)`,
  );
}

/** Where the run leaves its screenshots (docs/ holds a copy of one light and one dark). */
export const ARTIFACTS = process.env.STATUSCTL_ARTIFACTS_DIR ?? join(ROOT, 'test-artifacts');

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The demo page's theme (src/server/fixtures/demo/status-pages.ts), as the browser reports colors.
const LIGHT = { body: '#FFFFFF', header: '#0B1F3A', title: '#0B1F3A', link: '#1D4ED8', card: '#F5F7FA', button: '#1D4ED8' };
const DARK = { body: '#0F172A', header: '#020617', title: '#F8FAFC', link: '#60A5FA', card: '#1E293B', button: '#2563EB' };

function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${value >> 16}, ${(value >> 8) & 255}, ${value & 255})`;
}

describe.skipIf(!available)('status pages in a browser', () => {
  let browser: Browser;
  let server: TestServer;
  const pageUrl = () => `${server.url}/status/acme-cloud`;

  beforeAll(async () => {
    // --no-sandbox: the tests may run as root (CI containers), where chromium's sandbox refuses to start.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
  });
  // One server for the file's tests (the helpers close it after them): one test writes, the
  // incident it creates, and what the others check (colors, accessibility, requests, times)
  // does not depend on how many incidents the page shows.
  beforeAll(async () => {
    server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW });
  });

  async function open(options: BrowserContextOptions & { path?: string } = {}): Promise<Page> {
    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1100, height: 900 }, ...options });
    const page = await context.newPage();
    await page.goto(options.path ? `${server.url}${options.path}` : pageUrl());
    return page;
  }

  async function styles(page: Page) {
    return page.evaluate(() => {
      const color = (selector: string, property: 'color' | 'backgroundColor') =>
        getComputedStyle(document.querySelector(selector)!)[property];
      return {
        body: color('body', 'backgroundColor'),
        header: color('header.site', 'backgroundColor'),
        title: color('h1', 'color'),
        link: color('main > p.description, a', 'color'),
        card: color('.card', 'backgroundColor'),
        button: color('.live', 'backgroundColor'),
        cardLink: color('.card a', 'color'),
      };
    });
  }

  it('renders the light and the dark theme with the page’s colors (and writes the screenshots)', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const [scheme, colors] of [
      ['light', LIGHT],
      ['dark', DARK],
    ] as const) {
      const page = await open({ colorScheme: scheme });
      const computed = await styles(page);
      expect(computed.body).toBe(rgb(colors.body));
      expect(computed.header).toBe(rgb(colors.header));
      expect(computed.title).toBe(rgb(colors.title));
      expect(computed.card).toBe(rgb(colors.card));
      expect(computed.button).toBe(rgb(colors.button));
      expect(computed.cardLink).toBe(rgb(colors.link));
      const path = join(ARTIFACTS, `status-page-${scheme}.png`);
      await page.screenshot({ path, fullPage: true });
      console.log(`screenshot: ${path}`);
      await page.context().close();
    }
    // defaultTheme LIGHT is light even for a visitor who prefers dark.
    const forced = await open({ colorScheme: 'dark', path: '/status/acme-payments' });
    expect((await styles(forced)).body).toBe(rgb(LIGHT.body));
    await forced.context().close();
  });

  it('shows an incident created with the built CLI on an already open page, without a reload', async () => {
    const page = await open();
    await page.waitForSelector('body[data-live="on"]');
    // A mark on the window: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    const name = 'Search results are empty for some users';
    const created = await runCli(
      [
        'incidents',
        'create',
        '--name',
        name,
        '--severity',
        'CRITICAL',
        '--service',
        'Public API',
        '--message',
        'Looking into it.',
        '--yes',
      ],
      { env: { STATUSCTL_BASE_URL: server.url, STATUSCTL_API_KEY: ACCOUNT_A.key, STATUSCTL_ACCOUNT_ID: ACCOUNT_A.id } },
    );
    expect(created.code, created.stderr).toBe(0);
    const heading = page.locator('#incidents h3', { hasText: name });
    await heading.waitFor();
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.locator('.banner').textContent()).toMatch(/^Major outage: 2 open incidents$/);
    expect(await page.locator('li', { hasText: 'Public API' }).getAttribute('data-state')).toBe('major');
    await page.context().close();
  });

  it('has no serious or critical accessibility violation (axe-core), in either theme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      // axe is injected as a script: the page's own policy allows no script but its own.
      const page = await open({ colorScheme, bypassCSP: true });
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

  it('makes no request outside the server, and its HTML and CSS weigh under 50 KB', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const response = await page.goto(pageUrl());
    await page.waitForSelector('body[data-live="on"]');
    // The demo page's logo and favicon are outside addresses: neither is asked for.
    expect(requests.filter((url) => !url.startsWith(`${server.url}/`) && !url.startsWith('data:'))).toEqual([]);
    expect(requests).toEqual([pageUrl(), `${server.url}/status/${ACCOUNT_A.id}/acme-cloud/events`]);
    expect(problems).toEqual([]);
    expect((await response!.body()).length).toBeLessThan(50 * 1024);
    await context.close();
  });

  it('reads without JavaScript, and shows times in the visitor’s time zone with it', async () => {
    const plain = await open({ javaScriptEnabled: false });
    expect(await plain.locator('h1').textContent()).toBe('Acme Cloud');
    expect(await plain.locator('#incidents time').first().textContent()).toMatch(/ UTC$/);
    expect(await plain.locator('meta[http-equiv="refresh"]').count()).toBe(1);
    await plain.context().close();
    const tokyo = await open({ timezoneId: 'Asia/Tokyo' });
    expect(await tokyo.locator('#incidents time').first().textContent()).toMatch(/GMT\+9$/);
    await tokyo.context().close();
  });
});

// V3 status pages as HTML on the reference server: the component tree with each component's
// current status, their addresses (canonical, short, custom domain), the incidents they show,
// indexing and hidden components, and the live event stream (over real HTTP).
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrast } from '../../src/server/pages/theme.js';
import { MAINTENANCE_BACKGROUND } from '../../src/server/pages/v3-template.js';
import { ACCOUNT_A, ACCOUNT_B, NOW, startTestServer, TWO_ACCOUNTS } from './helpers.js';
import { componentRows, getWithHost, v3PageOf } from './v3-status-page-helpers.js';

describe('V3 status pages as HTML: the component tree', () => {
  it('shows each component with its current status written out, groups open with the worst of their children’s', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW });
    const answer = await server.call('GET', `/status/${ACCOUNT_A.id}/acme-platform`, { key: null });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('<h1>Acme Platform</h1>');
    // The demo page: the open webhook incident impacts Webhooks and Email delivery; the SSO one is resolved.
    expect(componentRows(answer.text).map(({ name, status, label }) => [name, status, label])).toEqual([
      ['Core product', 'OPERATIONAL', 'Operational'],
      ['Dashboard', 'OPERATIONAL', 'Operational'],
      ['REST API', 'OPERATIONAL', 'Operational'],
      ['Login and SSO', 'OPERATIONAL', 'Operational'],
      ['Delivery', 'PARTIAL_OUTAGE', 'Partial outage'],
      ['Webhooks', 'PARTIAL_OUTAGE', 'Partial outage'],
      ['Email delivery', 'DEGRADED_PERFORMANCE', 'Degraded performance'],
      ['Status API', 'OPERATIONAL', 'Operational'],
    ]);
    expect(answer.text.match(/<details open><summary>/g)).toHaveLength(2);
    expect(answer.text).toContain('<p class="banner partial" role="status">Partial outage: 1 open incident</p>');

    // A new incident: the worst open impact wins, a group takes its children's worst.
    const { page, component } = await v3PageOf(server, 'acme-platform');
    const created = await server.call('POST', `/v3/status-pages/${page.id}/incidents`, {
      body: {
        name: 'Dashboard down, API under maintenance',
        componentImpacts: [
          { componentId: component('Dashboard'), status: 'MAJOR_OUTAGE' },
          { componentId: component('REST API'), status: 'UNDER_MAINTENANCE' },
          { componentId: component('Webhooks'), status: 'DEGRADED_PERFORMANCE' },
        ],
        incidentUpdates: [{ status: 'INVESTIGATING', description: 'Looking.' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const after = (await server.call('GET', '/status/acme-platform', { key: null })).text;
    const statuses = Object.fromEntries(componentRows(after).map(({ name, label }) => [name, label]));
    expect(statuses).toMatchObject({
      'Core product': 'Major outage',
      Dashboard: 'Major outage',
      'REST API': 'Under maintenance',
      Delivery: 'Partial outage',
      // PARTIAL_OUTAGE (the older incident) beats DEGRADED_PERFORMANCE (the new one).
      Webhooks: 'Partial outage',
    });
    expect(after).toContain('<p class="banner major" role="status">Major outage: 2 open incidents</p>');
  });

  it('draws maintenance’s banner at WCAG AA or better', () => {
    expect(contrast('#FFFFFF', MAINTENANCE_BACKGROUND)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
});

describe('V3 status pages as HTML: addresses', () => {
  it('serves a V3 page at its canonical address, its url slug and its custom domain on Host', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW });
    const canonical = await server.call('GET', `/status/${ACCOUNT_A.id}/acme-platform`, { key: null });
    expect(canonical.status).toBe(200);
    expect(canonical.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
    const short = await server.call('GET', '/status/acme-platform', { key: null });
    expect(short.text).toBe(canonical.text);
    const domain = await getWithHost(server, '/', 'Status.Acme-Platform.io:4010');
    expect(domain.status).toBe(200);
    expect(domain.text).toBe(canonical.text);
    expect(domain.text).toContain(`data-events="/status/${ACCOUNT_A.id}/acme-platform/events"`);
    // The v2 page's domain still answers the v2 page.
    expect((await getWithHost(server, '/', 'status.acme-cloud.io')).text).toContain('<h1>Acme Cloud</h1>');
  });

  it('answers 300 when several accounts have the slug or the domain, and a key picks its own account’s page', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const several = await server.call('GET', '/status/acme-platform', { key: null });
    expect(several.status).toBe(300);
    expect(several.text).toContain(`href="/status/${ACCOUNT_A.id}/acme-platform"`);
    expect(several.text).toContain(`href="/status/${ACCOUNT_B.id}/acme-platform"`);
    const mine = await getWithHost(server, '/', 'status.acme-platform.io', ACCOUNT_B.key);
    expect(mine.status).toBe(200);
    expect(mine.text).toContain(`data-events="/status/${ACCOUNT_B.id}/acme-platform/events"`);
    expect((await getWithHost(server, '/', 'status.acme-platform.io')).status).toBe(300);
  });
});

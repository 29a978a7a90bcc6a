// V3 status pages as HTML on the reference server: the component tree with each component's
// current status, their addresses (canonical, short, custom domain), the incidents they show,
// indexing and hidden components, and the live event stream (over real HTTP).
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrast } from '../../src/server/pages/theme.js';
import { MAINTENANCE_BACKGROUND } from '../../src/server/pages/v3-template.js';
import { ACCOUNT_A, ACCOUNT_B, NOW, openStream, startTestServer, TWO_ACCOUNTS } from './helpers.js';
import { componentRows, fixtureFile, getWithHost, nextEvent, v3PageOf } from './v3-status-page-helpers.js';

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

describe('V3 status pages as HTML: incidents', () => {
  const fixtures = {
    v3StatusPages: [
      {
        id: 'shop',
        name: 'Shop',
        url: 'v3-shop',
        components: [
          {
            id: 'front',
            name: 'Storefront',
            components: [
              { id: 'web', name: 'Web' },
              { id: 'cart', name: 'Cart' },
            ],
          },
          { id: 'pay', name: 'Payments' },
        ],
      },
    ],
    v3Incidents: [
      {
        statusPage: 'shop',
        name: 'Cart errors',
        componentImpacts: [
          { component: 'cart', status: 'PARTIAL_OUTAGE' },
          { component: 'pay', status: 'DEGRADED_PERFORMANCE' },
        ],
        incidentUpdates: [
          { status: 'INVESTIGATING', publicIncidentUpdateDate: '-3h', description: 'first look' },
          { status: 'IDENTIFIED', publicIncidentUpdateDate: '-1h', description: 'cause found' },
        ],
      },
      {
        statusPage: 'shop',
        name: 'Old payments outage',
        componentImpacts: [{ component: 'pay', status: 'MAJOR_OUTAGE' }],
        incidentUpdates: [
          { status: 'INVESTIGATING', publicIncidentUpdateDate: '-16d', description: 'payments down long ago' },
          { status: 'RESOLVED', publicIncidentUpdateDate: '-15d', description: 'fixed long ago' },
        ],
      },
      {
        statusPage: 'shop',
        name: 'Web outage last week',
        componentImpacts: [{ component: 'web', status: 'MAJOR_OUTAGE' }],
        incidentUpdates: [
          { status: 'INVESTIGATING', publicIncidentUpdateDate: '-8d', description: 'web down' },
          { status: 'RESOLVED', publicIncidentUpdateDate: '-7d', description: 'fixed lately' },
        ],
      },
    ],
  };

  it('shows an open incident with the components it impacts and its timeline newest first, and the resolved ones of the last 14 days', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW, fixturesPath: fixtureFile(fixtures) });
    const { text } = await server.call('GET', '/status/v3-shop', { key: null });
    const open = text.slice(text.indexOf('<section id="incidents"'), text.indexOf('<section id="history"'));
    const history = text.slice(text.indexOf('<section id="history"'));
    expect(open).toContain('Cart errors');
    expect(open).toContain('<p class="meta muted">Affects Cart (partial outage), Payments (degraded performance)</p>');
    expect(open.indexOf('cause found')).toBeLessThan(open.indexOf('first look'));
    expect(open).toContain(`<time datetime="${new Date(NOW - 3_600_000).toISOString()}">`);
    // Resolved 7 days ago: shown with what it impacted; 15 days ago: gone.
    expect(history).toContain('Web outage last week');
    expect(history).toContain('<p class="meta muted">Affected Web (major outage)</p>');
    expect(history).toContain('fixed lately');
    expect(text).not.toContain('fixed long ago');
    expect(text).not.toContain('Old payments outage');
    // A resolved incident's impacts are over: Web is operational.
    expect(Object.fromEntries(componentRows(text).map(({ name, status }) => [name, status]))).toEqual({
      Storefront: 'PARTIAL_OUTAGE',
      Web: 'OPERATIONAL',
      Cart: 'PARTIAL_OUTAGE',
      Payments: 'DEGRADED_PERFORMANCE',
    });
  });
});

describe('V3 status pages as HTML: privacy', () => {
  it('keeps a page with allowIndexing false out of search engines, hidden components off the page, and loads nothing from elsewhere', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW });
    const { page, component } = await v3PageOf(server, 'acme-platform');
    const before = await server.call('GET', '/status/acme-platform', { key: null });
    expect(before.text).not.toContain('noindex');
    expect(before.headers.get('x-robots-tag')).toBeNull();

    const put = await server.call('PUT', `/v3/status-pages/${page.id}`, {
      body: {
        name: page.name,
        url: page.url,
        customDomain: page.customDomain,
        allowIndexing: false,
        googleAnalyticsTag: 'G-ABC123',
        logo: 'https://cdn.example.com/logo.png',
        favicon: 'https://cdn.example.com/favicon.ico',
      },
    });
    expect(put.status, put.text).toBe(200);
    const email = component('Email delivery');
    const hide = await server.call('PUT', `/v3/status-pages/${page.id}/components/${email}`, {
      body: { name: 'Email delivery', displayOrder: 1, hidden: true, parentId: component('Delivery') },
    });
    expect(hide.status, hide.text).toBe(200);

    const after = await server.call('GET', '/status/acme-platform', { key: null });
    expect(after.status).toBe(200);
    expect(after.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(after.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    // A V3 page has no private flag: it is public, and its HTML answers anyone.
    expect(after.headers.get('cache-control')).toBe('no-cache');
    // The hidden component is neither a row nor named by the incident that impacts it.
    expect(componentRows(after.text).map((row) => row.name)).not.toContain('Email delivery');
    expect(after.text).not.toContain('Email delivery');
    expect(after.text).toContain('<p class="meta muted">Affects Webhooks (partial outage)</p>');
    // Nothing outside the server is loaded: no analytics tag, no outside logo or favicon.
    for (const outside of ['G-ABC123', 'googletagmanager', 'cdn.example.com']) expect(after.text).not.toContain(outside);
    expect(after.text.match(/<script>/g)).toHaveLength(1);
  });
});

describe('V3 status pages as HTML: live updates', () => {
  it('pushes a V3 incident’s create, update and change, and a component’s change, to its page’s stream only', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW });
    const { page, component } = await v3PageOf(server, 'acme-platform');
    const stream = openStream(`${server.url}/status/${ACCOUNT_A.id}/acme-platform/events`);
    expect(await stream.next()).toBe('retry: 2000\n: connected');
    expect(stream.response!.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    // The v2 page's stream is told of its own incidents only: a V3 write sends it nothing.
    const v2 = openStream(`${server.url}/status/${ACCOUNT_A.id}/acme-cloud/events`);
    await v2.next();

    const created = await server.call('POST', `/v3/status-pages/${page.id}/incidents`, {
      body: {
        name: 'Dashboard slow',
        componentImpacts: [{ componentId: component('Dashboard'), status: 'DEGRADED_PERFORMANCE' }],
        incidentUpdates: [{ status: 'INVESTIGATING', description: 'Looking.' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const incidentEvent = `event: incident\ndata: {"incidentId":"${created.json.id}"}`;
    expect(await nextEvent(stream)).toBe(incidentEvent);
    const path = `/v3/status-pages/${page.id}/incidents/${created.json.id}`;
    const update = await server.call('POST', `${path}/incident-updates`, { body: { status: 'IDENTIFIED', description: 'Found it.' } });
    expect(update.status, update.text).toBe(201);
    expect(await nextEvent(stream)).toBe(incidentEvent);
    const changed = await server.call('PUT', path, {
      body: { name: 'Dashboard down', componentImpacts: [{ componentId: component('Dashboard'), status: 'MAJOR_OUTAGE' }] },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(await nextEvent(stream)).toBe(incidentEvent);
    const dashboard = component('Dashboard');
    const renamed = await server.call('PUT', `/v3/status-pages/${page.id}/components/${dashboard}`, {
      body: { name: 'Web dashboard', displayOrder: 0, parentId: component('Core product') },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await nextEvent(stream)).toBe(`event: component\ndata: {"componentId":"${dashboard}"}`);
    // A refused write is not an event: the next one the stream gets is the deletion's.
    const refused = await server.call('POST', `${path}/incident-updates`, { body: { status: 'NOT_A_STATUS', description: 'x' } });
    expect(refused.status).toBe(400);
    expect((await server.call('DELETE', path)).status).toBe(204);
    expect(await nextEvent(stream)).toBe(incidentEvent);

    // What the page's script fetches then shows the change.
    const text = (await server.call('GET', '/status/acme-platform', { key: null })).text;
    expect(componentRows(text).find((row) => row.id === dashboard)).toMatchObject({ name: 'Web dashboard', status: 'OPERATIONAL' });
    // The v2 stream got no event meanwhile: a v2 incident is its next one.
    const v2Pages = (await server.call('GET', '/v1/status-pages?limit=100')).json.entries as any[];
    const service = v2Pages.find((each) => each.url === 'acme-cloud').cards[0].services[0];
    const v2Incident = await server.call('POST', '/v1/status-pages/incidents', {
      body: {
        name: 'v2 one',
        severity: 'MINOR',
        services: [{ id: service.id, name: service.name, accountId: service.accountId }],
        incidentUpdates: [{ description: 'v2' }],
      },
    });
    expect(v2Incident.status, v2Incident.text).toBe(201);
    expect(await nextEvent(v2)).toBe(`event: incident\ndata: {"incidentId":"${v2Incident.json.id}"}`);
    stream.close();
    v2.close();
  });
});

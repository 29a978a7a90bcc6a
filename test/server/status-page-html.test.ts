// Status pages as HTML on the reference server: their addresses, private pages, the theme's
// contrast fallback, what the page shows, and the live event stream (over real HTTP).
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir } from '../support/cli.js';
import { STATE_BACKGROUND } from '../../src/server/pages/template.js';
import { AA_CONTRAST, contrast, DEFAULT_THEMES, TEXT_PAIRS } from '../../src/server/pages/theme.js';
import { ACCOUNT_A, ACCOUNT_B, NOW, openStream, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';

function fixtureFile(fixtures: unknown): string {
  // In a directory removed after the file's tests.
  const path = join(tempConfigDir(), 'fixtures.json');
  writeFileSync(path, JSON.stringify(fixtures));
  return path;
}

async function pagesOf(server: TestServer, key = ACCOUNT_A.key): Promise<any[]> {
  return (await server.call('GET', '/v1/status-pages?limit=100', { key })).json.entries;
}

function createIncident(server: TestServer, page: any, name: string, severity = 'MAJOR', key = ACCOUNT_A.key) {
  const service = page.cards[0].services[0];
  return server.call('POST', '/v1/status-pages/incidents', {
    key,
    body: {
      name,
      severity,
      services: [{ id: service.id, name: service.name, accountId: service.accountId }],
      incidentUpdates: [{ description: `${name}: investigating` }],
    },
  });
}

/** A GET with a Host header of our choosing (fetch does not let a caller set it). */
function getWithHost(server: TestServer, path: string, host: string, key?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host };
    if (key) headers.authorization = `Bearer ${key}`;
    const req = httpRequest(`${server.url}${path}`, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('status pages as HTML: addresses', () => {
  it('serves a page at its canonical address, its short address and its custom domain', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW });
    const canonical = await server.call('GET', `/status/${ACCOUNT_A.id}/acme-cloud`, { key: null });
    expect(canonical.status).toBe(200);
    expect(canonical.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(canonical.text).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(canonical.text).toContain('<h1>Acme Cloud</h1>');
    expect(canonical.headers.get('content-security-policy')).toContain("default-src 'none'");
    const short = await server.call('GET', '/status/acme-cloud', { key: null });
    expect(short.status).toBe(200);
    expect(short.text).toBe(canonical.text);
    const domain = await getWithHost(server, '/', 'Status.Acme-Cloud.io:4010');
    expect(domain.status).toBe(200);
    expect(domain.text).toBe(canonical.text);
    // Another host at / is the API's (no route there), and an unknown slug a 404 page.
    expect((await getWithHost(server, '/', 'example.org', ACCOUNT_A.key)).status).toBe(404);
    const missing = await server.call('GET', '/status/no-such-page', { key: null });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('No such status page');
    const post = await server.call('POST', '/status/acme-cloud', { key: null });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 300 with the canonical addresses when several accounts have the slug, and the key picks its own', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const several = await server.call('GET', '/status/acme-cloud', { key: null });
    expect(several.status).toBe(300);
    expect(several.text).toContain(`href="/status/${ACCOUNT_A.id}/acme-cloud"`);
    expect(several.text).toContain(`href="/status/${ACCOUNT_B.id}/acme-cloud"`);
    const mine = await server.call('GET', '/status/acme-cloud', { key: ACCOUNT_B.key });
    expect(mine.status).toBe(200);
    expect(mine.text).toContain(`data-events="/status/${ACCOUNT_B.id}/acme-cloud/events"`);
    const byDomain = await getWithHost(server, '/', 'status.acme-cloud.io', ACCOUNT_A.key);
    expect(byDomain.text).toContain(`data-events="/status/${ACCOUNT_A.id}/acme-cloud/events"`);
    expect((await getWithHost(server, '/', 'status.acme-cloud.io')).status).toBe(300);
  });
});

describe('status pages as HTML: private pages', () => {
  it('answer 401 without a key, 200 with one of the account’s keys, and refuse another account’s', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const path = `/status/${ACCOUNT_A.id}/acme-internal`;
    const without = await server.call('GET', path, { key: null });
    expect(without.status).toBe(401);
    expect(without.text).toContain('This status page is private');
    expect(without.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(without.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(without.text).not.toContain('Infrastructure');
    expect((await server.call('GET', path, { key: 'not-a-key-of-anyone' })).status).toBe(401);

    const other = await server.call('GET', path, { key: ACCOUNT_B.key });
    expect(other.status).toBe(403);
    expect(other.text).toContain('another account');
    expect(other.text).not.toContain('Infrastructure');

    const withKey = await server.call('GET', path, { key: ACCOUNT_A.key });
    expect(withKey.status).toBe(200);
    expect(withKey.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(withKey.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(withKey.headers.get('cache-control')).toBe('private, no-store');
    expect(withKey.text).toContain('Infrastructure');
    // A browser sends the key as a Basic password (any user name).
    const basic = `Basic ${Buffer.from(`me:${ACCOUNT_A.key}`).toString('base64')}`;
    expect((await server.call('GET', path, { key: null, headers: { authorization: basic } })).status).toBe(200);
    // A HEAD of the stream gets its headers and an end, not a stream.
    const head = await server.request(`${path}/events`, { method: 'HEAD', headers: { authorization: `Bearer ${ACCOUNT_A.key}` } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    // The page's event stream is as private as the page.
    expect((await server.call('GET', `${path}/events`, { key: null })).status).toBe(401);
    // A public page tells search engines nothing of the kind.
    const open = await server.call('GET', `/status/${ACCOUNT_A.id}/acme-cloud`, { key: null });
    expect(open.text).not.toContain('noindex');
    expect(open.headers.get('x-robots-tag')).toBeNull();
  });
});

describe('status pages as HTML: content', () => {
  const fixtures = (themeColors?: unknown) => ({
    statusPages: [
      {
        name: 'Shop <script>alert(1)</script> & "Co"',
        url: 'shop',
        description: 'Our <b>shop</b>',
        logo: 'https://cdn.example.com/logo.png',
        favicon: 'data:image/png;base64,iVBORw0KGgo=',
        defaultTheme: 'LIGHT',
        ...(themeColors ? { themeColors } : {}),
        cards: [
          {
            name: 'Store <i>front</i>',
            services: [
              { id: 'web', name: 'Web <img src=x onerror=alert(1)>' },
              { id: 'api', name: 'API' },
              { id: 'db', name: 'Database' },
            ],
          },
        ],
      },
    ],
    incidents: [
      {
        name: 'Checkout <svg onload=alert(1)> fails',
        severity: 'MINOR',
        services: ['web'],
        incidentUpdates: [
          { status: 'INVESTIGATING', publicIncidentUpdateDate: '-3h', description: 'first <em>look</em>' },
          { status: 'IDENTIFIED', publicIncidentUpdateDate: '-1h', description: 'cause found' },
        ],
      },
      {
        name: 'API down',
        severity: 'CRITICAL',
        services: ['api'],
        incidentUpdates: [{ status: 'INVESTIGATING', publicIncidentUpdateDate: '-30m', description: 'down' }],
      },
      {
        name: 'Old resolved',
        severity: 'MAJOR',
        services: ['db'],
        incidentUpdates: [{ status: 'RESOLVED', publicIncidentUpdateDate: '-15d', description: 'fixed long ago' }],
      },
      {
        name: 'Recent resolved',
        severity: 'MAJOR',
        services: ['db'],
        incidentUpdates: [{ status: 'RESOLVED', publicIncidentUpdateDate: '-13d', description: 'fixed lately' }],
      },
    ],
  });

  it('escapes every field, shows service states, the worst open incident, timelines newest first and 14 days of resolved incidents', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW, fixturesPath: fixtureFile(fixtures()) });
    const { text } = await server.call('GET', '/status/shop', { key: null });
    for (const raw of ['<script>alert', '<b>shop', '<i>front', '<img src=x', '<svg onload', '<em>look']) expect(text).not.toContain(raw);
    expect(text).toContain('<h1>Shop &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</h1>');
    expect(text).toContain('<p class="banner major" role="status">Major outage: 2 open incidents</p>');
    expect(text).toMatch(/data-state="degraded"><span>Web &lt;img/);
    expect(text).toMatch(/data-state="major"><span>API</);
    expect(text).toMatch(/data-state="operational"><span>Database</);
    expect(text.indexOf('cause found')).toBeLessThan(text.indexOf('first &lt;em&gt;look'));
    expect(text).toContain('fixed lately');
    expect(text).not.toContain('fixed long ago');
    expect(text).toContain(`<time datetime="${new Date(NOW - 3_600_000).toISOString()}">`);
    // An outside logo is not loaded: the name stands in; a data: favicon is used as given.
    expect(text).not.toContain('cdn.example.com');
    expect(text).toContain('<link rel="icon" href="data:image/png;base64,iVBORw0KGgo=">');
    // Only the server's own script, and the page refreshes itself without it.
    expect(text.match(/<script>/g)).toHaveLength(1);
    expect(text).toContain('<noscript><meta http-equiv="refresh" content="60"></noscript>');
  });

  it('drops control characters and bidi overrides from names and messages: an ESC or a NUL never reaches the HTML', async () => {
    const data = fixtures();
    data.statusPages[0]!.name = 'Shop\u001b]0;pwned\u0007 \u202eCo';
    data.incidents[0]!.name = 'Checkout\u001b[2J \u0000fails\u009b31m';
    data.incidents[0]!.incidentUpdates[0]!.description = 'first\r look\u001b]8;;https://evil.example/\u0007';
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW, fixturesPath: fixtureFile(data) });
    const { status, text } = await server.call('GET', '/status/shop', { key: null });
    expect(status).toBe(200);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain('<h1>Shop]0;pwned Co</h1>');
    expect(text).toContain('Checkout[2J fails31m');
    expect(text).toContain('first look]8;;https://evil.example/');
  });

  it('uses the page’s theme colors, and falls back (and logs the field) for a pair under WCAG AA', async () => {
    const light = { ...DEFAULT_THEMES.light, bodyFontColorMuted: '#CCCCCC', linkFontColor: '#0645AD' };
    const server = await startTestServer({
      accounts: [ACCOUNT_A],
      now: () => NOW,
      fixturesPath: fixtureFile(fixtures({ light, dark: DEFAULT_THEMES.dark })),
    });
    const { text } = await server.call('GET', '/status/shop', { key: null });
    expect(text).toContain('--linkFontColor:#0645AD');
    expect(text).toContain('--link-text:#0645AD');
    expect(text).toContain('--bodyFontColorMuted:#CCCCCC');
    expect(text).toContain('--muted-text:#000000');
    expect(text).toContain('--card-muted-text:#000000');
    const logged = server.logs.filter((line) => line.includes('bodyFontColorMuted'));
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(
      /light theme: bodyFontColorMuted #CCCCCC on bodyBackgroundColor #FFFFFF .* below the 4.5:1 of WCAG AA; drawn with #000000/,
    );
    // Logged once per page, not at every request.
    await server.call('GET', '/status/shop', { key: null });
    expect(server.logs.filter((line) => line.includes('bodyFontColorMuted'))).toHaveLength(2);
  });

  it('draws every text pair of the default themes, and the banner, at WCAG AA or better', () => {
    for (const colors of Object.values(DEFAULT_THEMES)) {
      for (const pair of TEXT_PAIRS) expect(contrast(colors[pair.text], colors[pair.background])).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
    for (const background of Object.values(STATE_BACKGROUND)) expect(contrast('#FFFFFF', background)).toBeGreaterThanOrEqual(AA_CONTRAST);
    // Unrounded: #777777 on white is 4.48:1, just under AA; #767676 is 4.54:1.
    expect(contrast('#777777', '#FFFFFF')).toBeLessThan(AA_CONTRAST);
    expect(contrast('#767676', '#FFFFFF')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrast('#000000', '#FFF')).toBeCloseTo(21, 5);
  });

  it('renders a page with 50 open incidents (the bench figure’s page) under 50 KB', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW });
    const [page] = await pagesOf(server);
    for (let i = 0; i < 50; i++) expect((await createIncident(server, page, `open ${i}`, 'MINOR')).status).toBe(201);
    const { text } = await server.call('GET', `/status/${page.url}`, { key: null });
    expect(text.match(/<article class="card incident"/g)!.length).toBeGreaterThanOrEqual(50);
    expect(Buffer.byteLength(text)).toBeLessThan(50 * 1024);
  });
});

describe('status pages as HTML: live updates', () => {
  it('sends an incident event to the streams of the pages that include its services', async () => {
    const server = await startTestServer({ accounts: [ACCOUNT_A], now: () => NOW });
    const pages = await pagesOf(server);
    const cloud = pages.find((page) => page.url === 'acme-cloud');
    const internal = pages.find((page) => page.url === 'acme-internal');
    const stream = openStream(`${server.url}/status/${ACCOUNT_A.id}/acme-cloud/events`);
    expect(await stream.next()).toBe('retry: 2000\n: connected');
    expect(stream.response!.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    // An incident of another page first: the next event this stream gets is its own page's.
    expect((await createIncident(server, internal, 'elsewhere')).status).toBe(201);
    const created = await createIncident(server, cloud, 'here');
    expect(created.status).toBe(201);
    expect(await stream.next()).toBe(`event: incident\ndata: {"incidentId":"${created.json.id}"}`);
    // An update, and the resolution, are events too.
    const update = await server.call('POST', `/v1/status-pages/incidents/${created.json.id}/incident-updates`, {
      body: { description: 'Resolved.', status: 'RESOLVED' },
    });
    expect(update.status, update.text).toBe(200);
    expect(await stream.next()).toBe(`event: incident\ndata: {"incidentId":"${created.json.id}"}`);
    stream.close();
  });

  it('keeps a stream open past the idle and body timeouts, and ends it when the server closes', async () => {
    const server = await startTestServer({
      accounts: [ACCOUNT_A],
      now: () => NOW,
      idleTimeoutMs: 1000,
      // Short beside the idle timeout the test waits out, long enough for its own setup requests
      // on a busy machine.
      bodyTimeoutMs: 250,
      headersTimeoutMs: 250,
    });
    const [page] = await pagesOf(server);
    const stream = openStream(`${server.url}/status/${ACCOUNT_A.id}/${page.url}/events`);
    await stream.next();
    // An idle kept-alive connection is closed by the idle timeout; wait for that to happen.
    const idle = connect(server.port, '127.0.0.1');
    idle.write(`GET /openapi.json HTTP/1.1\r\nhost: x\r\n\r\n`);
    idle.resume();
    await new Promise((resolve) => idle.on('close', resolve));
    // The stream, open all that time (well past the body timeout too), still delivers.
    const created = await createIncident(server, page, 'after the timeouts');
    expect(await stream.next()).toBe(`event: incident\ndata: {"incidentId":"${created.json.id}"}`);
    await server.close();
    await stream.ended;
  });
});

describe('status pages as HTML: what every answer tells the browser', () => {
  it('sends nosniff on every answer and a Content-Security-Policy on every HTML answer, notices included', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const answers = {
      page: await server.call('GET', `/status/${ACCOUNT_A.id}/acme-cloud`, { key: null }),
      several: await server.call('GET', '/status/acme-cloud', { key: null }),
      private: await server.call('GET', `/status/${ACCOUNT_A.id}/acme-internal`, { key: null }),
      otherAccount: await server.call('GET', `/status/${ACCOUNT_A.id}/acme-internal`, { key: ACCOUNT_B.key }),
      missing: await server.call('GET', '/status/no-such-page', { key: null }),
      post: await server.call('POST', '/status/acme-cloud', { key: null }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]))).toEqual({
      page: 200,
      several: 300,
      private: 401,
      otherAccount: 403,
      missing: 404,
      post: 405,
    });
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers.get('content-type'), name).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('x-content-type-options'), name).toBe('nosniff');
      const policy = answer.headers.get('content-security-policy') ?? '';
      expect(policy, name).toContain("default-src 'none'");
      expect(policy, name).toContain("frame-ancestors 'none'");
      // Only the page runs a script (its own, by hash); a notice runs none.
      if (name === 'page') expect(policy).toMatch(/script-src 'sha256-/);
      else expect(policy, name).not.toContain('script-src');
      expect(answer.headers.get('referrer-policy'), name).toBe('no-referrer');
    }
    // The event stream, and its HEAD, are answers too.
    const stream = openStream(`${server.url}/status/${ACCOUNT_A.id}/acme-cloud/events`);
    await stream.next();
    expect(stream.response!.headers['x-content-type-options']).toBe('nosniff');
    stream.close();
    const head = await server.request(`/status/${ACCOUNT_A.id}/acme-cloud/events`, { method: 'HEAD' });
    expect(head.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('status pages as HTML: a private page’s short address', () => {
  it('names neither the page nor an account to a caller without its account’s key', async () => {
    // Both accounts have the private page at the same url: the short address means two pages.
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const secrets = ['Internal Platform', ACCOUNT_A.id, ACCOUNT_B.id, 'Infrastructure'];
    for (const key of [null, 'not-a-key-of-anyone']) {
      const answer = await server.call('GET', '/status/acme-internal', { key });
      expect(answer.status, String(key)).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
      for (const secret of secrets) expect(answer.text, `${key}: ${secret}`).not.toContain(secret);
      for (const secret of secrets) expect(JSON.stringify([...answer.headers]), `${key}: ${secret}`).not.toContain(secret);
      const events = await server.call('GET', '/status/acme-internal/events', { key });
      expect(events.status).toBe(401);
      for (const secret of secrets) expect(events.text).not.toContain(secret);
    }
    // A key of each account reaches its own account's page, and only that one.
    const mine = await server.call('GET', '/status/acme-internal', { key: ACCOUNT_B.key });
    expect(mine.status).toBe(200);
    expect(mine.text).toContain(`data-events="/status/${ACCOUNT_B.id}/acme-internal/events"`);
    expect(mine.text).not.toContain(ACCOUNT_A.id);
    // A public page's short address still offers the choice.
    expect((await server.call('GET', '/status/acme-cloud', { key: null })).status).toBe(300);
  });
});

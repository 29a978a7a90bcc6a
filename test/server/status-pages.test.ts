// docs/api-rules.md#status-pages: status pages with cards, masked keys and their latest incidents.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_B, expectError, expectSuccess, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';

/** The service `id` of `page` as a create body names it: { id, name, accountId }. */
function ref(page: any, id: string) {
  const service = page.cards.flatMap((card: any) => card.services).find((candidate: any) => candidate.id === id);
  return { id, name: service.name, accountId: service.accountId };
}

async function allPages(server: TestServer, key?: string) {
  return expectSuccess('listStatusPages', await server.call('GET', '/v1/status-pages?limit=100', { key }), 200).entries as any[];
}

describe('status pages', () => {
  it('lists the demo pages with cards, services of the account and masked keys', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const pages = await allPages(server);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.map((page) => page.name)).toContain('Acme Cloud');
    for (const page of pages) {
      expect(page.accountId).toBe('7d1c0000-0000-4000-8000-00000000000a');
      for (const card of page.cards)
        for (const service of card.services) expect(service.accountId).toBe('7d1c0000-0000-4000-8000-00000000000a');
      for (const key of page.keys) expect(key.maskedKey).toMatch(/^\*+[^*]{4}$/);
    }
    expect(pages.some((page) => page.keys.length > 0)).toBe(true);
    // The full demo key never leaves the server.
    const text = (await server.call('GET', '/v1/status-pages')).text;
    expect(text).not.toContain('spk_live_9Qd2mX4vTz81LrA7c0e5');
    expect(text).toContain('****c0e5');
  });

  it('pages through status pages with a cursor', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const all = await allPages(server);
    const first = expectSuccess('listStatusPages', await server.call('GET', '/v1/status-pages?limit=2'), 200);
    expect(first.length).toBe(2);
    const rest = expectSuccess('listStatusPages', await server.call('GET', `/v1/status-pages?limit=100&nextId=${first.nextId}`), 200);
    expect(rest.nextId).toBeNull();
    expect([...first.entries, ...rest.entries].map((page: any) => page.id)).toEqual(all.map((page) => page.id));
    expectError(await server.call('GET', '/v1/status-pages?limit=0'), 400);
  });

  it('embeds the latest 20 incidents touching one of the page’s services, newest first', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const [page] = await allPages(server);
    const pageServices = new Set<string>(page.cards.flatMap((card: any) => card.services.map((service: any) => service.id)));
    const otherPage = (await allPages(server)).find((candidate) =>
      candidate.cards.every((card: any) => card.services.every((service: any) => !pageServices.has(service.id))),
    );
    expect(otherPage).toBeDefined();
    const [serviceA, serviceB] = [...pageServices];
    const created: string[] = [];
    for (let i = 0; i < 22; i++) {
      // Some incidents touch two of the page's services: they must appear once.
      const services = (i % 2 ? [serviceA, serviceB] : [serviceA]).map((id) => ref(page, id!));
      const result = await server.call('POST', '/v1/status-pages/incidents', {
        body: { name: `on page ${i}`, severity: 'MINOR', services, incidentUpdates: [{ description: 'Investigating' }] },
      });
      created.push(expectSuccess('createIncident', result, 201).id);
    }
    const otherService = otherPage.cards[0].services[0].id;
    const elsewhere = await server.call('POST', '/v1/status-pages/incidents', {
      body: {
        name: 'elsewhere',
        severity: 'MINOR',
        services: [ref(otherPage, otherService!)],
        incidentUpdates: [{ description: 'Investigating' }],
      },
    });
    const elsewhereId = expectSuccess('createIncident', elsewhere, 201).id;

    const fetched = expectSuccess('getStatusPage', await server.call('GET', `/v1/status-pages/${page.id}`), 200);
    expect(fetched.incidents.map((incident: any) => incident.id)).toEqual(created.slice(2).reverse());
    const other = expectSuccess('getStatusPage', await server.call('GET', `/v1/status-pages/${otherPage.id}`), 200);
    expect(other.incidents[0].id).toBe(elsewhereId);
    expect(other.incidents.map((incident: any) => incident.id)).not.toContain(created[21]);
  });

  it('answers 404 for an unknown page and another account’s page', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const [page] = await allPages(server, ACCOUNT_B.key);
    expectSuccess('getStatusPage', await server.call('GET', `/v1/status-pages/${page.id}`, { key: ACCOUNT_B.key }), 200);
    expectError(await server.call('GET', '/v1/status-pages/00000000-0000-4000-8000-000000000000'), 404);
    // The demo data is copied per account: account B's incidents are not account A's.
    const incidentsA = expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents'), 200).entries;
    expectError(await server.call('GET', `/v1/status-pages/incidents/${incidentsA[0].id}`, { key: ACCOUNT_B.key }), 404);
  });
});

describe('runtimes', () => {
  it('lists the shipped catalog, newest first, across stages', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const runtimes = expectSuccess('listRuntimes', await server.call('GET', '/v1/runtimes'), 200) as any[];
    const names = runtimes.map((runtime) => runtime.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(names).toEqual(expect.arrayContaining(['2023.09', '2024.02', '2025.04']));
    expect(new Set(runtimes.map((runtime) => runtime.stage)).size).toBeGreaterThanOrEqual(3);
    expect(runtimes.find((runtime) => runtime.name === '2025.04')?.dependencies.playwright).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

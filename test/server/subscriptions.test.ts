// Services, a status page's subscriptions and the notifications they would get
// (docs/api-rules.md#services, #subscriptions, #notifications), per account, requests sent in process.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  expectError,
  expectSuccess,
  incidentBody,
  NOW,
  startTestServer,
  TWO_ACCOUNTS,
  type TestServer,
} from './helpers.js';

async function pages(server: TestServer, key = ACCOUNT_A.key): Promise<any[]> {
  return (await server.call('GET', '/v1/status-pages?limit=100', { key })).json.entries;
}

function subscribe(server: TestServer, pageId: string, addresses: string[], extra: Record<string, unknown> = {}, key = ACCOUNT_A.key) {
  return server.call('POST', `/v1/status-pages/${pageId}/subscriptions/bulk`, {
    key,
    body: { subscriptions: addresses.map((config) => ({ type: 'EMAIL', config })), ...extra },
  });
}

function subscriptionsOf(server: TestServer, pageId: string, key = ACCOUNT_A.key) {
  return server.call('GET', `/v1/status-pages/${pageId}/subscriptions`, { key });
}

describe('services', () => {
  it('lists the services the cards hold, each once, newest first, by cursor', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const onCards = new Map<string, any>();
    for (const page of await pages(server))
      for (const card of page.cards) for (const service of card.services) onCards.set(service.id, service);
    const all = expectSuccess('listServices', await server.call('GET', '/v1/status-pages/services?limit=100'), 200);
    expect(all.nextId).toBeNull();
    expect(all.length).toBe(onCards.size);
    expect(new Set(all.entries.map((service: any) => service.id))).toEqual(new Set(onCards.keys()));
    for (const service of all.entries) expect(service).toEqual(onCards.get(service.id));

    // Paged by two, the same services in the same order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '' : `&nextId=${encodeURIComponent(cursor)}`;
      const page = expectSuccess('listServices', await server.call('GET', `/v1/status-pages/services?limit=2${query}`), 200);
      expect(page.length).toBe(page.entries.length);
      seen.push(...page.entries.map((service: any) => service.id));
      cursor = page.nextId;
    } while (cursor !== null);
    expect(seen).toEqual(all.entries.map((service: any) => service.id));
    // paginated=false: all of them at once, whatever the limit.
    const unpaged = expectSuccess('listServices', await server.call('GET', '/v1/status-pages/services?limit=1&paginated=false'), 200);
    expect(unpaged.entries).toEqual(all.entries);
    expectError(await server.call('GET', '/v1/status-pages/services?paginated=no'), 400);
    expectError(await server.call('GET', '/v1/status-pages/services?nextId=bogus'), 400);
  });

  it('reads one by id; an unknown one and another account’s are 404', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const [service] = (await server.call('GET', '/v1/status-pages/services?limit=1')).json.entries;
    expect(expectSuccess('getService', await server.call('GET', `/v1/status-pages/services/${service.id}`), 200)).toEqual(service);
    expectError(await server.call('GET', `/v1/status-pages/services/${service.id}`, { key: ACCOUNT_B.key }), 404);
    expectError(await server.call('GET', '/v1/status-pages/services/00000000-0000-4000-8000-000000000000'), 404);
    const ofB = (await server.call('GET', '/v1/status-pages/services?limit=100', { key: ACCOUNT_B.key })).json.entries;
    expect(ofB.map((s: any) => s.id)).not.toContain(service.id);
    expect(ofB.every((s: any) => s.accountId === ACCOUNT_B.id)).toBe(true);
  });
});

describe('subscriptions', () => {
  it('creates them PENDING, skips an address already subscribed (in any letter case), and lists newest first', async () => {
    let now = NOW;
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => now });
    const [page] = await pages(server);
    const before = expectSuccess('listSubscriptions', await subscriptionsOf(server, page.id), 200);
    const created = expectSuccess('createSubscriptions', await subscribe(server, page.id, ['a@example.com', 'b@example.com']), 201);
    expect(created).toEqual({ created: 2, skipped: 0, status: 'PENDING' });
    now += 86_400_000;
    const again = expectSuccess(
      'createSubscriptions',
      await subscribe(server, page.id, ['A@Example.com', 'c@example.com', 'c@example.com'], { autoVerify: true }),
      201,
    );
    expect(again).toEqual({ created: 1, skipped: 2, status: 'VERIFIED' });
    const after = expectSuccess('listSubscriptions', await subscriptionsOf(server, page.id), 200);
    expect(after.length).toBe(before.length + 3);
    expect(after.slice(0, 3)).toEqual([
      {
        id: expect.any(String),
        type: 'EMAIL',
        address: 'c@example.com',
        status: 'VERIFIED',
        created_at: '2025-03-11',
        updated_at: '2025-03-11',
      },
      {
        id: expect.any(String),
        type: 'EMAIL',
        address: 'b@example.com',
        status: 'PENDING',
        created_at: '2025-03-10',
        updated_at: '2025-03-10',
      },
      {
        id: expect.any(String),
        type: 'EMAIL',
        address: 'a@example.com',
        status: 'PENDING',
        created_at: '2025-03-10',
        updated_at: '2025-03-10',
      },
    ]);
    // Another page of the account has subscriptions of its own.
    const other = (await pages(server)).find((candidate) => candidate.id !== page.id);
    expect(expectSuccess('listSubscriptions', await subscriptionsOf(server, other.id), 200).map((s: any) => s.address)).not.toContain(
      'a@example.com',
    );
  });

  it('refuses an address that is not one, naming the item, more than 100, none, and another type', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const [page] = await pages(server);
    const bad = expectError(await subscribe(server, page.id, ['ok@example.com', 'not an address']), 400);
    expect(bad.details).toEqual([{ path: 'subscriptions[1].config', message: 'expected an email address' }]);
    const many = Array.from({ length: 101 }, (_, i) => `user${i}@example.com`);
    expect(expectError(await subscribe(server, page.id, many), 400).details![0]!.path).toBe('subscriptions');
    expectSuccess('createSubscriptions', await subscribe(server, page.id, many.slice(0, 100)), 201);
    expect(expectError(await subscribe(server, page.id, []), 400).details![0]!.path).toBe('subscriptions');
    const sms = await server.call('POST', `/v1/status-pages/${page.id}/subscriptions/bulk`, {
      body: { subscriptions: [{ type: 'SMS', config: '+15550100' }] },
    });
    expect(expectError(sms, 400).details![0]!.path).toBe('subscriptions[0].type');
    // Nothing of a refused request was stored.
    const stored = (await subscriptionsOf(server, page.id)).json.map((s: any) => s.address);
    expect(stored).not.toContain('ok@example.com');
  });

  it('deletes one with 204; another page’s or another account’s is 404', async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    const [page, other] = await pages(server);
    expectSuccess('createSubscriptions', await subscribe(server, page.id, ['gone@example.com']), 201);
    const [subscription] = (await subscriptionsOf(server, page.id)).json;
    expectError(await server.call('DELETE', `/v1/status-pages/${other.id}/subscriptions/${subscription.id}`), 404);
    expectError(await server.call('DELETE', `/v1/status-pages/${page.id}/subscriptions/${subscription.id}`, { key: ACCOUNT_B.key }), 404);
    expectError(await subscriptionsOf(server, page.id, ACCOUNT_B.key), 404);
    expectError(await subscribe(server, page.id, ['b@example.com'], {}, ACCOUNT_B.key), 404);
    expectSuccess('deleteSubscription', await server.call('DELETE', `/v1/status-pages/${page.id}/subscriptions/${subscription.id}`), 204);
    expect((await subscriptionsOf(server, page.id)).json.map((s: any) => s.id)).not.toContain(subscription.id);
    expectError(await server.call('DELETE', `/v1/status-pages/${page.id}/subscriptions/${subscription.id}`), 404);
    expectError(await subscriptionsOf(server, '00000000-0000-4000-8000-000000000000'), 404);
  });

  it('verifies a PENDING one (reference only), idempotently', async () => {
    let now = NOW;
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => now });
    const [page] = await pages(server);
    expectSuccess('createSubscriptions', await subscribe(server, page.id, ['pending@example.com']), 201);
    const [subscription] = (await subscriptionsOf(server, page.id)).json;
    now += 86_400_000;
    const path = `/_reference/status-pages/${page.id}/subscriptions/${subscription.id}/verify`;
    const verified = expectSuccess('verifySubscription', await server.call('POST', path), 200);
    expect(verified).toEqual({ ...subscription, status: 'VERIFIED', updated_at: '2025-03-11' });
    expect(expectSuccess('verifySubscription', await server.call('POST', path), 200)).toEqual(verified);
    expectError(await server.call('POST', path, { key: ACCOUNT_B.key }), 404);
  });
});

describe('notifications (reference only)', () => {
  it('records one per VERIFIED subscriber of each page showing the incident, for each update sent with notifySubscribers', async () => {
    let now = NOW;
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => now });
    const incidentService = (await incidentBody(server)).services as { id: string }[];
    const showing = (await pages(server)).filter((page) =>
      page.cards.some((card: any) => card.services.some((service: any) => service.id === incidentService[0]!.id)),
    );
    expect(showing.length).toBeGreaterThan(0);
    for (const page of showing) {
      expectSuccess(
        'createSubscriptions',
        await subscribe(server, page.id, [`verified-${page.url}@example.com`], { autoVerify: true }),
        201,
      );
      expectSuccess('createSubscriptions', await subscribe(server, page.id, [`pending-${page.url}@example.com`]), 201);
    }
    const verified = new Map<string, string[]>();
    for (const page of showing) {
      const subscriptions = (await subscriptionsOf(server, page.id)).json;
      verified.set(
        page.id,
        subscriptions.filter((s: any) => s.status === 'VERIFIED').map((s: any) => s.address),
      );
    }
    const expected = [...verified.values()].flat().length;

    // Created without notifying: nothing.
    const quiet = expectSuccess(
      'createIncident',
      await server.call('POST', '/v1/status-pages/incidents', { body: await incidentBody(server) }),
      201,
    );
    expect(expectSuccess('listNotifications', await server.call('GET', '/_reference/notifications'), 200)).toEqual([]);

    const body = await incidentBody(server, { incidentUpdates: [{ description: 'We are looking into it', notifySubscribers: true }] });
    const incident = expectSuccess('createIncident', await server.call('POST', '/v1/status-pages/incidents', { body }), 201);
    const first = expectSuccess('listNotifications', await server.call('GET', '/_reference/notifications'), 200);
    expect(first).toHaveLength(expected);
    for (const notification of first) {
      expect(notification).toEqual({
        id: expect.any(String),
        statusPageId: expect.any(String),
        address: expect.any(String),
        incidentId: incident.id,
        incidentUpdateId: incident.incidentUpdates[0].id,
        status: 'INVESTIGATING',
        description: 'We are looking into it',
        created_at: new Date(NOW).toISOString(),
      });
      expect(verified.get(notification.statusPageId)).toContain(notification.address);
    }

    now += 60_000;
    const path = `/v1/status-pages/incidents/${incident.id}/incident-updates`;
    const resolved = expectSuccess(
      'createIncidentUpdate',
      await server.call('POST', path, { body: { description: 'Fixed', status: 'RESOLVED', notifySubscribers: true } }),
      200,
    );
    now += 60_000;
    // A change notifies when it says so; one without the flag does not, whatever the update says.
    expectSuccess(
      'updateIncidentUpdate',
      await server.call('PUT', `${path}/${resolved.id}`, { body: { description: 'Fixed for good' } }),
      200,
    );
    expectSuccess(
      'updateIncidentUpdate',
      await server.call('PUT', `${path}/${resolved.id}`, { body: { description: 'Fixed, with a note', notifySubscribers: true } }),
      200,
    );
    expectSuccess(
      'createIncidentUpdate',
      await server.call('POST', `/v1/status-pages/incidents/${quiet.id}/incident-updates`, { body: { description: 'quiet' } }),
      200,
    );

    const all = expectSuccess('listNotifications', await server.call('GET', '/_reference/notifications'), 200);
    expect(all).toHaveLength(3 * expected);
    // Newest first.
    expect(all.slice(0, expected).every((n: any) => n.description === 'Fixed, with a note' && n.status === 'RESOLVED')).toBe(true);
    expect(all.slice(expected, 2 * expected).every((n: any) => n.description === 'Fixed')).toBe(true);
    expect(all.slice(2 * expected).map((n: any) => n.id)).toEqual(first.map((n: any) => n.id));
    const filtered = expectSuccess(
      'listNotifications',
      await server.call('GET', `/_reference/notifications?incidentId=${incident.id}`),
      200,
    );
    expect(filtered).toEqual(all);
    expect(expectSuccess('listNotifications', await server.call('GET', `/_reference/notifications?incidentId=${quiet.id}`), 200)).toEqual(
      [],
    );
    // Another account sees none of them.
    expect(expectSuccess('listNotifications', await server.call('GET', '/_reference/notifications', { key: ACCOUNT_B.key }), 200)).toEqual(
      [],
    );
    expectError(await server.call('GET', '/_reference/notifications?incidentId='), 400);
  });
});

// What the request path reuses between requests, and that it never lets a request through that a
// fresh check would refuse: a key found once on a kept-alive connection is not hashed again for
// the same Authorization header there, and a query string validated once for an operation is
// not validated again for it. Real connections, kept alive by a one-socket agent; every request
// says whether it went over the connection already open, so the cases below are known to run on
// one connection.
import http from 'node:http';
import { queryObjects } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';

const A = { id: '7d1c0000-0000-4000-8000-00000000000a', key: 'key-a-0123456789abcdef' };
const B = { id: '92fe0000-0000-4000-8000-00000000000b', key: 'key-b-fedcba9876543210' };

interface Answer {
  status: number;
  json: any;
  /** Sent over a connection a previous request had used. */
  reused: boolean;
}

const agents: http.Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

/** GETs over one kept-alive connection (while the server keeps it). */
function connection(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return (path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.get(`${url}${path}`, { agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text), reused: req.reusedSocket }));
      });
      req.on('error', reject);
    });
}

/**
 * The servers here keep an idle connection far longer than any test takes: with the default
 * idle timeout, a test process blocked for a moment (a full collection below, a loaded machine)
 * can run the server's overdue idle timer just as the client sends on that connection, a reset
 * that says nothing of what is tested.
 */
const KEPT = { idleTimeoutMs: 600_000 };

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** The account whose services an answer lists. */
const accountOf = (answer: Answer) => {
  expect(answer.status).toBe(200);
  return new Set(answer.json.entries.map((service: { accountId: string }) => service.accountId));
};

describe('a key on a kept-alive connection', () => {
  it('is checked again whenever the header differs from the one that passed there', async () => {
    const server = await startTestServer({ ...KEPT, accounts: [A, B] });
    const get = connection(server.url);
    const services = '/v1/status-pages/services';

    expect(accountOf(await get(services, bearer(A.key)))).toEqual(new Set([A.id]));
    // The same length as A's key, one character off; then no key, then a malformed header.
    const wrong = await get(services, bearer(`${A.key.slice(0, -1)}0`));
    expect([wrong.status, wrong.reused]).toEqual([401, true]);
    expect((await get(services)).status).toBe(401);
    expect((await get(services, { authorization: `Basic ${A.key}` })).status).toBe(401);
    // Another account's key on the same connection is that account's, and A's is A's again.
    const asB = await get(services, bearer(B.key));
    expect([asB.reused, accountOf(asB)]).toEqual([true, new Set([B.id])]);
    expect(accountOf(await get(services, bearer(A.key)))).toEqual(new Set([A.id]));
    // The account named in x-service-account is checked whenever it differs from the one that
    // passed there with this key: its form (400), then its account (403).
    const claimed = await get(services, { ...bearer(A.key), 'x-service-account': B.id });
    expect([claimed.status, claimed.reused]).toEqual([403, true]);
    expect(accountOf(await get(services, { ...bearer(A.key), 'x-service-account': A.id }))).toEqual(new Set([A.id]));
    expect(accountOf(await get(services, { ...bearer(A.key), 'x-service-account': A.id }))).toEqual(new Set([A.id]));
    const malformed = await get(services, { ...bearer(A.key), 'x-service-account': 'acct-1' });
    expect([malformed.status, malformed.json.message, malformed.reused]).toEqual([400, '"x-service-account" must be a valid GUID', true]);
    expect((await get(services, { ...bearer(A.key), 'x-service-account': B.id })).status).toBe(403);
    // A's header that passed with A's key does not pass with B's, nor with a wrong key.
    expect(accountOf(await get(services, { ...bearer(A.key), 'x-service-account': A.id }))).toEqual(new Set([A.id]));
    expect((await get(services, { ...bearer(B.key), 'x-service-account': A.id })).status).toBe(403);
    expect((await get(services, { ...bearer(`${A.key.slice(0, -1)}0`), 'x-service-account': A.id })).status).toBe(401);
    expect(accountOf(await get(services, { ...bearer(B.key), 'x-service-account': B.id }))).toEqual(new Set([B.id]));
  });

  it('passes on a new connection only after its own check', async () => {
    const server = await startTestServer({ ...KEPT, accounts: [A, B] });
    const first = connection(server.url);
    expect((await first('/v1/runtimes', bearer(A.key))).status).toBe(200);
    const second = connection(server.url);
    const refused = await second('/v1/runtimes', bearer(`${A.key}x`));
    expect([refused.status, refused.reused]).toEqual([401, false]);
    expect((await second('/v1/runtimes', bearer(A.key))).status).toBe(200);
  });
});

describe('a query string validated before', () => {
  it('is validated for each operation by its own schema, and a refused one is refused every time', async () => {
    const server = await startTestServer({ ...KEPT, accounts: [A] });
    const get = connection(server.url);
    const auth = bearer(A.key);

    for (let i = 0; i < 2; i++) {
      const page = await get('/v1/status-pages/incidents?limit=2', auth);
      expect([page.status, page.json.entries.length]).toEqual([200, 2]);
    }
    // The same string on an operation whose query has no limit.
    const notifications = await get('/_reference/notifications?limit=2', auth);
    expect(notifications.status).toBe(400);
    expect(JSON.stringify(notifications.json.details)).toContain('limit');
    for (let i = 0; i < 2; i++) {
      const refused = await get('/v1/status-pages/incidents?limit=200', auth);
      expect(refused.status).toBe(400);
      expect(refused.json.details).toEqual([expect.objectContaining({ path: 'limit' })]);
      expect((await get('/v1/status-pages/incidents?limit=2&limit=2', auth)).status).toBe(400);
    }
    // A page read with a cursor is the next page, as often as it is read.
    const first = await get('/v1/status-pages/incidents?limit=2', auth);
    const path = `/v1/status-pages/incidents?limit=2&nextId=${first.json.nextId}`;
    const next = await get(path, auth);
    expect(next.json.entries[0].id).not.toBe(first.json.entries[0].id);
    expect((await get(path, auth)).json).toEqual(next.json);
  });
});

describe('a connection kept alive between requests', () => {
  it('holds nothing of the requests it has had answered', async () => {
    const server = await startTestServer({ ...KEPT, accounts: [A] });
    // After a full collection (queryObjects makes one): the responses still referenced anywhere.
    const liveResponses = () => queryObjects(http.ServerResponse, { format: 'count' }) as number;
    const before = liveResponses();
    const gets = Array.from({ length: 8 }, () => connection(server.url));
    for (let i = 0; i < 3; i++) {
      const answers = await Promise.all(gets.map((get) => get('/v1/status-pages/incidents?limit=2', bearer(A.key))));
      expect(answers.map((answer) => [answer.status, answer.reused])).toEqual(gets.map(() => [200, i > 0]));
    }
    // The eight connections are still open: a response kept past its answer, for each, would make
    // every answered request outlive a young-generation collection (and the connections' memory grow).
    expect(liveResponses()).toBeLessThanOrEqual(before);
    const again = await gets[0]!('/v1/runtimes', bearer(A.key));
    expect([again.status, again.reused]).toEqual([200, true]);
  });
});

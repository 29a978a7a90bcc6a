// docs/api-rules.md#authentication-and-accounts and #errors: auth, routing, body checks, validation and their order; the error body.
import { connect } from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/contract/openapi.js';
import { operations } from '../../src/contract/operations.js';
import { testClock } from '../support/clock.js';
import { useTestServer } from '../support/server.js';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  NOW,
  expectError,
  expectSuccess,
  incidentBody,
  someServices,
  startTestServer,
  TWO_ACCOUNTS,
} from './helpers.js';

// One server for the tests that need nothing of their own (a rate limit, a clock, a log): what
// they send is refused or reads, or adds records no other test reads.
const shared = useTestServer(TWO_ACCOUNTS);

/** Sends `text` on a new connection (then half-closes it when `halfClose`) and resolves with all the server wrote. */
function rawExchange(port: number, text: string, { halfClose = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
    socket.write(text);
    if (halfClose) socket.end();
  });
}

/** A request whose body stops after 10 of its announced 100 bytes. */
const CUT_SHORT =
  `POST /_reference/error-events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACCOUNT_A.key}\r\n` +
  'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"checkId"';

/** The JSON error body of a raw answer, after checking its status line. */
function rawError(raw: string, status: number): { statusCode: number; message: string } {
  expect(raw).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
  expect(body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  return body;
}

describe('authentication (401/403)', () => {
  it('refuses a request without, with a malformed or with an unknown key', async () => {
    const { server } = shared;
    expectError(await server.call('GET', '/v1/runtimes', { key: null }), 401);
    expectError(await server.call('GET', '/v1/runtimes', { key: null, headers: { authorization: `Basic ${ACCOUNT_A.key}` } }), 401);
    expectError(await server.call('GET', '/v1/runtimes', { key: null, headers: { authorization: 'Bearer' } }), 401);
    const unknown = expectError(await server.call('GET', '/v1/runtimes', { key: 'not-a-key-at-all-9999' }), 401);
    expect(unknown.message).not.toContain('not-a-key-at-all-9999');
    // A key that is a prefix of a real one is not accepted either.
    expectError(await server.call('GET', '/v1/runtimes', { key: ACCOUNT_A.key.slice(0, -1) }), 401);
  });

  it('uses the key’s account when x-service-account is absent and refuses another account with 403', async () => {
    const { server } = shared;
    expectSuccess('listRuntimes', await server.call('GET', '/v1/runtimes'), 200);
    expectSuccess('listRuntimes', await server.call('GET', '/v1/runtimes', { headers: { 'x-service-account': ACCOUNT_A.id } }), 200);
    const forbidden = expectError(await server.call('GET', '/v1/runtimes', { headers: { 'x-service-account': ACCOUNT_B.id } }), 403);
    expect(forbidden.error).toBe('Forbidden');
  });

  it('checks auth before the route: an unknown path without a key is 401, with a key 404', async () => {
    const { server } = shared;
    expectError(await server.call('GET', '/v1/nothing-here', { key: null }), 401);
    expectError(await server.call('GET', '/v1/nothing-here'), 404);
  });

  it('answers an x-service-account that is not a UUID with the hosted API’s 400, naming the header, after the key', async () => {
    const { server } = shared;
    for (const [path, op] of [
      ['/v1/runtimes', 'listRuntimes'],
      ['/v1/status-pages/incidents', 'listIncidents'],
    ] as const) {
      const result = await server.call('GET', path, { headers: { 'x-service-account': 'acct-1' } });
      expect(expectError(result, 400)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: '"x-service-account" must be a valid GUID',
        details: [{ path: 'x-service-account', message: 'must be a valid GUID' }],
      });
      expect(operations[op].errors).toContain(400);
    }
    // A request whose key does not pass learns nothing of its account header.
    expectError(await server.call('GET', '/v1/runtimes', { key: 'wrong-key-abcdefgh', headers: { 'x-service-account': 'acct-1' } }), 401);
  });

  it('does not echo a key put in x-service-account (settings swapped) in its 400', async () => {
    const { server } = shared;
    const result = await server.call('GET', '/v1/runtimes', { headers: { 'x-service-account': ACCOUNT_B.key } });
    expectError(result, 400);
    for (let start = 0; start + 8 <= ACCOUNT_B.key.length; start++)
      expect(result.text).not.toContain(ACCOUNT_B.key.slice(start, start + 8));
  });

  it('never writes a key to the log', async () => {
    const { server } = shared;
    await server.call('GET', '/v1/status-pages');
    await server.call('GET', '/v1/status-pages', { key: 'wrong-key-abcdefgh' });
    await server.logged(/^GET \/v1\/status-pages 200 [\d.]+ms$/);
    await server.logged(/^GET \/v1\/status-pages 401 /);
    const log = server.logs.join('\n');
    expect(log).not.toContain(ACCOUNT_A.key);
    expect(log).not.toContain('wrong-key-abcdefgh');
  });
});

describe('routing (404/405)', () => {
  it('answers 405 with Allow for a known path and a wrong method, the methods of its rows in the table', async () => {
    const { server } = shared;
    const methodsByPath = new Map<string, Set<string>>();
    for (const op of Object.values(operations)) {
      if (!methodsByPath.has(op.path)) methodsByPath.set(op.path, new Set());
      methodsByPath.get(op.path)!.add(op.method);
    }
    expect(methodsByPath.get('/v1/status-pages/incidents')).toEqual(new Set(['GET', 'POST']));
    // A path of the table with `x` for its ids; another row's path with a parameter where this one
    // has a literal segment (`.../subscriptions/bulk` is also `.../subscriptions/{subscriptionId}`) matches it too.
    const matches = (template: string, path: string) => {
      const want = template.split('/');
      const have = path.split('/');
      return want.length === have.length && want.every((segment, i) => segment === have[i] || /^\{\w+\}$/.test(segment));
    };
    for (const [template, methods] of methodsByPath) {
      const path = template.replace(/\{\w+\}/g, 'x');
      const allowed = new Set([...methodsByPath].filter(([other]) => matches(other, path)).flatMap(([, taken]) => [...taken]));
      expect(allowed).toEqual(expect.objectContaining(methods));
      const wrong = ['PATCH', 'PUT', 'DELETE', 'POST', 'GET'].find((method) => !allowed.has(method))!;
      const result = await server.call(wrong, path, wrong === 'GET' ? {} : { body: {} });
      expectError(result, 405);
      expect(result.headers.get('allow'), `${wrong} ${template}`).toBe([...allowed].sort().join(', '));
    }
  });

  it('takes a request target starting with // as a path: 401 without a key, 404 with one, never a 500', async () => {
    const { server } = shared;
    for (const target of ['//', '//x:99999/', '//v1/runtimes']) {
      rawError(await rawExchange(server.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), 401);
      const known = `GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACCOUNT_A.key}\r\nConnection: close\r\n\r\n`;
      rawError(await rawExchange(server.port, known), 404);
    }
    expect(server.logs.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('answers 404 for unknown paths and a trailing slash', async () => {
    const { server } = shared;
    expectError(await server.call('GET', '/v2/status-pages'), 404);
    expectError(await server.call('GET', '/v1/runtimes/'), 404);
  });

  it('routes the literal path before a template (incidents is not a status page id)', async () => {
    const { server } = shared;
    expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents'), 200);
  });

  it('serves the OpenAPI document without a key', async () => {
    const { server } = shared;
    const result = await server.call('GET', '/openapi.json', { key: null });
    expect(result.status).toBe(200);
    expect(result.json).toEqual(buildOpenApiDocument(server.url));
    expect(Object.keys(result.json.paths)).toContain('/v1/status-pages/incidents');
  });
});

describe('body size and type (413/415)', () => {
  it('answers 413 for a body over 1 MiB, before looking at its type', async () => {
    const { server } = shared;
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    expectError(
      await server.call('POST', '/v1/status-pages/incidents', { rawBody: big, headers: { 'content-type': 'application/json' } }),
      413,
    );
    expectError(await server.call('POST', '/v1/status-pages/incidents', { rawBody: big, headers: { 'content-type': 'text/plain' } }), 413);
    // The connection is still usable afterwards.
    expectSuccess('listRuntimes', await server.call('GET', '/v1/runtimes'), 200);
  });

  it('answers 415 for a body that is not application/json', async () => {
    const { server } = shared;
    const body = JSON.stringify({ archivedUntilNextEvent: true });
    expectError(await server.call('PATCH', '/v1/error-groups/x', { rawBody: body, headers: { 'content-type': 'text/plain' } }), 415);
    expectError(await server.call('PATCH', '/v1/error-groups/x', { rawBody: Buffer.from(body) }), 415);
  });

  it('checks the body before looking up ids (415 and 400 win over 404)', async () => {
    const { server } = shared;
    expectError(await server.call('PATCH', '/v1/error-groups/unknown', { rawBody: 'x', headers: { 'content-type': 'text/plain' } }), 415);
    expectError(await server.call('PATCH', '/v1/error-groups/unknown', { body: { archived: true } }), 400);
    expectError(await server.call('PATCH', '/v1/error-groups/unknown', { body: { archivedUntilNextEvent: true } }), 404);
  });

  it('ignores a body on a GET', async () => {
    const { server } = shared;
    const response = await request(`${server.url}/v1/runtimes`, {
      method: 'GET',
      headers: { authorization: `Bearer ${ACCOUNT_A.key}`, 'content-type': 'text/plain' },
      body: 'this is not JSON',
    });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(await response.body.json())).toBe(true);
  });
});

describe('validation (400)', () => {
  it('refuses malformed JSON', async () => {
    const { server } = shared;
    const error = expectError(
      await server.call('POST', '/v1/status-pages/incidents', { rawBody: '{"name": ', headers: { 'content-type': 'application/json' } }),
      400,
    );
    expect(error.message).toMatch(/malformed JSON/);
  });

  it('lists one detail per bad field, unknown fields as "is not allowed"', async () => {
    const { server } = shared;
    const [service] = await someServices(server);
    const error = expectError(
      await server.call('POST', '/v1/status-pages/incidents', {
        body: { name: '', severity: 'HUGE', services: [{ ...service, color: 'red' }], incidentUpdates: [{ description: 'd' }], foo: 1 },
      }),
      400,
    );
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: expect.any(String) },
        { path: 'severity', message: 'expected one of CRITICAL, MAJOR, MEDIUM, MINOR' },
        { path: 'services[0].color', message: '"color" is not allowed' },
        { path: 'foo', message: '"foo" is not allowed' },
      ]),
    );
    expect(error.details).toHaveLength(4);
  });

  it('refuses null in an optional field that is not nullable, and accepts it where it is', async () => {
    const { server } = shared;
    const error = expectError(
      await server.call('POST', '/v1/status-pages/incidents', {
        body: await incidentBody(server, { incidentUpdates: [{ description: 'd', notifySubscribers: null }] }),
      }),
      400,
    );
    expect(error.details).toEqual([{ path: 'incidentUpdates[0].notifySubscribers', message: 'expected boolean' }]);
    const group = await server.call('POST', '/_reference/error-events', { body: { checkId: 'c1', rawErrorMessage: 'boom' } });
    expectSuccess(
      'requestRootCauseAnalysis',
      await server.call('POST', `/v1/root-cause-analyses/test-session-error-groups/${group.json.id}`, { body: { userContext: null } }),
      202,
    );
  });

  it('requires a body where the operation does', async () => {
    const { server } = shared;
    const error = expectError(await server.call('POST', '/v1/status-pages/incidents'), 400);
    expect(error.details).toEqual([{ path: 'body', message: 'required' }]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=', 'limit'],
    ['limit=5&limit=6', 'limit'],
    ['nextId=', 'nextId'],
    ['nextId=garbage', 'nextId'],
    ['sort=name', 'sort'],
  ])('refuses the incidents query %s', async (query, path) => {
    const { server } = shared;
    const error = expectError(await server.call('GET', `/v1/status-pages/incidents?${query}`), 400);
    expect(error.details?.map((detail) => detail.path)).toContain(path);
  });

  it('accepts the bounds of limit', async () => {
    const { server } = shared;
    expect(expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents?limit=1'), 200).length).toBe(1);
    expectSuccess('listIncidents', await server.call('GET', '/v1/status-pages/incidents?limit=100'), 200);
  });
});

describe('rate limit (429)', () => {
  it('answers 429 with Retry-After past the limit, per key', async () => {
    // The clock stands still, so the bucket does not refill during the test.
    const server = await startTestServer({ ...TWO_ACCOUNTS, rateLimit: 2, now: () => NOW });
    expect((await server.call('GET', '/v1/runtimes')).status).toBe(200);
    expect((await server.call('GET', '/v1/runtimes')).status).toBe(200);
    const limited = await server.call('GET', '/v1/runtimes');
    expectError(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another key has its own bucket.
    expect((await server.call('GET', '/v1/runtimes', { key: ACCOUNT_B.key })).status).toBe(200);
  });

  it('refills the bucket as time passes', async () => {
    const clock = testClock();
    const server = await startTestServer({ ...TWO_ACCOUNTS, rateLimit: 1, now: clock.now });
    expect((await server.call('GET', '/v1/runtimes')).status).toBe(200);
    expect((await server.call('GET', '/v1/runtimes')).status).toBe(429);
    clock.advance(1000);
    expect((await server.call('GET', '/v1/runtimes')).status).toBe(200);
  });
});

describe('failures', () => {
  it('answers a request the HTTP parser rejects with the JSON error body', async () => {
    const { server } = shared;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
      socket.write('POST /v1/status-pages/incidents HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining('could not be parsed') });
  });

  it('answers a body cut short by the client (its side closed) with a 400', async () => {
    const { server } = shared;
    rawError(await rawExchange(server.port, CUT_SHORT, { halfClose: true }), 400);
    expect(server.logs.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('logs no bug when a client hangs up in the middle of a body, and goes on serving', async () => {
    const logs: string[] = [];
    let hungUp!: () => void;
    const logged = new Promise<void>((resolve) => (hungUp = resolve));
    const server = await startTestServer({
      ...TWO_ACCOUNTS,
      log: (line) => {
        logs.push(line);
        if (line.includes('unparsable request')) hungUp();
      },
    });
    const socket = connect(server.port, '127.0.0.1');
    socket.write(CUT_SHORT, () => socket.destroy());
    // The server logs the request it could not finish reading, as such, not as a bug.
    await logged;
    expectSuccess('listRuntimes', await server.call('GET', '/v1/runtimes'), 200);
    expect(logs.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('answers a bug with the generic 500 body, no stack, and logs it', async () => {
    let broken = false;
    const server = await startTestServer({
      ...TWO_ACCOUNTS,
      now: () => {
        if (broken) throw new Error('clock exploded');
        return NOW;
      },
    });
    const body = await incidentBody(server);
    broken = true;
    const result = await server.call('POST', '/v1/status-pages/incidents', { body });
    const error = expectError(result, 500);
    expect(error.message).not.toMatch(/clock exploded|at /);
    expect(server.logs.some((line) => line.includes('clock exploded') && line.includes('POST /v1/status-pages/incidents'))).toBe(true);
  });
});

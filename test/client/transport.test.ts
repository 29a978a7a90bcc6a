// The transport against msw handlers (bridged to undici): retries, backoff, timeouts and the
// mapping of every kind of failure to a one-line ApiError.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  API_KEY,
  BASE_URL,
  apiFailure,
  closeHarnesses,
  errorGroup,
  harness,
  incident,
  incidentUpdate,
  newIncident,
  runtime,
} from './helpers.js';

const RUNTIMES = `${BASE_URL}/v1/runtimes`;
const UPDATE = `${BASE_URL}/v1/status-pages/incidents/inc-1/incident-updates/upd-1`;
const INCIDENTS = `${BASE_URL}/v1/status-pages/incidents`;
const ERROR_GROUP = `${BASE_URL}/v1/error-groups/grp-1`;
const updateParams = { incidentId: 'inc-1', incidentUpdateId: 'upd-1' };

/** A handler answering each call with the next of `replies` (the last one repeats). */
function sequence(replies: Array<() => Response>): { resolver: () => Response; calls: () => number } {
  let calls = 0;
  return {
    resolver: () => replies[Math.min(calls++, replies.length - 1)]!(),
    calls: () => calls,
  };
}

const unavailable = () => HttpResponse.json({ statusCode: 503, error: 'Service Unavailable', message: 'try later' }, { status: 503 });

afterEach(closeHarnesses);

describe('retries', () => {
  it('waits for Retry-After (seconds) after a 429, then succeeds', async () => {
    const replies = sequence([
      () =>
        HttpResponse.json(
          { statusCode: 429, error: 'Too Many Requests', message: 'slow down' },
          { status: 429, headers: { 'retry-after': '2' } },
        ),
      () => HttpResponse.json([runtime]),
    ]);
    const { client, sleeps, events } = harness([http.get(RUNTIMES, replies.resolver)]);

    await expect(client.listRuntimes({})).resolves.toEqual([runtime]);
    expect(replies.calls()).toBe(2);
    expect(sleeps).toEqual([2000]);
    expect(events.map((e) => [e.attempt, e.status, e.retryInMs])).toEqual([
      [1, 429, 2000],
      [2, 200, undefined],
    ]);
  });

  it('reads Retry-After given as an HTTP-date', async () => {
    const inThreeSeconds = new Date(Date.now() + 3_000).toUTCString();
    const replies = sequence([
      () => new HttpResponse(null, { status: 429, headers: { 'retry-after': inThreeSeconds } }),
      () => HttpResponse.json([runtime]),
    ]);
    const { client, sleeps } = harness([http.get(RUNTIMES, replies.resolver)]);

    await client.listRuntimes({});
    expect(replies.calls()).toBe(2);
    // The date has whole-second precision, so 2 or 3 seconds from now; never the 250 ms backoff.
    expect(sleeps).toHaveLength(1);
    expect([2000, 3000]).toContain(sleeps[0]);
  });

  it('does not wait for a Retry-After that would end past maxWaitMs (default 60 s) and reports it instead', async () => {
    const replies = sequence([() => new HttpResponse(null, { status: 429, headers: { 'retry-after': '600' } })]);
    const { client, sleeps } = harness([http.get(RUNTIMES, replies.resolver)]);

    const error = await apiFailure(client.listRuntimes({}));
    expect(replies.calls()).toBe(1);
    expect(sleeps).toEqual([]);
    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfter: 600 });
    expect(error.message).toContain('retry after 600 s');
  });

  it('gives up on a 429 once the next wait would end past maxWaitMs, keeping retryAfter; retries do not count 429s', async () => {
    const replies = sequence([
      () =>
        HttpResponse.json(
          { statusCode: 429, error: 'Too Many Requests', message: 'rate limit exceeded' },
          { status: 429, headers: { 'retry-after': '1' } },
        ),
    ]);
    const { client, sleeps } = harness([http.get(RUNTIMES, replies.resolver)], { retries: 0, maxWaitMs: 3000 });

    const error = await apiFailure(client.listRuntimes({}));
    expect(replies.calls()).toBe(4);
    expect(sleeps).toEqual([1000, 1000, 1000]);
    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfter: 1, serverMessage: 'rate limit exceeded' });
    expect(error.message).toBe('429 Too Many Requests: rate limit exceeded, retry after 1 s (GET /v1/runtimes, 4 attempts)');
  });

  it('retries a 503 with exponential backoff and jitter, then succeeds', async () => {
    const replies = sequence([unavailable, unavailable, () => HttpResponse.json([runtime])]);
    const { client, sleeps } = harness([http.get(RUNTIMES, replies.resolver)], { retryBaseMs: 400 });

    await expect(client.listRuntimes({})).resolves.toEqual([runtime]);
    expect(replies.calls()).toBe(3);
    expect(sleeps).toHaveLength(2);
    // Equal jitter: retry n waits between half and all of base * 2^(n-1).
    expect(sleeps[0]).toBeGreaterThanOrEqual(200);
    expect(sleeps[0]).toBeLessThanOrEqual(400);
    expect(sleeps[1]).toBeGreaterThanOrEqual(400);
    expect(sleeps[1]).toBeLessThanOrEqual(800);
  });

  it.each([502, 504])('gives up after repeated %i answers with an http ApiError', async (status) => {
    const replies = sequence([() => new HttpResponse('upstream trouble', { status })]);
    const { client, events } = harness([http.get(RUNTIMES, replies.resolver)], { retries: 2 });

    const error = await apiFailure(client.listRuntimes({}));
    expect(replies.calls()).toBe(3);
    expect(events.map((e) => e.attempt)).toEqual([1, 2, 3]);
    expect(error).toMatchObject({ kind: 'http', status });
    expect(error.message).toMatch(new RegExp(`^${status} .*"upstream trouble" \\(GET /v1/runtimes, 3 attempts\\)$`));
  });

  it('retries a PUT (idempotent)', async () => {
    const replies = sequence([unavailable, () => HttpResponse.json(incidentUpdate)]);
    const { client } = harness([http.put(UPDATE, replies.resolver)]);

    await client.updateIncidentUpdate({ params: updateParams, body: { description: 'fixed' } });
    expect(replies.calls()).toBe(2);
  });

  it('never retries a POST, even on a 503', async () => {
    const replies = sequence([unavailable, () => HttpResponse.json({}, { status: 201 })]);
    const { client, sleeps } = harness([http.post(INCIDENTS, replies.resolver)]);

    const error = await apiFailure(client.createIncident({ body: newIncident }));
    expect(replies.calls()).toBe(1);
    expect(sleeps).toEqual([]);
    expect(error).toMatchObject({ kind: 'http', status: 503, serverMessage: 'try later' });
  });

  it('retries a 429 after Retry-After whatever the method: a POST refused by the rate limit was not applied', async () => {
    const tooMany = () =>
      HttpResponse.json(
        { statusCode: 429, error: 'Too Many Requests', message: 'rate limit exceeded' },
        { status: 429, headers: { 'retry-after': '1' } },
      );
    const replies = sequence([tooMany, () => HttpResponse.json(incident, { status: 201 })]);
    const { client, sleeps } = harness([http.post(INCIDENTS, replies.resolver)]);

    await client.createIncident({ body: newIncident });
    expect(replies.calls()).toBe(2);
    expect(sleeps).toEqual([1000]);
  });

  it('retries the error group PATCH like a PUT: it sets values, so repeating it changes nothing', async () => {
    const replies = sequence([() => new HttpResponse(null, { status: 502 }), () => HttpResponse.json(errorGroup)]);
    const { client } = harness([http.patch(ERROR_GROUP, replies.resolver)]);

    await client.updateErrorGroup({ params: { id: 'grp-1' }, body: { archiveForEver: true } });
    expect(replies.calls()).toBe(2);
  });

  it('a 429 is retried until maxWaitMs, for a PATCH too; Retry-After: 0 falls back to the backoff', async () => {
    const replies = sequence([() => new HttpResponse(null, { status: 429, headers: { 'retry-after': '0' } })]);
    const { client, sleeps } = harness([http.patch(ERROR_GROUP, replies.resolver)], { retries: 0, maxWaitMs: 5000 });

    const error = await apiFailure(client.updateErrorGroup({ params: { id: 'grp-1' }, body: { archiveForEver: true } }));
    expect(replies.calls()).toBeGreaterThan(3);
    expect(replies.calls()).toBe(sleeps.length + 1);
    // Backoff from 250 ms, doubling: never a retry storm, and the deadline holds.
    expect(Math.min(...sleeps)).toBeGreaterThanOrEqual(125);
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(5000);
    expect(error).toMatchObject({ status: 429, retryAfter: 0 });
  });

  it('a failure after 429s does not count the attempts the rate limit refused', async () => {
    const tooMany = () => new HttpResponse(null, { status: 429, headers: { 'retry-after': '1' } });
    const replies = sequence([
      tooMany,
      tooMany,
      () => HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'error group "grp-1" not found' }, { status: 404 }),
    ]);
    const { client, events } = harness([http.patch(ERROR_GROUP, replies.resolver)]);

    const error = await apiFailure(client.updateErrorGroup({ params: { id: 'grp-1' }, body: { archiveForEver: true } }));
    expect(events.map((event) => [event.attempt, event.status])).toEqual([
      [1, 429],
      [2, 429],
      [3, 404],
    ]);
    expect(error.message).toBe('404 Not Found: error group "grp-1" not found (PATCH /v1/error-groups/grp-1)');
  });

  it('does not retry other statuses (500, 404)', async () => {
    const replies = sequence([() => new HttpResponse(null, { status: 500 })]);
    const { client } = harness([http.get(RUNTIMES, replies.resolver)]);

    await apiFailure(client.listRuntimes({}));
    expect(replies.calls()).toBe(1);
  });

  it('retries a reset connection on GET and then succeeds', async () => {
    const replies = sequence([() => HttpResponse.error(), () => HttpResponse.json([runtime])]);
    const { client, events } = harness([http.get(RUNTIMES, replies.resolver)]);

    await expect(client.listRuntimes({})).resolves.toEqual([runtime]);
    expect(replies.calls()).toBe(2);
    expect(events[0]).toMatchObject({ attempt: 1, error: 'ECONNRESET' });
    expect(events[0]!.status).toBeUndefined();
  });

  it('reports a connection reset on every attempt as a network ApiError', async () => {
    const replies = sequence([() => HttpResponse.error()]);
    const { client } = harness([http.get(RUNTIMES, replies.resolver)], { retries: 1 });

    const error = await apiFailure(client.listRuntimes({}));
    expect(replies.calls()).toBe(2);
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('connection reset (ECONNRESET) to http://api.test (GET /v1/runtimes, 2 attempts)');
  });

  it('does not retry a reset connection on POST', async () => {
    const replies = sequence([() => HttpResponse.error()]);
    const { client } = harness([http.post(INCIDENTS, replies.resolver)]);

    expect((await apiFailure(client.createIncident({ body: newIncident }))).kind).toBe('network');
    expect(replies.calls()).toBe(1);
  });

  it('makes exactly one attempt with retries: 0', async () => {
    const replies = sequence([unavailable]);
    const { client } = harness([http.get(RUNTIMES, replies.resolver)], { retries: 0 });

    await apiFailure(client.listRuntimes({}));
    expect(replies.calls()).toBe(1);
  });
});

describe('the signal', () => {
  it.each([
    ['a 429', 429],
    ['a 503 (a retry)', 503],
  ])('ends the wait after %s at once: the call rejects, and nothing more is sent', async (_, status) => {
    const replies = sequence([
      () => HttpResponse.json({ statusCode: status, error: 'Wait', message: 'later' }, { status, headers: { 'retry-after': '50' } }),
      () => HttpResponse.json([runtime]),
    ]);
    const stop = new AbortController();
    // The client's own timer: a wait that went on would outlast the test.
    const { client } = harness([http.get(RUNTIMES, replies.resolver)], {
      sleep: undefined,
      now: undefined,
      signal: stop.signal,
      onRequest: (event) => {
        if (event.retryInMs !== undefined) setImmediate(() => stop.abort());
      },
    });
    await expect(client.listRuntimes({})).rejects.toMatchObject({ name: 'AbortError' });
    expect(replies.calls()).toBe(1);
  });
});

describe('error mapping', () => {
  it('uses the documented error body: serverMessage and details', async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/name: must not be empty',
      details: [{ path: 'name', message: 'must not be empty' }],
    };
    const { client } = harness([http.post(INCIDENTS, () => HttpResponse.json(body, { status: 400 }))]);

    const error = await apiFailure(client.createIncident({ body: newIncident }));
    expect(error).toMatchObject({ kind: 'http', status: 400, serverMessage: 'body/name: must not be empty' });
    expect(error.details).toEqual([{ path: 'name', message: 'must not be empty' }]);
    expect(error.message).toBe('400 Bad Request: body/name: must not be empty (POST /v1/status-pages/incidents)');
  });

  it('turns an HTML 502 page into a readable one-line message', async () => {
    const page = `<!DOCTYPE html>\n<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n<center><h1>502 Bad Gateway</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n`;
    const { client } = harness([http.get(RUNTIMES, () => HttpResponse.html(page, { status: 502 }))], { retries: 0 });

    const error = await apiFailure(client.listRuntimes({}));
    expect(error).toMatchObject({ kind: 'http', status: 502, serverMessage: undefined, details: [] });
    expect(error.message).toBe('502 Bad Gateway: HTML error page "502 Bad Gateway" (GET /v1/runtimes)');
  });

  it('quotes a short snippet of an undocumented error body on one line', async () => {
    const body = `{"oops":\n"the database is\ton fire"}${' and more'.repeat(40)}`;
    const { client } = harness([http.get(RUNTIMES, () => new HttpResponse(body, { status: 500 }))]);

    const error = await apiFailure(client.listRuntimes({}));
    expect(error).toMatchObject({ kind: 'http', status: 500, serverMessage: undefined });
    expect(error.message).toMatch(
      /^500 Internal Server Error: "\{"oops": "the database is on fire"\} and more.*…" \(GET \/v1\/runtimes\)$/,
    );
  });

  it('says so when an error has an empty body', async () => {
    const { client } = harness([http.get(RUNTIMES, () => new HttpResponse(null, { status: 404 }))]);
    expect((await apiFailure(client.listRuntimes({}))).message).toBe('404 Not Found: empty body (GET /v1/runtimes)');
  });

  it('reports garbled JSON on a 200 as invalid-response', async () => {
    const { client } = harness([
      http.get(RUNTIMES, () => new HttpResponse('{"name": "2025.04", oops}', { headers: { 'content-type': 'application/json' } })),
    ]);

    const error = await apiFailure(client.listRuntimes({}));
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect(error.message).toBe('200 OK but the body is not JSON: "{"name": "2025.04", oops}" (GET /v1/runtimes)');
  });

  it('reports an HTML page on a 200 (a captive portal, a misrouted proxy) as invalid-response', async () => {
    const { client } = harness([http.get(RUNTIMES, () => HttpResponse.html('<html><title>Sign in</title></html>'))]);

    const error = await apiFailure(client.listRuntimes({}));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('HTML error page "Sign in"');
  });

  it('reports JSON cut off in the middle as invalid-response', async () => {
    const { client } = harness([http.get(RUNTIMES, () => new HttpResponse('[{"name":"2025.04","multiStep'))]);
    expect((await apiFailure(client.listRuntimes({}))).kind).toBe('invalid-response');
  });

  it('reports a connection dropped mid-body as invalid-response (not retried)', async () => {
    let calls = 0;
    const { client } = harness([
      http.get(RUNTIMES, () => {
        calls++;
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('[{"name":"2025.04",'));
            controller.error(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'application/json' } });
      }),
    ]);

    const error = await apiFailure(client.listRuntimes({}));
    expect(calls).toBe(1);
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect(error.message).toBe('200 OK but the body was cut short (connection closed by the server, UND_ERR_SOCKET) (GET /v1/runtimes)');
  });

  it('returns null for an empty success body', async () => {
    const { client, warnings } = harness([
      http.get(`${BASE_URL}/v1/checks/heartbeats/chk-1/availability`, () => new HttpResponse(null, { status: 200 })),
    ]);
    await expect(client.getHeartbeatAvailability({ params: { checkId: 'chk-1' } })).resolves.toBeNull();
    expect(warnings).toEqual([]);
  });
});

describe('timeouts', () => {
  /** Resolves when the request is aborted, so nothing is left pending after the test. */
  const untilAborted = (request: Request) =>
    new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve(), { once: true }));

  it('turns a server that does not answer in time into a timeout ApiError, not retried', async () => {
    let calls = 0;
    const { client, events } = harness(
      [
        http.get(RUNTIMES, async ({ request }) => {
          calls++;
          await untilAborted(request);
          return HttpResponse.json([runtime]);
        }),
      ],
      { timeoutMs: 50 },
    );

    const error = await apiFailure(client.listRuntimes({}));
    expect(calls).toBe(1);
    expect(error.kind).toBe('timeout');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('no response within 50 ms from http://api.test (GET /v1/runtimes)');
    expect(events).toHaveLength(1);
    expect(events[0]!.error).toBeDefined();
  });

  it('also times out when the headers came but the body stalls', async () => {
    const { client } = harness(
      [
        http.get(RUNTIMES, () => {
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('[')); // and nothing more, ever
            },
          });
          return new HttpResponse(stream, { headers: { 'content-type': 'application/json' } });
        }),
      ],
      { timeoutMs: 50 },
    );

    const error = await apiFailure(client.listRuntimes({}));
    expect(error).toMatchObject({ kind: 'timeout' });
  });
});

describe('the API key', () => {
  // A hostile or careless server echoes the Authorization header back in every way it can.
  const echo = (request: Request) => request.headers.get('authorization') ?? '';

  it('never appears in any error message, server message, detail or request event', async () => {
    const scenarios = [
      http.get(`${BASE_URL}/v1/status-pages/incidents/json`, ({ request }) =>
        HttpResponse.json(
          {
            statusCode: 401,
            error: 'Unauthorized',
            message: `bad key ${echo(request)}`,
            details: [{ path: echo(request), message: echo(request) }],
          },
          { status: 401 },
        ),
      ),
      http.get(`${BASE_URL}/v1/status-pages/incidents/html`, ({ request }) =>
        HttpResponse.html(`<html><title>Denied for ${echo(request)}</title></html>`, { status: 403 }),
      ),
      http.get(`${BASE_URL}/v1/status-pages/incidents/text`, ({ request }) => new HttpResponse(echo(request), { status: 500 })),
      http.get(`${BASE_URL}/v1/status-pages/incidents/garbled`, ({ request }) => new HttpResponse(`{${echo(request)}`, { status: 200 })),
      http.get(`${BASE_URL}/v1/status-pages/incidents/reset`, () => HttpResponse.error()),
    ];
    const { client, events } = harness(scenarios, { retries: 0, accountId: 'acc-1' });

    for (const incidentId of ['json', 'html', 'text', 'garbled', 'reset']) {
      const error = await apiFailure(client.getIncident({ params: { incidentId } }));
      expect(JSON.stringify({ message: error.message, server: error.serverMessage, details: error.details })).not.toContain(API_KEY);
      expect(String(error.stack)).not.toContain(API_KEY);
    }
    expect(events).toHaveLength(5);
    expect(JSON.stringify(events)).not.toContain(API_KEY);
  });
});

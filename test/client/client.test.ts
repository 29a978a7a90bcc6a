// The typed client over msw: one method per operation, the request that goes out (URL,
// headers, body), strict request validation and lenient response checking.
import { readFileSync } from 'node:fs';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/operations.js';
import { AnswerShapeError, createClient, RequestValidationError } from '../../src/client/index.js';
import {
  API_KEY,
  BASE_URL,
  apiFailure,
  closeHarnesses,
  harness,
  incident,
  incidentUpdate,
  newIncident,
  runtime,
  service,
} from './helpers.js';

afterEach(closeHarnesses);

/** Runs `call` expecting a RequestValidationError, and checks nothing was sent. */
async function refused(run: () => Promise<unknown>, sent: () => number): Promise<RequestValidationError> {
  const error = await run().then(
    () => {
      throw new Error('expected the request to be refused');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(error).toBeInstanceOf(TypeError);
  expect(sent()).toBe(0);
  return error as RequestValidationError;
}

describe('methods', () => {
  it('has one method per operation of the contract table, plus call', () => {
    const { client } = harness([]);
    for (const id of Object.keys(operations)) expect(typeof (client as unknown as Record<string, unknown>)[id], id).toBe('function');
    expect(typeof client.call).toBe('function');
  });

  it('call() returns the status with the body (202 pending, then 200 completed)', async () => {
    let polls = 0;
    const { client } = harness([
      http.get(`${BASE_URL}/v1/root-cause-analyses/rca-1`, () =>
        ++polls === 1
          ? HttpResponse.json({ id: 'rca-1', status: 'PENDING' }, { status: 202 })
          : HttpResponse.json({ id: 'rca-1', status: 'COMPLETED', checkType: 'API', provider: 'rules', model: 'm', durationMs: 3 }),
      ),
    ]);
    await expect(client.call('getRootCauseAnalysis', { params: { id: 'rca-1' } })).resolves.toEqual({
      status: 202,
      body: { id: 'rca-1', status: 'PENDING' },
    });
    const second = await client.call('getRootCauseAnalysis', { params: { id: 'rca-1' } });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'COMPLETED' });
  });

  it('refuses an unknown operation id', async () => {
    const { client } = harness([]);
    await expect(client.call('nope' as 'listRuntimes', {})).rejects.toThrow(TypeError);
  });
});

describe('the request sent', () => {
  it('carries the key, the account, accept and user-agent; content-type only with a body', async () => {
    const { client, dispatcher } = harness(
      [
        http.get(`${BASE_URL}/v1/runtimes`, () => HttpResponse.json([runtime])),
        http.post(`${BASE_URL}/v1/status-pages/incidents`, () => HttpResponse.json(incident, { status: 201 })),
      ],
      { accountId: 'acc-42' },
    );
    await client.listRuntimes({});
    const body = newIncident;
    await client.createIncident({ body });

    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    const [get, post] = dispatcher.seen;
    expect(get!.headers).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      'x-service-account': 'acc-42',
      accept: 'application/json',
      'user-agent': `statusctl/${version}`,
    });
    expect(get!.headers['content-type']).toBeUndefined();
    expect(get!.body).toBeUndefined();
    expect(post!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post!.body!)).toEqual(body);
  });

  it('sends no x-service-account without an accountId', async () => {
    const { client, dispatcher } = harness([http.get(`${BASE_URL}/v1/runtimes`, () => HttpResponse.json([]))]);
    await client.listRuntimes({});
    expect(dispatcher.seen[0]!.headers['x-service-account']).toBeUndefined();
  });

  it.each([
    ['http://api.test/prefix', 'http://api.test/prefix/v1/runtimes'],
    ['http://api.test/prefix/', 'http://api.test/prefix/v1/runtimes'],
    ['http://api.test/', 'http://api.test/v1/runtimes'],
    ['http://api.test', 'http://api.test/v1/runtimes'],
  ])('keeps the path prefix of %s', async (baseUrl, expected) => {
    const { client, dispatcher } = harness([http.get(expected, () => HttpResponse.json([]))], { baseUrl });
    await client.listRuntimes({});
    expect(dispatcher.seen.map((r) => r.url)).toEqual([expected]);
  });

  it('encodes path parameters and skips undefined query values', async () => {
    const { client, dispatcher } = harness([
      http.get(`${BASE_URL}/v1/status-pages/incidents/:id`, () => HttpResponse.json(incident)),
      http.get(`${BASE_URL}/v1/status-pages/incidents`, () => HttpResponse.json({ length: 0, entries: [], nextId: null })),
    ]);
    await client.getIncident({ params: { incidentId: 'a/b c?d' } });
    await client.listIncidents({ query: { limit: '5', nextId: undefined } });
    expect(dispatcher.seen.map((r) => r.url)).toEqual([
      `${BASE_URL}/v1/status-pages/incidents/a%2Fb%20c%3Fd`,
      `${BASE_URL}/v1/status-pages/incidents?limit=5`,
    ]);
  });

  it('accepts a number for a whole-number query value and sends it as text', async () => {
    const { client, dispatcher } = harness([
      http.get(`${BASE_URL}/v1/status-pages`, () => HttpResponse.json({ length: 0, entries: [], nextId: null })),
    ]);
    await client.listStatusPages({ query: { limit: 7 as unknown as string } });
    expect(dispatcher.seen[0]!.url).toBe(`${BASE_URL}/v1/status-pages?limit=7`);
  });

  it('sends no body (and no content-type) when an optional body is left out', async () => {
    const url = `${BASE_URL}/v1/root-cause-analyses/test-session-error-groups/grp-1`;
    const { client, dispatcher } = harness([http.post(url, () => HttpResponse.json({ id: 'rca-1', status: 'PENDING' }, { status: 202 }))]);
    await client.requestRootCauseAnalysis({ params: { testSessionErrorGroupId: 'grp-1' } });
    expect(dispatcher.seen[0]!.body).toBeUndefined();
    expect(dispatcher.seen[0]!.headers['content-type']).toBeUndefined();
  });

  it('strips credentials of the base URL from the request and from events', async () => {
    const { client, dispatcher, events } = harness([http.get(`${BASE_URL}/v1/runtimes`, () => HttpResponse.json([]))], {
      baseUrl: 'http://user:hunter2@api.test',
    });
    await client.listRuntimes({});
    expect(dispatcher.seen[0]!.url).toBe(`${BASE_URL}/v1/runtimes`);
    expect(events).toEqual([{ method: 'GET', url: `${BASE_URL}/v1/runtimes`, attempt: 1, status: 200, durationMs: expect.any(Number) }]);
  });
});

describe('strict requests', () => {
  const valid = newIncident;

  it('refuses a body that breaks the schema, naming every bad field, before sending', async () => {
    const { client, dispatcher } = harness([]);
    const error = await refused(
      () => client.createIncident({ body: { ...valid, name: '', severity: 'HUGE' as 'MAJOR', services: [] } }),
      () => dispatcher.seen.length,
    );
    expect(error.details.map((d) => d.path).sort()).toEqual(['body.name', 'body.services', 'body.severity']);
    expect(error.message).toMatch(/^createIncident: invalid request: body\./);
    expect(error.message).not.toMatch(/\n/);
  });

  it('refuses an unknown field', async () => {
    const { client, dispatcher } = harness([]);
    const error = await refused(
      () => client.createIncident({ body: { ...valid, color: 'red' } as typeof valid }),
      () => dispatcher.seen.length,
    );
    expect(error.details).toEqual([{ path: 'body.color', message: '"color" is not allowed' }]);
  });

  it('names nested fields with their index', async () => {
    const { client, dispatcher } = harness([]);
    const error = await refused(
      () => client.createIncident({ body: { ...valid, services: [...valid.services, { ...valid.services[0]!, name: '' }] } }),
      () => dispatcher.seen.length,
    );
    expect(error.details.map((d) => d.path)).toEqual(['body.services[1].name']);
  });

  it('refuses an out-of-range or unknown query parameter', async () => {
    const { client, dispatcher } = harness([]);
    const tooMany = await refused(
      () => client.listIncidents({ query: { limit: '101' } }),
      () => dispatcher.seen.length,
    );
    expect(tooMany.details.map((d) => d.path)).toEqual(['query.limit']);
    const unknown = await refused(
      () => client.listIncidents({ query: { page: '2' } as { limit?: string } }),
      () => dispatcher.seen.length,
    );
    expect(unknown.details).toEqual([{ path: 'query.page', message: '"page" is not allowed' }]);
  });

  it('refuses a missing required body, a body where none is taken, and an empty archive patch', async () => {
    const { client, dispatcher } = harness([]);
    const sent = () => dispatcher.seen.length;
    await refused(() => client.createIncident({} as never), sent);
    await refused(() => client.listRuntimes({ body: { x: 1 } } as never), sent);
    await refused(() => client.updateErrorGroup({ params: { id: 'grp-1' }, body: {} }), sent);
  });

  it('refuses missing, unknown and route-changing path parameters', async () => {
    const { client, dispatcher } = harness([]);
    const sent = () => dispatcher.seen.length;
    const missing = await refused(() => client.getIncident({} as never), sent);
    expect(missing.details).toEqual([{ path: 'params.incidentId', message: expect.any(String) }]);
    await refused(() => client.getIncident({ params: { incidentId: '..' } }), sent);
    await refused(() => client.getIncident({ params: { incidentId: 'x', other: 'y' } as { incidentId: string } }), sent);
  });

  it('refuses an unusable baseUrl or key at creation, without echoing the key', () => {
    expect(() => createClient({ baseUrl: 'not a url', apiKey: 'k' })).toThrow(TypeError);
    expect(() => createClient({ baseUrl: 'ftp://api.test', apiKey: 'k' })).toThrow(/http or https/);
    let message = '';
    try {
      createClient({ baseUrl: BASE_URL, apiKey: `${API_KEY}\r\nx-evil: 1` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/apiKey/);
    expect(message).not.toContain(API_KEY);
  });
});

describe('lenient responses', () => {
  const get = (body: Record<string, unknown>, status = 200) =>
    harness([http.get(`${BASE_URL}/v1/status-pages/incidents/inc-1`, () => HttpResponse.json(body, { status }))]);
  const fetchIncident = (client: ReturnType<typeof get>['client']) => client.getIncident({ params: { incidentId: 'inc-1' } });

  it('returns a matching body with no warning', async () => {
    const { client, warnings } = get(incident);
    await expect(fetchIncident(client)).resolves.toEqual(incident);
    expect(warnings).toEqual([]);
  });

  it('keeps extra fields, silently (a newer server may add fields)', async () => {
    const { client, warnings } = get({ ...incident, impact: 'high', services: [{ ...incident.services[0], tier: 1 }] });
    const body = await fetchIncident(client);
    expect(body).toMatchObject({ impact: 'high', services: [{ tier: 1 }] });
    expect(warnings).toEqual([]);
  });

  it('returns a timestamp where a date was promised, with a warning naming the field', async () => {
    const { client, warnings } = get({ ...incident, created_at: '2025-03-01T10:00:00.000Z' });
    await expect(fetchIncident(client)).resolves.toMatchObject({ created_at: '2025-03-01T10:00:00.000Z' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^getIncident: 200 response differs from the contract at created_at: .*returned as received$/);
  });

  it('returns a value outside an enum of the contract, with a warning: the API declares only its type', async () => {
    const { client, warnings } = get({ ...incident, severity: 'SEVERE' });
    await expect(fetchIncident(client)).resolves.toMatchObject({ severity: 'SEVERE' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('at severity:');
  });

  it('returns a body with several problems and extra fields, as received, warning once', async () => {
    const odd = { ...incident, created_at: '2025-03-01T10:00:00Z', severity: 'SEVERE', extra: { deep: true } };
    const { client, warnings } = get(odd);
    await expect(fetchIncident(client)).resolves.toEqual(odd);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/\(and 1 more\)/);
    expect(warnings[0]).not.toMatch(/\n/);
  });

  it('does not fail when no onWarning is given', async () => {
    const { client } = harness([http.get(`${BASE_URL}/v1/runtimes`, () => HttpResponse.json([{ ...runtime, stage: 'FUTURE' }]))], {
      onWarning: undefined,
    });
    await expect(client.listRuntimes({})).resolves.toEqual([{ ...runtime, stage: 'FUTURE' }]);
  });
});

describe('answers the hosted API cannot give are refused', () => {
  const get = (body: Record<string, unknown>, status = 200) =>
    harness([http.get(`${BASE_URL}/v1/status-pages/incidents/inc-1`, () => HttpResponse.json(body, { status }))]);
  const fetchIncident = (client: ReturnType<typeof get>['client']) => client.getIncident({ params: { incidentId: 'inc-1' } });

  it('a body of another type: an AnswerShapeError naming the route, the status and the field', async () => {
    const { client } = harness([http.get(`${BASE_URL}/v1/runtimes`, () => HttpResponse.json({ hello: 'world' }))]);
    const error = await apiFailure(client.listRuntimes({}));
    expect(error).toBeInstanceOf(AnswerShapeError);
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200, route: 'GET /v1/runtimes' });
    expect(error.message).toBe(
      "the server's answer does not match the API: 200 to GET /v1/runtimes, at the body: expected array, got object",
    );
    expect(error.details).toEqual([{ path: 'the body', message: 'expected array, got object' }]);
  });

  it('a null where the API promises a string, deep in the body: the first bad field, all of them in details', async () => {
    const { client } = get({ ...incident, name: null, incidentUpdates: [{ ...incidentUpdate, description: null }] });
    const error = await apiFailure(fetchIncident(client));
    expect(error.message).toBe(
      "the server's answer does not match the API: 200 to GET /v1/status-pages/incidents/inc-1, at name: expected string, got null (and 1 more: --verbose lists them)",
    );
    expect(error.details).toEqual([
      { path: 'name', message: 'expected string, got null' },
      { path: 'incidentUpdates[0].description', message: 'expected string, got null' },
    ]);
  });

  it('a required field missing, in an item of a list', async () => {
    const { id: _id, ...withoutId } = service;
    const { client } = get({ ...incident, services: [service, withoutId] });
    const error = await apiFailure(fetchIncident(client));
    expect(error.details).toEqual([{ path: 'services[1].id', message: 'required, missing' }]);
  });

  it('takes what the API allows however odd: null where it says nullable, extra fields, any string format', async () => {
    const odd = { ...incident, duration: null, created_at: 'yesterday', severity: 'SEVERE', extra: [1, 2] };
    const { client } = get(odd);
    await expect(fetchIncident(client)).resolves.toEqual(odd);
  });

  it('a 2xx status the API does not declare for the route', async () => {
    const { client } = harness([http.post(`${BASE_URL}/v1/status-pages/incidents`, () => HttpResponse.json(incident, { status: 200 }))]);
    const error = await apiFailure(client.call('createIncident', { body: newIncident }));
    expect(error.message).toBe(
      "the server's answer does not match the API: 200 to POST /v1/status-pages/incidents, at (status): the API answers 201 here, not 200",
    );
  });

  it("a route of the reference server only is not checked against the hosted API's document", async () => {
    const { client } = harness([http.post(`${BASE_URL}/_reference/error-events`, () => HttpResponse.json({ hello: 1 }, { status: 201 }))], {
      onWarning: undefined,
    });
    await expect(client.recordErrorEvent({ body: { checkId: 'c1', rawErrorMessage: 'boom' } })).resolves.toEqual({ hello: 1 });
  });
});

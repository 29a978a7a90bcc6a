// RunningServer.request (src/server/in-process.ts): the server answers without a socket or a port,
// through the same parser, limits and pipeline as a request over its port.
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/server/request-body.js';
import { ACCOUNT_A, ACCOUNT_B, startTestServer, TWO_ACCOUNTS } from './helpers.js';

const auth = { authorization: `Bearer ${ACCOUNT_A.key}` };

describe('server.request', () => {
  it('answers as the server does over its port: the same status, headers and body', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    for (const [path, headers] of [
      ['/v1/status-pages', auth],
      ['/v1/status-pages', {}],
      ['/v1/nothing-here', auth],
      ['/openapi.json', {}],
    ] as const) {
      const inProcess = await server.request(path, { headers });
      const overPort = await fetch(server.url + path, { headers });
      expect(inProcess.status, path).toBe(overPort.status);
      expect(inProcess.headers.get('content-type'), path).toBe(overPort.headers.get('content-type'));
      expect(inProcess.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(await inProcess.json(), path).toEqual(await overPort.json());
    }
  });

  it('takes a URL, a method and a body, and the server applies its state to later requests', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const page = (await (await server.request('/v1/status-pages', { headers: auth })).json()).entries[0];
    const created = await server.request(new URL('/v1/status-pages/incidents', server.url), {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Checkout is down',
        severity: 'CRITICAL',
        services: [page.cards[0].services[0]],
        incidentUpdates: [{ description: 'Investigating' }],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = await created.json();
    const read = await server.request(`/v1/status-pages/incidents/${id}`, { headers: auth });
    expect(read.status).toBe(200);
    expect((await read.json()).name).toBe('Checkout is down');
    // The other account does not see it: the key decides the account, as over the port.
    const other = await server.request(`/v1/status-pages/incidents/${id}`, { headers: { authorization: `Bearer ${ACCOUNT_B.key}` } });
    expect(other.status).toBe(404);
  });

  it('keeps the limits of a connection: a body over the limit is refused with 413 and the connection closed', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const response = await server.request('/_reference/error-events', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect((await response.json()).statusCode).toBe(413);
    // The next request gets a new in-memory connection.
    expect((await server.request('/v1/status-pages', { headers: auth })).status).toBe(200);
  });

  it('records each answer in the access log, and close() waits for a request in flight', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const answered = server.request('/v1/status-pages', { headers: auth }).then((response) => response.json());
    await server.close();
    expect((await answered).entries.length).toBeGreaterThan(0);
    // Written at close at the latest.
    expect(server.logs.some((line) => line.startsWith('GET /v1/status-pages 200 '))).toBe(true);
    await expect(server.request('/v1/status-pages', { headers: auth })).rejects.toThrow();
  });
});

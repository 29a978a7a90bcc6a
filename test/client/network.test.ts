// Real sockets, no msw: what undici itself reports for refused, reset, stalled and truncated
// connections, and how the client maps it. Every server is on 127.0.0.1, port 0, and closed.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type RequestEvent } from '../../src/client/index.js';
import { API_KEY, apiFailure, runtime } from './helpers.js';

const servers: Array<NetServer | HttpServer> = [];
const sockets = new Set<Socket>();

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

async function listen<S extends NetServer | HttpServer>(server: S): Promise<string> {
  servers.push(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw TCP server: `onData` decides what bytes (if any) go back. */
function rawServer(onData: (socket: Socket) => void): NetServer {
  return createNetServer((socket) => socket.once('data', () => onData(socket)));
}

function clientFor(baseUrl: string, extra: { timeoutMs?: number; retries?: number; http?: 'undici' | 'node' } = {}) {
  const events: RequestEvent[] = [];
  const sleeps: number[] = [];
  const client = createClient({
    baseUrl,
    apiKey: API_KEY,
    onRequest: (event) => events.push(event),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
  return { client, events, sleeps };
}

// Both HTTP stacks of the client meet the same failures and must report them the same way.
describe.each(['undici', 'node'] as const)('real network failures over %s', (http) => {
  it('reports a closed local port as connection refused, retried on GET', async () => {
    // Bind a free port, then close it: nothing listens there for the rest of the test.
    const probe = createNetServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const { client, events, sleeps } = clientFor(`http://127.0.0.1:${port}`, { retries: 1, http });
    const error = await apiFailure(client.listRuntimes({}));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(`connection refused (ECONNREFUSED) to http://127.0.0.1:${port} (GET /v1/runtimes, 2 attempts)`);
    expect(events.map((e) => [e.attempt, e.error])).toEqual([
      [1, 'ECONNREFUSED'],
      [2, 'ECONNREFUSED'],
    ]);
    expect(sleeps).toHaveLength(1);

    const post = clientFor(`http://127.0.0.1:${port}`, { retries: 1, http });
    const postError = await apiFailure(post.client.recordErrorEvent({ body: { checkId: 'chk', rawErrorMessage: 'boom' } }));
    expect(postError.kind).toBe('network');
    expect(post.events).toHaveLength(1);
  });

  it('retries a connection the server closes without answering, then reports it', async () => {
    let connections = 0;
    const baseUrl = await listen(
      rawServer((socket) => {
        connections++;
        socket.destroy();
      }),
    );
    const { client } = clientFor(baseUrl, { retries: 2, http });

    const error = await apiFailure(client.listRuntimes({}));
    expect(error.kind).toBe('network');
    expect(connections).toBe(3);
    expect(error.message).toMatch(
      /^connection (closed by the server \(UND_ERR_SOCKET\)|reset \(ECONNRESET\)) to http:\/\/127\.0\.0\.1:\d+ \(GET \/v1\/runtimes, 3 attempts\)$/,
    );
  });

  it('reports a body shorter than its content-length as invalid-response', async () => {
    const baseUrl = await listen(
      rawServer((socket) => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 200\r\n\r\n[{"name":"2025.04",');
        setTimeout(() => socket.destroy(), 10);
      }),
    );
    const { client } = clientFor(baseUrl, { retries: 0, http });

    const error = await apiFailure(client.listRuntimes({}));
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect(error.message).toMatch(/^200 OK but the body was cut short \(.+\) \(GET \/v1\/runtimes\)$/);
  });

  it('times out against a server that accepts but never answers', async () => {
    const baseUrl = await listen(rawServer(() => {}));
    const { client, events } = clientFor(baseUrl, { timeoutMs: 100, http });

    const error = await apiFailure(client.listRuntimes({}));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/^no response within 100 ms from http:\/\/127\.0\.0\.1:\d+ \(GET \/v1\/runtimes\)$/);
    expect(events).toHaveLength(1);
  });

  it('times out when the headers come but the body stalls', async () => {
    const baseUrl = await listen(
      rawServer((socket) => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 200\r\n\r\n[{"name":"2025.04",');
      }),
    );
    const { client } = clientFor(baseUrl, { timeoutMs: 150, retries: 0, http });

    const error = await apiFailure(client.listRuntimes({}));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/^no response within 150 ms from http:\/\/127\.0\.0\.1:\d+ \(GET \/v1\/runtimes\)$/);
  });

  it('maps a real HTML 502 from a proxy-like server, and succeeds once it recovers', async () => {
    let calls = 0;
    const baseUrl = await listen(
      createHttpServer((_request, response) => {
        calls++;
        if (calls === 1) {
          response
            .writeHead(502, { 'content-type': 'text/html' })
            .end('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>');
        } else {
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([runtime]));
        }
      }),
    );
    const single = clientFor(baseUrl, { retries: 0, http });
    const error = await apiFailure(single.client.listRuntimes({}));
    expect(error.message).toBe('502 Bad Gateway: HTML error page "502 Bad Gateway" (GET /v1/runtimes)');

    await expect(single.client.listRuntimes({})).resolves.toEqual([runtime]);
    expect(calls).toBe(2);
  });
});

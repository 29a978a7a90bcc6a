// What the CLI does with a success answer it cannot use (docs/retries.md#answers), through the
// built binary against a server that answers whatever the test says: a body over the client's
// limit is refused as it streams in (exit 1, naming the limit), never read whole.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli } from './helpers.js';

const KEY = 'sk_test_answers0123456789';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
afterAll(() => removeTempDirs());

/** A node:http server answering every request with `handler`, closed after the test. */
async function fakeServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Record<string, string>> {
  const sockets = new Set<Socket>();
  const server = createServer(handler);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as { port: number };
  return { STATUSCTL_BASE_URL: `http://127.0.0.1:${port}`, STATUSCTL_API_KEY: KEY };
}

const MB = 1024 * 1024;

describe('a success body over the limit', () => {
  it('streamed without a length: exit 1 naming the limit, long before 200 MB were sent', async () => {
    let sent = 0;
    let closed = false;
    const env = await fakeServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.on('close', () => (closed = true));
      const chunk = Buffer.alloc(MB, 0x20);
      res.write('[');
      // Writes a megabyte at a time while the client reads: 200 MB if it never stops.
      const pump = () => {
        while (!closed && sent < 200 * MB) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!closed) res.end(']');
      };
      pump();
    });
    const result = await runCli(['runtimes', 'list'], { env });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /^statusctl: 200 OK but the body is larger than 32 MiB, the client's limit for an answer \(GET \/v1\/runtimes\)\n/,
    );
    expect(result.stdout).toBe('');
    expect(sent).toBeLessThan(100 * MB);
  });

  it('with a content-length over it: refused before the body is read', async () => {
    const env = await fakeServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * MB) });
      // The rest never comes: a client that waited for it would time out instead.
      res.write('[');
    });
    const result = await runCli(['runtimes', 'list', '-o', 'json'], { env, timeoutMs: 20_000 });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('200 OK but the body is larger than 32 MiB');
  });
});

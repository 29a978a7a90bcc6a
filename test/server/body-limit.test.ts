// Early 413 (docs/api-rules.md#errors): an oversized body is refused before it is read, and the
// connection is closed; nothing of it reaches a handler. Raw sockets, so the test sees exactly
// what the server does with the unread rest. The answer must reach a client that is still
// sending its body (a lingering close: the rest is read and thrown away, within bounds), over
// raw sockets, undici and node:http alike.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { Pool } from 'undici';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/server/request-body.js';
import { ACCOUNT_A, startTestServer, TWO_ACCOUNTS } from './helpers.js';

// call() goes over the port too: what these tests look at happens on the connection.
const OVER_PORT = { ...TWO_ACCOUNTS, overPort: true };

/**
 * Sends `head` (then `body`, if any) and resolves with all the server wrote once it closes.
 * `readAfterWriting`: nothing is read until the whole body is written (or writing failed), as a
 * client busy uploading does; an answer the server follows with a reset is then lost.
 */
function exchange(port: number, head: string, body?: Buffer, { readAfterWriting = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    if (readAfterWriting) socket.pause();
    socket.on('data', (chunk) => received.push(chunk));
    // The server may close while we are still writing: what it answered is what counts.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve(Buffer.concat(received).toString('utf8'));
      else reject(error);
    });
    socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
    socket.write(head);
    if (body) socket.write(body, () => socket.resume());
    else socket.resume();
    // Deliberately never ended: only the server closing the connection settles this.
  });
}

const head = (extra: string) =>
  `POST /v1/status-pages/incidents HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${ACCOUNT_A.key}\r\n` +
  `content-type: application/json\r\n${extra}\r\n`;

describe('request body limit', () => {
  it('answers 413 to a declared oversized Content-Length before the body arrives, then closes', async () => {
    const server = await startTestServer(OVER_PORT);
    const answer = await exchange(server.port, head('content-length: 2097152\r\n'), Buffer.alloc(512, 'x'));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(json.error.code ?? json.error ?? json).toBeTruthy();
    expect(JSON.stringify(json)).toContain('larger than 1048576 bytes');
    // Nothing was created.
    const list = await server.call('GET', '/v1/status-pages/incidents');
    expect(list.status).toBe(200);
    expect(server.logs.some((line) => line.startsWith('POST /v1/status-pages/incidents 413'))).toBe(true);
  });

  it('cuts off a chunked body once it passes the limit, with a 413 and a closed connection', async () => {
    const server = await startTestServer(OVER_PORT);
    const before = (await server.call('GET', '/v1/status-pages/incidents')).text;
    const chunk = Buffer.alloc(256 * 1024, 'x');
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    // 5 × 256 KiB passes 1 MiB; the terminating chunk is never sent.
    const answer = await exchange(server.port, head('transfer-encoding: chunked\r\n'), Buffer.concat([frame, frame, frame, frame, frame]));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('larger than 1048576 bytes');
    expect((await server.call('GET', '/v1/status-pages/incidents')).text).toBe(before);
  });

  it('keeps the order of checks: no key is 401 even with an oversized body', async () => {
    const server = await startTestServer(OVER_PORT);
    const answer = await exchange(
      server.port,
      'POST /v1/status-pages/incidents HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2097152\r\nconnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('a 401 to a body still on its way reaches a client busy sending it: Connection: close, the whole answer', async () => {
    const server = await startTestServer(OVER_PORT);
    // The key is wrong and the body keeps coming: the 401 is decided from the headers alone.
    const answer = await exchange(
      server.port,
      'POST /v1/status-pages/incidents HTTP/1.1\r\nhost: x\r\nauthorization: Bearer wrong\r\ncontent-type: application/json\r\ncontent-length: 3000000\r\n\r\n',
      Buffer.alloc(3_000_000, 'x'),
      { readAfterWriting: true },
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(json.statusCode).toBe(401);
  });

  it('every oversized body gets its 413, whoever sends it: raw sockets writing it all, undici, node:http', async () => {
    const server = await startTestServer(OVER_PORT);
    const sizes = Array.from({ length: 40 }, (_, i) => MAX_BODY_BYTES + 1 + ((i * 7919) % (3 * 1024 * 1024)));
    const head = (length: number) =>
      `POST /v1/status-pages/incidents HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${ACCOUNT_A.key}\r\n` +
      `content-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;

    // Raw: the whole body is written before anything is read, as a client busy uploading does;
    // bodies up to 7 MiB, more than the kernel buffers hold, so the client is still writing
    // when the answer comes.
    const rawSizes = sizes.map((size, i) => (i % 4 === 0 ? size + 6 * 1024 * 1024 : size));
    const raw = await Promise.all(
      rawSizes.map((size) => exchange(server.port, head(size), Buffer.alloc(size, 'x'), { readAfterWriting: true })),
    );
    raw.forEach((answer, i) => {
      expect(answer, `raw, ${rawSizes[i]} bytes`).toMatch(/^HTTP\/1\.1 413 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).statusCode).toBe(413);
    });

    // undici, keep-alive pool: each refused connection is replaced.
    const pool = new Pool(server.url, { connections: 4 });
    try {
      const answers = await Promise.all(
        sizes.map(async (size) => {
          const response = await pool.request({
            method: 'POST',
            path: '/v1/status-pages/incidents',
            headers: { authorization: `Bearer ${ACCOUNT_A.key}`, 'content-type': 'application/json' },
            body: Buffer.alloc(size, 'x'),
          });
          return { status: response.statusCode, connection: response.headers.connection, json: await response.body.json() };
        }),
      );
      for (const answer of answers) expect(answer).toMatchObject({ status: 413, connection: 'close', json: { statusCode: 413 } });
    } finally {
      await pool.close();
    }

    // node:http, the body streamed in pieces after the headers (chunked: no declared length).
    const streamed = await Promise.all(
      sizes.slice(0, 10).map(
        (size) =>
          new Promise<{ status: number | undefined; text: string }>((resolve, reject) => {
            const req = httpRequest(`${server.url}/v1/status-pages/incidents`, {
              method: 'POST',
              headers: { authorization: `Bearer ${ACCOUNT_A.key}`, 'content-type': 'application/json' },
            });
            req.on('response', (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => {
                text += chunk;
              });
              res.on('end', () => resolve({ status: res.statusCode, text }));
            });
            req.on('error', reject);
            const piece = Buffer.alloc(64 * 1024, 'x');
            for (let sent = 0; sent < size; sent += piece.length) req.write(piece);
            req.end();
          }),
      ),
    );
    for (const answer of streamed) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text).statusCode).toBe(413);
    }
    expect(server.logs.filter((line) => / 413 /.test(line))).toHaveLength(sizes.length * 2 + 10);
  }, 60_000);

  it('stops reading a body that never ends: closed after lingerBytes, or after lingerTimeMs, the answer delivered first', async () => {
    const server = await startTestServer({ ...OVER_PORT, lingerBytes: 256 * 1024, lingerTimeMs: 200 });
    const head = `POST /v1/status-pages/incidents HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${ACCOUNT_A.key}\r\ncontent-type: application/json\r\ncontent-length: 1000000000\r\n\r\n`;

    // A client that keeps writing and never closes its side: only the server's close ends it.
    const endless = (pace: 'flood' | 'trickle') =>
      new Promise<{ answer: string; sentAfterAnswer: number }>((resolve) => {
        const socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true });
        const received: Buffer[] = [];
        let sentAfterAnswer = 0;
        const piece = Buffer.alloc(pace === 'flood' ? 64 * 1024 : 16, 'x');
        const pump = () => {
          while (!socket.destroyed && socket.writable) {
            if (received.length) sentAfterAnswer += piece.length;
            if (!socket.write(piece)) return void socket.once('drain', pump);
            if (pace === 'trickle') return void setTimeout(pump, 5);
          }
        };
        socket.on('data', (chunk) => received.push(chunk));
        socket.on('error', () => {});
        socket.on('close', () => resolve({ answer: Buffer.concat(received).toString('utf8'), sentAfterAnswer }));
        socket.write(head, pump);
      });

    const flood = await endless('flood');
    expect(flood.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(flood.answer).toContain('larger than 1048576 bytes');
    const trickle = await endless('trickle');
    expect(trickle.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(trickle.answer).toContain('larger than 1048576 bytes');
  });
});

describe('answers the HTTP parser gives before the body (431, 400) get the lingering close too', () => {
  const bigHeader = `x-big: ${'a'.repeat(20 * 1024)}\r\n`;

  /** A body that arrives as a client streams it: a piece, then the next once the event loop has turned. */
  const streamed = (size: number) => {
    let sent = 0;
    return new Readable({
      read() {
        if (sent >= size) return void this.push(null);
        sent += 64 * 1024;
        setImmediate(() => this.push(Buffer.alloc(64 * 1024, 'x')));
      },
    });
  };

  it('a 431 with a streamed body behind it reaches node:http and fetch clients as a 431, every time', async () => {
    const server = await startTestServer(OVER_PORT);
    const size = 1024 * 1024;
    const viaHttp = Array.from(
      { length: 20 },
      () =>
        new Promise<string>((resolve) => {
          const req = httpRequest(`${server.url}/v1/status-pages/incidents`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': String(size), 'x-big': 'a'.repeat(20 * 1024) },
          });
          req.on('response', (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve(`${res.statusCode} ${JSON.parse(text).statusCode} ${res.headers.connection}`));
            res.on('error', (error: NodeJS.ErrnoException) => resolve(`answer cut: ${error.code}`));
          });
          req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
          streamed(size).pipe(req);
        }),
    );
    const viaFetch = Array.from({ length: 20 }, async () => {
      try {
        const response = await fetch(`${server.url}/v1/status-pages/incidents`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-big': 'a'.repeat(20 * 1024) },
          body: Readable.toWeb(streamed(size)) as ReadableStream,
          duplex: 'half',
        } as RequestInit);
        return `${response.status} ${(await response.json()).statusCode} ${response.headers.get('connection')}`;
      } catch (error) {
        return String((error as { cause?: { code?: string } }).cause?.code ?? error);
      }
    });
    expect(await Promise.all(viaHttp)).toEqual(Array(20).fill('431 431 close'));
    expect(await Promise.all(viaFetch)).toEqual(Array(20).fill('431 431 close'));
  }, 60_000);

  it('over raw sockets, a client that writes its whole body before reading gets the 431 and the 400', async () => {
    const server = await startTestServer(OVER_PORT);
    // More than the kernel buffers hold: the client is still writing when the answer comes.
    const body = Buffer.alloc(8 * 1024 * 1024, 'x');
    const headOf = (extra: string) =>
      `POST /v1/status-pages/incidents HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n${extra}\r\n`;
    const tooLarge = await exchange(server.port, headOf(bigHeader), body, { readAfterWriting: true });
    expect(tooLarge).toMatch(/^HTTP\/1\.1 431 /);
    expect(tooLarge.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(tooLarge.slice(tooLarge.indexOf('\r\n\r\n') + 4)).statusCode).toBe(431);
    const badHeader = await exchange(server.port, headOf('Bad Header: y\r\n'), body, { readAfterWriting: true });
    expect(badHeader).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(badHeader.slice(badHeader.indexOf('\r\n\r\n') + 4)).statusCode).toBe(400);
    // Logged once each, not once per piece of the body read after the answer.
    expect(server.logs.filter((line) => line.includes('unparsable request'))).toEqual([
      '- - 431 (unparsable request: HPE_HEADER_OVERFLOW)',
      '- - 400 (unparsable request: HPE_INVALID_HEADER_TOKEN)',
    ]);
  });

  it('stops reading after lingerBytes or lingerTimeMs, the answer delivered first', async () => {
    const server = await startTestServer({ ...OVER_PORT, lingerBytes: 256 * 1024, lingerTimeMs: 200 });
    // A client that keeps writing and never ends: only the server's close settles it.
    const answer = await new Promise<string>((resolve) => {
      const socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true });
      const received: Buffer[] = [];
      const piece = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (!socket.destroyed && socket.writable) if (!socket.write(piece)) return void socket.once('drain', pump);
      };
      socket.on('data', (chunk) => received.push(chunk));
      socket.on('error', () => {});
      socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
      socket.write(`POST /v1/status-pages/incidents HTTP/1.1\r\nhost: x\r\ncontent-length: 1000000000\r\n${bigHeader}\r\n`, pump);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
  });
});

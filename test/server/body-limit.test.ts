// Early 413 (docs/api-rules.md#errors): an oversized body is refused before it is read, and the
// connection is closed; nothing of it reaches a handler. Raw sockets, so the test sees exactly
// what the server does with the unread rest.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_A, startTestServer } from './helpers.js';

/** Sends `head` (then `body`, if any) and resolves with all the server wrote once it closes. */
function exchange(port: number, head: string, body?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    // The server may close while we are still writing: what it answered is what counts.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve(Buffer.concat(received).toString('utf8'));
      else reject(error);
    });
    socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
    socket.write(head);
    if (body) socket.write(body);
    // Deliberately never ended: only the server closing the connection settles this.
  });
}

const head = (extra: string) =>
  `POST /v1/status-pages/incidents HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${ACCOUNT_A.key}\r\n` +
  `content-type: application/json\r\n${extra}\r\n`;

describe('request body limit', () => {
  it('answers 413 to a declared oversized Content-Length before the body arrives, then closes', async () => {
    const server = await startTestServer();
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
    const server = await startTestServer();
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
    const server = await startTestServer();
    const answer = await exchange(
      server.port,
      'POST /v1/status-pages/incidents HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2097152\r\nconnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });
});

// Slow, idle and too many clients (docs/api-rules.md#slow-and-idle-clients), on raw sockets with short timeouts: a
// request whose headers or body are late gets 408 with the JSON error body and a closed
// connection; an idle kept-alive connection is closed; past the connection limit a newcomer
// replaces a connection still waiting for its headers or kept alive with no request, or is
// refused at once, and the open ones keep being served.
import { spawnSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_A, startTestServer, TWO_ACCOUNTS } from './helpers.js';

// call() goes over the port too: what these tests look at happens on the connection.
const OVER_PORT = { ...TWO_ACCOUNTS, overPort: true };

interface Conversation {
  socket: Socket;
  /** Everything the server wrote so far. */
  received(): string;
  /** Resolves with everything the server wrote once the connection is closed (by either side). */
  closed: Promise<string>;
}

async function open(port: number, first?: string): Promise<Conversation> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  const received = () => Buffer.concat(chunks).toString('utf8');
  const closed = new Promise<string>((resolve) => {
    // A reset after the server answered still counts as its answer.
    socket.on('error', () => {});
    socket.on('close', () => resolve(received()));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  if (first !== undefined) socket.write(first);
  return { socket, received, closed };
}

/** Resolves once the server has written `text` (or the connection closed without it). */
function until(conversation: Conversation, text: string): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      if (conversation.received().includes(text)) {
        conversation.socket.off('data', check);
        resolve(conversation.received());
      }
    };
    conversation.socket.on('data', check);
    conversation.closed.then(resolve);
    check();
  });
}

/**
 * Ends our side and resolves once the server has closed the connection too. A destroy on our
 * side would resolve before the server knows of it; the server sends its end as it closes the
 * socket, and that close, which takes the connection off its count, is handled before the
 * server accepts another connection.
 */
async function hangUp(conversation: Conversation): Promise<void> {
  conversation.socket.end();
  await conversation.closed;
}

function jsonBody(response: string): { statusCode: number; error: string; message: string } {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
}

const auth = `authorization: Bearer ${ACCOUNT_A.key}\r\n`;
const GET_RUNTIMES = `GET /v1/runtimes HTTP/1.1\r\nhost: x\r\n${auth}\r\n`;
const EVENT_BODY = JSON.stringify({ checkId: 'check-slow', rawErrorMessage: 'boom' });
/** Headers of a POST that asks for 100 Continue: the interim answer shows the server has taken the request. */
const POST_EVENT_HEAD =
  `POST /_reference/error-events HTTP/1.1\r\nhost: x\r\n${auth}content-type: application/json\r\n` +
  `content-length: ${EVENT_BODY.length}\r\nexpect: 100-continue\r\n\r\n`;

/** A plain GET on its own connection: its status line, or 'refused' when closed unanswered. */
async function plainGet(port: number): Promise<string> {
  const conversation = await open(port, GET_RUNTIMES.replace('\r\n\r\n', '\r\nconnection: close\r\n\r\n')).catch(() => undefined);
  if (!conversation) return 'refused';
  const answer = await conversation.closed;
  return answer === '' ? 'refused' : answer.slice(0, answer.indexOf('\r\n'));
}

/** `count` connections each in the middle of a request: its headers taken (100 Continue), its body not sent. */
async function busyConnections(port: number, count: number): Promise<Conversation[]> {
  const busy: Conversation[] = [];
  for (let i = 0; i < count; i++) {
    const conversation = await open(port, POST_EVENT_HEAD);
    expect(await until(conversation, '100 Continue')).toContain('HTTP/1.1 100 Continue');
    busy.push(conversation);
  }
  return busy;
}

describe('slow and idle clients', () => {
  it('answers 408 with the JSON error body and closes when the headers are late', async () => {
    const server = await startTestServer({ ...OVER_PORT, headersTimeoutMs: 150 });
    const slow = await open(server.port, `GET /v1/runtimes HTTP/1.1\r\nhost: x\r\n${auth}`);
    const answer = await slow.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(jsonBody(answer)).toMatchObject({ statusCode: 408, message: expect.stringContaining('headers are expected within 150 ms') });
    // The partial request is not logged with its key.
    expect(server.logs.join('\n')).not.toContain(ACCOUNT_A.key);
    // A connection that never sends a byte is ended the same way.
    expect(await (await open(server.port)).closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes when the body stalls, and nothing of it is stored', async () => {
    const server = await startTestServer({ ...OVER_PORT, bodyTimeoutMs: 150 });
    const stalled = await open(server.port, POST_EVENT_HEAD.replace('expect: 100-continue\r\n', ''));
    stalled.socket.write(EVENT_BODY.slice(0, 10));
    const answer = await stalled.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(jsonBody(answer)).toMatchObject({ statusCode: 408, message: expect.stringContaining('within 150 ms of its headers') });
    expect(server.logs.some((line) => line.startsWith('POST /_reference/error-events 408'))).toBe(true);
  });

  it('counts the body time from the headers, not from the last byte: a trickle gets 408 too', async () => {
    const server = await startTestServer({ ...OVER_PORT, bodyTimeoutMs: 200 });
    const trickle = await open(server.port, POST_EVENT_HEAD.replace('expect: 100-continue\r\n', ''));
    let sent = 0;
    const drip = setInterval(() => {
      // One byte at a time, never the last one.
      if (sent < EVENT_BODY.length - 1 && !trickle.socket.destroyed) trickle.socket.write(EVENT_BODY[sent++]!);
    }, 20);
    const answer = await trickle.closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keeps an idle connection for the next request, then closes it after the idle timeout', async () => {
    const server = await startTestServer({ ...OVER_PORT, idleTimeoutMs: 1000 });
    const conversation = await open(server.port, GET_RUNTIMES);
    await until(conversation, '"nodeJsVersion"');
    // Still open right after an answer: a second request on it is served.
    conversation.socket.write(GET_RUNTIMES);
    const both = await conversation.closed;
    expect(both.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    // Closed by the server while idle: nothing after the two answers.
    expect(both.match(/HTTP\/1\.1 /g)).toHaveLength(2);
  });

  it('past the connection limit, a newcomer replaces the oldest connection still waiting for its headers', async () => {
    const server = await startTestServer({ ...OVER_PORT, maxConnections: 4, headersTimeoutMs: 60_000 });
    const slow: Conversation[] = [];
    for (let i = 0; i < 4; i++) slow.push(await open(server.port, 'GET /v1/runtimes HTTP/1.1\r\nhost: x\r\n'));
    // Served, not refused: the slow ones do not starve it.
    expect(await plainGet(server.port)).toBe('HTTP/1.1 200 OK');
    const evicted = await slow[0]!.closed;
    expect(evicted).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonBody(evicted).message).toContain('limit of 4 connections');
    // The others are still open and can still finish their request.
    slow[1]!.socket.write(`${auth}connection: close\r\n\r\n`);
    expect(await slow[1]!.closed).toMatch(/^HTTP\/1\.1 200 /);
    for (const conversation of slow) conversation.socket.destroy();
  });

  it('past the limit with every connection busy, a newcomer is refused at once and the busy ones are still served', async () => {
    const server = await startTestServer({ ...OVER_PORT, maxConnections: 3, bodyTimeoutMs: 60_000 });
    const busy = await busyConnections(server.port, 3);
    // Refused (closed unanswered), not left waiting.
    expect(await plainGet(server.port)).toBe('refused');
    // The open ones are still served.
    for (const conversation of busy) {
      conversation.socket.write(EVENT_BODY);
      expect(await until(conversation, '"checkId"')).toMatch(/HTTP\/1\.1 201 Created/);
    }
    // Once they hang up, service continues.
    await Promise.all(busy.map(hangUp));
    expect(await plainGet(server.port)).toBe('HTTP/1.1 200 OK');
  });

  it('refuses bad limits before starting', async () => {
    await expect(startTestServer({ ...TWO_ACCOUNTS, idleTimeoutMs: 500 })).rejects.toThrow(
      'idleTimeoutMs must be a whole number of at least 1000, got 500',
    );
    await expect(startTestServer({ ...TWO_ACCOUNTS, maxConnections: 0 })).rejects.toThrow(
      'maxConnections must be a whole number of at least 1, got 0',
    );
  });
});

/** Connections that each got an answer to `request` and stay open, kept alive, opened `batch` at a time. */
async function keptAlive(port: number, count: number, request: string, answer: string, batch = 100): Promise<Conversation[]> {
  const kept: Conversation[] = [];
  while (kept.length < count) {
    const opening = Array.from({ length: Math.min(batch, count - kept.length) }, async () => {
      const conversation = await open(port, request);
      expect(await until(conversation, answer)).toContain(answer);
      return conversation;
    });
    kept.push(...(await Promise.all(opening)));
  }
  return kept;
}

/** This process's limit of open files (each connection here is two: the client's and the server's end). */
function openFileLimit(): number {
  const limit = Number.parseInt(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout, 10);
  return Number.isSafeInteger(limit) ? limit : 1024;
}

const NOT_A_PAGE = 'GET /status/nope HTTP/1.1\r\nhost: x\r\n\r\n';
const NOT_FOUND = 'HTTP/1.1 404 ';

describe('connections kept alive with no request give way to newcomers', () => {
  it('with the limit filled by 2,000 kept-alive connections that only got 404s, a newcomer with a key is served', {
    timeout: 60_000,
  }, async () => {
    // 2,000 where the open-file limit allows two ends each and some room (else as many as fit).
    const count = Math.min(2000, Math.floor((openFileLimit() - 256) / 2));
    const server = await startTestServer({ ...OVER_PORT, maxConnections: count, idleTimeoutMs: 600_000 });
    const idle = await keptAlive(server.port, count, NOT_A_PAGE, NOT_FOUND);
    try {
      // Before, such connections were never given way: every newcomer was closed unanswered.
      expect(await plainGet(server.port)).toBe('HTTP/1.1 200 OK');
      // The one unused the longest made room, closed quietly (no answer after its 404), as the
      // idle timeout closes a connection.
      const oldest = await idle[0]!.closed;
      expect(oldest.match(/HTTP\/1\.1 /g)).toHaveLength(1);
      // The others are still open, and a request on them is served as before.
      const newest = idle.at(-1)!;
      newest.socket.write(NOT_A_PAGE.replace('\r\n\r\n', '\r\nconnection: close\r\n\r\n'));
      expect((await newest.closed).match(/HTTP\/1\.1 404 /g)).toHaveLength(2);
      // Again and again: a client sending its requests now and then keeps nobody out.
      for (let i = 0; i < 5; i++) expect(await plainGet(server.port)).toBe('HTTP/1.1 200 OK');
      expect(idle.filter((conversation) => conversation.socket.destroyed).length).toBeLessThanOrEqual(7);
    } finally {
      for (const conversation of idle) conversation.socket.destroy();
    }
  });

  it('the connection unused the longest gives way first; one with a request in progress does not', async () => {
    const server = await startTestServer({ ...OVER_PORT, maxConnections: 4, headersTimeoutMs: 60_000, bodyTimeoutMs: 60_000 });
    const [older] = await keptAlive(server.port, 1, GET_RUNTIMES, '"nodeJsVersion"');
    const [busy] = await busyConnections(server.port, 1);
    const slow = await open(server.port, 'GET /v1/runtimes HTTP/1.1\r\nhost: x\r\n');
    const [newer] = await keptAlive(server.port, 1, NOT_A_PAGE, NOT_FOUND);
    // The kept-alive one answered the longest ago goes first, closed with no answer of its own.
    const [newcomer] = await keptAlive(server.port, 1, GET_RUNTIMES, '"nodeJsVersion"');
    expect((await older!.closed).match(/HTTP\/1\.1 /g)).toHaveLength(1);
    // Then the one waiting for its headers since before the other kept-alive one's request: a 408.
    expect(await plainGet(server.port)).toBe('HTTP/1.1 200 OK');
    expect(await slow.closed).toMatch(/^HTTP\/1\.1 408 /);
    // The newer kept-alive ones are still served; the request in progress is finished.
    for (const conversation of [newer!, newcomer!]) {
      conversation.socket.write(NOT_A_PAGE.replace('\r\n\r\n', '\r\nconnection: close\r\n\r\n'));
      const answers = (await conversation.closed).match(/HTTP\/1\.1 \d+/g);
      expect(answers).toHaveLength(2);
      expect(answers?.at(-1)).toBe('HTTP/1.1 404');
    }
    busy!.socket.write(EVENT_BODY);
    expect(await until(busy!, '"checkId"')).toMatch(/HTTP\/1\.1 201 Created/);
    busy!.socket.destroy();
  });
});

describe('live status-page streams have their own cap, outside the API connection budget', () => {
  const STREAM = (page: string) => `GET /status/${ACCOUNT_A.id}/${page}/events HTTP/1.1\r\nhost: x\r\naccept: text/event-stream\r\n\r\n`;

  /** An EventSource-like connection: resolves once the stream is open (its first event), or with the refusal. */
  async function openStream(port: number, page: string): Promise<{ conversation: Conversation; status: string }> {
    const conversation = await open(port, STREAM(page));
    const first = await Promise.race([
      until(conversation, ': connected\n\n'),
      until(conversation, '\r\n\r\n').then(() => until(conversation, '</html>')),
    ]);
    return { conversation, status: first.slice(0, first.indexOf('\r\n')) };
  }

  it('a flood of streams on every page leaves the API served; past a page’s cap, or the cap in all, a stream is refused with 503', async () => {
    const server = await startTestServer({ overPort: true, accounts: [ACCOUNT_A], maxConnections: 4, maxStreams: 6, maxStreamsPerPage: 4 });
    const streams: Conversation[] = [];
    for (let i = 0; i < 4; i++) {
      const opened = await openStream(server.port, 'acme-cloud');
      expect(opened.status, `stream ${i}`).toBe('HTTP/1.1 200 OK');
      streams.push(opened.conversation);
    }
    // Four streams, as many as API connections: the API is still served, several times over.
    for (let i = 0; i < 6; i++) expect(await plainGet(server.port)).toBe('HTTP/1.1 200 OK');
    // The page's cap: a fifth stream of it is refused, with a Retry-After.
    const fifth = await openStream(server.port, 'acme-cloud');
    expect(fifth.status).toBe('HTTP/1.1 503 Service Unavailable');
    expect(fifth.conversation.received().toLowerCase()).toContain('retry-after: 30');
    expect(fifth.conversation.received()).toContain('Too many live views');
    // Another page still has room, up to the cap in all (6).
    for (let i = 0; i < 2; i++) {
      const opened = await openStream(server.port, 'acme-payments');
      expect(opened.status).toBe('HTTP/1.1 200 OK');
      streams.push(opened.conversation);
    }
    expect((await openStream(server.port, 'acme-payments')).status).toBe('HTTP/1.1 503 Service Unavailable');
    expect(await plainGet(server.port)).toBe('HTTP/1.1 200 OK');
    // Every stream still open delivers: an incident of the service both pages show (Web App) reaches them all.
    const pages = (await server.call('GET', '/v1/status-pages')).json.entries;
    const webApp = pages
      .flatMap((page: any) => page.cards.flatMap((card: any) => card.services))
      .find((service: any) => service.name === 'Web App');
    const created = await server.call('POST', '/v1/status-pages/incidents', {
      body: { name: 'Web App down', severity: 'MAJOR', services: [webApp], incidentUpdates: [{ description: 'looking' }] },
    });
    expect(created.status, created.text).toBe(201);
    for (const stream of streams) expect(await until(stream, created.json.id)).toContain(`"incidentId":"${created.json.id}"`);
    for (const stream of streams) stream.socket.destroy();
  });

  it('when every API connection is busy, the oldest stream yields its connection to a newcomer', async () => {
    const server = await startTestServer({
      overPort: true,
      accounts: [ACCOUNT_A],
      maxConnections: 3,
      bodyTimeoutMs: 60_000,
      maxStreams: 10,
    });
    const oldest = await openStream(server.port, 'acme-cloud');
    const newer = await openStream(server.port, 'acme-cloud');
    const busy = await busyConnections(server.port, 3);
    // The budget is full of API requests in flight: the newcomer is served, the oldest stream ends.
    expect(await plainGet(server.port)).toBe('HTTP/1.1 200 OK');
    await oldest.conversation.closed;
    expect(newer.conversation.socket.destroyed).toBe(false);
    // With no stream left to yield, a newcomer is refused as before, and the busy ones are served.
    await hangUp(newer.conversation);
    expect(await plainGet(server.port)).toBe('refused');
    busy[0]!.socket.write(EVENT_BODY);
    expect(await until(busy[0]!, '"checkId"')).toMatch(/HTTP\/1\.1 201 Created/);
    for (const conversation of busy) conversation.socket.destroy();
  });

  it('a stream opened in process (an in-memory connection, not a socket) yields its connection as well', async () => {
    const server = await startTestServer({ overPort: true, accounts: [ACCOUNT_A], maxConnections: 2, bodyTimeoutMs: 60_000 });
    const response = await server.request(`/status/${ACCOUNT_A.id}/acme-cloud/events`, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let read = '';
    while (!read.includes(': connected\n\n')) read += (await reader.read()).value;
    const busy = await busyConnections(server.port, 2);
    // The budget is full of API requests in flight: the newcomer is served, the stream ends.
    expect(await plainGet(server.port)).toBe('HTTP/1.1 200 OK');
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) read += chunk.value;
    expect(read).toBe('retry: 2000\n: connected\n\n');
    for (const conversation of busy) conversation.socket.destroy();
  });

  it('refuses bad stream caps before starting', async () => {
    await expect(startTestServer({ ...TWO_ACCOUNTS, maxStreams: 0 })).rejects.toThrow(
      'maxStreams must be a whole number of at least 1, got 0',
    );
    await expect(startTestServer({ ...TWO_ACCOUNTS, maxStreamsPerPage: 1.5 })).rejects.toThrow(
      'maxStreamsPerPage must be a whole number of at least 1, got 1.5',
    );
  });
});

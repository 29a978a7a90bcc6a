// A hostile body within the size limit (docs/api-rules.md#errors): a megabyte of nested arrays
// around a lone surrogate, the most levels 1 MiB holds. It is refused with a small 400 naming the
// depth limit, on every write route of the operations table, and the server goes on answering
// other clients while it arrives and after it. A bad field deep inside a body within the limit
// is named with a path cut short, and many bad fields make a bounded answer. Over the server's
// real port, raw sockets, so the test sees the bytes the server writes.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { operations as table, type Operation, type OperationId } from '../../src/contract/operations.js';
import { MAX_JSON_DEPTH } from '../../src/server/request-body.js';
import { ACCOUNT_A, startTestServer, TWO_ACCOUNTS, type TestServer } from './helpers.js';

const OVER_PORT = { ...TWO_ACCOUNTS, overPort: true };
/** What the probe sent: 200,000 arrays around `"\ud800"`, 400 kB of JSON. */
const LEVELS = 200_000;
const DEEP_BODY = Buffer.from(`${'['.repeat(LEVELS)}"\\ud800"${']'.repeat(LEVELS)}`);
/** An error answer, headers and body, at most: a few short lines. */
const SMALL_ANSWER_BYTES = 8 * 1024;

/** The table, indexable by any operation id. */
const operations: Readonly<Record<OperationId, Operation>> = table;

const BODY_OPS = (Object.keys(operations) as OperationId[]).filter((id) => operations[id].body);

/** A concrete path of the operation: each path parameter a UUID (what it names does not matter, the body is refused first). */
function pathOf(id: OperationId): string {
  return operations[id].path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000001');
}

interface RawAnswer {
  status: number;
  /** Every byte of the answer, headers and body. */
  bytes: number;
  json: any;
}

/**
 * Opens a connection and writes a request whose body is `body`, of which only `sent` bytes are
 * written for now; `rest()` writes the others. `answer` resolves once the whole answer is in.
 */
function openRequest(
  port: number,
  method: string,
  path: string,
  body?: Buffer,
  sent = body?.length ?? 0,
): { answer: Promise<RawAnswer>; rest(): void; socket: Socket } {
  const socket = connect(port, '127.0.0.1');
  const head =
    `${method} ${path} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${ACCOUNT_A.key}\r\n` +
    (body ? `content-type: application/json\r\ncontent-length: ${body.length}\r\n` : '') +
    'connection: close\r\n\r\n';
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const text = all.toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      if (!status) return reject(new Error(`no HTTP answer: ${text.slice(0, 200)}`));
      resolve({ status: Number(status[1]), bytes: all.length, json: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) });
    });
  });
  socket.write(head);
  if (body) socket.write(body.subarray(0, sent));
  return { answer, rest: () => body && socket.write(body.subarray(sent)), socket };
}

function expectDepthRefusal(answer: RawAnswer, what: string): void {
  expect(answer.status, what).toBe(400);
  expect(answer.bytes, what).toBeLessThan(SMALL_ANSWER_BYTES);
  expect(answer.json.statusCode, what).toBe(400);
  expect(answer.json.error, what).toBe('Bad Request');
  expect(answer.json.message, what).toBe(`body: nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`);
  expect(answer.json.details, what).toEqual([
    { path: 'body', message: `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep` },
  ]);
}

async function expectServed(server: TestServer): Promise<void> {
  const other = await openRequest(server.port, 'GET', '/v1/status-pages/incidents').answer;
  expect(other.status).toBe(200);
  expect(Array.isArray(other.json.entries)).toBe(true);
}

describe('deeply nested bodies', () => {
  it('a megabyte of nested arrays around a lone surrogate gets a small 400 naming the depth limit, on every write route', async () => {
    const server = await startTestServer(OVER_PORT);
    expect(BODY_OPS.length).toBeGreaterThan(5);
    for (const id of BODY_OPS) {
      const op = operations[id];
      const answer = await openRequest(server.port, op.method, pathOf(id), DEEP_BODY).answer;
      expectDepthRefusal(answer, `${op.method} ${op.path}`);
    }
    // The most levels the size limit holds: as small an answer.
    const levels = Math.floor((1024 * 1024 - 8) / 2);
    const deepest = Buffer.from(`${'['.repeat(levels)}"\\ud800"${']'.repeat(levels)}`);
    expectDepthRefusal(await openRequest(server.port, 'POST', '/v1/status-pages/incidents', deepest).answer, `${levels} levels`);
    await expectServed(server);
  });

  it('other clients are answered while a deep body arrives, beside it and after it', async () => {
    const server = await startTestServer(OVER_PORT);
    // All but the last bracket sent: the server holds the deep request, reading its body.
    const deep = openRequest(server.port, 'POST', '/v1/status-pages/incidents', DEEP_BODY, DEEP_BODY.length - 1);
    const otherAnswered: string[] = [];
    const deepAnswered = deep.answer.then((answer) => {
      otherAnswered.push('deep');
      return answer;
    });
    await expectServed(server);
    otherAnswered.push('other while the deep body arrives');
    // The last byte, and at once another client: both are answered.
    deep.rest();
    const beside = openRequest(server.port, 'GET', '/v1/status-pages/incidents').answer.then((answer) => {
      otherAnswered.push('other beside the deep body');
      return answer;
    });
    const [deepAnswer, besideAnswer] = await Promise.all([deepAnswered, beside]);
    expectDepthRefusal(deepAnswer, 'the deep body');
    expect(besideAnswer.status).toBe(200);
    expect(otherAnswered[0]).toBe('other while the deep body arrives');
    expect(otherAnswered.slice(1).sort()).toEqual(['deep', 'other beside the deep body']);
    // Several at once, each with another client beside it.
    const many = await Promise.all(
      Array.from({ length: 4 }, () => [
        openRequest(server.port, 'POST', '/v1/status-pages/incidents', DEEP_BODY).answer,
        openRequest(server.port, 'GET', '/v1/status-pages/incidents').answer,
      ]).flat(),
    );
    many.forEach((answer, i) => {
      if (i % 2 === 0) expectDepthRefusal(answer, `deep body ${i / 2}`);
      else expect(answer.status).toBe(200);
    });
    await expectServed(server);
  });

  it('nesting up to the limit is read: a bad value at the bottom is named by a path cut short', async () => {
    const server = await startTestServer(OVER_PORT);
    const levels = MAX_JSON_DEPTH - 1;
    const body = Buffer.from(`{"name":${'['.repeat(levels)}"\\ud800"${']'.repeat(levels)}}`);
    const answer = await openRequest(server.port, 'POST', '/v1/status-pages/incidents', body).answer;
    expect(answer.status).toBe(400);
    expect(answer.json.details).toEqual([
      { path: 'name[0][0][0][0][0][...][0][0]', message: 'holds a lone UTF-16 surrogate: not Unicode text' },
    ]);
    expect(answer.json.message).toBe('name[0][0][0][0][0][...][0][0]: holds a lone UTF-16 surrogate: not Unicode text');
    // Brackets inside strings are text, not levels.
    const text = `${'['.repeat(MAX_JSON_DEPTH * 4)}{`;
    const inString = await server.call('POST', '/v1/status-pages/incidents', { body: { name: text, bogus: text } });
    expect(inString.status).toBe(400);
    expect(inString.json.details).toEqual(expect.arrayContaining([{ path: 'bogus', message: '"bogus" is not allowed' }]));
  });

  it('many bad fields, or a bad field with a long name, make an answer of bounded size that still counts them all', async () => {
    const server = await startTestServer(OVER_PORT);
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`unknown${i}${'x'.repeat(100)}`, 1]));
    const answer = await openRequest(server.port, 'POST', '/v1/status-pages/incidents', Buffer.from(JSON.stringify(many))).answer;
    expect(answer.status).toBe(400);
    expect(answer.bytes).toBeLessThan(SMALL_ANSWER_BYTES);
    expect(answer.json.details).toHaveLength(20);
    expect(answer.json.message).toMatch(/\(and 5003 more\)$/);

    const longName = { [`${'y'.repeat(900_000)}`]: 1 };
    const long = await openRequest(server.port, 'POST', '/v1/status-pages/incidents', Buffer.from(JSON.stringify(longName))).answer;
    expect(long.status).toBe(400);
    expect(long.bytes).toBeLessThan(SMALL_ANSWER_BYTES);
    const named = long.json.details.find((detail: { path: string }) => detail.path.startsWith('yyy'));
    expect(named.path).toMatch(/^y+…$/);
    expect(named.message).toMatch(/^"y+…$/);

    const query = Array.from({ length: 1500 }, (_, i) => `p${i}=`).join('&');
    const empty = await openRequest(server.port, 'GET', `/v1/status-pages/incidents?${query}`).answer;
    expect(empty.status).toBe(400);
    expect(empty.bytes).toBeLessThan(SMALL_ANSWER_BYTES);
    expect(empty.json.message).toBe('p0: must not be empty (and 1499 more)');
  });
});

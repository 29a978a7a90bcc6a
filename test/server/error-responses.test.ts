// Every error status the server sends for an operation is one the operation declares in the
// contract table (contract/error-responses.ts), and /openapi.json lists it for that operation.
// Data-driven: each trigger below is tried against every operation of the table, on a real
// server, and the statuses it produced are compared with the published document.
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations, type Operation, type OperationId } from '../../src/contract/operations.js';
import { sampleOf } from '../../src/contract/table.js';
import { ACCOUNT_A, ACCOUNT_B, NOW, startTestServer, TWO_ACCOUNTS, type CallInit, type CallResult, type TestServer } from './helpers.js';

const ids = Object.keys(operations) as OperationId[];

/** A body each operation accepts (its row's sample), so a trigger for a later stage (404) is not stopped at 400. */
const VALID_BODIES: Partial<Record<OperationId, unknown>> = Object.fromEntries(
  ids.filter((id) => sampleOf(id)?.body !== undefined).map((id) => [id, sampleOf(id)?.body]),
);

/** A data file that cannot be written: not produced by this in-memory server. */
const STORAGE_ON_WRITES = {
  503: 'needs --data on a disk that fails: test/durability/journal.test.ts (an I/O error)',
  507: 'needs --data on a full disk: test/durability/disk-failure.test.ts (prlimit --fsize)',
};
const STORAGE_ON_READS = {
  503: 'declared by every operation, but a read is answered again after a failed write is rolled back (persistence/durable-handlers.ts)',
  507: 'declared by every operation, but a read is answered again after a failed write is rolled back (persistence/durable-handlers.ts)',
};

/**
 * What a row declares for the hosted API's own reasons (a plan's quota, the form of an id it
 * checks), which the reference server does not have: the row says when (alsoAnswers).
 */
function hostedOnly(op: Operation): Record<number, string> {
  return Object.fromEntries(Object.entries(op.alsoAnswers ?? {}).map(([status, when]) => [status, `the hosted API's: ${when}`]));
}

/**
 * Declared but not produced here, each for a stated reason. Anything declared and neither
 * produced nor listed here fails the test.
 */
const NOT_TRIGGERED: Partial<Record<OperationId, Record<number, string>>> = Object.fromEntries(
  ids.map((id) => [id, { ...(operations[id].method === 'GET' ? STORAGE_ON_READS : STORAGE_ON_WRITES), ...hostedOnly(operations[id]) }]),
);

function pathWith(op: Operation, value: string): string {
  return op.path.replace(/\{\w+\}/g, encodeURIComponent(value));
}

interface Trigger {
  name: string;
  /** Undefined when the trigger cannot be expressed for this operation (e.g. a body on a GET). */
  request(id: OperationId, op: Operation): { method: string; path: string; init: CallInit } | undefined;
}

const takesBody = (op: Operation) => op.body !== undefined;

/**
 * A method no row of the table takes on this operation's path with `x` for its ids (a row with a
 * parameter where this one has a literal segment matches it too: `.../subscriptions/bulk`).
 */
function methodNotOn(op: Operation): string {
  const have = pathWith(op, 'x').split('/');
  const matches = (template: string) => {
    const want = template.split('/');
    return want.length === have.length && want.every((segment, i) => segment === have[i] || /^\{\w+\}$/.test(segment));
  };
  const taken = new Set<string>(
    Object.values(operations)
      .filter((other) => matches(other.path))
      .map((other) => other.method),
  );
  return ['DELETE', 'PATCH', 'PUT', 'POST', 'GET'].find((method) => !taken.has(method))!;
}

const TRIGGERS: Trigger[] = [
  {
    name: 'malformed JSON body, or an empty query parameter',
    request: (_id, op) =>
      takesBody(op)
        ? { method: op.method, path: pathWith(op, 'x'), init: { rawBody: '{', headers: { 'content-type': 'application/json' } } }
        : { method: op.method, path: `${pathWith(op, 'x')}?limit=`, init: {} },
  },
  { name: 'no API key', request: (_id, op) => ({ method: op.method, path: pathWith(op, 'x'), init: { key: null } }) },
  {
    name: 'another account in x-service-account',
    request: (_id, op) => ({ method: op.method, path: pathWith(op, 'x'), init: { headers: { 'x-service-account': ACCOUNT_B.id } } }),
  },
  {
    name: 'an x-service-account that is not a UUID',
    request: (_id, op) => ({ method: op.method, path: pathWith(op, 'x'), init: { headers: { 'x-service-account': 'acct-1' } } }),
  },
  {
    name: 'an id that names nothing',
    request: (id, op) =>
      op.path.includes('{')
        ? {
            method: op.method,
            path: pathWith(op, '00000000-0000-4000-8000-00000000dead'),
            init: VALID_BODIES[id] === undefined ? {} : { body: VALID_BODIES[id] },
          }
        : undefined,
  },
  {
    name: 'an id that is not a UUID',
    request: (id, op) =>
      op.path.includes('{')
        ? { method: op.method, path: pathWith(op, 'no-such-id'), init: VALID_BODIES[id] === undefined ? {} : { body: VALID_BODIES[id] } }
        : undefined,
  },
  { name: 'a method the path does not have', request: (_id, op) => ({ method: methodNotOn(op), path: pathWith(op, 'x'), init: {} }) },
  {
    name: 'a body over the limit',
    request: (_id, op) =>
      takesBody(op)
        ? {
            method: op.method,
            path: pathWith(op, 'x'),
            init: { rawBody: `"${'x'.repeat(1024 * 1024 + 16)}"`, headers: { 'content-type': 'application/json' } },
          }
        : undefined,
  },
  {
    name: 'a body that is not JSON',
    request: (_id, op) =>
      takesBody(op)
        ? { method: op.method, path: pathWith(op, 'x'), init: { rawBody: '{}', headers: { 'content-type': 'text/plain' } } }
        : undefined,
  },
];

/**
 * A request that never finishes, on a raw socket (fetch cannot stall): the headers cut short
 * for an operation without a body, a body cut short for one with. Resolves once the server
 * has closed the connection.
 */
function unfinished(port: number, op: Operation): Promise<CallResult> {
  const start = `${op.method} ${pathWith(op, 'x')} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${ACCOUNT_A.key}\r\n`;
  const sent = takesBody(op) ? `${start}content-type: application/json\r\ncontent-length: 100\r\n\r\n{"desc` : start;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(sent));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const text = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      resolve({ status: Number(answer.split(' ')[1]), headers: new Headers(), text, json: JSON.parse(text) });
    });
  });
}

/** Operation -> error statuses the server answered, with what triggered each. */
const produced = new Map<OperationId, Map<number, string>>(ids.map((id) => [id, new Map()]));

function record(id: OperationId, result: CallResult, how: string): void {
  if (result.status >= 400) {
    produced.get(id)!.set(result.status, how);
    // Every error is the one JSON error body, with its own status in it.
    expect(result.json, `${id} ${how}`).toMatchObject({
      statusCode: result.status,
      error: expect.any(String),
      message: expect.any(String),
    });
  }
}

let document: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

describe('error responses: produced by the server, declared by the table, published by /openapi.json', () => {
  beforeAll(async () => {
    const server = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW });
    document = (await server.call('GET', '/openapi.json')).json;
    for (const trigger of TRIGGERS) {
      for (const id of ids) {
        const request = trigger.request(id, operations[id]);
        if (request) record(id, await server.call(request.method, request.path, request.init), trigger.name);
      }
    }
    // Past the rate limit: the second request of the same second.
    const limited = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW, rateLimit: 1 });
    await limited.call('GET', '/v1/runtimes');
    for (const id of ids) record(id, await limited.call(operations[id].method, pathWith(operations[id], 'x')), 'past the rate limit');
    // A fault inside the server (here its clock, read by the rate limiter on every request).
    let broken = false;
    const faulty: TestServer = await startTestServer({
      ...TWO_ACCOUNTS,
      now: () => {
        if (broken) throw new Error('injected clock fault');
        return NOW;
      },
      rateLimit: 1000,
    });
    broken = true;
    for (const id of ids) record(id, await faulty.call(operations[id].method, pathWith(operations[id], 'x')), 'a fault in the server');
    // A slow client (docs/api-rules.md#slow-and-idle-clients), with short timeouts; all at once, each on its own connection.
    const slow = await startTestServer({ ...TWO_ACCOUNTS, now: () => NOW, headersTimeoutMs: 100, bodyTimeoutMs: 100 });
    const answers = await Promise.all(ids.map((id) => unfinished(slow.port, operations[id])));
    for (const [i, id] of ids.entries()) record(id, answers[i]!, 'headers or body never finished');
  }, 60_000);

  it.each(ids)('%s: every error status the server sent is declared and published', (id) => {
    const op = operations[id];
    const published = Object.keys(document.paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {}).map(Number);
    const sent = [...produced.get(id)!.keys()].sort((a, b) => a - b);
    expect(sent.length).toBeGreaterThanOrEqual(5);
    for (const status of sent) {
      expect(op.errors, `${id} answered ${status} (${produced.get(id)!.get(status)})`).toContain(status);
      expect(published, `${id} answered ${status} (${produced.get(id)!.get(status)})`).toContain(status);
    }
  });

  it.each(ids)('%s: every declared error status is produced by a trigger (or says why not)', (id) => {
    const op = operations[id];
    const published = Object.keys(document.paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {})
      .map(Number)
      .filter((status) => status >= 400);
    expect(published).toEqual([...op.errors]);
    const unexplained = op.errors.filter((status) => !produced.get(id)!.has(status) && !NOT_TRIGGERED[id]?.[status]);
    expect(unexplained).toEqual([]);
  });
});

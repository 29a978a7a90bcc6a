// Shared by the hardening tests: a reference server on a real port with its log captured, a
// keep-alive undici pool, raw sockets for broken framing, the documented error body check, a
// snapshot of everything an account can GET, and a count of every store mutation.
import { STATUS_CODES } from 'node:http';
import { connect } from 'node:net';
import { Pool } from 'undici';
import { expect, vi, type MockInstance } from 'vitest';
import { operations, type Operation, type OperationId } from '../../src/contract/operations.js';
import { demoIds, type Account, type RunningServer, type ServerOptions } from '../../src/server/index.js';
import { NOW } from '../support/clock.js';
import { startTestServer } from '../support/server.js';
import type { Change } from '../../src/server/changes.js';
import { AccountStore } from '../../src/server/store.js';

/** A fixed instant: nothing here depends on the wall clock. */
export { NOW };

// Distinctive keys: a leak of any of them is easy to find in any text.
export const ACCOUNT_A: Account = { id: '4a000000-0000-4000-8000-00000000000a', key: 'sk_live_CANARYa1b2c3d4e5f6A_9k3Q' };
export const ACCOUNT_B: Account = { id: '4b000000-0000-4000-8000-00000000000b', key: 'sk_live_CANARYz9y8x7w6v5u4B_7m2P' };

export interface HardeningServer extends RunningServer {
  logs: string[];
  pool: Pool;
  /** Request as is (no auth added); resolves with the whole answer. */
  send(req: RawRequest): Promise<Answer>;
  /** GET as an account (default A), JSON body. */
  get(path: string, account?: Account): Promise<Answer>;
  stop(): Promise<void>;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/** The one server starter (test/support/server.ts) with accounts A and B and a fixed clock, plus a keep-alive pool. */
export async function startHardeningServer(options: ServerOptions = {}): Promise<HardeningServer> {
  const server = await startTestServer({ accounts: [ACCOUNT_A, ACCOUNT_B], rcaDelayMs: 5, now: () => NOW, ...options });
  const pool = new Pool(server.url, { connections: 4, keepAliveTimeout: 30_000 });
  const send = async (req: RawRequest): Promise<Answer> => {
    const response = await pool.request({
      method: req.method as never,
      path: req.path,
      headers: req.headers,
      body: req.body,
    });
    const text = await response.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, headers: response.headers, text, json };
  };
  return Object.assign(server, {
    pool,
    send,
    get: (path: string, account: Account = ACCOUNT_A) => send({ method: 'GET', path, headers: { authorization: `Bearer ${account.key}` } }),
    async stop() {
      await pool.close();
      await server.close();
    },
  });
}

/**
 * The one error body (docs/api-rules.md#errors), with the status expected. Returns the body.
 * `what` describes the request, for the failure message.
 */
export function expectErrorAnswer(
  answer: Answer,
  status: number,
  what: string,
): { statusCode: number; error: string; message: string; details?: { path: string; message: string }[] } {
  const context = `${what}\n-> ${answer.status} ${answer.text.slice(0, 500)}`;
  expect(answer.status, context).toBe(status);
  expect(String(answer.headers['content-type']), context).toMatch(/^application\/json/);
  const body = answer.json;
  expect(body, context).toBeTypeOf('object');
  expect(body, context).not.toBeNull();
  expect(Object.keys(body).sort(), context).toEqual(
    'details' in body ? ['details', 'error', 'message', 'statusCode'] : ['error', 'message', 'statusCode'],
  );
  expect(body.statusCode, context).toBe(status);
  expect(body.error, context).toBe(STATUS_CODES[status]);
  expect(typeof body.message === 'string' && body.message.length > 0, context).toBe(true);
  if ('details' in body) {
    expect(Array.isArray(body.details) && body.details.length > 0, context).toBe(true);
    for (const detail of body.details) {
      expect(Object.keys(detail).sort(), context).toEqual(['message', 'path']);
      expect(typeof detail.path === 'string' && typeof detail.message === 'string', context).toBe(true);
    }
  }
  return body;
}

// ---- routes ------------------------------------------------------------------------------

export const OPERATION_IDS = Object.keys(operations) as OperationId[];
export const op = (id: OperationId): Operation => operations[id];

const routePatterns = OPERATION_IDS.map((id) => {
  const source = operations[id].path
    .split('/')
    .map((segment) => (/^\{\w+\}$/.test(segment) ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // Literal segments beat parameters (`/v1/status-pages/incidents` is no status page id).
  const specificity = operations[id].path
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '1' : '0'))
    .join('');
  return { id, method: operations[id].method as string, pattern: new RegExp(`^${source}$`), specificity };
}).sort((a, b) => a.specificity.localeCompare(b.specificity));

/** The path the server sees: an origin-form target (RFC 9112 §3.2.1) with dot segments resolved. */
export function serverPathname(path: string): string {
  return new URL(`http://localhost${path}`).pathname;
}

/** The operations whose path template matches a concrete path (as the server will read it), most specific first. */
export function routesMatching(path: string): { id: OperationId; method: string }[] {
  const pathname = serverPathname(path);
  return routePatterns.filter((route) => {
    const match = route.pattern.exec(pathname);
    // A parameter that is not valid percent-encoding names nothing: the server has no route for it.
    return match?.slice(1).every(decodable);
  });
}

function decodable(segment: string | undefined): boolean {
  try {
    decodeURIComponent(segment ?? '');
    return true;
  } catch {
    return false;
  }
}

/** The operation a method on a concrete path reaches, if any. */
export function routeFor(method: string, path: string): OperationId | undefined {
  return routesMatching(path).find((route) => route.method === method)?.id;
}

/** Methods allowed on a concrete path, sorted (the server's `Allow` header). */
export function allowedMethods(path: string): string[] {
  return [...new Set(routesMatching(path).map((route) => route.method))].sort();
}

/** The template filled with already-encoded segments. */
export function fillEncoded(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
}

// ---- state -------------------------------------------------------------------------------

/**
 * Everything an account can read: every status page (list, walked to the end, and each by
 * id), every incident (same) with each of its updates by id, the runtimes, and the
 * availability of every demo heartbeat check over all time. Error groups and analyses have no
 * listing; countStoreMutations() covers them.
 */
export async function snapshot(
  server: HardeningServer,
  account: Account = ACCOUNT_A,
  extraPaths: string[] = [],
): Promise<Record<string, unknown>> {
  const state: Record<string, unknown> = {};
  const read = async (path: string) => {
    const answer = await server.get(path, account);
    state[path] = { status: answer.status, body: answer.json };
    return answer;
  };
  for (const list of ['/v1/status-pages', '/v1/status-pages/incidents']) {
    let cursor: string | null = null;
    for (let page = 0; page < 1000; page++) {
      const answer = await read(`${list}?limit=100${cursor ? `&nextId=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.status, answer.text).toBe(200);
      for (const entry of answer.json.entries) {
        const one = await read(`${list}/${encodeURIComponent(entry.id)}`);
        expect(one.status, one.text).toBe(200);
        for (const update of entry.incidentUpdates ?? []) {
          await read(`${list}/${encodeURIComponent(entry.id)}/incident-updates/${encodeURIComponent(update.id)}`);
        }
      }
      cursor = answer.json.nextId;
      if (!cursor) break;
    }
  }
  await read('/v1/runtimes');
  for (const checkId of Object.values(demoIds(account.id).heartbeatChecks)) {
    await read(`/v1/checks/heartbeats/${encodeURIComponent(checkId)}/availability?startTime=1970-01-01&endTime=2025-03-10`);
  }
  for (const path of extraPaths) await read(path);
  return state;
}

/**
 * Counts the changes made to any store (every change goes through the store's one commit
 * step, which emits its change record), by kind, across every account, from now until restore().
 */
export function countStoreMutations(): {
  calls: () => Record<string, number>;
  total: () => number;
  accounts: () => string[];
  restore: () => void;
} {
  // commit is private to the store: spied on by name, as no public method sees every change.
  const spy = vi.spyOn(AccountStore.prototype as unknown as { commit(change: Change): unknown }, 'commit') as MockInstance<
    (change: Change) => unknown
  >;
  const calls = () => {
    const counts: Record<string, number> = {};
    for (const [change] of spy.mock.calls) counts[change.kind] = (counts[change.kind] ?? 0) + 1;
    return counts;
  };
  return {
    calls,
    total: () => spy.mock.calls.length,
    /** The accounts whose stores were changed. */
    accounts: () => [...new Set(spy.mock.contexts.map((store) => (store as unknown as AccountStore).accountId))].sort(),
    restore: () => spy.mockRestore(),
  };
}

// ---- raw sockets -------------------------------------------------------------------------

export interface RawAnswer {
  /** Everything the server wrote before closing (or before the deadline). */
  text: string;
  /** The server closed the connection. */
  closed: boolean;
  /** Connection error seen on our side, if any. */
  error?: string;
}

/**
 * Writes bytes on a fresh connection and collects the answer until the server closes it, a
 * complete response with `connection: close` or a length has arrived, or `deadlineMs` passes.
 * `halfClose` ends our side after writing (EOF in the middle of a request); `readAfterWriting`
 * reads nothing until the whole payload is written.
 */
export function rawExchange(
  port: number,
  payload: Buffer | string,
  options: { halfClose?: boolean; deadlineMs?: number; readAfterWriting?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    // As a client busy uploading: nothing is read until the whole payload is written (an answer
    // the server follows with a reset is then lost).
    if (options.readAfterWriting) socket.pause();
    const chunks: Buffer[] = [];
    let done = false;
    let error: string | undefined;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), closed, ...(error ? { error } : {}) });
    };
    const timer = setTimeout(() => finish(false), options.deadlineMs ?? 5000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const parsed = parseRawResponse(Buffer.concat(chunks).toString('utf8'));
      if (parsed?.complete) finish(false);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => finish(true));
    socket.write(payload, () => {
      if (options.halfClose) socket.end();
      if (options.readAfterWriting) socket.resume();
    });
  });
}

/** The first response in raw text: status, headers, body (complete when its length arrived). */
export function parseRawResponse(
  text: string,
): { status: number; headers: Record<string, string>; body: string; complete: boolean } | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3}) /.exec(statusLine ?? '');
  if (!status) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = text.slice(end + 4);
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  return {
    status: Number(status[1]),
    headers,
    body: length === undefined ? body : body.slice(0, length),
    complete: length !== undefined && Buffer.byteLength(body) >= length,
  };
}

/**
 * A full key, or any 8-character stretch of its secret part (after the `sk_live_` prefix),
 * anywhere in the text. The masked form `****` + last 4 characters is allowed.
 */
export function containsKey(text: string, key: string): boolean {
  const secret = key.replace(/^sk_live_/, '');
  for (let start = 0; start + 8 <= secret.length; start++) {
    if (text.includes(secret.slice(start, start + 8))) return true;
  }
  return text.includes(key);
}

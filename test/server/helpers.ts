// Shared by the server tests: their two accounts, checks of every 2xx body against the contract
// schema and, where the upstream document describes the operation, against its response schema
// (ajv), and an event stream reader. Servers come from the one starter, test/support/server.ts:
// `startTestServer(TWO_ACCOUNTS)`; its call() is in process unless the server is started
// `overPort: true`.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { ValidateFunction } from 'ajv';
import { expect } from 'vitest';
import { operations, type OperationId } from '../../src/contract/operations.js';
import type { CallResult, TestServer, TestServerOptions } from '../support/server.js';
import { upstream, upstreamResponseValidator } from '../support/upstream-spec.js';

export { startTestServer, type CallInit, type CallResult, type TestServer } from '../support/server.js';

export const ACCOUNT_A = { id: '7d1c0000-0000-4000-8000-00000000000a', key: 'key-a-0123456789abcdef' };
export const ACCOUNT_B = { id: '92fe0000-0000-4000-8000-00000000000b', key: 'key-b-fedcba9876543210' };

/** What a server test starts with: accounts A (call()'s default) and B, analyses done in a few ms. */
export const TWO_ACCOUNTS: TestServerOptions = { accounts: [ACCOUNT_A, ACCOUNT_B], rcaDelayMs: 5 };

/** A fixed instant: tests never depend on the wall clock. */
export { NOW } from '../support/clock.js';

// ---- upstream OpenAPI document ---------------------------------------------------------

const validators = new Map<string, ValidateFunction | null>();

function upstreamValidator(method: string, path: string, status: number): ValidateFunction | null {
  // A 204 has no body, whatever schema the document gives it.
  if (status === 204) return null;
  const cacheKey = `${method} ${path} ${status}`;
  if (!validators.has(cacheKey)) {
    const schema = upstream.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.content?.['application/json']?.schema;
    validators.set(cacheKey, schema ? upstreamResponseValidator(schema) : null);
  }
  return validators.get(cacheKey)!;
}

/** The method whose answers the document describes: a row beyond the document answers as the one it follows. */
function documentedMethod(op: { method: string; beyondDocument?: { of: string } }): string {
  return op.beyondDocument?.of ?? op.method;
}

export function upstreamDescribes(id: OperationId, status: number): boolean {
  const op = operations[id];
  return upstreamValidator(documentedMethod(op), op.path, status) !== null;
}

/**
 * Asserts the expected success status and that the body parses with the operation's contract
 * schema and validates against the upstream response schema when upstream has the operation
 * (or, beyond the document, the operation it follows).
 */
export function expectSuccess(id: OperationId, result: CallResult, status: number): any {
  expect(result.status, result.text).toBe(status);
  if (status === 204) {
    expect(result.text, `${id}: a 204 has no body`).toBe('');
    expect(result.headers.get('content-length')).toBeNull();
    expect(Object.keys(operations[id].responses)).toEqual(['204']);
    return null;
  }
  const op = operations[id];
  const schema = (op.responses as Record<number, import('zod').ZodType>)[status];
  expect(schema, `${id} has no ${status} response in the contract`).toBeDefined();
  const parsed = schema!.safeParse(result.json);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
  const validate = upstreamValidator(documentedMethod(op), op.path, status);
  if (validate) {
    const valid = validate(result.json);
    expect(valid, JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  }
  return result.json;
}

/** An error answer: the status and the one error body (docs/api-rules.md#errors). */
export function expectError(
  result: CallResult,
  status: number,
): { statusCode: number; error: string; message: string; details?: { path: string; message: string }[] } {
  expect(result.status, result.text).toBe(status);
  expect(result.headers.get('content-type')).toMatch(/^application\/json/);
  expect(result.json).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  expect(Object.keys(result.json).sort()).toEqual(
    result.json.details ? ['details', 'error', 'message', 'statusCode'] : ['error', 'message', 'statusCode'],
  );
  return result.json;
}

/** Ids of services of account A's demo data, for creating incidents. */
export async function someServiceIds(server: TestServer, key = ACCOUNT_A.key): Promise<string[]> {
  const pages = await server.call('GET', '/v1/status-pages', { key });
  return pages.json.entries.flatMap((page: any) => page.cards.flatMap((card: any) => card.services.map((s: any) => s.id)));
}

export interface ServiceRef {
  id: string;
  name: string;
  accountId: string;
}

/** Services of the account's demo data as a create body names them (upstream's IncidentService). */
export async function someServices(server: TestServer, key = ACCOUNT_A.key): Promise<ServiceRef[]> {
  const pages = await server.call('GET', '/v1/status-pages', { key });
  return pages.json.entries.flatMap((page: any) =>
    page.cards.flatMap((card: any) => card.services.map((s: any) => ({ id: s.id, name: s.name, accountId: s.accountId }))),
  );
}

/** A create body the hosted API accepts, naming `services` (default: the first of account A). */
export async function incidentBody(server: TestServer, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const [service] = await someServices(server);
  return {
    name: 'Checkout is down',
    severity: 'CRITICAL',
    services: [service],
    incidentUpdates: [{ description: 'Investigating' }],
    ...overrides,
  };
}

/** For the self-check of the upstream validation: the raw validator of one response. */
export function upstreamValidatorFor(id: OperationId, status: number): ValidateFunction | null {
  const op = operations[id];
  return upstreamValidator(documentedMethod(op), op.path, status);
}

/** An event stream, read as it arrives: `next()` resolves with each event's block of lines. */
export function openStream(url: string, headers: Record<string, string> = {}) {
  const blocks: string[] = [];
  const waiters: ((block: string) => void)[] = [];
  let buffer = '';
  let response: IncomingMessage | undefined;
  const ended = new Promise<void>((resolveEnd) => {
    const ready = new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(url, { headers }, resolve);
      req.on('error', reject);
      req.end();
    });
    void ready.then((res) => {
      response = res;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const waiter = waiters.shift();
          if (waiter) waiter(block);
          else blocks.push(block);
          end = buffer.indexOf('\n\n');
        }
      });
      res.on('close', () => resolveEnd());
    });
  });
  return {
    ended,
    get response() {
      return response;
    },
    next(): Promise<string> {
      const block = blocks.shift();
      return block !== undefined ? Promise.resolve(block) : new Promise((resolve) => waiters.push(resolve));
    },
    close() {
      response?.destroy();
    },
  };
}

// Strict in what the client sends, liberal in what it accepts (docs/api-rules.md):
// a request that breaks the contract is refused before it leaves the process, while an answer
// that breaks it is only reported, because a real deployment may be a version ahead of us.
import type { z } from 'zod';
import type { Operation, Route, Row } from '../contract/operations.js';
import type { ErrorDetail } from '../contract/errors.js';
import { issueDetails as sharedIssueDetails } from '../contract/rules.js';
import { fitsRequest } from './request-check.js';

/**
 * A request refused before sending: nothing went over the wire, so this is a TypeError (a bug
 * or bad input in the caller), not an ApiError. `details` holds one entry per bad field.
 */
export class RequestValidationError extends TypeError {
  override readonly name = 'RequestValidationError';
  readonly details: ErrorDetail[];

  constructor(operationId: string, details: ErrorDetail[]) {
    super(`${operationId}: invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`);
    this.details = details;
  }
}

export { formatPath } from '../contract/rules.js';

/** One entry per bad field, worded as the server's 400 (the rule lives in contract/rules.ts). */
export function issueDetails(error: z.ZodError, prefix = ''): ErrorDetail[] {
  return sharedIssueDetails(error.issues, { prefix });
}

export interface CheckedRequest {
  params: Record<string, string>;
  query: Record<string, string | undefined> | undefined;
  body: unknown;
}

interface LooseInput {
  params?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/**
 * Whether a call's query and body (those given) fit its operation, decided on the shapes the build
 * derived from the schemas (request-check.ts), without loading them. False is "ask the schemas":
 * a bad request, or one these shapes cannot decide; checkRequest with the schemas then words it.
 */
export function requestFits(operationId: string, op: Row, input: LooseInput | undefined): boolean {
  const given = input ?? {};
  if (given.query !== undefined && (!op.query || !fitsRequest(operationId, 'query', queryValues(given.query).defined))) return false;
  if (given.body !== undefined && (!op.body || !fitsRequest(operationId, 'body', given.body))) return false;
  return true;
}

/**
 * Validates a call's input against its operation; throws RequestValidationError. `op` may be
 * the route alone (no schemas loaded) when the input has neither a query nor a body, or when
 * requestFits has found them to fit (`fits`).
 */
export function checkRequest(
  operationId: string,
  op: (Route & Partial<Operation>) | Row,
  input: LooseInput | undefined,
  fits = false,
): CheckedRequest {
  const given = input ?? {};
  const details: ErrorDetail[] = [];

  const params: Record<string, string> = {};
  const expected = new Set([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  for (const name of expected) {
    const value = given.params?.[name];
    if (typeof value !== 'string' || value === '') details.push({ path: `params.${name}`, message: 'required, a non-empty string' });
    // "." and ".." survive URL encoding and would be resolved away, changing the route.
    else if (value === '.' || value === '..') details.push({ path: `params.${name}`, message: 'may not be "." or ".."' });
    else params[name] = value;
  }
  for (const name of Object.keys(given.params ?? {})) {
    if (!expected.has(name)) details.push({ path: `params.${name}`, message: 'unknown path parameter' });
  }

  let query: Record<string, string | undefined> | undefined;
  if (given.query !== undefined) {
    if (!op.query) details.push({ path: 'query', message: 'this operation takes no query parameters' });
    else {
      const values = queryValues(given.query);
      query = values.sent;
      if (!fits) {
        const result = (op.query as z.ZodType).safeParse(values.defined);
        if (!result.success) details.push(...issueDetails(result.error, 'query'));
      }
    }
  }

  if (given.body === undefined) {
    // Read from the route: the schemas are not loaded for a call without a body.
    if (op.bodyRequired) details.push({ path: 'body', message: 'required' });
  } else if (!op.body) {
    details.push({ path: 'body', message: 'this operation takes no body' });
  } else if (!fits) {
    const result = (op.body as z.ZodType).safeParse(given.body);
    if (!result.success) details.push(...issueDetails(result.error, 'body'));
  }

  if (details.length > 0) throw new RequestValidationError(operationId, details);
  return { params, query, body: given.body };
}

/**
 * A query as its schema reads it (`defined`: the values given, numbers and booleans as text) and
 * as it is sent (`sent`: a comparison `{ gt: ... }` as `name[gt]=...`).
 */
function queryValues(given: Record<string, unknown>): { defined: Record<string, unknown>; sent: Record<string, string | undefined> } {
  // Query values travel as text; numbers and booleans are accepted and sent as text.
  const text = (value: unknown) =>
    typeof value === 'number' || typeof value === 'boolean' ? String(value) : (value as string | undefined);
  const values = Object.entries(given).filter(([, value]) => value !== undefined);
  const defined = Object.fromEntries(
    values.map(([name, value]) => [
      name,
      isComparison(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, text(v)])) : text(value),
    ]),
  );
  const sent = Object.fromEntries(
    Object.entries(defined).flatMap(([name, value]) =>
      typeof value === 'object' ? Object.entries(value).map(([operator, each]) => [`${name}[${operator}]`, each]) : [[name, value]],
    ),
  );
  return { defined, sent };
}

/**
 * Checks a success body against the schema of its status. A mismatch is reported through
 * `warn` (one line, the first bad field) and never thrown: the raw body is what the caller gets.
 */
export function checkResponse(operationId: string, op: Operation, status: number, body: unknown, warn: (message: string) => void): void {
  const schema = op.responses[status];
  if (!schema) return; // a 2xx the contract does not list is accepted as it is
  const result = schema.safeParse(body);
  if (result.success) return;
  const [first, ...rest] = issueDetails(result.error);
  const more = rest.length > 0 ? ` (and ${rest.length} more)` : '';
  warn(`${operationId}: ${status} response differs from the contract at ${first?.path}: ${first?.message}${more}; returned as received`);
}

/** A query value that is an object of comparisons (`startsAt: { gt: '2026-03-01' }`). */
function isComparison(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

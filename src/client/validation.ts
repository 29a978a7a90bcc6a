// Strict in what the client sends, liberal in what it accepts (docs/api-rules.md):
// a request that breaks the contract is refused before it leaves the process, while an answer
// that breaks it is only reported, because a real deployment may be a version ahead of us.
import type { z } from 'zod';
import type { Operation, Route } from '../contract/operations.js';
import type { ErrorDetail } from '../contract/errors.js';
import { issueDetails as sharedIssueDetails } from '../contract/rules.js';

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
 * Validates a call's input against its operation; throws RequestValidationError. `op` may be
 * the route alone (no schemas loaded) when the input has neither a query nor a body.
 */
export function checkRequest(operationId: string, op: Route & Partial<Operation>, input: LooseInput | undefined): CheckedRequest {
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
      // Query values travel as text; numbers and booleans are accepted and sent as text.
      const text = (value: unknown) =>
        typeof value === 'number' || typeof value === 'boolean' ? String(value) : (value as string | undefined);
      const values = Object.entries(given.query).filter(([, value]) => value !== undefined);
      const defined = Object.fromEntries(
        values.map(([name, value]) => [
          name,
          isComparison(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, text(v)])) : text(value),
        ]),
      );
      // A comparison ({ gt: ... }) travels as `name[gt]=...`.
      query = Object.fromEntries(
        Object.entries(defined).flatMap(([name, value]) =>
          typeof value === 'object' ? Object.entries(value).map(([operator, each]) => [`${name}[${operator}]`, each]) : [[name, value]],
        ),
      );
      const result = op.query.safeParse(defined);
      if (!result.success) details.push(...issueDetails(result.error, 'query'));
    }
  }

  if (given.body === undefined) {
    // Read from the route: the schemas are not loaded for a call without a body.
    if (op.bodyRequired) details.push({ path: 'body', message: 'required' });
  } else if (!op.body) {
    details.push({ path: 'body', message: 'this operation takes no body' });
  } else {
    const result = op.body.safeParse(given.body);
    if (!result.success) details.push(...issueDetails(result.error, 'body'));
  }

  if (details.length > 0) throw new RequestValidationError(operationId, details);
  return { params, query, body: given.body };
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

// The error responses every operation can give, declared once (docs/api-rules.md#errors and #slow-and-idle-clients). Which
// of them apply to an operation follows from its shape: any request can be refused (its key, its
// account header, which the hosted API takes only as a UUID: a 400), a body can be too large or
// untyped, a path with an id can name nothing (unless its row says `notFound: false`); the
// others, which the hosted API answers for reasons of its own (a plan's quota), a row lists in
// `alsoAnswers`, each with when. The OpenAPI
// document (openapi.ts) and the handlers' result types (server/handlers/types.ts) both read
// this; it is zod-free, like the operations table (table.ts).
import type { PathParamNames } from './rules.js';

export const ERROR_RESPONSES = {
  400: 'Bad request: malformed JSON, a field or query parameter that fails validation, an id in the path that is not a UUID where its form is checked, or an x-service-account header that is not a UUID (details name each one)',
  401: 'Missing, malformed or unknown API key',
  402: "Payment required: the account's plan does not include this, or its quota of it is used up",
  403: 'x-service-account names another account than the key',
  404: 'No resource with the id in the path',
  405: 'Method not allowed on this path; the Allow header lists the ones that are',
  408: 'The client took too long to send the request headers or body',
  413: 'Request body larger than the limit',
  415: 'Request body is not application/json',
  429: 'Rate limit exceeded; see Retry-After',
  500: 'Internal server error; the server log has the details',
  503: "A change the server's data file cannot take now (an I/O error): not applied, retry later",
  507: "A change the server's data file has no room for (disk full, file-size limit): not applied, retry later",
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** What decides which errors apply: the operation's path, whether it takes a body, `notFound` and `alsoAnswers`. */
interface Shape {
  readonly path: string;
  readonly body?: unknown;
  readonly notFound?: false;
  readonly alsoAnswers?: AlsoAnswers;
}

/** Error statuses an operation answers besides those its shape gives, each with when. */
export type AlsoAnswers = Readonly<Partial<Record<ErrorStatus, string>>>;

/**
 * Answered by any operation: auth, an account header that is not a UUID (the hosted API types it
 * so on every operation), a wrong method on its path, a slow client, a rate limit, a bug; and
 * with a data file, 503/507 when a change cannot be written to it. Reads are never
 * refused so (persistence/durable-handlers.ts), but which operations change data is the
 * server's business, so every operation declares them, as it declares 500.
 */
const ALWAYS = [400, 401, 403, 405, 408, 429, 500, 503, 507] as const;

/** The declared error statuses of an operation, at the type level (same rule as errorStatuses). */
export type ErrorStatusOf<Op extends Shape> =
  | (typeof ALWAYS)[number]
  | (Op extends { body: object } ? 413 | 415 : never)
  | (Op extends { notFound: false } ? never : [PathParamNames<Op['path']>] extends [never] ? never : 404)
  | (Op extends { alsoAnswers: infer Also } ? keyof Also & ErrorStatus : never);

/** The declared error statuses of an operation, ascending. */
export function errorStatuses(op: Shape): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(ALWAYS);
  if (op.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (op.path.includes('{') && op.notFound !== false) statuses.add(404);
  for (const status of Object.keys(op.alsoAnswers ?? {})) statuses.add(Number(status) as ErrorStatus);
  return [...statuses].sort((a, b) => a - b);
}

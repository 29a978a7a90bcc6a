// When an attempt is worth repeating, and how long to wait first. A 429 is retried whatever the
// method: the server refused it before doing anything (how long, and who else waits, is the
// business of the shared rate-limit state: rate-limit.ts and transport.ts). Other failures (502/503/504, a dropped
// connection) are retried only for idempotent requests: a POST that timed out or got a 503 may
// still have been applied, so repeating it could create a second incident.

/**
 * Methods whose repetition cannot change the outcome (POST creates; a PATCH in general may not be
 * idempotent, so a route that sets values says so itself: Route.idempotent).
 */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);

/** Rate limited, or a gateway / overloaded server: the next attempt may well succeed. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Connection-level failures where no answer arrived; DNS "not found" and TLS errors are final. */
const RETRYABLE_NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * A Retry-After longer than this is not waited for after a 502/503/504: the error is surfaced
 * with retryAfter. 429s are waited out until the client's maxWaitMs instead, which is this by
 * default.
 */
export const MAX_RETRY_AFTER_MS = 60_000;
/** Upper bound of one exponential backoff step. */
export const MAX_BACKOFF_MS = 10_000;

export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/** Whether an answer with this status is worth another attempt; a 429 always is (nothing was applied). */
export function isRetryableStatus(status: number, idempotent: boolean): boolean {
  return status === 429 || (idempotent && RETRYABLE_STATUSES.has(status));
}

export function isRetryableNetworkCode(code: string | undefined): boolean {
  return code !== undefined && RETRYABLE_NETWORK_CODES.has(code);
}

/**
 * Retry-After as seconds from now: either delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
 * Anything else, or a missing header, is undefined; a date in the past is 0.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) return Number(raw);
  // All three HTTP-date forms start with a day name; Date.parse alone would take "-3" or "1.5".
  if (!/^[A-Za-z]{3}/.test(raw) || !raw.includes(':')) return undefined;
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Delay before retry number `retry` (1 for the first retry): the base doubled each time, capped,
 * with "equal jitter" (half fixed, half random) so clients that failed together do not retry in
 * lockstep.
 */
export function backoffDelayMs(retry: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** (retry - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

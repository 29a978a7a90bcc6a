// Sends one API request (over undici, or node:http for one-shot processes): URL and headers, a timeout per attempt, retries with
// backoff for idempotent requests, and every failure mapped to an ApiError (see failures.ts). A 429 goes through the client's
// shared rate-limit state (rate-limit.ts): every request waits out its Retry-After, and it is retried until maxWaitMs has
// passed, whatever `retries` says. The body of every response is read to its end or destroyed, so no socket is left hanging.
import { channel } from 'node:diagnostics_channel';
import { attemptWithNodeHttp } from './http-node.js';
import { attemptWithUndici } from './http-undici.js';
import type { AttemptRequest, RequestEvent, ResponseHeaders } from './attempt.js';
import type { ApiError } from './errors.js';
import type { Network } from './network.js';
import {
  TIMEOUT_CODES,
  errorCode,
  httpError,
  invalidResponseError,
  networkError,
  oneLine,
  proxyRefusal,
  proxyRefusedError,
  timeoutError,
  tooLargeError,
  type RequestLabel,
} from './failures.js';
import { SUCCESS_BODY_LIMIT } from './http-body.js';
import type { RateLimitState } from './rate-limit.js';
import {
  MAX_RETRY_AFTER_MS,
  backoffDelayMs,
  isIdempotentMethod,
  isRetryableNetworkCode,
  isRetryableStatus,
  parseRetryAfter,
} from './retry.js';
import { CLIENT_VERSION } from './version.js';

export interface TransportOptions {
  baseUrl: URL;
  apiKey: string;
  accountId?: string | undefined;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  /** How the requests reach the server (proxy, trusted CAs): settled before the first one. */
  network: () => Promise<Network>;
  /** Which HTTP stack sends the requests (see ClientOptions.http). */
  http: 'undici' | 'node';
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Waits between attempts; tests pass one that records the delay and returns at once. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Ends the waits once aborted (ClientOptions.signal). */
  signal?: AbortSignal | undefined;
  /** Milliseconds on a monotonic scale, for the deadline of 429 retries. */
  now: () => number;
  /** Shared by every request of the client: pauses after a 429 and the requests in flight. */
  rateLimit: RateLimitState;
  /** A 429 is retried until this long after the request was first sent (Retry-After included). */
  maxWaitMs: number;
}

export interface TransportRequest {
  /** The contract operation, for observers of REQUEST_CHANNEL. */
  operationId?: string;
  method: string;
  /** Already filled and encoded, starting with `/`. */
  path: string;
  /** Values left undefined are not sent. */
  query?: Readonly<Record<string, string | undefined>> | undefined;
  /** Sent as JSON; undefined sends no body at all. */
  body?: unknown;
  /** Repeating the request changes nothing (default: from the method, see retry.ts). */
  idempotent?: boolean | undefined;
  /** Sent besides the client's own (`statusctl api -H`); they cannot replace the credentials. */
  extraHeaders?: Readonly<Record<string, string>> | undefined;
  /** Told of each failed attempt that is tried again (not of a 429), before the pause (settle.ts). */
  onRetry?: ((failure: ApiError) => void) | undefined;
}

export interface TransportResponse {
  status: number;
  headers: ResponseHeaders;
  /** Parsed JSON; null for an empty body. */
  body: unknown;
  /** The body as received. */
  text: string;
}

/**
 * Every request the client sends is published here (node:diagnostics_channel), once, before the
 * first attempt: `{ operationId, method, url, payload }`, payload being the exact JSON text sent
 * (undefined without a body). The key is not part of it. Costs nothing without a subscriber; the
 * test suite subscribes to check every body against the hosted API's request schemas.
 */
export const REQUEST_CHANNEL = 'statusctl:request';
const requestChannel = channel(REQUEST_CHANNEL);

export interface PublishedRequest {
  operationId: string | undefined;
  method: string;
  url: string;
  payload: string | undefined;
}

// node:timers/promises loaded by the first wait, and process.hrtime rather than node:perf_hooks:
// a CLI call that loads neither module starts a few milliseconds sooner.
export const defaultSleep = async (ms: number, signal?: AbortSignal): Promise<void> =>
  (await import('node:timers/promises')).setTimeout(ms, undefined, { signal });
export const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** base + path + query. A path prefix of the base is kept; a trailing slash is tolerated. */
export function buildUrl(baseUrl: URL, path: string, query?: TransportRequest['query']): URL {
  const url = new URL(baseUrl.href);
  // Credentials in the base URL are never sent (the key is the only credential) nor shown.
  url.username = '';
  url.password = '';
  url.hash = '';
  url.search = '';
  url.pathname = url.pathname.replace(/\/+$/, '') + path;
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.append(name, value);
  }
  return url;
}

export async function send(options: TransportOptions, req: TransportRequest): Promise<TransportResponse> {
  const method = req.method.toUpperCase();
  const url = buildUrl(options.baseUrl, req.path, req.query);
  const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
  const headers: Record<string, string> = {
    ...req.extraHeaders,
    authorization: `Bearer ${options.apiKey}`,
    accept: 'application/json',
    'user-agent': `statusctl/${CLIENT_VERSION}`,
  };
  if (options.accountId) headers['x-service-account'] = options.accountId;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (requestChannel.hasSubscribers) {
    const published: PublishedRequest = { operationId: req.operationId, method, url: url.href, payload };
    requestChannel.publish(published);
  }
  const idempotent = req.idempotent ?? isIdempotentMethod(method);
  const maxAttempts = Math.max(0, options.retries) + 1;
  const network = await options.network();
  const { rateLimit } = options;
  const deadline = options.now() + options.maxWaitMs;
  // What the 429s made us wait so far: the deadline holds even with a clock that does not move
  // while we sleep (a test's).
  let waitedMs = 0;
  // Attempts refused with a 429 do not count against `retries`, nor in the message of a
  // failure that came after them: nothing was done with them.
  let limitedAttempts = 0;

  for (let attempt = 1; ; attempt++) {
    const slot = await rateLimit.acquire(options.signal);
    const started = nowMs();
    const attemptRequest: AttemptRequest = { url, method, headers, payload, timeoutMs: options.timeoutMs, network };
    let result: Awaited<ReturnType<typeof attemptWithUndici>>;
    try {
      result = await (options.http === 'node' ? attemptWithNodeHttp(attemptRequest) : attemptWithUndici(attemptRequest));
    } catch (error) {
      rateLimit.succeeded(slot, false);
      throw error;
    }
    const durationMs = nowMs() - started;
    const limited = result.outcome === 'answer' && result.status === 429;
    if (limited) limitedAttempts++;
    // A 429 that ends it all names every attempt; any other failure only those that counted.
    const label: RequestLabel = {
      method,
      url,
      attempts: limited ? attempt : attempt - limitedAttempts,
      apiKey: options.apiKey,
      proxy: network.proxyShown,
    };
    const event: RequestEvent = { method, url: url.href, attempt, durationMs };
    if (network.proxyShown) event.proxy = network.proxyShown;
    if (!limited) rateLimit.succeeded(slot, result.outcome === 'answer' && result.status >= 200 && result.status < 300);
    const refusedBy = network.proxy ? proxyRefusal(result) : undefined;

    let failure: ApiError;
    let retryable = false;
    let retryAfter: number | undefined;

    if (refusedBy !== undefined) {
      // The proxy said no (a 407 above all): the server was never reached; trying again the
      // same way gets the same answer.
      failure = proxyRefusedError(label, refusedBy);
      event.error = `proxy ${refusedBy.status}`;
    } else if (result.outcome === 'no-answer') {
      const code = errorCode(result.error);
      if (result.timedOut || (code !== undefined && TIMEOUT_CODES.has(code))) {
        failure = timeoutError(label, options.timeoutMs, result.error);
      } else {
        failure = networkError(label, result.error);
        retryable = idempotent && isRetryableNetworkCode(code);
      }
      event.error = code ?? oneLine(failure.message, options.apiKey);
    } else {
      event.status = result.status;
      const contentType = firstHeader(result.headers['content-type']);
      if (result.status >= 200 && result.status < 300) {
        if (result.overLimit) {
          failure = tooLargeError(label, result.status, SUCCESS_BODY_LIMIT);
        } else if (result.bodyError !== undefined) {
          // Only a read that failed counts: the timer may fire just after a complete read.
          failure = result.timedOut
            ? timeoutError(label, options.timeoutMs, result.bodyError)
            : invalidResponseError(label, result.status, { text: result.text, contentType, bodyError: result.bodyError });
        } else {
          const parsed = parseJson(result.text);
          if (parsed.ok) {
            report(options, event);
            return { status: result.status, headers: result.headers, body: parsed.value, text: result.text };
          }
          failure = invalidResponseError(label, result.status, { text: result.text, contentType });
        }
        event.error = failure.kind;
      } else {
        retryAfter = parseRetryAfter(result.headers['retry-after']);
        failure = await httpError(label, { status: result.status, contentType, text: result.text, retryAfter });
        retryable = isRetryableStatus(result.status, idempotent);
      }
    }

    if (limited) {
      // Every request of the client waits (the limit is the key's). A wait that would end past the deadline is not started: the 429 is
      // surfaced at once, with retryAfter set, instead of blocking for nothing.
      // A Retry-After of 0 would be a retry storm: our backoff then, as without one.
      const delay = retryAfter ? retryAfter * 1000 : backoffDelayMs(limitedAttempts, options.retryBaseMs);
      rateLimit.limited(slot, delay);
      const resumesIn = Math.max(delay, rateLimit.resumesAt - options.now());
      if (options.now() + resumesIn <= deadline && waitedMs + resumesIn <= options.maxWaitMs) {
        waitedMs += resumesIn;
        event.retryInMs = Math.round(resumesIn);
        report(options, event);
        continue;
      }
    } else if (retryable && attempt - limitedAttempts < maxAttempts) {
      // Retry-After (a 503 may send one) wins over our own backoff; one longer than we are
      // willing to wait is surfaced at once (with retryAfter set).
      const delay = retryAfter !== undefined ? retryAfter * 1000 : backoffDelayMs(attempt - limitedAttempts, options.retryBaseMs);
      if (delay <= MAX_RETRY_AFTER_MS) {
        event.retryInMs = delay;
        report(options, event);
        req.onRetry?.(failure);
        await options.sleep(delay, options.signal);
        continue;
      }
    }
    report(options, event);
    throw failure;
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** An observer that throws must not change the outcome of the request it observes. */
function report(options: TransportOptions, event: RequestEvent): void {
  try {
    options.onRequest?.(event);
  } catch {
    // deliberately ignored
  }
}

// The typed client: one method per operation of the contract table, all built by the same loop,
// so a new row in the operations table (src/contract/table.ts) is a new method with no code here.
//
// Requests are strict: input that breaks the contract throws a RequestValidationError (a
// TypeError with one `details` entry per bad field) before anything is sent. Responses are
// lenient: a body that breaks the contract is reported through `onWarning` and returned as
// received. Everything that goes wrong on the wire is an ApiError (see errors.ts).
//
// The client is built from the table's rows (src/contract/table.ts, no zod). A query and a body
// are checked on the shapes the build derives from the schemas the rows name (request-check.ts).
// The schemas themselves (zod and the contract's resources, slow to evaluate;
// src/contract/operations.ts puts them in place) load on first need: a request those shapes
// refuse (for the words of its error), or a response to check for an `onWarning` listener.
// A command of the CLI needs neither.
import type { Dispatcher } from 'undici';
import type { OperationInput, OperationResult, Operations } from '../contract/operations.js';
import type { RequestEvent } from './attempt.js';
import { errorStatuses, type ErrorStatus } from '../contract/error-responses.js';
import { fillPath, isIdempotent, routes, type OperationId, type Route, type Row } from '../contract/table.js';
import { ApiError } from './errors.js';
import { isVisibleAscii } from '../contract/rules.js';
import { rawRequest, type RawRequest, type RawResponse } from './raw.js';
import { parseProxyUrl } from './proxy.js';
import { makeNetwork, type Network } from './network.js';
import { sendDelete, sendSettled, successStatusOf, type LostAnswerNote, type SettledResponse } from './settle.js';
import { RateLimitState } from './rate-limit.js';
import { defaultSleep, nowMs, send, type TransportOptions } from './transport.js';
import { checkRequest, checkResponse, requestFits } from './validation.js';
import { checkAnswer } from './answer-check.js';

export interface ClientOptions {
  /** e.g. http://127.0.0.1:4010 (a trailing slash or a path prefix are fine). */
  baseUrl: string;
  apiKey: string;
  /** Sent as x-service-account when given. */
  accountId?: string;
  /** Per request, in milliseconds. Default 30 000. */
  timeoutMs?: number;
  /**
   * Retries after 502/503/504 and connection errors, for idempotent requests only (GET, PUT,
   * and routes marked idempotent such as the error group PATCH). Default 2. A 429 does not
   * count: see maxWaitMs.
   */
  retries?: number;
  /**
   * A 429 (any method: nothing was applied) is retried after its Retry-After until this long
   * after the request was first sent; a Retry-After that would end later is reported at once
   * (ApiError.retryAfter). Every request of the client waits out a 429, and fewer are sent at
   * once after one (src/client/rate-limit.ts). Default 60 000.
   */
  maxWaitMs?: number;
  /** First backoff delay in ms (doubles each retry, with jitter; Retry-After wins). Default 250. */
  retryBaseMs?: number;
  /**
   * An undici dispatcher to send through (tests, a proxy set up by hand). Default: undici's global
   * one. When given, it alone decides how to connect: `proxy`, `ca` and `systemCa` are not used.
   */
  dispatcher?: Dispatcher;
  /**
   * A forward proxy for every request: `http://host:3128`, `http://USER:PASSWORD@host:3128`,
   * `https://...`, `socks5://...` or `socks5h://...`; false for none. Default: from the
   * environment, as curl reads it (HTTPS_PROXY or HTTP_PROXY after the base URL's scheme, then
   * ALL_PROXY, each lowercase first; NO_PROXY lists the hosts reached directly). An https base
   * URL is reached through a CONNECT tunnel: the proxy never sees the request or the key.
   */
  proxy?: string | false;
  /** PEM certificates of authorities to trust besides the default ones (a private CA). */
  ca?: string | readonly string[];
  /** Also trust the operating system's certificate store. */
  systemCa?: boolean;
  /**
   * The HTTP stack: `undici` (default; pooled connections for long-lived programs) or `node`
   * (node:http, cheapest for a process that sends a request or two and exits, like the CLI).
   * Retries, timeouts and error mapping are the same with both.
   */
  http?: 'undici' | 'node';
  /** Called for every HTTP attempt once it has an outcome (for --verbose). Never sees the key. */
  onRequest?: (event: RequestEvent) => void;
  /**
   * Called when a success body does not match the contract; the body is still returned.
   * Success bodies are checked against the contract only when this is given (nobody would see
   * the outcome otherwise), so without it a call that sends no query or body never loads zod.
   */
  onWarning?: (message: string) => void;
  /** Waits between attempts (default: a timer), given `signal`. Tests pass one that records the delay. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Once aborted, ends the client's waits (a 429's Retry-After, a retry's backoff, the rate-limit
   * pause): the call that waits rejects (an AbortError with the default `sleep`), and no timer is
   * left holding the process. The CLI aborts it when its run is over, an interrupted one included.
   */
  signal?: AbortSignal;
  /**
   * Called when a write's answer was lost and reading back settled it (src/client/settle.ts):
   * confirmed applied (its result is what was read), or not applied and sent again. A write
   * that cannot be settled throws a WriteMayBeAppliedError instead.
   */
  onLostAnswer?: (note: LostAnswerNote) => void;
  /**
   * Milliseconds on a monotonic scale (default: process.hrtime), for pauses and deadlines;
   * tests pass one that `sleep` moves forward.
   */
  now?: () => number;
  /**
   * The rate-limit state to share with other clients on the same key (default: one of the
   * client's own, shared by all its requests).
   */
  rateLimit?: RateLimitState;
}

export type { RequestEvent } from './attempt.js';
export type { LostAnswerNote } from './settle.js';

export type Client = {
  [Id in OperationId]: (input: OperationInput<Id>) => Promise<OperationResult<Id>>;
} & {
  /**
   * Same as the named methods, also returning the HTTP status (e.g. 200 vs 202 for an analysis),
   * and a note when the answer was lost and the write settled by reading back.
   */
  call<Id extends OperationId>(
    id: Id,
    input: OperationInput<Id>,
  ): Promise<{ status: number; body: OperationResult<Id>; lostAnswer?: LostAnswerNote }>;
  /** A request by path, for routes without a method here (src/client/raw.ts). */
  raw(request: RawRequest): Promise<RawResponse>;
};

const DEFAULTS = { timeoutMs: 30_000, retries: 2, retryBaseMs: 250, maxWaitMs: 60_000 };

/**
 * Throws a TypeError at once for a baseUrl that is not an http(s) URL or an API key that cannot
 * travel in a header (the key itself is never part of the message).
 */
export function createClient(options: ClientOptions): Client {
  const transport = transportOptions(options);
  const warn = options.onWarning;

  async function call(id: OperationId, input: unknown): Promise<{ status: number; body: unknown; lostAnswer?: LostAnswerNote }> {
    const route: Route | undefined = Object.hasOwn(routes, id) ? routes[id] : undefined;
    if (!route) throw new TypeError(`unknown operation ${String(id)}`);
    const given = input as Parameters<typeof checkRequest>[2];
    // Params and a missing body are checked from the route, a query and a body on the shapes the
    // build derived from the schemas; the schemas load only to word what those refuse.
    const checked = requestFits(id, routes[id] as Row, given)
      ? checkRequest(id, route, given, true)
      : checkRequest(id, (await loadOperations())[id], given);
    const request = {
      operationId: id,
      method: route.method,
      path: fillPath(route.path, checked.params),
      query: checked.query,
      body: checked.body,
      idempotent: route.idempotent,
    };
    // A write that may not be repeated is settled by reading back when its answer is lost; a
    // DELETE whose answer was lost is sent again, and a 404 then means it was done.
    const response: SettledResponse = await (route.readBack && !isIdempotent(route)
      ? sendSettled(transport, request, { operationId: id, readBack: route.readBack, params: checked.params ?? {} }, options.onLostAnswer)
      : route.method === 'DELETE'
        ? sendDelete(transport, request, successStatusOf(id), options.onLostAnswer)
        : send(transport, request)
    ).catch((error: unknown) => {
      throw answeredBy(id, error);
    });
    // What the hosted API may answer (its routes only): a body of another shape is refused here.
    // A delete found already gone has no answer of its own to check.
    if (response.lostAnswer?.outcome !== 'already-gone')
      checkAnswer(route.method, route.path, `${request.method} ${request.path}`, response.status, response.body);
    if (warn) checkResponse(id, (await loadOperations())[id], response.status, response.body, warn);
    return { status: response.status, body: response.body, ...(response.lostAnswer ? { lostAnswer: response.lostAnswer } : {}) };
  }

  const raw = (request: RawRequest) => rawRequest(transport, request, options.onLostAnswer);
  const client: Record<string, unknown> = { call, raw };
  for (const id of Object.keys(routes) as OperationId[]) {
    client[id] = async (input: unknown) => (await call(id, input)).body;
  }
  return client as Client;
}

/** An error answer, with what the operation's row says of its status (errors.ts, AnsweredOperation). */
function answeredBy(id: OperationId, error: unknown): unknown {
  if (error instanceof ApiError && error.kind === 'http' && error.status !== undefined && !error.operation) {
    const row: Row = routes[id];
    error.operation = {
      id,
      declares: errorStatuses(row).includes(error.status as ErrorStatus),
      hasPathIds: row.path.includes('{'),
      when: row.alsoAnswers?.[error.status as ErrorStatus],
    };
  }
  return error;
}

let operations: Promise<Operations> | undefined;

/** The whole table, schemas included: loaded (and zod evaluated) once, on first need. */
function loadOperations(): Promise<Operations> {
  return (operations ??= import('../contract/operations.js').then((module) => module.operations));
}

/** The transport of a client made with `options` (exported for the tests of settle.ts). */
export function transportOptions(options: ClientOptions): TransportOptions {
  let baseUrl: URL;
  try {
    baseUrl = new URL(options.baseUrl);
  } catch {
    throw new TypeError(`baseUrl is not a URL: ${JSON.stringify(options.baseUrl)}`);
  }
  if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:') {
    throw new TypeError(`baseUrl must be http or https, not ${baseUrl.protocol}`);
  }
  if (typeof options.apiKey !== 'string' || !isVisibleAscii(options.apiKey)) {
    throw new TypeError('apiKey may only hold visible ASCII characters (no spaces or line breaks)');
  }
  if (options.http === 'node' && options.dispatcher) {
    throw new TypeError('a dispatcher is an undici object: it cannot be used with http: "node"');
  }
  if (options.accountId !== undefined && !isVisibleAscii(options.accountId)) {
    throw new TypeError('accountId may only hold visible ASCII characters (no spaces or line breaks)');
  }
  if (typeof options.proxy === 'string') {
    const parsed = parseProxyUrl(options.proxy);
    if (typeof parsed === 'string') throw new TypeError(`proxy: ${parsed}`);
  }
  const http = options.http ?? 'undici';
  const ca = options.ca === undefined ? undefined : typeof options.ca === 'string' ? [options.ca] : [...options.ca];
  let network: Promise<Network> | undefined;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? nowMs;
  return {
    baseUrl,
    apiKey: options.apiKey,
    accountId: options.accountId,
    timeoutMs: positive(options.timeoutMs, DEFAULTS.timeoutMs, 'timeoutMs'),
    retries: Math.floor(nonNegative(options.retries, DEFAULTS.retries, 'retries')),
    retryBaseMs: nonNegative(options.retryBaseMs, DEFAULTS.retryBaseMs, 'retryBaseMs'),
    network: () =>
      (network ??= makeNetwork({
        target: baseUrl,
        http,
        proxy: options.proxy,
        ca,
        systemCa: options.systemCa === true,
        dispatcher: options.dispatcher,
      })),
    http,
    onRequest: options.onRequest,
    sleep,
    now,
    signal: options.signal,
    rateLimit: options.rateLimit ?? new RateLimitState({ now, sleep }),
    maxWaitMs: nonNegative(options.maxWaitMs, DEFAULTS.maxWaitMs, 'maxWaitMs'),
  };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${name} must be a positive number`);
  return value;
}

function nonNegative(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`${name} must be zero or more`);
  return value;
}

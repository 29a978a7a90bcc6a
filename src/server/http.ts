// The request pipeline, in the order of docs/api-rules.md#errors: auth (401/403), route and method
// (404/405), body size and type (413/415), validation (400), then the handler (which answers
// 404 for unknown ids). Every error, including a 500 and a request the HTTP parser rejects,
// answers the one JSON error body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { errorBody, reasonPhrase } from '../contract/errors.js';
import type { AccessLog } from './access-log.js';
import { authenticate, failedAuthentication, type KeyRing } from './auth.js';
import { answerThenLinger, type ConnectionLimits } from './connections.js';
import { type AnyResult, dispatch } from './handlers/dispatch.js';
import type { Handlers, AccountScope, AppContext } from './handlers/types.js';
import { HttpError } from './http-error.js';
import type { RateLimiter } from './rate-limit.js';
import type { Router } from './router.js';
import { type RequestTarget, requestTarget } from './request-target.js';
import { parseJsonBody, parseOr400, QueryCache } from './validation.js';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface PipelineDeps {
  router: Router;
  handlers: Handlers;
  keys: KeyRing;
  accounts: ReadonlyMap<string, AccountScope>;
  app: AppContext;
  rateLimiter?: RateLimiter;
  /** Failed authentications per client address, at the same rate (docs/api-rules.md#failed-authentications). */
  authFailures?: RateLimiter;
  log: (line: string) => void;
  /** Where each answered request is recorded; none with `--quiet`. */
  accessLog?: AccessLog | undefined;
  /** The published OpenAPI document (built once: it only depends on the table and the URL). */
  openApiDocument: () => unknown;
  /** A body must arrive within this many ms of its headers (docs/api-rules.md#slow-and-idle-clients), else 408 and close. */
  bodyTimeoutMs: number;
  /** How much of a body still on its way after an early answer is read before closing. */
  linger: Pick<ConnectionLimits, 'lingerTimeMs' | 'lingerBytes'>;
}

// x-content-type-options: nosniff is on every answer of the API, as on every other (the server's
// entry sets it for the rest): a browser must not guess another type. Written with the answer's
// other headers, in one go.

function send(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>, json?: Buffer): void {
  if (res.headersSent) return;
  // A 204 (a DELETE) has no body, so neither a type nor a length.
  if (status === 204) {
    res.writeHead(status, { ...headers, 'x-content-type-options': 'nosniff' }).end();
    return;
  }
  // Encoded once: the length and the bytes written come from the same buffer.
  const bytes = json ?? Buffer.from(JSON.stringify(body), 'utf8');
  // A literal of fixed names, copied only under a handler's own headers: made at every answer.
  const own = {
    'x-content-type-options': 'nosniff',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(bytes.length),
  };
  res.writeHead(status, headers ? { ...headers, ...own } : own);
  res.end(bytes);
}

/**
 * An oversized body is answered 413 without reading it (docs/api-rules.md#errors): at once when the
 * Content-Length says so, or as soon as a chunked body passes the limit. The connection is
 * closed after the answer (a lingering close, see connections.ts), so the unread rest never
 * reaches a handler.
 */
function tooLarge(): HttpError {
  return new HttpError(413, `request body is larger than ${MAX_BODY_BYTES} bytes`, undefined, { connection: 'close' });
}

/**
 * The whole body, or a 413 as soon as it is known to pass the limit, or a 408 once it has
 * taken longer than `timeoutMs` (counted from the headers, which have just arrived).
 */
function readBody(req: IncomingMessage, timeoutMs: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    req.pause();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      chunks.length = 0;
      reject(error);
    };
    const timer = setTimeout(() => {
      req.pause();
      fail(
        new HttpError(
          408,
          `request body incomplete after ${timeoutMs} ms: a body must arrive within ${timeoutMs} ms of its headers`,
          undefined,
          {
            connection: 'close',
          },
        ),
      );
    }, timeoutMs);
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else {
        req.pause();
        fail(tooLarge());
      }
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    // A client that hangs up mid-body is no server bug: a 4xx (to a socket that is usually
    // gone already), not a 500 logged with a stack.
    const cutShort = () => fail(new HttpError(400, 'request body incomplete: the connection closed before its end'));
    req.on('error', cutShort);
    req.on('close', cutShort);
  });
}

function isJson(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export function createRequestHandler(deps: PipelineDeps) {
  const queries = new QueryCache();
  /**
   * `target`: the request target as the server's entry parsed it (undefined when it is no URL at
   * all). Synchronous, and nothing is made for it, for an answer ready at once (most are); a
   * promise only where there is something to wait for (a body to read, a write to make durable).
   */
  return function handleRequest(req: IncomingMessage, res: ServerResponse, target = requestTarget(req.url)): void {
    const method = req.method ?? 'GET';
    const started = deps.accessLog ? performance.now() : 0;
    let routed: AnyResult | Promise<AnyResult>;
    try {
      routed = route(deps, queries, req, method, target);
    } catch (error) {
      answerError(deps, req, res, target, method, started, error);
      return;
    }
    if (routed instanceof Promise) {
      routed.then(
        (result) => answer(deps, req, res, target, method, started, result),
        (error: unknown) => answerError(deps, req, res, target, method, started, error),
      );
    } else answer(deps, req, res, target, method, started, routed);
  };
}

// The request's parts are passed as arguments, not gathered in an object: an object made at
// every request holds the request, the response and the target, whose shapes vary, and V8 kept
// changing the shape it gave that object.

/**
 * Once the answer is handed to the socket; '/' when the request line is no URL at all.
 * `started`: performance.now() at the request's arrival, when there is an access log.
 */
function record(deps: PipelineDeps, res: ServerResponse, target: RequestTarget | undefined, method: string, started: number): void {
  deps.accessLog?.record(method, target ? target.pathname : '/', res.statusCode, started);
}

function answer(
  deps: PipelineDeps,
  req: IncomingMessage,
  res: ServerResponse,
  target: RequestTarget | undefined,
  method: string,
  started: number,
  result: AnyResult,
): void {
  try {
    send(res, result.status, result.body, result.headers, result.json);
  } catch (error) {
    answerError(deps, req, res, target, method, started, error);
    return;
  }
  record(deps, res, target, method, started);
}

function answerError(
  deps: PipelineDeps,
  req: IncomingMessage,
  res: ServerResponse,
  target: RequestTarget | undefined,
  method: string,
  started: number,
  error: unknown,
): void {
  if (error instanceof HttpError) {
    const body = errorBody(error.statusCode, error.message, error.details);
    // (A request with no body is complete, though node may not have said so yet when the
    // answer is ready in the same turn.)
    if (declaresBody(req) && !req.complete && !res.headersSent && !req.socket.destroyed) {
      // Refused before its body was read (413, 408, 401...): the body may still be coming.
      const bytes = Buffer.from(JSON.stringify(body), 'utf8');
      const headers = { ...error.headers, 'x-content-type-options': 'nosniff', 'content-type': 'application/json; charset=utf-8' };
      answerThenLinger(req, res, { status: error.statusCode, headers, bytes }, deps.linger, () =>
        record(deps, res, target, method, started),
      );
      return;
    }
    send(res, error.statusCode, body, error.headers);
  } else {
    const pathname = target ? target.pathname : '/';
    deps.log(`error: ${method} ${pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (res.destroyed) return;
    send(res, 500, errorBody(500, 'internal server error; the server log has the details'));
  }
  record(deps, res, target, method, started);
}

function route(
  deps: PipelineDeps,
  queries: QueryCache,
  req: IncomingMessage,
  method: string,
  target: RequestTarget | undefined,
): AnyResult | Promise<AnyResult> {
  // The published contract needs no key: it is what a client reads before it has one.
  if (target?.pathname === '/openapi.json') {
    if (method !== 'GET') throw new HttpError(405, `${method} is not allowed on /openapi.json`, undefined, { allow: 'GET' });
    return { status: 200, body: deps.openApiDocument() };
  }

  let accountId: string;
  try {
    accountId = authenticate(deps.keys, req.headers.authorization, req.headers['x-service-account'], req.socket);
  } catch (error) {
    const retryAfter = error instanceof HttpError && error.statusCode === 401 ? failedAuthentication(deps.authFailures, req) : 0;
    if (retryAfter > 0) {
      throw new HttpError(429, `too many failed authentications from this address; retry in ${retryAfter} s`, undefined, {
        'retry-after': String(retryAfter),
      });
    }
    throw error;
  }
  const account = deps.accounts.get(accountId)!;

  if (deps.rateLimiter) {
    const retryAfter = deps.rateLimiter.take(accountId);
    if (retryAfter > 0) {
      throw new HttpError(429, `rate limit exceeded; retry in ${retryAfter} s`, undefined, { 'retry-after': String(retryAfter) });
    }
  }

  if (!target) throw new HttpError(404, `no route for ${method} ${JSON.stringify(req.url)}`);
  const match = deps.router.match(method, target.pathname);
  if (match.kind === 'not-found') throw new HttpError(404, `no route for ${method} ${target.pathname}`);
  if (match.kind === 'method-not-allowed') {
    throw new HttpError(405, `${method} is not allowed on ${target.pathname}`, undefined, { allow: match.allow.join(', ') });
  }
  const { route: compiled, params } = match;
  const op = compiled.op;
  // The body is checked before the query, then the handler answers.
  const answer = (body: unknown) => {
    const query = op.query ? queries.parse(op.query, target) : undefined;
    return dispatch(deps.handlers, compiled.id, { params, query, body, account, app: deps.app });
  };
  // Bodies of operations that take none (GET) are ignored; node discards them.
  if (!op.body) return answer(undefined);
  const parseBody = (raw: Buffer): unknown => {
    let body: unknown;
    if (raw.length > 0) {
      if (!isJson(req.headers['content-type'])) {
        throw new HttpError(415, `request body must be application/json, not ${req.headers['content-type'] ?? 'untyped'}`);
      }
      body = parseJsonBody(raw, req.headers['content-type']);
    } else if (op.bodyRequired) {
      throw new HttpError(400, 'request body is required', [{ path: 'body', message: 'required' }]);
    } else {
      body = null;
    }
    return parseOr400(op.body!, body, 'body');
  };
  if (!declaresBody(req)) return answer(parseBody(Buffer.alloc(0)));
  return readBody(req, deps.bodyTimeoutMs).then((raw) => answer(parseBody(raw)));
}

/**
 * Sockets answered by answerClientError and still being read (the lingering close), with how
 * many bytes had been read when the answer was written.
 */
const lingering = new WeakMap<Duplex, number>();

const bytesRead = (socket: Duplex): number => (socket as Socket).bytesRead ?? 0;

/**
 * Requests the HTTP parser refuses (bad framing, huge headers: 400, 431) and those node's
 * timeouts end (408) still get the JSON error body, and a lingering close as the pipeline's
 * early answers do (connections.ts): a request refused for its headers may have a large body
 * behind it, and closing at once would reset the connection before the client read the answer.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  log: (line: string) => void,
  limits: Pick<ConnectionLimits, 'headersTimeoutMs' | 'bodyTimeoutMs' | 'lingerTimeMs' | 'lingerBytes'>,
): void {
  const readBefore = lingering.get(socket);
  if (readBefore !== undefined) {
    // node's parser reports every later piece of the refused request as the same error again:
    // that is the rest being read and thrown away, up to the bound.
    if (bytesRead(socket) - readBefore > limits.lingerBytes) socket.destroy();
    return;
  }
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 408
      ? // node does not say which of its two timeouts fired: both limits are named.
        `the request did not arrive in time: headers are expected within ${limits.headersTimeoutMs} ms, ` +
        `a body within ${limits.bodyTimeoutMs} ms of its headers`
      : `the HTTP request could not be parsed (${error.code ?? 'malformed request'})`;
  lingering.set(socket, bytesRead(socket));
  // Bounded whatever the client does; the client's end of its request ends it sooner.
  const timer = setTimeout(() => socket.destroy(), limits.lingerTimeMs);
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', () => socket.destroy());
  // Written whole, then our side is shut (the client reads the answer, then the end of the stream).
  socket.end(rawResponse(status, message));
  // The raw packet may hold an Authorization header: only the error code is logged.
  log(`- - ${status} (unparsable request: ${error.code ?? 'unknown'})`);
}

function rawResponse(status: number, message: string): string {
  const text = JSON.stringify(errorBody(status, message));
  return (
    `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\ncontent-type: application/json; charset=utf-8\r\nx-content-type-options: nosniff\r\n` +
    `content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`
  );
}

/**
 * Writes a whole response with the JSON error body straight to the socket, then closes it once
 * written (a client that never closes its side does not keep the connection). For a connection
 * closed to make room, which has sent no request.
 */
export function answerRaw(socket: Duplex, status: number, message: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(rawResponse(status, message), () => socket.destroy());
}

// The request pipeline, in the order of docs/api-rules.md#errors: auth (401/403), route and method
// (404/405), body size and type (413/415), validation (400), then the handler (which answers
// 404 for unknown ids). Every error, including a 500 and a request the HTTP parser rejects,
// answers the one JSON error body: answers.ts writes the pipeline's answers, raw-answers.ts
// those to a request the parser rejects; request-body.ts reads a body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { type AnswerDeps, answer, answerError } from './answers.js';
import { authenticate, failedAuthentication, type KeyRing } from './auth.js';
import { type AnyResult, dispatch } from './handlers/dispatch.js';
import type { Handlers, AccountScope, AppContext } from './handlers/types.js';
import { HttpError } from './http-error.js';
import type { RateLimiter } from './rate-limit.js';
import type { CompiledRoute, Router } from './router.js';
import { declaresBody, isJson, readBody } from './request-body.js';
import { type RequestTarget, requestTarget } from './request-target.js';
import { parseJsonBody, parseOr400, QueryCache } from './validation.js';

export interface PipelineDeps extends AnswerDeps {
  router: Router;
  handlers: Handlers;
  keys: KeyRing;
  accounts: ReadonlyMap<string, AccountScope>;
  app: AppContext;
  rateLimiter?: RateLimiter;
  /** Failed authentications per client address, at the same rate (docs/api-rules.md#failed-authentications). */
  authFailures?: RateLimiter;
  /** The published OpenAPI document (built once: it only depends on the table and the URL). */
  openApiDocument: () => unknown;
  /** A body must arrive within this many ms of its headers (docs/api-rules.md#slow-and-idle-clients), else 408 and close. */
  bodyTimeoutMs: number;
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

// As in answers.ts, the request's parts are passed as arguments, not gathered in an object.

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
  // Bodies of operations that take none (GET) are ignored; node discards them. No closure for
  // those (most requests): the handler is called straight away.
  if (!op.body) return callHandler(deps, queries, compiled, params, account, target, undefined);
  // The body is checked before the query, then the handler answers.
  const answer = (body: unknown) => callHandler(deps, queries, compiled, params, account, target, body);
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

/** The matched operation's handler, with its query parsed (after its body, when it has one). */
function callHandler(
  deps: PipelineDeps,
  queries: QueryCache,
  compiled: CompiledRoute,
  params: Record<string, string>,
  account: AccountScope,
  target: RequestTarget,
  body: unknown,
): AnyResult | Promise<AnyResult> {
  const query = compiled.op.query ? queries.parse(compiled.op.query, target) : undefined;
  return dispatch(deps.handlers, compiled.id, { params, query, body, account, app: deps.app });
}

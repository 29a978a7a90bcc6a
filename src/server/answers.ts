// Writing a request's answer, or its error answer (the one JSON error body, a 500 for anything
// that is no HttpError), then recording it in the access log.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '../contract/errors.js';
import type { AccessLog } from './access-log.js';
import { answerThenLinger, type ConnectionLimits } from './connections.js';
import type { AnyResult } from './handlers/dispatch.js';
import { HttpError } from './http-error.js';
import type { RequestTarget } from './request-target.js';
import { declaresBody } from './request-body.js';

/** What writing and recording an answer needs of the pipeline's parts. */
export interface AnswerDeps {
  log: (line: string) => void;
  /** Where each answered request is recorded; none with `--quiet`. */
  accessLog?: AccessLog | undefined;
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

// The request's parts are passed as arguments, not gathered in an object: an object made at
// every request holds the request, the response and the target, whose shapes vary, and V8 kept
// changing the shape it gave that object.

/**
 * Once the answer is handed to the socket; '/' when the request line is no URL at all.
 * `started`: performance.now() at the request's arrival, when there is an access log.
 */
function record(deps: AnswerDeps, res: ServerResponse, target: RequestTarget | undefined, method: string, started: number): void {
  deps.accessLog?.record(method, target ? target.pathname : '/', res.statusCode, started);
}

export function answer(
  deps: AnswerDeps,
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

export function answerError(
  deps: AnswerDeps,
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

// A request's body: read whole within its time limit and size limit, or refused as soon as it
// passes either (docs/api-rules.md#errors, #slow-and-idle-clients), whether it is JSON, and
// whether its JSON nests deeper than the API takes.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Arrays and objects nested in a body at most (docs/api-rules.md#errors): the hosted API's bodies
 * nest a few levels, and a body of nothing but brackets fits a million of them in the size limit,
 * each a level to walk and to name in an answer.
 */
export const MAX_JSON_DEPTH = 64;

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
export function readBody(req: IncomingMessage, timeoutMs: number): Promise<Buffer> {
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

export function isJson(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

export function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Whether JSON text nests arrays and objects deeper than MAX_JSON_DEPTH. One pass over the text,
 * stopped at the first level too many, before anything is parsed; brackets inside strings do
 * not count. Text that is not JSON gives some answer, and JSON.parse refuses it afterwards.
 */
export function nestsTooDeep(text: string): boolean {
  // Each level opens with a bracket of its own.
  if (text.length <= MAX_JSON_DEPTH) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

// Reading a response body, shared by both HTTP stacks (undici's body and node's IncomingMessage
// are both Readable streams).
import { finished, type Readable } from 'node:stream';

/** Error bodies are only read this far: enough for a message, not a 50 MB HTML page. */
export const ERROR_BODY_LIMIT = 64 * 1024;

/**
 * A success body larger than this is refused (docs/retries.md#answers): far above any answer of
 * the API (a page holds at most 100 items), and it keeps a runaway or hostile answer from
 * filling the memory. Read as it streams in, so the refusal comes as soon as it is passed.
 */
export const SUCCESS_BODY_LIMIT = 32 * 1024 * 1024;

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** What was read of an answer's body. `overLimit`: a success body longer than SUCCESS_BODY_LIMIT. */
export interface ReadResult {
  text: string;
  bodyError?: unknown;
  overLimit?: boolean;
}

/**
 * Reads an answer's body, then destroys it whatever happened: an error body up to
 * ERROR_BODY_LIMIT (the rest is cut off: enough for a message); a success body whole, or not at
 * all when it is longer than SUCCESS_BODY_LIMIT (a `content-length` that says so is not read).
 * Read by its 'data' events and stream.finished (which reports a body cut short as an error),
 * not `for await`: a stream's async iterator is machinery of its own, set up at every call.
 */
export function readBody(body: Readable, status: number, contentLength: string | string[] | undefined): Promise<ReadResult> {
  const success = isSuccess(status);
  const limit = success ? SUCCESS_BODY_LIMIT : ERROR_BODY_LIMIT;
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise<ReadResult>((resolve) => {
    let cleanup = () => {};
    const done = (result: ReadResult) => {
      cleanup();
      // Leaving early (limit) must not leave the socket waiting for a reader.
      if (!body.destroyed) {
        body.on('error', () => {});
        body.destroy();
      }
      resolve(result);
    };
    const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
    if (success && declared > limit) return done({ text: '', overLimit: true });
    const onData = (chunk: Buffer | Uint8Array | string) => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      size += buffer.length;
      if (size <= limit) return;
      // One chunk may hold more than the limit: an error body is cut at it all the same.
      done(success ? { text: '', overLimit: true } : { text: Buffer.concat(chunks).subarray(0, limit).toString('utf8') });
    };
    body.on('data', onData);
    const stopWatching = finished(body, (bodyError) => {
      if (bodyError) done({ text: Buffer.concat(chunks).toString('utf8'), bodyError });
      else done({ text: Buffer.concat(chunks).subarray(0, limit).toString('utf8') });
    });
    cleanup = () => {
      body.off('data', onData);
      stopWatching();
    };
  });
}

/** Aborts after `timeoutMs`; `timedOut()` tells a timeout from any other abort. */
export function attemptTimer(timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  return { signal: controller.signal, timedOut: () => timedOut, clear: () => clearTimeout(timer) };
}

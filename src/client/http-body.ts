// Reading a response body, shared by both HTTP stacks (undici's body and node's IncomingMessage
// are both Readable streams).
import type { Readable } from 'node:stream';

/** Error bodies are only read this far: enough for a message, not a 50 MB HTML page. */
export const ERROR_BODY_LIMIT = 64 * 1024;

export function bodyLimit(status: number): number {
  return status >= 200 && status < 300 ? Infinity : ERROR_BODY_LIMIT;
}

/** Reads a body up to `limit` bytes, then destroys it whatever happened. */
export async function readBody(body: Readable, limit: number): Promise<{ text: string; bodyError?: unknown }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      size += buffer.length;
      if (size >= limit) break;
    }
    return { text: Buffer.concat(chunks).toString('utf8') };
  } catch (bodyError) {
    return { text: Buffer.concat(chunks).toString('utf8'), bodyError };
  } finally {
    // Leaving the loop early (limit) must not leave the socket waiting for a reader.
    if (!body.destroyed) {
      body.on('error', () => {});
      body.destroy();
    }
  }
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

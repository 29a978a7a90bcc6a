// Answers written straight to a socket, outside node's HTTP response: to a request the HTTP
// parser refused or node's timeouts ended, and to a connection closed to make room. Each is the
// one JSON error body, as the pipeline's answers are.
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorBody, reasonPhrase } from '../contract/errors.js';
import type { ConnectionLimits } from './connections.js';

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

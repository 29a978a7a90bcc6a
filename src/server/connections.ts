// Slow, idle and too many clients (docs/api-rules.md#slow-and-idle-clients). node:http does most of it: headersTimeout
// (from the first byte of a request), requestTimeout (a backstop for a body nobody reads),
// keepAliveTimeout (idle connections). What it does not do is answer those timeouts with the
// JSON error body (raw-answers.ts does, from 'clientError') or keep a flood of connections from
// locking everyone out: server.maxConnections refuses every newcomer once they fill it, be they
// slow or only kept alive between requests. Here a newcomer at the limit takes the place of the
// oldest connection with no request in progress: one still waiting for its first request's
// headers (a normal client sends them at once), or one kept alive after its answer (a client
// that sends a request now and then holds it without using it). Else the oldest status-page
// event stream yields, and the newcomer is refused only when every open connection has an API
// request in progress. Event streams need no key: they are counted apart, with caps of their
// own (pages/events.ts), so a flood of them never fills the API's budget.
import type { IncomingMessage, Server, ServerOptions as HttpServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** A request's headers must arrive within this many ms of its first byte, else 408 and close. */
  headersTimeoutMs: number;
  /** Its body within this many ms of its headers, else 408 and close. */
  bodyTimeoutMs: number;
  /** A kept-alive connection with no request is closed after this many ms. At least 1000. */
  idleTimeoutMs: number;
  /** Open API connections at most (event streams not counted); with maxStreams, below the usual open-file limit of 1024. */
  maxConnections: number;
  /** Open status-page event streams at most, in all ... */
  maxStreams: number;
  /** ... and per page. */
  maxStreamsPerPage: number;
  /** After an answer sent before its request's body was read: how long the rest is still read. */
  lingerTimeMs: number;
  /** ... and how many bytes of it at most (see answerThenLinger). */
  lingerBytes: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 30_000,
  idleTimeoutMs: 5_000,
  maxConnections: 512,
  maxStreams: 256,
  maxStreamsPerPage: 64,
  lingerTimeMs: 5_000,
  lingerBytes: 8 * 1024 * 1024,
};

/**
 * node closes an idle kept-alive connection 1 s after keepAliveTimeout (the grace after the
 * `Keep-Alive: timeout` it advertises, so a client never sends on a closing connection):
 * keepAliveTimeout is set that much shorter, and the idle timeout cannot be shorter than it.
 */
const NODE_KEEP_ALIVE_GRACE_MS = 1000;

/** The limits with defaults filled in; a bad value is refused with the option it came from. */
export function connectionLimits(given: Partial<ConnectionLimits>): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS };
  for (const key of Object.keys(limits) as (keyof ConnectionLimits)[]) {
    const value = given[key];
    if (value === undefined) continue;
    const min = key === 'idleTimeoutMs' ? NODE_KEEP_ALIVE_GRACE_MS : 1;
    if (!Number.isInteger(value) || value < min) throw new Error(`${key} must be a whole number of at least ${min}, got ${value}`);
    limits[key] = value;
  }
  return limits;
}

/** The node:http options that carry the limits (connectionsCheckingInterval is fixed at creation). */
export function httpServerOptions(limits: ConnectionLimits): HttpServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    // Counted from the request's first byte: headers, then the body. The pipeline's own body
    // timer (request-body.ts) answers first for bodies it reads; this covers those it never reads.
    requestTimeout: limits.headersTimeoutMs + limits.bodyTimeoutMs,
    keepAliveTimeout: Math.max(1, limits.idleTimeoutMs - NODE_KEEP_ALIVE_GRACE_MS),
    // node checks the two timeouts above on this interval (default 30 s): often enough that a
    // timeout fires close to its time, a walk over the open connections each time.
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/** What the connection limit needs of the event streams: how many are open, and one to end. */
export interface OpenStreams {
  readonly openStreams: number;
  /** Ends the oldest stream and closes its connection, which it returns; undefined when there is none. */
  yieldOldest(): Socket | undefined;
}

/**
 * Bounds the open API connections of `server` (those not carrying an event stream). `evict`
 * answers (408) and closes a connection that gives way to a newcomer before it sent a request;
 * one kept alive after its answers is closed quietly, as the idle timeout closes it (a client
 * reads that as the end of a kept-alive connection and opens another). Returns what the
 * server's request handler calls first with each request's socket and response (called by the
 * handler rather than from a second 'request' listener, which would make node copy the
 * listeners at every request).
 */
export function limitConnections(
  server: Server,
  maxConnections: number,
  evict: (socket: Socket) => void,
  streams: OpenStreams = { openStreams: 0, yieldOldest: () => undefined },
): (socket: Socket, response: ServerResponse) => void {
  // What is known of each open connection, made once when it opens and changed in place at each
  // request: a request costs a lookup, three field writes and a shared 'finish' listener, and
  // nothing of a request is kept past its answer. (Keeping each connection's latest response until its next
  // request made every response outlive a young-generation collection.)
  const open = new Map<Socket, Connection>();
  // Orders connections by when they were last used: the opening of one that has sent no request
  // yet, else its latest request's arrival.
  let clock = 0;
  // The connection with no request in progress that was used the longest ago. Looked for only
  // when a newcomer needs room, so the order costs a request nothing.
  const oldestUnused = (): [Socket, Connection] | undefined => {
    let oldest: [Socket, Connection] | undefined;
    for (const entry of open)
      if (entry[1].inProgress === 0 && (oldest === undefined || entry[1].lastUsed < oldest[1].lastUsed)) oldest = entry;
    return oldest;
  };
  function responseFinished(this: ServerResponse): void {
    const connection = open.get(this.req.socket as Socket);
    if (connection !== undefined) connection.inProgress--;
  }
  server.on('connection', (socket: Socket) => {
    if (open.size - streams.openStreams >= maxConnections) {
      const oldest = oldestUnused();
      if (oldest !== undefined) {
        const [unused, { served }] = oldest;
        open.delete(unused);
        if (served) unused.destroy();
        else evict(unused);
      } else {
        const yielded = streams.yieldOldest();
        if (yielded === undefined) {
          // Every connection has a request in progress: refused at once (the client sees it
          // closed), and the ones open keep being served.
          socket.destroy();
          return;
        }
        // Neither an API connection nor a stream any more: counted as gone at once.
        open.delete(yielded);
      }
    }
    open.set(socket, { lastUsed: ++clock, inProgress: 0, served: false });
    socket.once('close', () => open.delete(socket));
  });
  return (socket, response) => {
    const connection = open.get(socket);
    // A connection that gave way to a newcomer is no longer counted.
    if (connection === undefined) return;
    connection.lastUsed = ++clock;
    connection.served = true;
    // Pipelined requests each have their response: in progress until every one is finished. A
    // response cut short closes its connection, which is then forgotten.
    connection.inProgress++;
    response.on('finish', responseFinished);
  };
}

/** An open API connection, as limitConnections tracks it. */
interface Connection {
  /** The clock when it opened or, since, when its latest request arrived. */
  lastUsed: number;
  /** Requests whose response is not yet finished. */
  inProgress: number;
  /** Whether it has sent a request (a kept-alive connection), or is still waiting for the first's headers. */
  served: boolean;
}

export interface EarlyAnswer {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
}

/**
 * Lingering close, as nginx does it, for an answer sent before its request's body was read
 * (413, 408, a 401 or 404 to a request with a body still on its way). Closing at once would
 * leave the client's unread bytes in our receive buffer, and the kernel answers those with a
 * reset that also throws away the answer the client had not read yet: it sees ECONNRESET or
 * EPIPE instead of the 413. So the answer is written whole with `Connection: close`, our side is
 * shut once it is out (the client reads it, then end of stream), and what the client still
 * sends is read and thrown away until its body ends or it hangs up, for at most
 * `lingerTimeMs` and `lingerBytes`; then the socket is closed. `onWritten` is called once the
 * answer is handed to the kernel.
 */
export function answerThenLinger(
  req: IncomingMessage,
  res: ServerResponse,
  answer: EarlyAnswer,
  limits: Pick<ConnectionLimits, 'lingerTimeMs' | 'lingerBytes'>,
  onWritten: () => void,
): void {
  const socket = req.socket;
  let written = false;
  let drained = false;
  let closed = false;
  let discarded = 0;

  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    req.off('data', discard);
    // node's own bookkeeping of the response; the socket is closed here in any case.
    res.end();
    socket.destroy();
  };
  const stopReading = () => {
    drained = true;
    // The answer must be out before the socket is closed, else it would be dropped.
    if (written) close();
  };
  const discard = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limits.lingerBytes) close();
  };
  // Bounded whatever the client does: one that never stops sending is cut off here.
  const timer = setTimeout(close, limits.lingerTimeMs);

  res.writeHead(answer.status, { ...answer.headers, connection: 'close', 'content-length': String(answer.bytes.length) });
  res.write(answer.bytes, () => {
    written = true;
    onWritten();
    if (closed) return;
    // Half close: the client sees the end of the answer while we keep reading its body.
    socket.end();
    if (drained) close();
  });
  req.on('data', discard);
  req.once('end', stopReading);
  // A client that hangs up (or a request cut short) has nothing more to send.
  req.once('close', stopReading);
  req.resume();
}

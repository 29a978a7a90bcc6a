// Requests to a running server without a socket or a port, as hono's `app.request(path, init)`:
// a test of the API's rules needs no network. The request still goes through everything a
// client's would: node's HTTP parser and its limits, the server's connection handling, the status
// pages and the API pipeline. Each connection is an in-memory stream pair (node's duplexPair),
// one end handed to the server as node documents for injected connections ('connection' takes
// any duplex stream), the other end given to undici, which speaks HTTP over it and returns the
// fetch Response.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { type Duplex, duplexPair } from 'node:stream';
import type { Agent } from 'undici';

/** A request to the server as hono's `app.request`: a path (or URL) on the server, fetch's init. */
export type InProcessRequest = (path: string | URL, init?: RequestInit) => Promise<Response>;

export interface InProcessClient {
  request: InProcessRequest;
  /**
   * Resolves once the server has closed every in-memory connection (it closes them as their
   * requests are answered), then lets no new one open.
   */
  close(): Promise<void>;
}

/** `baseUrl` resolves the path and is the Host the server sees, as if it came over its port. */
export function inProcessClient(server: Server, baseUrl: () => string): InProcessClient {
  // The server's ends of the open in-memory connections: server.close() waits only for the
  // connections of its port, so close() waits for these.
  const open = new Set<Duplex>();
  let allClosed: (() => void) | undefined;
  let closing = false;
  const connect = (): Duplex => {
    const [client, serverSide] = duplexPair();
    // A connection closed at one end is closed at the other, as a TCP connection is: the pair
    // only passes on the end of what each side writes.
    client.once('close', () => serverSide.destroy());
    serverSide.once('close', () => {
      client.destroy();
      open.delete(serverSide);
      if (open.size === 0) allClosed?.();
    });
    open.add(serverSide);
    server.emit('connection', serverSide);
    return client;
  };
  // undici is loaded at the first request: a server that is only listened to never needs it.
  let loaded: Promise<{ agent: Agent; fetch: typeof import('undici').fetch }> | undefined;
  const load = async () => {
    const undici = await import('undici');
    const agent = new undici.Agent({
      connect(_options, callback) {
        // Called back on the next tick, as a socket connects: undici does not expect its
        // connector to answer while it is still asking. It types the connection as a
        // net.Socket and uses only a duplex stream's methods.
        process.nextTick(callback, null, connect() as unknown as Socket);
      },
    });
    return { agent, fetch: undici.fetch };
  };
  return {
    async request(path, init) {
      // As a closed port refuses a connection.
      if (closing) throw new Error('the server is closed: it takes no more requests');
      loaded ??= load();
      const { agent, fetch } = await loaded;
      const response = await fetch(new URL(path, baseUrl()), { ...(init as object), dispatcher: agent });
      // undici's own Response class: the same API as the global one this module promises.
      return response as unknown as Response;
    },
    async close() {
      closing = true;
      // The server closes each connection once its request is answered (closeIdleConnections).
      if (open.size > 0) await new Promise<void>((resolve) => (allClosed = resolve));
      if (loaded) await (await loaded).agent.destroy();
    },
  };
}

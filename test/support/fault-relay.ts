// A fault-injecting HTTP relay on a real port, in front of the reference server: what a flaky
// link does to a write. For each request it is asked what to do (`decide`):
// - `pass`: forwarded, the answer relayed whole;
// - `drop-request`: the connection is reset before anything reaches the server (not applied);
// - `reset-after-apply`: forwarded and answered by the server (applied), then the client's
//   connection is reset before a byte of the answer reaches it;
// - `cut-body-after-apply`: forwarded (applied); the status line, the headers and half of the
//   body reach the client, then the connection is closed;
// - `hold-after-apply`: forwarded (applied), and no answer ever comes (the client times out);
// - `gateway-timeout-after-apply`: forwarded (applied), then answered 504 by the relay, as a load
//   balancer whose server was too slow answers;
// - `bad-gateway`: answered 502 by the relay without reaching the server (not applied), as a load
//   balancer with no server to send to answers;
// - `unavailable`: answered 503 by the relay without reaching the server (not applied);
// - `duplicate-then-reset`: forwarded twice (applied twice, as a misbehaving middlebox that
//   repeated it would), then reset: the client cannot tell which one is its own.
// Every request is logged with what was done to it.
import { request as httpRequest, createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | 'pass'
  | 'drop-request'
  | 'reset-after-apply'
  | 'cut-body-after-apply'
  | 'hold-after-apply'
  | 'gateway-timeout-after-apply'
  | 'bad-gateway'
  | 'unavailable'
  | 'duplicate-then-reset';

export interface RelayedRequest {
  method: string;
  path: string;
  body: string;
}

export interface RelayLogEntry extends RelayedRequest {
  fault: Fault;
}

export interface FaultRelay {
  url: string;
  log: RelayLogEntry[];
  /** What to do with each request; `pass` unless set. */
  decide: (request: RelayedRequest) => Fault;
  close(): Promise<void>;
}

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function startFaultRelay(target: string): Promise<FaultRelay> {
  const base = new URL(target);
  const sockets = new Set<Socket>();
  const relay: FaultRelay = {
    url: '',
    log: [],
    decide: () => 'pass',
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const server = createServer(async (req, res) => {
    const body = await readAll(req);
    const seen: RelayedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', body: body.toString('utf8') };
    const fault = relay.decide(seen);
    relay.log.push({ ...seen, fault });
    const socket = req.socket;
    if (fault === 'drop-request') return reset(socket);
    if (fault === 'bad-gateway') return gatewayPage(res, 502, 'Bad Gateway');
    if (fault === 'unavailable') return gatewayPage(res, 503, 'Service Unavailable');

    let answer: Upstream;
    try {
      answer = await forward(base, req, body);
      if (fault === 'duplicate-then-reset') answer = await forward(base, req, body);
    } catch {
      return reset(socket);
    }
    if (fault === 'reset-after-apply' || fault === 'duplicate-then-reset') return reset(socket);
    // Held until the client gives up (or the relay closes).
    if (fault === 'hold-after-apply') return;
    if (fault === 'gateway-timeout-after-apply') return gatewayPage(res, 504, 'Gateway Timeout');

    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    delete headers.connection;
    delete headers['keep-alive'];
    headers['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, headers);
    if (fault === 'pass') return res.end(answer.body);
    // cut-body-after-apply: half of the body, then a clean close (FIN, so what was written arrives).
    res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)), () => socket.end());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return relay;
}

/**
 * The first request that `matches` gets `fault`, once per distinct body: a resend of the same
 * body passes. Lets several CLI runs go through one relay at once, each with its own text.
 */
export function faultOncePerBody(matches: (request: RelayedRequest) => boolean, fault: Fault): (request: RelayedRequest) => Fault {
  const faulted = new Set<string>();
  return (request) => {
    if (!matches(request) || faulted.has(request.body)) return 'pass';
    faulted.add(request.body);
    return fault;
  };
}

/** A gateway's own answer: an HTML page, not the API's JSON error body. */
function gatewayPage(res: ServerResponse, status: number, title: string): void {
  res.writeHead(status, { 'content-type': 'text/html' });
  res.end(`<html><head><title>${status} ${title}</title></head><body><h1>${status} ${title}</h1></body></html>`);
}

/** An RST: the peer sees ECONNRESET, not a clean end. */
function reset(socket: Socket): void {
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function forward(base: URL, req: IncomingMessage, body: Buffer): Promise<Upstream> {
  const headers = { ...req.headers, host: base.host, 'content-length': String(body.length) };
  delete headers.connection;
  return new Promise((resolve, reject) => {
    const out = httpRequest(new URL(req.url ?? '/', base), { method: req.method, headers, agent: false }, (response) => {
      readAll(response).then((text) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: text }), reject);
    });
    out.on('error', reject);
    out.end(body);
  });
}

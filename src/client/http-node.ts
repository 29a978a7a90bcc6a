// One attempt over node:http(s). A process that makes one or two requests and exits (the CLI)
// pays for undici's module graph and the compilation of its WebAssembly HTTP parser, more
// than the request itself; node's own parser is already in the binary.
import type { ClientRequest, IncomingMessage } from 'node:http';
import { readBody } from './http-body.js';
import type { Attempt, AttemptRequest } from './attempt.js';

export async function attemptWithNodeHttp(req: AttemptRequest): Promise<Attempt> {
  const { request } = req.url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  // A timer that destroys the request (and with it the response being read), rather than an
  // AbortSignal: the same outcome, without loading and wiring AbortController for each call.
  let outgoing: ClientRequest | undefined;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    outgoing?.destroy(new Error(`timed out after ${req.timeoutMs} ms`));
  }, req.timeoutMs);
  try {
    const headers: Record<string, string> = { ...req.headers };
    if (req.payload !== undefined) headers['content-length'] = String(Buffer.byteLength(req.payload));
    const { agent, ca } = req.network;
    let response: IncomingMessage;
    // https-proxy-agent hands a refused CONNECT (a 407...) to the request as its response.
    let tunnelStatus: number | undefined;
    try {
      response = await new Promise<IncomingMessage>((resolve, reject) => {
        outgoing = request(req.url, { method: req.method, headers, ...(agent ? { agent } : {}), ...(ca ? { ca } : {}) }, resolve);
        outgoing.on('error', reject);
        if (agent) outgoing.once('proxyConnect', (connect: { statusCode?: number }) => (tunnelStatus = connect.statusCode));
        outgoing.end(req.payload);
      });
    } catch (error) {
      return { outcome: 'no-answer', error, timedOut };
    }
    const status = response.statusCode ?? 0;
    const read = await readBody(response, status, response.headers['content-length']);
    // A connection closed before content-length was reached ends the stream without an error
    // on some Node versions: `complete` tells a whole body from a cut one.
    if (read.bodyError === undefined && !read.overLimit && !response.complete) {
      read.bodyError = Object.assign(new Error('connection closed before the body was complete'), { code: 'ECONNRESET' });
    }
    const fromProxy = tunnelStatus !== undefined && tunnelStatus !== 200;
    return { outcome: 'answer', status, headers: response.headers, ...read, timedOut, ...(fromProxy ? { fromProxy } : {}) };
  } finally {
    clearTimeout(timer);
  }
}

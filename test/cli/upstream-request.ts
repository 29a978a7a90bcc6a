// What the CLI puts on the wire, checked against the hosted API's own request schema: a
// recording proxy in front of the reference server keeps every request body the child process
// sends, and `checkCreateIncidentBody` validates one against the upstream document
// (spec/upstream-openapi-subset.json), including its vendor keywords: `x-format: {guid: true}`
// (a UUID string) and `x-constraint: {length: n}` (exactly n items).
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { upstreamComponentValidator } from '../support/upstream-spec.js';

const createIncident = upstreamComponentValidator('CreateStatusPageV2Incident');

/** Upstream's verdict on a create body: [] when the hosted API would take it, else one line per violation. */
export function upstreamCreateIncidentErrors(body: unknown): string[] {
  if (createIncident(body)) return [];
  return (createIncident.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.keyword}: ${error.message ?? ''}`);
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  /** As they came (the authorization header included: a test that a key was not sent reads it). */
  headers: IncomingHttpHeaders;
}

export interface RecordingProxy {
  url: string;
  requests: RecordedRequest[];
  /** Bodies of the `POST /v1/status-pages/incidents` requests, in order. */
  createBodies(): unknown[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A proxy on a free port that forwards everything to `target` and records each request. */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    try {
      const raw = await readBody(request);
      const text = raw.toString('utf8');
      let body: unknown = text === '' ? undefined : text;
      try {
        if (text !== '') body = JSON.parse(text);
      } catch {
        // kept as text: the check will say it is not an object
      }
      requests.push({ method: request.method ?? '', path: request.url ?? '', body, headers: request.headers });
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (name === 'host' || name === 'content-length' || name === 'connection' || value === undefined) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const answer = await fetch(target + (request.url ?? '/'), {
        method: request.method ?? 'GET',
        headers,
        ...(raw.length > 0 ? { body: new Uint8Array(raw) } : {}),
      });
      const out = Buffer.from(await answer.arrayBuffer());
      const outHeaders: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding' && name !== 'connection') {
          outHeaders[name] = value;
        }
      });
      response.writeHead(answer.status, { ...outHeaders, 'content-length': String(out.length) });
      response.end(out);
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`recording proxy: ${String(error)}`);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    createBodies: () =>
      requests
        .filter((entry) => entry.method === 'POST' && entry.path.split('?')[0] === '/v1/status-pages/incidents')
        .map((entry) => entry.body),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

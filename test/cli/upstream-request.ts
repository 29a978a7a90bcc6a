// What the CLI puts on the wire, checked against the hosted API's own request schema: a
// recording proxy in front of the reference server keeps every request body the child process
// sends, and `checkCreateIncidentBody` validates one against the upstream document
// (spec/upstream-openapi-subset.json), including its vendor keywords: `x-format: {guid: true}`
// (a UUID string) and `x-constraint: {length: n}` (exactly n items).
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { ROOT } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** OpenAPI 3.0 `nullable: true` as JSON Schema: the type may also be null. */
function convertNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convertNullable);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, convertNullable(value)]));
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (typeof out.$ref === 'string') return { anyOf: [{ $ref: out.$ref }, { type: 'null' }] };
  }
  return out;
}

const upstream = JSON.parse(readFileSync(join(ROOT, 'spec', 'upstream-openapi-subset.json'), 'utf8')) as {
  components: { schemas: Record<string, unknown> };
};
const ajv = new Ajv.default({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addKeyword({
  keyword: 'x-format',
  errors: false,
  validate: (format: { guid?: boolean }, data: unknown) => !format.guid || (typeof data === 'string' && UUID.test(data)),
});
ajv.addKeyword({
  keyword: 'x-constraint',
  errors: false,
  validate: (constraint: { length?: number }, data: unknown) =>
    constraint.length === undefined || !Array.isArray(data) || data.length === constraint.length,
});
ajv.addSchema({ $id: 'upstream.json', components: convertNullable(upstream.components) });
const createIncident = ajv.compile({ $ref: 'upstream.json#/components/schemas/CreateStatusPageV2Incident' });

/** Upstream's verdict on a create body: [] when the hosted API would take it, else one line per violation. */
export function upstreamCreateIncidentErrors(body: unknown): string[] {
  if (createIncident(body)) return [];
  return (createIncident.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.keyword}: ${error.message ?? ''}`);
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
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
      requests.push({ method: request.method ?? '', path: request.url ?? '', body });
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

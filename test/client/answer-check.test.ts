// The check of success answers (src/client/answer-check.ts) against the shapes the build derives
// from the hosted API's document (scripts/answer-shapes.mjs): it covers every route of the table
// that the document has, it takes every answer the document allows (ajv with the whole document,
// formats and enums included, is the judge), and it refuses exactly what ajv refuses when given
// the same cut-down shapes: real answers of the reference server, damaged at random.
import Ajv from 'ajv';
import fc from 'fast-check';
import { components, routes as shapes } from 'statusctl:answer-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerShapeError, createClient } from '../../src/client/index.js';
import { answerShapes, typesOnly } from '../../scripts/answer-shapes.mjs';
import { checkAnswer } from '../../src/client/answer-check.js';
import { routes, type OperationId } from '../../src/contract/table.js';
import { demoIds } from '../../src/server/index.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { upstream, upstreamResponseValidator } from '../support/upstream-spec.js';

let server: TestServer;
/** Real answers: route (`METHOD path`) -> status -> bodies. */
const samples: { route: string; status: number; body: unknown }[] = [];

beforeAll(async () => {
  server = await startTestServer({ rcaDelayMs: 0 });
  const client = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, http: 'node' });
  const ids = demoIds(server.account.id);
  const record = async <Id extends OperationId>(id: Id, input: Parameters<typeof client.call<Id>>[1]) => {
    const { status, body } = await client.call(id, input);
    samples.push({ route: `${routes[id].method} ${routes[id].path}`, status, body });
    return body;
  };
  await record('listStatusPages', {});
  const page = await record('listIncidents', { query: { limit: '5' } });
  const incident = page.entries[0]!;
  await record('getIncident', { params: { incidentId: incident.id } });
  await record('getIncidentUpdate', { params: { incidentId: incident.id, incidentUpdateId: incident.incidentUpdates[0]!.id! } });
  await record('listRuntimes', {});
  await record('getHeartbeatAvailability', { params: { checkId: ids.heartbeatChecks.nightlyBackup } });
  const pending = await record('requestRootCauseAnalysis', { params: { testSessionErrorGroupId: ids.errorGroups.dashboardTimeout } });
  await record('getRootCauseAnalysis', { params: { id: pending.id } });
  await record('updateErrorGroup', { params: { id: ids.errorGroups.checkoutSelector }, body: { archivedUntilNextEvent: true } });
  const pages = await client.listStatusPages({});
  const statusPageId = pages.entries[0]!.id;
  await record('getStatusPage', { params: { statusPageId } });
  await record('listSubscriptions', { params: { statusPageId } });
  const services = await record('listServices', {});
  await record('getService', { params: { serviceId: services.entries[0]!.id } });
  await record('listIncidentUpdates', { params: { incidentId: incident.id } });
  await record('listErrorGroups', {});
  await record('listCheckErrorGroups', { params: { checkId: ids.checks.dashboardBrowser } });
  await record('getErrorGroup', { params: { id: ids.errorGroups.dashboardTimeout } });
  await record('requestErrorGroupAnalysis', { params: { errorGroupId: ids.errorGroups.healthTimeout } });
  const events = await record('listHeartbeatEvents', { params: { checkId: ids.heartbeatChecks.nightlyBackup } });
  await record('getHeartbeatEvent', { params: { checkId: ids.heartbeatChecks.nightlyBackup, id: events[0]!.events[0]!.id } });
  await record('getRuntime', { params: { id: '2025.04' } });
});
afterAll(() => server?.close());

/** ajv over the same cut-down shapes: components by name, as the generated module holds them. */
const ajv = new Ajv.default({ strict: false, allErrors: false });
const withRefs = (shape: unknown): unknown =>
  JSON.parse(JSON.stringify(shape).replace(/"\$ref":"([^"]+)"/g, '"$ref":"shapes.json#/components/$1"'));
ajv.addSchema({ $id: 'shapes.json', components: withRefs(components) as object });
const cutDown = (route: string, status: number) => ajv.compile(withRefs(shapes[route]![String(status)]) as object);

/** The document's own schema of an answer, whole (formats, enums, patterns). */
function documentSchema(route: string, status: number): unknown {
  const [method, path] = route.split(' ') as [string, string];
  return upstream.paths[path]![method.toLowerCase()]!.responses[String(status)]!.content!['application/json']!.schema;
}

function accepts(route: string, status: number, body: unknown): boolean {
  const [method, path] = route.split(' ') as [string, string];
  try {
    checkAnswer(method, path, route, status, body);
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(AnswerShapeError);
    return false;
  }
}

/** A copy of `value` with the node at a random place replaced, removed, or given a new field. */
const damaged = (value: unknown) =>
  fc
    .tuple(fc.nat(), fc.constantFrom('replace', 'remove', 'add'), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(null)))
    .map(([pick, how, replacement]) => {
      const copy = structuredClone(value);
      const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) {
          for (const [index, child] of node.entries()) {
            places.push({ parent: node, key: index });
            walk(child);
          }
        } else if (node && typeof node === 'object') {
          for (const [key, child] of Object.entries(node)) {
            places.push({ parent: node as Record<string, unknown>, key });
            walk(child);
          }
        }
      };
      walk(copy);
      if (places.length === 0) return replacement;
      const { parent, key } = places[pick % places.length]!;
      if (how === 'add' && !Array.isArray(parent)) parent[`extra${pick}`] = replacement;
      else if (how === 'remove' && !Array.isArray(parent)) delete parent[key as string];
      else (parent as Record<string | number, unknown>)[key] = replacement;
      return copy;
    });

describe('the shapes of the answers', () => {
  it('cover every route of the table that the hosted API has, with its success statuses, and no route of the reference server only', () => {
    let covered = 0;
    for (const [id, route] of Object.entries(routes)) {
      const key = `${route.method} ${route.path}`;
      const documented = upstream.paths[route.path]?.[route.method.toLowerCase()];
      if ('referenceOnly' in route && route.referenceOnly) expect(shapes[key], id).toBeUndefined();
      if (!documented) continue;
      const statuses = Object.keys(documented.responses).filter((status) => /^2\d\d$/.test(status));
      expect(Object.keys(shapes[key] ?? {}), id).toEqual(statuses);
      covered++;
    }
    expect(covered).toBeGreaterThanOrEqual(12);
  });

  it("take every real answer, which the document's whole schema takes too", () => {
    expect(new Set(samples.map((sample) => sample.route)).size).toBeGreaterThanOrEqual(21);
    for (const { route, status, body } of samples) {
      expect(upstreamResponseValidator(documentSchema(route, status))(body), route).toBe(true);
      expect(accepts(route, status, body), route).toBe(true);
    }
  });

  it('refuse a damaged answer exactly when ajv refuses it, and take every one the whole document takes', () => {
    for (const { route, status, body } of samples) {
      const whole = upstreamResponseValidator(documentSchema(route, status));
      const same = cutDown(route, status);
      fc.assert(
        fc.property(damaged(body), (value) => {
          const verdict = accepts(route, status, value);
          expect(verdict, JSON.stringify(same.errors)).toBe(same(value));
          if (whole(value)) expect(verdict).toBe(true);
        }),
        { numRuns: 150 },
      );
    }
  });
});

describe('what the build keeps of a schema of the document', () => {
  it('types, required fields, items and properties; nothing stricter', () => {
    const schema = {
      type: 'object',
      required: ['id', 'tags'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', format: 'uuid', pattern: '^[0-9a-f-]+$', 'x-format': { guid: true } },
        tags: { type: 'array', minItems: 1, items: { type: 'string', enum: ['a', 'b'], maxLength: 3 } },
        note: { type: 'string', nullable: true },
        owner: { $ref: '#/components/schemas/Owner', nullable: true },
        kind: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        free: { description: 'anything' },
      },
    };
    const used = new Set<string>();
    expect(typesOnly(schema, used)).toEqual({
      type: 'object',
      required: ['id', 'tags'],
      properties: {
        id: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        note: { type: ['string', 'null'] },
        owner: { anyOf: [{ $ref: 'Owner' }, { type: 'null' }] },
        kind: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
    });
    expect([...used]).toEqual(['Owner']);
  });

  it('a 204 has no body to check, whatever schema the document gives it; components are those the routes use', () => {
    const document = {
      paths: {
        '/v1/things/{id}': {
          delete: { responses: { 204: { content: { 'application/json': { schema: { type: 'string' } } } }, 404: {} } },
          get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } },
        },
      },
      components: {
        schemas: {
          Thing: { type: 'object', properties: { part: { $ref: '#/components/schemas/Part' } } },
          Part: { type: 'integer' },
          Unused: { type: 'string' },
        },
      },
    };
    expect(answerShapes(document)).toEqual({
      routes: { 'DELETE /v1/things/{id}': { 204: null }, 'GET /v1/things/{id}': { 200: { $ref: 'Thing' } } },
      components: { Thing: { type: 'object', properties: { part: { $ref: 'Part' } } }, Part: { type: 'integer' } },
    });
  });
});

import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/contract/openapi.js';
import type { ErrorStatus } from '../../src/contract/error-responses.js';
import {
  fillPath,
  operations,
  pathParamNames,
  successStatus,
  uuidParams,
  type Operation,
  type OperationId,
} from '../../src/contract/operations.js';
import * as s from '../../src/contract/schemas.js';
import { upstream, type UpstreamOperation } from '../support/upstream-spec.js';

type UpstreamOperationWithParameters = UpstreamOperation & {
  parameters?: { name: string; in: string; schema?: { 'x-format'?: { guid?: boolean }; format?: string } }[];
};

/** A parameter the document types as a UUID: `x-format: { guid: true }`, or `format: uuid` in its newer operations. */
const typedAsUuid = (parameter: NonNullable<UpstreamOperationWithParameters['parameters']>[number] | undefined) =>
  parameter?.schema?.['x-format']?.guid === true || parameter?.schema?.format === 'uuid';

const table = Object.entries(operations);

/** The error statuses an operation of the upstream document lists. */
const errorStatusesOf = (operation: UpstreamOperation) =>
  Object.keys(operation.responses)
    .map(Number)
    .filter((status) => status >= 400);

/**
 * Error statuses the upstream document lists that the table does not declare, each with the
 * reason a user never gets it from the operation itself. Every other one is declared by the
 * operation's row, so the client, the CLI and /openapi.json know it.
 */
const NOT_DECLARED: Partial<Record<OperationId, Partial<Record<number, string>>>> = {
  listStatusPages: { 404: 'a list has no id to name nothing: only a path the server does not serve (a wrong base URL) is 404' },
  listServices: { 404: 'a list has no id to name nothing: only a path the server does not serve (a wrong base URL) is 404' },
  listIncidents: { 404: 'a list has no id to name nothing: only a path the server does not serve (a wrong base URL) is 404' },
  listV3StatusPages: { 404: 'a list has no id to name nothing: only a path the server does not serve (a wrong base URL) is 404' },
  createV3StatusPage: { 404: 'a create names no record: only a path the server does not serve (a wrong base URL) is 404' },
  listCheckStatuses: { 404: 'a list has no id to name nothing: only a path the server does not serve (a wrong base URL) is 404' },
  listCheckAlerts: { 404: 'a list has no id to name nothing: only a path the server does not serve (a wrong base URL) is 404' },
};

describe('operations table', () => {
  it('covers every operation of the upstream document with the same method and path', () => {
    const ours = new Set(table.map(([, op]) => `${op.method} ${op.path}`));
    const theirs = Object.entries(upstream.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(theirs.length).toBeGreaterThanOrEqual(12);
    for (const operation of theirs) expect(ours).toContain(operation);
  });

  // Derived from both documents: a new row is checked with no line here. A row beyond the
  // document is checked against the documented operation it follows (below), not these.
  const hosted = (table as [string, Operation][]).filter(([, op]) => !op.referenceOnly && !op.beyondDocument);
  const upstreamOf = (op: Operation) => upstream.paths[op.path]![op.method.toLowerCase()]! as UpstreamOperationWithParameters;
  const beyond = (table as [string, Operation][]).filter(([, op]) => op.beyondDocument);
  const followed = (op: Operation) =>
    upstream.paths[op.path]?.[op.beyondDocument!.of.toLowerCase()] as UpstreamOperationWithParameters | undefined;
  const bodyFieldsOf = (op: Operation) => {
    const body = op.body as unknown as { shape?: object; unwrap?: () => { shape: object } };
    return Object.keys(body.shape ?? body.unwrap!().shape);
  };

  it('serves no hosted route the upstream document does not have', () => {
    for (const [id, op] of hosted) expect(upstream.paths[op.path]?.[op.method.toLowerCase()], id).toBeDefined();
  });

  it('names the query parameters as the upstream document does, every one of them', () => {
    for (const [id, op] of hosted) {
      const theirs = (upstreamOf(op).parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const ours = op.query ? Object.keys((op.query as unknown as { shape: object }).shape) : [];
      expect(ours.sort(), id).toEqual(theirs.sort());
    }
  });

  const upstreamBodyFields = (operation: UpstreamOperation | undefined) => {
    const components = upstream.components.schemas as Record<string, { properties?: object; nullable?: boolean }>;
    const schema = operation?.requestBody?.content?.['application/json']?.schema as { $ref?: string } | undefined;
    return schema && Object.keys(components[schema.$ref!.split('/').pop()!]!.properties ?? {});
  };

  it('takes exactly the body fields of the upstream request schema', () => {
    for (const [id, op] of hosted) {
      const theirs = upstreamBodyFields(upstreamOf(op));
      expect(Boolean(op.body), id).toBe(theirs !== undefined);
      if (!theirs || !op.body) continue;
      expect(bodyFieldsOf(op).sort(), id).toEqual(theirs.sort());
    }
  });

  // A route the vendor's own tools send although the document leaves it out: not in the
  // document, and in every other way the documented operation of its path that it follows.
  it('holds a row beyond the document to the documented operation it follows: a body of its fields, its answers and 404', () => {
    expect(beyond.map(([id]) => id)).toContain('patchIncident');
    for (const [id, op] of beyond) {
      expect(upstream.paths[op.path]?.[op.method.toLowerCase()], `${id} is in the document after all`).toBeUndefined();
      expect(op.referenceOnly, id).toBeUndefined();
      expect(op.tool, id).toBeUndefined();
      const documented = followed(op);
      expect(documented, id).toBeDefined();
      const theirs = upstreamBodyFields(documented);
      expect(Boolean(op.body), id).toBe(theirs !== undefined);
      if (theirs && op.body) for (const field of bodyFieldsOf(op)) expect(theirs, `${id}.${field}`).toContain(field);
      const success = Object.keys(documented!.responses).filter((status) => status.startsWith('2'));
      expect(Object.keys(op.responses), id).toEqual(success);
      expect(op.errors.includes(404), id).toBe('404' in documented!.responses);
    }
  });

  // The CLI refuses a value of another form before sending it, and the reference server answers
  // it with the hosted API's 400, both by the table's word.
  it('takes a UUID in exactly the path parameters the upstream document types as one', () => {
    for (const [id, op] of hosted) {
      const parameters = upstreamOf(op).parameters ?? [];
      const theirs = parameters.filter((p) => p.in === 'path' && typedAsUuid(p)).map((p) => p.name);
      expect(uuidParams(op).sort(), id).toEqual(theirs.sort());
    }
    expect(hosted.some(([, op]) => uuidParams(op).length < pathParamNames(op.path).length)).toBe(true);
  });

  // The CLI refuses an account id of another form before any request (src/cli/input/ids.ts).
  it('takes the account header as a UUID on every operation of the upstream document', () => {
    for (const [id, op] of hosted) {
      const header = (upstreamOf(op).parameters ?? []).find((p) => p.in === 'header' && p.name === 'x-checkly-account');
      expect(typedAsUuid(header), id).toBe(true);
    }
  });

  // Where the document lists a 400 for an operation with UUIDs in its path, the hosted API checks
  // their form before any lookup; elsewhere it lists a 404 for them alone.
  it('checks the form of the ids exactly where the upstream document lists a 400 beside them', () => {
    const checking = hosted.filter(([, op]) => op.checksIdForm).map(([id]) => id);
    const theirs = hosted.filter(([, op]) => uuidParams(op).length > 0 && '400' in upstreamOf(op).responses).map(([id]) => id);
    expect(checking).toEqual(theirs);
    expect(checking.length).toBeGreaterThan(0);
  });

  it('answers with the success status of the upstream document', () => {
    for (const [id, op] of hosted) {
      const theirs = Object.keys(upstreamOf(op).responses).filter((status) => status.startsWith('2'));
      expect(Object.keys(op.responses), id).toEqual(theirs);
    }
  });

  // Where the document answers for an id in the path, 404 is its word on whether that id can
  // name nothing (it lists 404 beside every id but a check's, whose error groups are [] instead).
  it('declares 404 for an id in the path exactly where the upstream document does', () => {
    const withIds = hosted.filter(([, op]) => pathParamNames(op.path).length > 0);
    expect(withIds.some(([, op]) => !op.errors.includes(404))).toBe(true);
    for (const [id, op] of withIds) expect(op.errors.includes(404), id).toBe('404' in upstreamOf(op).responses);
  });

  it('declares every error status the upstream document lists, or says here why a user never gets it from the operation', () => {
    const missing = hosted.flatMap(([id, op]) =>
      errorStatusesOf(upstreamOf(op))
        .filter((status) => !op.errors.includes(status as ErrorStatus) && !NOT_DECLARED[id as OperationId]?.[status])
        .map((status) => `${id}: ${status}`),
    );
    expect(missing).toEqual([]);
  });

  it('keeps the list of undeclared statuses to those the upstream document lists and the table does not declare', () => {
    const stale = Object.entries(NOT_DECLARED).flatMap(([id, statuses]) => {
      const op = operations[id as OperationId];
      return Object.keys(statuses ?? {})
        .map(Number)
        .filter((status) => op.errors.includes(status as ErrorStatus) || !errorStatusesOf(upstreamOf(op)).includes(status))
        .map((status) => `${id}: ${status}`);
    });
    expect(stale).toEqual([]);
  });

  it('has no two operations on the same method and path', () => {
    const keys = table.map(([, op]) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives the documented success statuses', () => {
    expect(successStatus(operations.createIncident)).toBe(201);
    expect(successStatus(operations.createSubscriptions)).toBe(201);
    expect(successStatus(operations.requestRootCauseAnalysis)).toBe(202);
    expect(successStatus(operations.requestErrorGroupAnalysis)).toBe(202);
    expect(successStatus(operations.deleteIncident)).toBe(204);
    expect(successStatus(operations.listIncidents)).toBe(200);
    expect(successStatus(operations.getRootCauseAnalysis)).toBe(200);
  });

  it('fills path parameters URL-encoded and refuses missing ones', () => {
    const path = operations.getIncidentUpdate.path;
    expect(pathParamNames(path)).toEqual(['incidentId', 'incidentUpdateId']);
    expect(fillPath(path, { incidentId: 'a/b', incidentUpdateId: '../x' })).toBe(
      '/v1/status-pages/incidents/a%2Fb/incident-updates/..%2Fx',
    );
    expect(() => fillPath(path, { incidentId: 'a' })).toThrow(/incidentUpdateId/);
  });
});

describe('request schemas are strict', () => {
  const service = { id: '8a0d5f8e-6b1c-4f8e-9d3a-2c7b1e0f4a51', name: 'Checkout', accountId: '3f2c7a10-5b1e-4c8d-9e6f-0a1b2c3d4e5f' };
  const incident = { name: 'Checkout down', severity: 'MAJOR', services: [service], incidentUpdates: [{ description: 'Investigating' }] };

  it('accepts a minimal incident', () => {
    expect(s.CreateIncidentInput.safeParse(incident).success).toBe(true);
  });

  it.each([
    ['an unknown top-level field', { ...incident, foo: 1 }, ''],
    ['an empty name', { ...incident, name: '' }, 'name'],
    ['a name over 255 characters', { ...incident, name: 'x'.repeat(256) }, 'name'],
    ['a bad severity', { ...incident, severity: 'HUGE' }, 'severity'],
    ['no services', { ...incident, services: [] }, 'services'],
    ['a service given by id only', { ...incident, services: [{ id: service.id }] }, 'services.0.name'],
    ['a service without accountId', { ...incident, services: [{ id: service.id, name: 'x' }] }, 'services.0.accountId'],
    ['a service id that is not a UUID', { ...incident, services: [{ ...service, id: 's1' }] }, 'services.0.id'],
    ['no update', { ...incident, incidentUpdates: [] }, 'incidentUpdates'],
    ['two updates', { ...incident, incidentUpdates: [{ description: 'a' }, { description: 'b' }] }, 'incidentUpdates'],
    ['null in a non-nullable optional field', { ...incident, lastUpdateStatus: null }, 'lastUpdateStatus'],
    ['an update without description', { ...incident, incidentUpdates: [{ status: 'RESOLVED' }] }, 'incidentUpdates.0.description'],
    [
      'a bad update date',
      { ...incident, incidentUpdates: [{ description: 'x', publicIncidentUpdateDate: 'yesterday' }] },
      'incidentUpdates.0.publicIncidentUpdateDate',
    ],
  ])('refuses %s', (_name, body, path) => {
    const result = s.CreateIncidentInput.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });

  it('accepts an absent, empty or null-context analysis request, and refuses 257 characters', () => {
    expect(s.RequestAnalysisInput.safeParse(null).success).toBe(true);
    expect(s.RequestAnalysisInput.safeParse({}).success).toBe(true);
    expect(s.RequestAnalysisInput.safeParse({ userContext: null }).success).toBe(true);
    expect(s.RequestAnalysisInput.safeParse({ userContext: 'x'.repeat(256) }).success).toBe(true);
    expect(s.RequestAnalysisInput.safeParse({ userContext: 'x'.repeat(257) }).success).toBe(false);
  });

  it('needs at least one archive flag', () => {
    expect(s.ErrorGroupPatch.safeParse({}).success).toBe(false);
    expect(s.ErrorGroupPatch.safeParse({ archiveForEver: true }).success).toBe(true);
    expect(s.ErrorGroupPatch.safeParse({ archivedUntilNextEvent: 'yes' }).success).toBe(false);
  });

  it.each(['0', '101', '1.5', 'abc', '', '0x10', '-1'])('refuses limit=%j', (limit) => {
    expect(s.PageQuery.safeParse({ limit }).success).toBe(false);
  });

  it('turns a limit into a number', () => {
    expect(s.PageQuery.parse({ limit: '100' })).toEqual({ limit: 100 });
  });

  it('takes dates or date-times for availability windows', () => {
    expect(s.AvailabilityQuery.safeParse({ startTime: '2026-11-01', endTime: '2026-11-02T10:00:00Z' }).success).toBe(true);
    expect(s.AvailabilityQuery.safeParse({ startTime: '2026-13-01' }).success).toBe(false);
  });
});

describe('published OpenAPI document', () => {
  const document = buildOpenApiDocument('http://127.0.0.1:4010');

  it('lists every operation of the table once', () => {
    const count = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(count).toBe(table.length);
  });

  it('holds only JSON schemas that compile', () => {
    const ajv = new Ajv2020.default({ strict: false });
    addFormats.default(ajv);
    const schemas: unknown[] = [];
    JSON.stringify(document, (key, value) => {
      if (key === 'schema') schemas.push(value);
      return value;
    });
    expect(schemas.length).toBeGreaterThan(30);
    ajv.addSchema(document, 'doc');
    // Each distinct schema once: most are the same reference to a component, made again by
    // every operation that answers it.
    for (const text of new Set(schemas.map((schema) => JSON.stringify(schema)))) {
      const resolved = JSON.parse(text.replaceAll('"#/components', '"doc#/components'));
      expect(() => ajv.compile(resolved)).not.toThrow();
    }
  });

  it('shows limit as the bounded integer it is', () => {
    const parameters = document.paths['/v1/status-pages/incidents']!.get as { parameters: { name: string; schema: unknown }[] };
    expect(parameters.parameters.find((p) => p.name === 'limit')!.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  });
});

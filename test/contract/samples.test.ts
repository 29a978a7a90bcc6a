// What the rows say besides their routes holds up: each sample request (row.ts, Sample) is one the
// row's own schemas and the hosted API's accept, the lost-answer finders match fields the body
// has, and an operation that publishes an incident names one. The tests that send the samples
// (error answers, isolation, request rules, the MCP tools, the fuzz) rely on this.
import { describe, expect, it } from 'vitest';
import { operations, pathParamNames, uuidParams, type Operation, type OperationId } from '../../src/contract/operations.js';
import { routes, type Match, type Row } from '../../src/contract/table.js';
import { upstreamBodyProblems, upstreamHasBody } from '../parity/upstream-requests.js';

const rows = Object.entries(routes) as [OperationId, Row][];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fields a match needs, by path (`incidentUpdates[].description`). */
function matchFields(match: Readonly<Record<string, Match>>, prefix = ''): string[] {
  return Object.entries(match).flatMap(([field, how]) =>
    typeof how === 'object' ? [`${prefix}${field}`, ...matchFields(how, `${prefix}${field}[].`)] : [`${prefix}${field}`],
  );
}

function fieldsOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((entry) => fieldsOf(entry, prefix.replace(/\.$/, '[].')));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([field, inner]) => [`${prefix}${field}`, ...fieldsOf(inner, `${prefix}${field}.`)]);
}

describe('the rows’ samples', () => {
  it('every operation with a body or a query has a sample, and its path parameters, all of them, of their form', () => {
    const withInput = rows.filter(([, row]) => row.body || row.query);
    expect(withInput.length).toBeGreaterThan(15);
    for (const [id, row] of withInput) {
      expect(row.sample, id).toBeDefined();
      expect(Object.keys(row.sample?.params ?? {}).sort(), id).toEqual(pathParamNames(row.path).sort());
      for (const name of uuidParams(row)) expect(row.sample?.params?.[name], `${id}.${name}`).toMatch(UUID);
      if (row.body) expect(row.sample && 'body' in row.sample, id).toBe(true);
      if (row.query) expect(row.sample?.query, id).toBeDefined();
      if (!row.body) expect(row.sample?.body, id).toBeUndefined();
      if (!row.query) expect(row.sample?.query, id).toBeUndefined();
    }
  });

  it.each(rows.filter(([, row]) => row.sample).map(([id]) => id))('%s: the sample is valid for the row and for the hosted API', (id) => {
    const op: Operation = operations[id];
    const sample = (routes[id] as Row).sample!;
    if (op.body) expect(op.body.safeParse(sample.body).error?.issues ?? [], id).toEqual([]);
    if (op.query) expect(op.query.safeParse(sample.query).error?.issues ?? [], id).toEqual([]);
    if (upstreamHasBody(id)) expect(upstreamBodyProblems(id, JSON.stringify(sample.body)), id).toEqual([]);
  });

  it('holds every field of the body (the fuzz mutates each one)', () => {
    for (const [id, row] of rows.filter(([, row]) => row.body)) {
      const schema = (operations[id] as Operation).body as unknown as { shape?: object; unwrap?: () => { shape?: object } };
      const shape = schema.shape ?? schema.unwrap?.().shape;
      expect(shape, id).toBeDefined();
      expect(Object.keys(row.sample?.body ?? {}).sort(), id).toEqual(Object.keys(shape!).sort());
    }
  });
});

describe('the lost-answer finders and the page events of the rows', () => {
  it('a finder reads a GET and matches fields the sample body holds', () => {
    const finders = rows.filter(([, row]) => typeof row.readBack === 'object');
    expect(finders.map(([id]) => id).sort()).toEqual([
      'createIncident',
      'createIncidentUpdate',
      'createMaintenanceUpdate',
      'createMaintenanceWindow',
      'createV3AutomationRule',
      'createV3Component',
      'createV3Incident',
      'createV3IncidentUpdate',
      'createV3StatusPage',
    ]);
    for (const [id, row] of finders) {
      const readBack = row.readBack as Exclude<Row['readBack'], 'none' | undefined>;
      expect(routes[readBack.read as OperationId]?.method, id).toBe('GET');
      const sent = fieldsOf(row.sample?.body);
      for (const field of matchFields(readBack.match)) expect(sent, `${id}: ${field}`).toContain(field);
    }
  });

  it('an operation that publishes an incident has its id in the path or makes one', () => {
    const publishing = rows.filter(([, row]) => row.publishes === 'incident');
    expect(publishing.length).toBeGreaterThanOrEqual(6);
    for (const [id, row] of publishing) {
      expect(pathParamNames(row.path).includes('incidentId') || Object.values(row.responses).includes('Incident'), id).toBe(true);
    }
  });
});

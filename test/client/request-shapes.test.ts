// The client checks a request's query and body on shapes the build derives from the contract's
// schemas (scripts/request-shapes.mjs, src/client/request-check.ts), so no schema library loads on
// the way to a request. Those shapes must take exactly what the schemas take: every row's sample
// and many requests made from it (each field left out, emptied, of another type, too long, an
// unknown field, random values at every place) are judged by both, and where the shapes say
// "fits" the schemas accept, where the schemas refuse the shapes never say "fits". A request the
// shapes refuse is worded by the schemas, as the server's 400 is.
/// <reference path="../../src/client/request-shapes.d.ts" />
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapes } from 'statusctl:request-shapes';
import { operations, type OperationId } from '../../src/contract/operations.js';
import { routes, type Row } from '../../src/contract/table.js';
import { fitsRequest, fitsSchema } from '../../src/client/request-check.js';
import { DateOrDateTime, EmailAddress } from '../../src/contract/schemas.js';
import { checkRequest, requestFits, RequestValidationError } from '../../src/client/validation.js';
import { createClient } from '../../src/client/index.js';

const rows = Object.entries(routes) as [OperationId, Row][];
const withInput = rows.filter(([, row]) => row.body || row.query);

/** Values of every kind a field could be given. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  'x',
  'x'.repeat(5001),
  '0',
  '1',
  '101',
  '-1',
  '1.5',
  'abc',
  'true',
  'a,b',
  '2026-02-30',
  '2026-03-01',
  '2026-03-01T10:00:00Z',
  '#1A2B3C',
  'Europe/Berlin',
  '+05:00',
  'https://example.com',
  'http:example.com',
  'ftp://example.com',
  '9b2d7c1a-5f3e-4c8b-a0d2-7e6f5a4b3c21',
  0,
  1,
  -1,
  1.5,
  60,
  10_081,
  Number.NaN,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  [],
  [1],
  ['x'],
  {},
  { gt: '2026-03-01' },
];

/** Every place in `value` (path of keys), the value itself first. */
function places(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[][] {
  const out = [path];
  if (depth > 3 || typeof value !== 'object' || value === null) return out;
  for (const [key, inner] of Object.entries(value)) {
    out.push(...places(inner, [...path, Array.isArray(value) ? Number(key) : key], depth + 1));
  }
  return out;
}

/** `value` with the place `path` set to `to` (undefined: the field left out), or a new field `extra`. */
function changed(value: unknown, path: (string | number)[], to: unknown): unknown {
  if (path.length === 0) return to;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (rest.length === 0 && to === undefined && !Array.isArray(copy)) delete copy[head];
  else copy[head] = changed(copy[head], rest, to);
  return copy;
}

/** Whether zod takes `value` as the operation's `part`, and the shapes' verdict. */
function judged(id: OperationId, part: 'query' | 'body', value: unknown): { zod: boolean; shapes: boolean } {
  const schema = (operations[id] as unknown as Record<string, { safeParse(v: unknown): { success: boolean } } | undefined>)[part];
  return { zod: schema!.safeParse(value).success, shapes: fitsRequest(id, part, value) };
}

/** The requests made from one part of a sample: itself, each place changed to each odd value, an unknown field. */
function variants(sample: unknown): unknown[] {
  const out: unknown[] = [sample];
  for (const path of places(sample)) {
    for (const to of ODD_VALUES) out.push(changed(sample, path, to));
    if (path.length > 0) out.push(changed(sample, [...path, 'unknownField'], 'x'));
  }
  if (typeof sample === 'object' && sample !== null) out.push({ ...sample, unknownField: 1 });
  return out;
}

describe('the request shapes', () => {
  it('cover every query and body of the table, with no part they cannot decide', () => {
    for (const [id, row] of withInput) {
      const own = JSON.parse(shapes[id] ?? '{}') as { query?: unknown; body?: unknown };
      if (row.query) expect(own.query, `${id} query`).toBeDefined();
      if (row.body) expect(own.body, `${id} body`).toBeDefined();
    }
    // A refine written inline (not one of src/contract/request-checks.ts) is a shape `?`: the
    // client then loads the schemas for that request. None is left.
    const unknown = Object.entries(shapes).filter(([, each]) => each.includes('"t":"?"'));
    expect(unknown.map(([id]) => id)).toEqual([]);
  });

  it("take each row's sample and every request made from it exactly when the schemas do", () => {
    let judgedCount = 0;
    let refused = 0;
    for (const [id, row] of withInput) {
      for (const part of ['query', 'body'] as const) {
        if (!row[part]) continue;
        const sample = (row.sample as Record<string, unknown> | undefined)?.[part];
        for (const value of variants(sample)) {
          const verdict = judged(id, part, value);
          judgedCount++;
          if (!verdict.zod) refused++;
          expect(verdict.shapes, `${id} ${part} ${JSON.stringify(value)?.slice(0, 300)}`).toBe(verdict.zod);
        }
      }
    }
    // Both verdicts are met many times over.
    expect(refused).toBeGreaterThan(1000);
    expect(judgedCount - refused).toBeGreaterThan(500);
  });

  it('agree with the schemas on random values at every place of every sample', () => {
    const cases = withInput.flatMap(([id, row]) =>
      (['query', 'body'] as const)
        .filter((part) => row[part])
        .flatMap((part) => {
          const sample = (row.sample as Record<string, unknown> | undefined)?.[part];
          return places(sample).map((path) => ({ id, part, sample, path }));
        }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.anything({ withNullPrototype: false }), ({ id, part, sample, path }, to) => {
        const value = changed(sample, path, to);
        const verdict = judged(id, part, value);
        expect(verdict.shapes, `${id} ${part}`).toBe(verdict.zod);
      }),
      { numRuns: 3000, seed: 20261202 },
    );
  });
});

describe('the shapes of the schemas the CLI checks values against', () => {
  it('take a date, a date-time and an address exactly when the schemas do', () => {
    const texts = [
      ...ODD_VALUES,
      '2026-02-29',
      '2028-02-29',
      '2026-03-01T10:00:00+02:00',
      '2026-03-01T10:00:00',
      ' 2026-03-01',
      'oncall@example.com',
      'on call@example.com',
      'oncall@example',
      'a.b+c@sub.example.org',
    ];
    const schemas = { DateOrDateTime, EmailAddress };
    for (const name of ['DateOrDateTime', 'EmailAddress'] as const) {
      for (const value of texts)
        expect(fitsSchema(name, value), `${name} ${JSON.stringify(value)}`).toBe(schemas[name].safeParse(value).success);
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.emailAddress(),
            fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          ),
          (value) => {
            expect(fitsSchema(name, value)).toBe(schemas[name].safeParse(value).success);
          },
        ),
        { numRuns: 500, seed: 20261202 },
      );
    }
  });
});

describe("the client's check before sending", () => {
  it('words a refused request as the schemas do: the same details, field by field', () => {
    const id = 'listIncidents';
    const input = { query: { limit: '0', nextId: '' } };
    expect(requestFits(id, routes[id], input)).toBe(false);
    const error = (() => {
      try {
        checkRequest(id, operations[id], input);
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).details).toEqual([
      { path: 'query.limit', message: 'Too small: expected number to be >=1' },
      { path: 'query.nextId', message: 'Too small: expected string to have >=1 characters' },
    ]);
  });

  it('refuses a bad request before sending, with the schemas’ words', async () => {
    // Nothing listens on the port: a request that were sent would fail as a network error instead.
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_test_shapes0123456789', retries: 0, timeoutMs: 2000 });
    await expect(client.updateErrorGroup({ params: { id: '9b2d7c1a-5f3e-4c8b-a0d2-7e6f5a4b3c21' }, body: {} })).rejects.toThrow(
      'updateErrorGroup: invalid request: body: expected at least one of archivedUntilNextEvent, archiveForEver',
    );
  });
});

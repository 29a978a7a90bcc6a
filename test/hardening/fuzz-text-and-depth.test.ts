// Generated bodies on every write route of the operations table (every operation with a body):
// nesting of any depth up to what 1 MiB holds, and strings and field names full of control
// characters (C0, DEL, C1 such as the 8-bit CSI U+009B, ESC sequences, bidi overrides such as
// U+202E, NUL, line separators). Nesting past the limit is a 400 naming it, nesting within it a
// 400 all the same (no body of the API nests like that), both a few kilobytes whatever the
// depth, and nothing is stored. Control characters are text: the answer is never a 5xx, always
// the documented error body or a success the contract's schema reads, and JSON any parser takes.
//
// FUZZ_RUNS scales the runs as in fuzz.test.ts (FUZZ_RUNS=10000 for a long run: 400 deep bodies,
// 2000 with control characters); FUZZ_SEED=<seed> replays a failure fast-check reports.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { operations as table, type Operation, type OperationId } from '../../src/contract/operations.js';
import { demoIds } from '../../src/server/index.js';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../../src/server/request-body.js';
import { baseBodies, pathsOf } from './bodies.js';
import {
  ACCOUNT_A,
  OPERATION_IDS,
  countStoreMutations,
  expectErrorAnswer,
  fillEncoded,
  startHardeningServer,
  type Answer,
  type HardeningServer,
} from './support.js';

/** The table, indexable by any operation id. */
const operations: Readonly<Record<OperationId, Operation>> = table;

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1500));
// A deep body is up to a megabyte: fewer of them.
const DEPTH_RUNS = Math.max(40, Math.round(RUNS / 25));
const TEXT_RUNS = Math.max(100, Math.round(RUNS / 5));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const seeded = SEED === undefined ? {} : { seed: SEED };

/** An error answer, headers and body, at most. */
const SMALL_ANSWER_BYTES = 8 * 1024;
const TOO_DEEP = `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`;

const WRITE_OPS = OPERATION_IDS.filter((id) => operations[id].body);
const DEMO = demoIds(ACCOUNT_A.id);
const AUTH = { authorization: `Bearer ${ACCOUNT_A.key}`, 'content-type': 'application/json' };

let server: HardeningServer;
const incidents: { id: string; updates: string[] }[] = [];
const statusPages: string[] = [];
/** The demo maintenance window of A, its maintenance and that maintenance's update. */
const maintenance = { windows: [] as string[], maintenances: [] as string[], updates: [] as string[] };

/**
 * The operation's path with real ids of account A, the `pick`th of each kind (an update of the
 * incident picked), so a valid body reaches the handler. A path parameter not known here fails
 * the test: a new write route with a new kind of id needs its ids here.
 */
function realPath(id: OperationId, pick: number): string {
  const incident = incidents[pick % incidents.length]!;
  const errorGroups = Object.values(DEMO.errorGroups);
  const byName: Record<string, string[]> = {
    incidentId: [incident.id],
    incidentUpdateId: incident.updates,
    testSessionErrorGroupId: errorGroups,
    errorGroupId: errorGroups,
    id: operations[id].path.startsWith('/v1/maintenance-windows/') ? maintenance.windows : errorGroups,
    maintenanceId: maintenance.maintenances,
    updateId: maintenance.updates,
    checkId: Object.values(DEMO.heartbeatChecks),
    // A V3 route's page is the demo V3 page, with its components.
    statusPageId: operations[id].path.startsWith('/v3/') ? [DEMO.v3StatusPages.acmePlatform] : statusPages,
    componentId: Object.values(DEMO.v3Components),
    ruleId: Object.values(DEMO.v3AutomationRules),
    testSessionId: Object.values(DEMO.testSessions),
  };
  const names = [...operations[id].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const params = Object.fromEntries(
    names.map((name) => {
      const ids = byName[name];
      expect(ids?.length, `${id}: no real id for {${name}}`).toBeGreaterThan(0);
      return [name, encodeURIComponent(ids![pick % ids!.length]!)];
    }),
  );
  return fillEncoded(operations[id].path, params);
}
/** The answer is JSON any parser reads, and the documented error body or a success the contract's schema reads. */
function expectValidAnswer(id: OperationId, answer: Answer, what: string): void {
  const context = `${what}\n-> ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, context).toBeLessThan(500);
  expect(answer.headers['x-content-type-options'], context).toBe('nosniff');
  if (answer.status === 204) {
    expect(answer.text, context).toBe('');
    return;
  }
  expect(() => JSON.parse(answer.text), context).not.toThrow();
  if (answer.status >= 400) {
    expectErrorAnswer(answer, answer.status, what);
    expect(Buffer.byteLength(answer.text), context).toBeLessThan(SMALL_ANSWER_BYTES);
    return;
  }
  const schema = (operations[id].responses as Record<number, z.ZodType | undefined>)[answer.status];
  expect(schema, `${context}\nnot a status of ${id}`).toBeDefined();
  const parsed = schema!.safeParse(answer.json);
  expect(parsed.success, `${context}\n${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(true);
}

// ---- nesting --------------------------------------------------------------------------------

/** How a body nests: one level per repetition of `open`, around `inner`. */
const SHAPES = {
  array: { open: '[', close: ']' },
  object: { open: '{"a":', close: '}' },
  mixed: { open: '[{"a":', close: '}]' },
} as const;
/** What sits at the bottom, and the levels it adds. */
const INNERS: [text: string, levels: number][] = [
  ['"\\ud800"', 0],
  ['1', 0],
  ['"\\u001b[31m\\u202e"', 0],
  ['"[[[{{{"', 0],
  ['{}', 1],
  ['[]', 1],
];

const depthCaseArb = fc
  .tuple(
    fc.constantFrom(...WRITE_OPS),
    fc.nat(),
    fc.oneof(
      fc.integer({ min: 1, max: MAX_JSON_DEPTH + 2 }),
      fc.integer({ min: MAX_JSON_DEPTH, max: 5000 }),
      fc.integer({ min: 5000, max: 524_000 }),
    ),
    fc.constantFrom(...(Object.keys(SHAPES) as (keyof typeof SHAPES)[])),
    fc.constantFrom(...INNERS),
    fc.boolean(),
  )
  .map(([id, pick, wanted, shapeName, [inner, innerLevels], inField]) => {
    const shape = SHAPES[shapeName];
    const levelsPerRepeat = shapeName === 'mixed' ? 2 : 1;
    // As a field beside a valid body (every base body is an object with fields), or the whole body.
    const [prefix, suffix] = inField ? ['{"nested":', `,${JSON.stringify(baseBodies()[id]).slice(1)}`] : ['', ''];
    // Within the size limit: the case is about depth, not size.
    const room = MAX_BODY_BYTES - prefix.length - suffix.length - inner.length;
    const repeats = Math.max(1, Math.min(Math.ceil(wanted / levelsPerRepeat), Math.floor(room / (shape.open.length + shape.close.length))));
    const body = `${prefix}${shape.open.repeat(repeats)}${inner}${shape.close.repeat(repeats)}${suffix}`;
    const levels = repeats * levelsPerRepeat + innerLevels + (inField ? 1 : 0);
    return { id, pick, body, levels, what: `${id} ${shapeName}${inField ? ' in a field' : ''}, ${levels} levels around ${inner}` };
  });

// ---- control characters ----------------------------------------------------------------------

const CONTROL_PIECES = [
  '\u0000',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009b',
  '\u009b31m',
  '\u009d0;title\u009c',
  '\u001b[31m',
  '\u001b[2J\u001b[H',
  '\u001b[1A\u001b[2K',
  '\u001b]0;retitled\u0007',
  '\u001b]8;;https://example.com/\u001b\\link\u001b]8;;\u001b\\',
  '\u001b]52;c;aGVsbG8=\u0007',
  '\u001bP+q\u001b\\',
  '\u202a',
  '\u202b',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u2029',
  '\u200b',
  '\ufeff',
];
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

const controlArb = fc.oneof(
  fc.constantFrom(...CONTROL_PIECES),
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
);
/** Text with at least one control character, among ordinary text. */
const controlTextArb = fc
  .array(fc.oneof(controlArb, fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 10 })
  .map((parts) => parts.join(''))
  .filter((text) => CONTROL.test(text));

function setAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head!] = setAt(copy[head!], rest, next);
  return copy;
}

const textCaseArb = fc
  .constantFrom(...WRITE_OPS)
  .chain((id) => {
    const base = baseBodies()[id];
    const strings = pathsOf(base).filter((at) => at.length > 0 && typeof at.reduce<any>((value, key) => value?.[key], base) === 'string');
    // Any field's value replaced (a flag, a number: a 400), each string field changed.
    return fc.tuple(
      fc.constant(id),
      fc.nat(),
      fc.oneof(
        fc
          .tuple(fc.constantFrom(...pathsOf(base).filter((at) => at.length > 0)), controlTextArb)
          .map(([at, text]) => ({ at, text, how: 'replaced' })),
        // Control characters around a string's value, which may leave it valid (a name, a description).
        ...(strings.length
          ? [
              fc
                .tuple(fc.constantFrom(...strings), controlTextArb, fc.boolean())
                .map(([at, text, first]) => ({ at, text, how: first ? 'prefixed' : 'suffixed' })),
            ]
          : []),
        // A field name.
        controlTextArb.map((text) => ({ at: [] as (string | number)[], text, how: 'as a field name' })),
      ),
    );
  })
  .map(([id, pick, { at, text, how }]) => {
    const base = baseBodies()[id];
    const current = at.reduce<any>((value, key) => value?.[key], base);
    const body =
      how === 'as a field name'
        ? { ...(base as object), [text]: 'x' }
        : setAt(base, at, how === 'replaced' ? text : how === 'prefixed' ? text + current : current + text);
    return { id, pick, body: JSON.stringify(body), what: `${id}: ${JSON.stringify(text)} ${how} ${at.join('.')}` };
  });

// ---- the properties ---------------------------------------------------------------------------

describe('generated nesting and control characters on every write route', () => {
  const statuses = new Map<string, number>();

  beforeAll(async () => {
    server = await startHardeningServer();
    const pages = await server.get('/v1/status-pages?limit=100');
    statusPages.push(...pages.json.entries.map((page: { id: string }) => page.id));
    const list = await server.get('/v1/status-pages/incidents?limit=100');
    for (const incident of list.json.entries) {
      incidents.push({ id: incident.id, updates: incident.incidentUpdates.map((update: { id: string }) => update.id) });
    }
    expect(incidents.some((incident) => incident.updates.length > 0)).toBe(true);
    incidents.splice(0, incidents.length, ...incidents.filter((incident) => incident.updates.length > 0));
    const [window] = (await server.get('/v1/maintenance-windows')).json;
    const [first] = (await server.get(`/v1/maintenance-windows/${window.id}/maintenances?limit=1`)).json;
    maintenance.windows.push(String(window.id));
    maintenance.maintenances.push(first.id);
    maintenance.updates.push(...first.updates.map((update: { id: string }) => update.id));
  });

  afterAll(async () => {
    await server?.stop();
    console.log(`fuzz: statuses by case: ${JSON.stringify(Object.fromEntries(statuses))}`);
  });

  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);

  it(`${DEPTH_RUNS} bodies nested up to what 1 MiB holds: a 400 of a few kilobytes, the limit named past it, nothing stored`, async () => {
    const mutations = countStoreMutations();
    try {
      await fc.assert(
        fc.asyncProperty(depthCaseArb, async (c) => {
          const answer = await server.send({ method: operations[c.id].method, path: realPath(c.id, c.pick), headers: AUTH, body: c.body });
          const what = `${c.what} (${c.body.length} bytes)`;
          const error = expectErrorAnswer(answer, 400, what);
          expect(Buffer.byteLength(answer.text), what).toBeLessThan(SMALL_ANSWER_BYTES);
          expect(error.message.length, what).toBeLessThan(SMALL_ANSWER_BYTES / 2);
          expect(JSON.stringify(error.details ?? []).length, what).toBeLessThan(SMALL_ANSWER_BYTES / 2);
          if (c.levels > MAX_JSON_DEPTH) {
            expect(error.message, what).toBe(`body: ${TOO_DEEP}`);
            expect(error.details, what).toEqual([{ path: 'body', message: TOO_DEEP }]);
          } else expect(error.message, what).not.toContain(TOO_DEEP);
          count(c.levels > MAX_JSON_DEPTH ? 'too deep' : 'within the depth limit');
        }),
        { numRuns: DEPTH_RUNS, ...seeded },
      );
      expect(mutations.calls()).toEqual({});
    } finally {
      mutations.restore();
    }
    expect(statuses.get('too deep')).toBeGreaterThan(0);
    expect(statuses.get('within the depth limit')).toBeGreaterThan(0);
  }, 600_000);

  it(`${TEXT_RUNS} bodies with control characters in their strings and field names: never a 5xx, every answer valid`, async () => {
    await fc.assert(
      fc.asyncProperty(textCaseArb, async (c) => {
        const answer = await server.send({ method: operations[c.id].method, path: realPath(c.id, c.pick), headers: AUTH, body: c.body });
        expectValidAnswer(c.id, answer, c.what);
        count(`text ${answer.status < 300 ? '2xx' : answer.status}`);
      }),
      { numRuns: TEXT_RUNS, ...seeded },
    );
    // Some were stored and answered: the text reached the handlers, not only the validation.
    expect(statuses.get('text 2xx')).toBeGreaterThan(0);
    expect(server.logs.filter((line) => / 5\d\d /.test(line) || line.startsWith('error'))).toEqual([]);
  }, 600_000);
});

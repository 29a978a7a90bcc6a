// Generated bad input: fast-check sends invalid requests of every kind to every route
// of the operations table, the /_reference routes and unknown routes, over a keep-alive undici
// pool and over raw sockets (broken framing). Every answer must be the 4xx the class of input
// calls for, with the documented error body; never a 5xx, never a dropped connection; and the
// account's data must be exactly as before.
//
// FUZZ_RUNS sets the number of generated requests (default 1500; `npm run test:fuzz` runs
// 10000, plus a tenth as many on raw sockets). fast-check prints the seed and path of a
// failure; FUZZ_SEED=<seed> replays it. FUZZ_TRACE=1 prints each request and its status.
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { operations as table, uuidParams, type Operation, type OperationId } from '../../src/contract/operations.js';
import { isUuid } from '../../src/contract/rules.js';
import { demoIds } from '../../src/server/index.js';
import { MAX_BODY_BYTES } from '../../src/server/request-body.js';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  NOW,
  OPERATION_IDS,
  allowedMethods,
  containsKey,
  countStoreMutations,
  expectErrorAnswer,
  fillEncoded,
  parseRawResponse,
  rawExchange,
  routeFor,
  routesMatching,
  serverPathname,
  snapshot,
  startHardeningServer,
  type Answer,
  type HardeningServer,
} from './support.js';
import { baseBodies, pathsOf } from './bodies.js';

/** The table, indexable by any operation id. */
const operations: Readonly<Record<OperationId, Operation>> = table;

const FULL_RUN = process.env.npm_lifecycle_event === 'test:fuzz';
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? (FULL_RUN ? 10_000 : 1500)));
const RAW_RUNS = Math.max(50, Math.round(RUNS / 10));
// Oversized bodies are rare among the generated cases: they get a run of their own.
const OVERSIZED_RUNS = Math.max(20, Math.round(RUNS / 20));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const FC_OPTIONS = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/merge-patch+json',
];
const DEMO_IDS = demoIds(ACCOUNT_A.id);
const SERVICE_IDS = Object.values(DEMO_IDS.services);
const ERROR_GROUP_IDS = Object.values(DEMO_IDS.errorGroups);
const HEARTBEAT_IDS = Object.values(DEMO_IDS.heartbeatChecks);

// ---- the account's real ids, filled in beforeAll ------------------------------------------

let server: HardeningServer;
const known = {
  statusPages: [] as string[],
  incidents: [] as string[],
  updates: [] as [incident: string, update: string][],
  subscriptions: [] as string[],
  heartbeatEvents: [] as string[],
};
const allKnownIds = new Set<string>();

/** Real ids for each path parameter: requests whose failure must not depend on the id. */
function realIds(): Record<string, string[]> {
  return {
    statusPageId: known.statusPages,
    incidentId: known.incidents,
    incidentUpdateId: known.updates.map(([, update]) => update),
    id: [...ERROR_GROUP_IDS, ...known.heartbeatEvents, '2025.04'],
    testSessionErrorGroupId: ERROR_GROUP_IDS,
    errorGroupId: ERROR_GROUP_IDS,
    checkId: HEARTBEAT_IDS,
    serviceId: SERVICE_IDS,
    subscriptionId: known.subscriptions,
  };
}

const BODY_OPS = OPERATION_IDS.filter((id) => operations[id].body);
const QUERY_OPS = OPERATION_IDS.filter((id) => 'query' in operations[id] && operations[id].query);
/**
 * Operations whose path ids can name nothing, as the table declares: not a heartbeat ping (an
 * unknown check is started by it) nor a check's error groups (an unknown check has none: []).
 */
const NOT_FOUND_OPS = OPERATION_IDS.filter((id) => operations[id].path.includes('{') && operations[id].errors.includes(404));

// ---- generators --------------------------------------------------------------------------

interface Case {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
  status: number;
  allow?: string[];
  /** A schema failure: the answer must name the bad fields. */
  details?: boolean;
}

const isDotSegment = (segment: string) => /^(\.|%2e){1,2}$/i.test(segment);

/** Arbitrary ids, already URL-encoded, that name nothing (not known, not a dot segment). */
const unknownIdArb = fc
  .oneof(
    fc.uuid().map(encodeURIComponent),
    fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).map(encodeURIComponent),
    fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme-ascii' }).map(encodeURIComponent),
    fc.integer({ min: 300, max: 600 }).map((n) => 'x'.repeat(n)),
    // Not valid percent-encoding: can name nothing.
    fc.constantFrom('%zz', '%E0%A4%A', '%', '%C0%AF', '%00', '%FF', '%2F', 'null', 'undefined', '0', '-1', '__proto__', 'constructor'),
  )
  .filter((segment) => segment.length > 0 && !isDotSegment(segment) && !allKnownIds.has(decodeSafe(segment)));

function decodeSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A path of the operation, each parameter a real id or an unknown one. */
function pathArb(id: OperationId, idKind: 'real' | 'unknown' | 'any' = 'any') {
  const names = [...operations[id].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const real = realIds();
  const paramArb = (name: string) => {
    const reals = real[name]!.map(encodeURIComponent);
    if (idKind === 'real') return fc.constantFrom(...reals);
    if (idKind === 'unknown') return unknownIdArb;
    return fc.oneof(fc.constantFrom(...reals), unknownIdArb);
  };
  return (
    fc
      .tuple(...names.map(paramArb))
      .map((values) => fillEncoded(operations[id].path, Object.fromEntries(names.map((name, i) => [name, values[i]!]))))
      // The id must not turn the path into another route (e.g. a status page called "incidents").
      .filter((path) => routeFor(operations[id].method, path) === id)
  );
}

const validAuth = fc.constantFrom<Record<string, string>>(
  { authorization: `Bearer ${ACCOUNT_A.key}` },
  { authorization: `Bearer ${ACCOUNT_A.key}`, 'x-service-account': ACCOUNT_A.id },
  // RFC 9110 §11.1: the scheme is case-insensitive; extra spaces between scheme and key too.
  { authorization: `bearer ${ACCOUNT_A.key}` },
  { authorization: `BEARER   ${ACCOUNT_A.key}` },
);

const printable = fc.string({ minLength: 1, maxLength: 60, unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)) });

const brokenAuthArb: fc.Arbitrary<Record<string, string | string[]>> = fc.oneof(
  fc.constant({}),
  fc
    .constantFrom('', 'Bearer', 'Bearer ', 'Bearer    ', 'bearer', 'Token', 'null', 'Bearer null')
    .map((authorization) => ({ authorization })),
  // Another scheme, whatever follows.
  fc
    .tuple(
      fc.constantFrom('Basic', 'Token', 'Digest', 'ApiKey', 'Bearer:', 'Bearer-', 'Bearerx'),
      fc.constantFrom(ACCOUNT_A.key, Buffer.from(`${ACCOUNT_A.id}:${ACCOUNT_A.key}`).toString('base64'), 'x'),
    )
    .map(([scheme, rest]) => ({ authorization: `${scheme} ${rest}` })),
  // The key and then something else: not one token.
  fc.tuple(printable).map(([extra]) => ({ authorization: `Bearer ${ACCOUNT_A.key} ${extra}` })),
  // A key the server does not know: random, or a valid key one character off.
  printable.filter((key) => key !== ACCOUNT_A.key && key !== ACCOUNT_B.key).map((key) => ({ authorization: `Bearer ${key}` })),
  fc
    .constantFrom(
      ACCOUNT_A.key.slice(0, -1),
      `${ACCOUNT_A.key}x`,
      ACCOUNT_A.key.toUpperCase(),
      ACCOUNT_A.key.toLowerCase(),
      `x${ACCOUNT_B.key}`,
    )
    .map((key) => ({ authorization: `Bearer ${key}` })),
  // Two Authorization headers: node keeps the first only for this header, so a bad first fails.
  fc.constant({ authorization: ['Basic abc', `Bearer ${ACCOUNT_A.key}`] as string[] }),
  // The right key without the scheme.
  fc.constant({ authorization: ACCOUNT_A.key }),
);

/** Any target at all: an operation's path with any method, an unknown path. */
const anyTargetArb = fc.oneof(
  fc.constantFrom(...OPERATION_IDS).chain((id) => fc.tuple(fc.constantFrom(...METHODS), pathArb(id, 'any'))),
  fc.tuple(fc.constantFrom(...METHODS), fc.constantFrom('/', '/v1', '/v2/runtimes', '/_reference', '/nope', '/v1/runtimes/', '/%ff')),
);

const anyBodyArb = fc.option(
  fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
    fc.string({ maxLength: 200 }),
  ),
  { nil: undefined },
);

const authCase: fc.Arbitrary<Case> = fc
  .tuple(anyTargetArb, brokenAuthArb, anyBodyArb, fc.constantFrom(...JSON_TYPES))
  .map(([[method, path], headers, body, type]) => ({
    kind: 'broken auth',
    method,
    path,
    headers: body === undefined ? headers : { ...headers, 'content-type': type },
    body,
    status: 401,
  }));

const accountCase: fc.Arbitrary<Case> = fc
  .tuple(
    anyTargetArb,
    fc.oneof(
      fc.constantFrom<string | string[]>(
        ACCOUNT_B.id,
        ACCOUNT_A.id.toUpperCase(),
        `${ACCOUNT_A.id}x`,
        [ACCOUNT_A.id, ACCOUNT_A.id],
        'null',
        '*',
      ),
      printable.filter((id) => id !== ACCOUNT_A.id),
    ),
  )
  .map(([[method, path], account]) => ({
    kind: 'another account',
    method,
    path,
    headers: { authorization: `Bearer ${ACCOUNT_A.key}`, 'x-service-account': account },
    // The hosted API takes the header only as a UUID (400); another account's is refused (403).
    status: typeof account === 'string' && isUuid(account) ? 403 : 400,
  }));

const methodCase: fc.Arbitrary<Case> = fc
  .oneof(
    fc.constantFrom(...OPERATION_IDS).chain((id) => pathArb(id, 'any')),
    fc.constant('/openapi.json'),
  )
  .chain((path) => {
    const allow = path === '/openapi.json' ? ['GET'] : allowedMethods(path);
    const wrong = METHODS.filter((method) => !allow.includes(method));
    return fc.tuple(fc.constant(path), fc.constant(allow), fc.constantFrom(...wrong), validAuth, anyBodyArb);
  })
  .map(([path, allow, method, auth, body]) => ({
    kind: 'wrong method',
    method,
    path,
    headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
    body,
    status: 405,
    allow,
  }));

const SEGMENTS = [
  'v1',
  'v2',
  '_reference',
  'status-pages',
  'incidents',
  'incident-updates',
  'error-groups',
  'checks',
  'heartbeats',
  'availability',
  'runtimes',
  'root-cause-analyses',
  'test-session-error-groups',
  'events',
  'error-events',
  'openapi.json',
  '',
  '.',
  '..',
  '%2e',
  'x',
  '%ZZ',
  '%00',
  '%C3%A9',
  '~',
  '%',
];
const unknownRouteCase: fc.Arbitrary<Case> = fc
  .tuple(
    fc.array(fc.oneof(fc.constantFrom(...SEGMENTS), fc.string({ maxLength: 12, unit: 'grapheme' }).map(encodeURIComponent)), {
      minLength: 0,
      maxLength: 7,
    }),
    fc.constantFrom('', '/', '?limit=5', '?x=%zz', '#frag'),
    fc.constantFrom(...METHODS),
    validAuth,
  )
  .map(([segments, tail, method, auth]) => ({ path: `/${segments.join('/')}${tail}`, method, auth }))
  .filter(({ path }) => {
    const pathname = serverPathname(path);
    return pathname !== '/openapi.json' && routesMatching(path).length === 0;
  })
  .map(({ path, method, auth }) => ({ kind: 'unknown route', method, path, headers: auth, status: 404 }));

const bodyOpArb = fc.constantFrom(...BODY_OPS);

const oversizedCase: fc.Arbitrary<Case> = bodyOpArb
  .chain((id) =>
    fc.tuple(
      fc.constant(id),
      pathArb(id, 'any'),
      validAuth,
      fc.integer({ min: 1, max: 64 * 1024 }),
      fc.constantFrom(...JSON_TYPES, 'text/plain'),
      fc.boolean(),
    ),
  )
  .map(([id, path, auth, extra, type, validStart]) => {
    const size = MAX_BODY_BYTES + extra;
    // Valid JSON that is simply too long, or bytes that are not JSON at all.
    const body = validStart ? Buffer.from(`{"description":"${'x'.repeat(size)}"}`) : Buffer.alloc(size, 0x7b);
    return { kind: 'oversized body', method: operations[id].method, path, headers: { ...auth, 'content-type': type }, body, status: 413 };
  });

const nonJsonType = fc
  .oneof(
    fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      'application/json-seq',
      'text/json',
      'application/xml',
      'application/octet-stream',
      'json',
      'application/',
      '*/*',
      'application/json+x',
    ),
    fc.tuple(fc.stringMatching(/^[a-z]{1,10}$/), fc.stringMatching(/^[a-z0-9.+-]{1,15}$/)).map(([type, sub]) => `${type}/${sub}`),
  )
  .filter((type) => {
    const media = type.split(';')[0]!.trim().toLowerCase();
    return media !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(media);
  });

const contentTypeCase: fc.Arbitrary<Case> = bodyOpArb
  .chain((id) =>
    fc.tuple(
      fc.constant(id),
      pathArb(id, 'any'),
      validAuth,
      fc.option(nonJsonType, { nil: undefined }),
      fc.oneof(fc.constant(JSON.stringify(baseBodies()[id])), fc.string({ minLength: 1, maxLength: 200 })),
    ),
  )
  .map(([id, path, auth, type, body]) => ({
    kind: 'wrong content type',
    method: operations[id].method,
    path,
    headers: type === undefined ? auth : { ...auth, 'content-type': type },
    body,
    status: 415,
  }));

const malformedJsonArb = fc.oneof(
  fc.string({ minLength: 1, maxLength: 300 }),
  fc.jsonValue().map((value) => {
    const text = JSON.stringify(value) ?? 'null';
    return text.slice(0, Math.max(1, text.length - 1));
  }),
  fc.constantFrom(
    '{',
    '}',
    '{"a":}',
    "{'a':1}",
    '{"a":1,}',
    '[1,2',
    'NaN',
    'undefined',
    '\uFEFF{}',
    '{"a":1}{"b":2}',
    '{"a":"\\x"}',
    '{"a":01}',
    '"\\ud800',
    'tru',
    ' ',
  ),
  fc.integer({ min: 1, max: 5000 }).map((depth) => '['.repeat(depth)),
  fc.integer({ min: 1, max: 5000 }).map((depth) => '{"a":'.repeat(depth)),
);

const malformedCase: fc.Arbitrary<Case> = bodyOpArb
  .chain((id) => fc.tuple(fc.constant(id), pathArb(id, 'any'), validAuth, fc.constantFrom(...JSON_TYPES), malformedJsonArb))
  .filter(([, , , , text]) => text.trim() !== '' && !parses(text))
  .map(([id, path, auth, type, body]) => ({
    kind: 'malformed JSON',
    method: operations[id].method,
    path,
    headers: { ...auth, 'content-type': type },
    body,
    status: 400,
  }));

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Deeply nested JSON that parses: as the whole body, or as the value of a field. */
const deepCase: fc.Arbitrary<Case> = bodyOpArb
  .chain((id) =>
    fc.tuple(
      fc.constant(id),
      pathArb(id, 'any'),
      validAuth,
      fc.integer({ min: 50, max: 20_000 }),
      fc.constantFrom('array', 'object', 'field'),
    ),
  )
  .map(([id, path, auth, depth, shape]) => {
    const nested = shape === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const body = shape === 'field' ? JSON.stringify({ ...(baseBodies()[id] as object) }).replace(/^\{/, `{"nested":${nested},`) : nested;
    return {
      kind: 'deeply nested JSON',
      method: operations[id].method,
      path,
      headers: { ...auth, 'content-type': 'application/json' },
      body,
      status: 400,
    };
  });

// Values that break one field: wrong types, empty, over-long, bad enums and dates, nulls.
const badValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    '',
    ' ',
    0,
    -1,
    1.5,
    1e308,
    true,
    false,
    [],
    {},
    'major',
    'Major',
    'RESOLVED ',
    'resolved',
    'UNKNOWN',
    '2025-13-01T00:00:00Z',
    '2025-02-30T10:00:00Z',
    '2025-03-10',
    '2025-03-10T25:00:00Z',
    '2025-03-10T10:00:00',
    '10/03/2025',
    'yesterday',
    '0',
    'true',
    '1',
    '+275760-09-13T00:00:00Z',
  ),
  fc.integer({ min: 256, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 257, max: 600 }).map((n) => '\u{1F525}'.repeat(n)),
);

type Json = unknown;
type Path = (string | number)[];

function setAt(value: Json, path: Path, next: (current: Json) => Json | typeof REMOVE): Json {
  if (path.length === 0) {
    const result = next(value);
    return result === REMOVE ? undefined : result;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const result = setAt(copy[head as number], rest, next);
    if (rest.length === 0 && next(copy[head as number]) === REMOVE) copy.splice(head as number, 1);
    else copy[head as number] = result;
    return copy;
  }
  const copy = { ...(value as Record<string, Json>) };
  if (rest.length === 0) {
    const result = next(copy[head as string]);
    if (result === REMOVE) delete copy[head as string];
    else copy[head as string] = result;
  } else copy[head as string] = setAt(copy[head as string], rest, next);
  return copy;
}
const REMOVE = Symbol('remove');

type Mutation = { kind: 'replace'; value: unknown } | { kind: 'remove' } | { kind: 'add'; key: string; value: unknown };
const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: badValueArb.map((value) => ({ kind: 'replace' as const, value })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'remove' as const }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 20 }),
          fc.constantFrom('foo', '__proto__', 'constructor', 'toString', 'Name', 'name ', 'severity\u0000'),
        ),
        badValueArb,
      )
      .map(([key, value]) => ({ kind: 'add' as const, key, value })),
  },
);

function applyMutation(base: Json, path: Path, mutation: Mutation): Json {
  if (mutation.kind === 'replace') return setAt(base, path, () => mutation.value);
  if (mutation.kind === 'remove') return setAt(base, path, () => REMOVE);
  return setAt(base, path, (current) =>
    current && typeof current === 'object' && !Array.isArray(current)
      ? // defineProperty: `__proto__` becomes a real key that JSON.stringify sends.
        Object.defineProperty({ ...(current as object) }, mutation.key, {
          value: mutation.value,
          enumerable: true,
          configurable: true,
          writable: true,
        })
      : mutation.value,
  );
}

const schemaCase: fc.Arbitrary<Case> = bodyOpArb
  .chain((id) => {
    const base = baseBodies()[id];
    return fc.tuple(
      fc.constant(id),
      pathArb(id, 'any'),
      validAuth,
      fc.constantFrom(...JSON_TYPES),
      fc.constantFrom(...pathsOf(base)),
      mutationArb,
      fc.boolean(),
    );
  })
  .map(([id, path, auth, type, at, mutation, omitBody]) => {
    const body = applyMutation(baseBodies()[id], at, mutation);
    // A missing body: the mutation removed everything, or the request simply has none.
    const text = body === undefined || (omitBody && operations[id].bodyRequired) ? undefined : JSON.stringify(body);
    return { id, path, auth, type, text };
  })
  // The contract's own schema says the body is invalid (a mutation may leave it valid).
  .filter(({ id, text }) => {
    const schema = operations[id].body as z.ZodType;
    if (text === undefined) return operations[id].bodyRequired === true;
    return !schema.safeParse(JSON.parse(text)).success;
  })
  .map(({ id, path, auth, type, text }) => ({
    kind: 'schema violation',
    method: operations[id].method,
    path,
    headers: text === undefined ? auth : { ...auth, 'content-type': type },
    body: text,
    status: 400,
    details: true,
  }));

/** A lone UTF-16 surrogate, high or low: valid as a JSON escape, never Unicode text. */
const loneSurrogateArb = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** A string that is Unicode text but for one lone surrogate somewhere in it. */
const illFormedStringArb = fc
  .tuple(fc.string({ maxLength: 30, unit: 'grapheme' }), loneSurrogateArb, fc.string({ maxLength: 30, unit: 'grapheme' }))
  .map(([before, lone, after]) => before + lone + after)
  // A high surrogate just before a low one would make a pair: text again.
  .filter((text) => /[\uD800-\uDFFF]/u.test(text));

/** A string field of the body, or a field name, made ill-formed: 400 naming it, however valid the rest. */
const surrogateCase: fc.Arbitrary<Case> = bodyOpArb
  .chain((id) => {
    const base = baseBodies()[id];
    const strings = pathsOf(base).filter(
      (path) => path.length > 0 && typeof path.reduce<any>((value, key) => value?.[key], base) === 'string',
    );
    return fc.tuple(
      fc.constant(id),
      pathArb(id, 'any'),
      validAuth,
      fc.constantFrom(...JSON_TYPES),
      fc.oneof(
        illFormedStringArb.map((key) => applyMutation(base, [], { kind: 'add', key, value: 'x' })),
        ...(strings.length
          ? [
              fc
                .tuple(fc.constantFrom(...strings), illFormedStringArb)
                .map(([at, text]) => applyMutation(base, at, { kind: 'replace', value: text })),
            ]
          : []),
      ),
    );
  })
  .map(([id, path, auth, type, body]) => ({
    kind: 'lone surrogate',
    method: operations[id].method,
    path,
    headers: { ...auth, 'content-type': type },
    body: JSON.stringify(body),
    status: 400,
    details: true,
  }));

/** Byte sequences that are never UTF-8, whatever ASCII follows (the base bodies are ASCII). */
const notUtf8Arb = fc.oneof(
  fc.constantFrom(
    [0x80],
    [0xbf],
    [0xc0, 0xaf],
    [0xc1, 0xbf],
    [0xc3],
    [0xe2, 0x82],
    [0xe0, 0x80, 0x80],
    [0xed, 0xa0, 0x80],
    [0xed, 0xbf, 0xbf],
    [0xf0, 0x8f, 0xbf, 0xbf],
    [0xf4, 0x90, 0x80, 0x80],
    [0xf5],
    [0xf8, 0x88, 0x80, 0x80, 0x80],
    [0xfe],
    [0xff],
  ),
  // Latin-1 letters, what a client that ignores the charset sends: each followed by an ASCII
  // letter, never by another high byte (0xC2 0xA0, say, is UTF-8 for a no-break space).
  fc.array(fc.integer({ min: 0xa0, max: 0xff }), { minLength: 1, maxLength: 4 }).map((bytes) => bytes.flatMap((byte) => [byte, 0x41])),
);

const invalidUtf8Case: fc.Arbitrary<Case> = bodyOpArb
  .chain((id) => {
    const json = Buffer.from(JSON.stringify(baseBodies()[id]));
    return fc.tuple(fc.constant(id), pathArb(id, 'any'), validAuth, fc.constantFrom(...JSON_TYPES), fc.nat(json.length), notUtf8Arb);
  })
  .map(([id, path, auth, type, at, bad]) => {
    const json = Buffer.from(JSON.stringify(baseBodies()[id]));
    return {
      kind: 'invalid UTF-8',
      method: operations[id].method,
      path,
      headers: { ...auth, 'content-type': type },
      body: Buffer.concat([json.subarray(0, at), Buffer.from(bad), json.subarray(at)]),
      status: 400,
      details: true,
    };
  });

/** A charset other than UTF-8. Made once: building a string arbitrary is costly, and a chain builds what it returns for every case. */
const otherCharsetArb = fc
  .oneof(
    fc.constantFrom(
      'iso-8859-1',
      'ISO-8859-1',
      'latin1',
      'us-ascii',
      'utf-16',
      'UTF-16LE',
      'utf-32',
      'windows-1252',
      'shift_jis',
      'utf-7',
      '"iso-8859-1"',
    ),
    fc.stringMatching(/^[a-z0-9_-]{1,15}$/),
  )
  .filter((charset) => !['utf-8', 'utf8'].includes(charset.replace(/"/g, '').toLowerCase()));

/** Charsets other than UTF-8: 415, even for a body whose bytes happen to be ASCII. */
const charsetCase: fc.Arbitrary<Case> = bodyOpArb
  .chain((id) =>
    fc.tuple(
      fc.constant(id),
      pathArb(id, 'any'),
      validAuth,
      fc.constantFrom('application/json', 'application/merge-patch+json', 'APPLICATION/JSON'),
      otherCharsetArb,
      fc.constantFrom('; charset=', ';charset=', '; CHARSET='),
    ),
  )
  .map(([id, path, auth, type, charset, separator]) => ({
    kind: 'not UTF-8 charset',
    method: operations[id].method,
    path,
    headers: { ...auth, 'content-type': `${type}${separator}${charset}` },
    body: JSON.stringify(baseBodies()[id]),
    status: 415,
  }));

/** One element that makes the query invalid, among valid ones. */
const queryCase: fc.Arbitrary<Case> = fc
  .constantFrom(...QUERY_OPS)
  .chain((id) => {
    const shape = (operations[id].query as z.ZodObject).shape as Record<string, z.ZodType>;
    const names = Object.keys(shape);
    const validValues: Record<string, string[]> = {
      limit: ['1', '20', '100'],
      startTime: ['2025-03-01', '2025-03-01T00:00:00Z'],
      endTime: ['2025-03-09', '2025-03-10T00:00:00+02:00'],
    };
    const badValue = (name: string) =>
      fc
        .oneof(
          fc.string({ maxLength: 30 }),
          fc.constantFrom(
            '0',
            '101',
            '1.5',
            'abc',
            '-1',
            '0x10',
            '1e2',
            ' 5',
            '５',
            '2025-02-30',
            '2025-3-1',
            'now',
            '99999-01-01',
            '2025-03-10T10:00',
          ),
        )
        .filter((value) => value !== '' && !shape[name]!.safeParse(value).success);
    const bogusCursor = fc
      .oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.base64String({ minLength: 4, maxLength: 40 }))
      .filter((cursor) => {
        const decoded = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
        return !/^\w+:\d{1,15}$/.test(decoded);
      });
    const checkedNames = names.filter((name) => name !== 'nextId' && name !== 'incidentId');
    const invalid = fc.oneof(
      fc
        .tuple(
          fc.string({ minLength: 1, maxLength: 12 }).filter((name) => !names.includes(name)),
          fc.string({ maxLength: 10 }),
        )
        .map(([name, value]) => [[name, value]] as [string, string][]),
      fc.constantFrom(...names).map(
        (name) =>
          [
            [name, validValues[name]?.[0] ?? 'x'],
            [name, validValues[name]?.[0] ?? 'x'],
          ] as [string, string][],
      ),
      fc.constantFrom(...names).map((name) => [[name, '']] as [string, string][]),
      // Any non-empty nextId (or incidentId) passes the schema; a bogus cursor is its own case below.
      ...(checkedNames.length
        ? [fc.constantFrom(...checkedNames).chain((name) => badValue(name).map((value) => [[name, value]] as [string, string][]))]
        : []),
      ...(names.includes('nextId') ? [bogusCursor.map((cursor) => [['nextId', cursor]] as [string, string][])] : []),
      ...(names.includes('startTime')
        ? [
            fc.tuple(fc.integer({ min: 1, max: 3650 }), fc.boolean()).map(([days, dateOnly]) => {
              const end = Date.parse('2025-03-01T00:00:00Z');
              const start = end + days * 86_400_000;
              const format = (ms: number) => (dateOnly ? new Date(ms).toISOString().slice(0, 10) : new Date(ms).toISOString());
              return [
                ['startTime', format(start)],
                ['endTime', format(end)],
              ] as [string, string][];
            }),
          ]
        : []),
    );
    const valid = fc
      .subarray(names.filter((name) => validValues[name] && name !== 'startTime' && name !== 'endTime'))
      .map((chosen) => chosen.map((name) => [name, validValues[name]![1]!] as [string, string]));
    return fc.tuple(fc.constant(id), pathArb(id, 'any'), validAuth, invalid, valid, fc.boolean());
  })
  .map(([id, path, auth, invalid, valid, invalidFirst]) => {
    const entries = invalidFirst
      ? [...invalid, ...valid.filter(([name]) => !invalid.some(([bad]) => bad === name))]
      : [...valid.filter(([name]) => !invalid.some(([bad]) => bad === name)), ...invalid];
    return {
      kind: 'bad query',
      method: operations[id].method,
      path: `${path}?${new URLSearchParams(entries).toString()}`,
      headers: auth,
      status: 400,
    };
  });

/** Valid shapes the handlers refuse: unknown services, events from the future. */
const handlerCase: fc.Arbitrary<Case> = fc.oneof(
  fc
    .tuple(
      validAuth,
      unknownIdArb.map(decodeSafe).filter((id) => id.length > 0 && !SERVICE_IDS.includes(id)),
      fc.nat(3),
    )
    .map(([auth, serviceId, position]) => {
      const base = baseBodies().createIncident as { services: { id: string }[] };
      const services = [...base.services];
      services.splice(Math.min(position, services.length), 0, { id: serviceId });
      return {
        kind: 'unknown service',
        method: 'POST',
        path: '/v1/status-pages/incidents',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ...base, services }),
        status: 400,
      };
    }),
  fc
    .tuple(
      fc.constantFrom<OperationId>('recordErrorEvent', 'recordHeartbeatEvent'),
      validAuth,
      fc.integer({ min: 1, max: 100 * 365 * 86_400_000 }),
      fc.constantFrom('Z', '+14:00', '-12:00'),
    )
    .chain(([id, auth, ahead, zone]) =>
      fc.tuple(
        fc.constant(id),
        fc.constant(auth),
        fc.constant(ahead),
        fc.constant(zone),
        id === 'recordHeartbeatEvent' ? fc.oneof(fc.constantFrom(...HEARTBEAT_IDS.map(encodeURIComponent)), unknownIdArb) : fc.constant(''),
      ),
    )
    .map(([id, auth, ahead, zone, checkId]) => {
      const offsetMs = zone === 'Z' ? 0 : (zone.startsWith('+') ? 1 : -1) * Number(zone.slice(1, 3)) * 3_600_000;
      const timestamp = new Date(NOW + ahead + offsetMs).toISOString().replace('Z', zone === 'Z' ? 'Z' : zone);
      const body = { ...(baseBodies()[id] as object), timestamp };
      const path = id === 'recordHeartbeatEvent' ? fillEncoded(operations[id].path, { checkId }) : operations[id].path;
      return {
        kind: 'event in the future',
        method: 'POST',
        path,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        status: 400,
      };
    })
    .filter((c) => routesMatching(c.path).length === 1),
);

/** Everything valid but the id, which names nothing: 404, after the other checks passed. */
const unknownIdCase: fc.Arbitrary<Case> = fc
  .constantFrom(...NOT_FOUND_OPS)
  .chain((id) => {
    const names = [...operations[id].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const real = realIds();
    // At least one parameter unknown; for an incident update, also a real update of another incident.
    const params = fc.tuple(...names.map(() => fc.boolean())).chain((unknownFlags) => {
      const flags = unknownFlags.some(Boolean) ? unknownFlags : unknownFlags.map(() => true);
      return fc.tuple(...names.map((name, i) => (flags[i] ? unknownIdArb : fc.constantFrom(...real[name]!.map(encodeURIComponent)))));
    });
    const crossed =
      id === 'getIncidentUpdate' || id === 'updateIncidentUpdate'
        ? fc.constantFrom(...crossedUpdates()).map(([incident, update]) => [encodeURIComponent(incident), encodeURIComponent(update)])
        : params;
    return fc.tuple(fc.constant(id), fc.constant(names), fc.oneof(params, crossed), validAuth);
  })
  .map(([id, names, values, auth]) => ({ id, names, values, auth }))
  // An id may make the path no route at all (also a 404), but must not make it another route.
  .filter(({ id, names, values }) => {
    const path = fillEncoded(operations[id].path, Object.fromEntries(names.map((name, i) => [name, values[i]!])));
    return routesMatching(path).length === 0 || routeFor(operations[id].method, path) === id;
  })
  .map(({ id, names, values, auth }) => {
    const path = fillEncoded(operations[id].path, Object.fromEntries(names.map((name, i) => [name, values[i]!])));
    const body = baseBodies()[id];
    // Where the hosted API checks the ids' form (checksIdForm), one that is not a UUID is a 400
    // naming it, before any lookup; an id that makes the path no route is still a 404.
    const malformed =
      operations[id].checksIdForm === true &&
      routeFor(operations[id].method, path) === id &&
      uuidParams(operations[id]).some((name) => !isUuid(decodeSafe(values[names.indexOf(name)]!)));
    return {
      kind: malformed ? 'id not a UUID' : 'unknown id',
      method: operations[id].method,
      path,
      headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      status: malformed ? 400 : 404,
      ...(malformed ? { details: true } : {}),
    };
  });

/** Pairs (incident, update of another incident). */
function crossedUpdates(): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [incident] of known.updates) {
    const other = known.updates.find(([owner]) => owner !== incident);
    if (other) pairs.push([incident, other[1]]);
  }
  return pairs.length ? pairs : [['no-incident', 'no-update']];
}

const caseArb: fc.Arbitrary<Case> = fc.oneof(
  { weight: 14, arbitrary: authCase },
  { weight: 5, arbitrary: accountCase },
  { weight: 10, arbitrary: methodCase },
  { weight: 7, arbitrary: unknownRouteCase },
  { weight: 1, arbitrary: oversizedCase },
  { weight: 8, arbitrary: contentTypeCase },
  { weight: 9, arbitrary: malformedCase },
  { weight: 3, arbitrary: deepCase },
  { weight: 22, arbitrary: schemaCase },
  { weight: 9, arbitrary: queryCase },
  { weight: 4, arbitrary: handlerCase },
  { weight: 10, arbitrary: unknownIdCase },
  { weight: 4, arbitrary: surrogateCase },
  { weight: 3, arbitrary: invalidUtf8Case },
  { weight: 3, arbitrary: charsetCase },
);

function describeCase(c: Case): string {
  // Only the head of a body is decoded: an oversized one is over a megabyte, and every case is described.
  const head = typeof c.body === 'string' ? c.body.slice(0, 200) : c.body?.subarray(0, 200).toString();
  const body = c.body === undefined ? '' : ` body(${c.body.length}) ${head}`;
  return `[${c.kind}] ${c.method} ${c.path.slice(0, 300)} ${JSON.stringify(c.headers).slice(0, 300)}${body}`;
}

// ---- the properties ------------------------------------------------------------------------

describe('generated bad input', () => {
  let before: Record<string, unknown>;
  let beforeB: Record<string, unknown>;
  let mutations: ReturnType<typeof countStoreMutations>;
  let sent = 0;
  const seenKinds = new Map<string, number>();

  beforeAll(async () => {
    server = await startHardeningServer();
    before = await snapshot(server);
    beforeB = await snapshot(server, ACCOUNT_B);
    for (const [path, entry] of Object.entries(before)) {
      const body = (entry as { body: any }).body;
      if (path.startsWith('/v1/status-pages?')) known.statusPages.push(...body.entries.map((page: any) => page.id));
      if (path.startsWith('/v1/status-pages/incidents?')) {
        for (const incident of body.entries) {
          known.incidents.push(incident.id);
          for (const update of incident.incidentUpdates) known.updates.push([incident.id, update.id]);
        }
      }
    }
    expect(known.statusPages.length).toBeGreaterThan(0);
    expect(known.updates.length).toBeGreaterThan(1);
    for (const page of known.statusPages) {
      const subscriptions = await server.get(`/v1/status-pages/${page}/subscriptions`);
      known.subscriptions.push(...subscriptions.json.map((subscription: { id: string }) => subscription.id));
    }
    const events = await server.get(`/v1/checks/heartbeats/${HEARTBEAT_IDS[0]}/events`);
    known.heartbeatEvents.push(...events.json[0].events.map((event: { id: string }) => event.id));
    expect(known.subscriptions.length).toBeGreaterThan(0);
    expect(known.heartbeatEvents.length).toBeGreaterThan(0);
    for (const id of [
      ...known.statusPages,
      ...known.incidents,
      ...known.updates.map(([, u]) => u),
      ...ERROR_GROUP_IDS,
      ...HEARTBEAT_IDS,
      ...SERVICE_IDS,
      ...known.subscriptions,
      ...known.heartbeatEvents,
      '2025.04',
    ])
      allKnownIds.add(id);
    mutations = countStoreMutations();
  });

  afterAll(async () => {
    mutations?.restore();
    await server?.stop();
    console.log(`fuzz: ${sent} invalid requests sent (FUZZ_RUNS=${RUNS}); by kind: ${JSON.stringify(Object.fromEntries(seenKinds))}`);
  });

  it('every base body is valid, so a mutation of it is what makes it invalid', () => {
    for (const id of BODY_OPS) {
      const base = baseBodies()[id];
      expect(base, `${id} needs a base body`).toBeDefined();
      expect((operations[id].body as z.ZodType).safeParse(base).success, id).toBe(true);
    }
  });

  it(`answers ${RUNS} generated invalid requests over keep-alive with the right 4xx and the error body`, async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        if (process.env.FUZZ_TRACE) process.stderr.write(`${describeCase(c).slice(0, 160)}\n`);
        sent++;
        seenKinds.set(c.kind, (seenKinds.get(c.kind) ?? 0) + 1);
        const answer: Answer = await server.send({ method: c.method, path: c.path, headers: c.headers, body: c.body });
        if (process.env.FUZZ_TRACE) process.stderr.write(`  -> ${answer.status}\n`);
        const what = describeCase(c);
        const body = expectErrorAnswer(answer, c.status, what);
        if (c.allow) expect(answer.headers.allow, what).toBe(c.allow.join(', '));
        expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
        if (c.details) expect(body.details?.length, what).toBeGreaterThan(0);
        // Keys are sent in odd places (Basic, after the key, in the account header): never echoed.
        expect(containsKey(answer.text + JSON.stringify(answer.headers), ACCOUNT_A.key), what).toBe(false);
      }),
      FC_OPTIONS,
    );
    // Every class was generated (a generator that always filters out would hide a gap).
    expect(new Set(seenKinds.keys()).size).toBeGreaterThanOrEqual(RUNS >= 500 ? 16 : 1);
  }, 900_000);

  it(`every one of ${OVERSIZED_RUNS} oversized bodies gets its 413 and the error body, none a reset connection`, async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(oversizedCase, async (c) => {
        sent++;
        seenKinds.set(c.kind, (seenKinds.get(c.kind) ?? 0) + 1);
        // A reset (EPIPE, ECONNRESET) rejects here and fails the property: the 413 must arrive.
        const answer = await server.send({ method: c.method, path: c.path, headers: c.headers, body: c.body });
        const what = describeCase(c);
        expectErrorAnswer(answer, 413, what);
        expect(answer.headers.connection, what).toBe('close');
        answered++;
      }),
      { ...FC_OPTIONS, numRuns: OVERSIZED_RUNS },
    );
    expect(answered).toBe(OVERSIZED_RUNS);
  }, 900_000);

  it(`answers ${RAW_RUNS} requests with broken framing on raw sockets with the JSON error body`, async () => {
    const route = fc
      .constantFrom(...BODY_OPS)
      .chain((id) => pathArb(id, 'real').map((path) => ({ id, path, method: operations[id].method })));
    const headerValue = fc.string({
      minLength: 1,
      maxLength: 20,
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
    });
    const framing = fc.oneof(
      fc.tuple(route, fc.stringMatching(/^[^\r\n]{1,20}$/)).map(([{ path }, method]) => ({
        kind: 'bad method',
        text: `${method.replace(/[A-Z]/g, '')}@ ${path} HTTP/1.1\r\nHost: x\r\n\r\n`,
        status: [400],
      })),
      fc
        .tuple(route, fc.constantFrom('HTTP/9.9', 'HTTP/1.x', 'HTTP/', 'HTTPS/1.1', 'http/1.1', 'HTTP/1.1 extra'))
        .map(([{ path, method }, version]) => ({
          kind: 'bad version',
          text: `${method} ${path} ${version}\r\nHost: x\r\n\r\n`,
          status: [400, 505],
        })),
      fc
        .tuple(route, fc.constantFrom('Bad Header: y', 'NoColon', 'X(y): z', ': empty', 'X-A: a\rb', 'X-\u0000: a'))
        .map(([{ path, method }, line]) => ({
          kind: 'bad header',
          text: `${method} ${path} HTTP/1.1\r\nHost: x\r\n${line}\r\n\r\n`,
          status: [400],
        })),
      fc
        .tuple(route, fc.constantFrom('abc', '-1', '1,2', '1.5', '0x10', ' ', '99999999999999999999'))
        .map(([{ path, method }, length]) => ({
          kind: 'bad content-length',
          text: `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{}`,
          status: [400],
        })),
      route.map(({ path, method }) => ({
        kind: 'two content-lengths',
        text: `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
        status: [400],
      })),
      route.map(({ path, method }) => ({
        kind: 'content-length and chunked',
        text: `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
        status: [400],
      })),
      fc.tuple(route, fc.constantFrom('zz', '-1', 'fffffffffffffffffff', '5;', '2\r\nab\r\nq')).map(([{ path, method }, size]) => ({
        kind: 'bad chunk',
        text: `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACCOUNT_A.key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${size}\r\n{}\r\n0\r\n\r\n`,
        status: [400],
      })),
      fc.tuple(route, fc.integer({ min: 17 * 1024, max: 64 * 1024 })).map(([{ path }, size]) => ({
        kind: 'header overflow',
        text: `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(size)}\r\n\r\n`,
        status: [431],
      })),
      fc.tuple(route, headerValue).map(([{ path }, junk]) => ({
        kind: 'bad request target',
        text: `GET /v1/${junk}\u0000${path} HTTP/1.1\r\nHost: x\r\n\r\n`,
        status: [400],
      })),
      fc
        .uint8Array({ minLength: 1, maxLength: 200 })
        .filter((bytes) => !/^[\r\n]*([A-Z]+ |$)/.test(Buffer.from(bytes).toString('latin1')))
        .map((bytes) => ({ kind: 'garbage', text: Buffer.concat([Buffer.from(bytes), Buffer.from('\r\n\r\n')]), status: [400] })),
    );
    // A body cut off by EOF (content-length larger than what came): the request cannot complete.
    const truncated = fc.tuple(route, fc.integer({ min: 10, max: 5000 })).map(([{ path, method }, length]) => ({
      kind: 'body cut by EOF',
      text: `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACCOUNT_A.key}\r\nContent-Type: application/json\r\nContent-Length: ${length + 2}\r\n\r\n{"`,
      status: [400],
      halfClose: true,
    }));
    // Refused for its headers (too large, or malformed) with a large body behind them, written
    // whole before anything is read: the answer must still arrive (the lingering close).
    const refusedWithBody = fc
      .tuple(
        route,
        fc.constantFrom(
          { header: 'X-Big: {20 KiB}', status: 431 },
          { header: 'X-Big: {64 KiB}', status: 431 },
          { header: 'Bad Header: y', status: 400 },
          { header: 'X-A: a\rb', status: 400 },
        ),
        fc.integer({ min: 64 * 1024, max: 6 * 1024 * 1024 }),
        fc.boolean(),
      )
      .map(([{ path, method }, { header, status }, size, chunked]) => ({
        kind: `${status} with a body`,
        // The body and a large header are made when sent (`bodyBytes`, `{N KiB}`): a failure
        // prints the head, not megabytes.
        text:
          `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACCOUNT_A.key}\r\nContent-Type: application/json\r\n` +
          `${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`}\r\n${header}\r\n\r\n${chunked ? `${size.toString(16)}\r\n` : ''}`,
        bodyBytes: size,
        status: [status],
        readAfterWriting: true,
      }));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 9, arbitrary: framing }, { weight: 1, arbitrary: truncated }, { weight: 1, arbitrary: refusedWithBody }),
        async (c) => {
          sent++;
          seenKinds.set(`raw ${c.kind}`, (seenKinds.get(`raw ${c.kind}`) ?? 0) + 1);
          const payload =
            'bodyBytes' in c
              ? Buffer.concat([
                  Buffer.from(c.text.replace(/\{(\d+) KiB\}/, (_, kib: string) => 'a'.repeat(Number(kib) * 1024))),
                  Buffer.alloc(c.bodyBytes, 'x'),
                ])
              : c.text;
          const result = await rawExchange(server.port, payload, {
            halfClose: 'halfClose' in c,
            readAfterWriting: 'readAfterWriting' in c,
          });
          const what = `[raw ${c.kind}] ${JSON.stringify(String(c.text).slice(0, 200))} -> ${JSON.stringify(result)}`.slice(0, 1500);
          const response = parseRawResponse(result.text);
          expect(response, what).toBeDefined();
          expect(response!.complete, what).toBe(true);
          expect(c.status, what).toContain(response!.status);
          expect(response!.headers['x-content-type-options'], what).toBe('nosniff');
          expectErrorAnswer(
            { status: response!.status, headers: response!.headers, text: response!.body, json: JSON.parse(response!.body) },
            response!.status,
            what,
          );
        },
      ),
      { ...FC_OPTIONS, numRuns: RAW_RUNS },
    );
  }, 900_000);

  it('left every account exactly as it was: no store mutation, every readable resource unchanged', async () => {
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect(mutations.calls()).toEqual({});
    expect(await snapshot(server)).toEqual(before);
    expect(await snapshot(server, ACCOUNT_B)).toEqual(beforeB);
    // No 5xx was logged, and no request failed inside the server.
    expect(server.logs.filter((line) => / 5\d\d /.test(line) || line.startsWith('error'))).toEqual([]);
    expect(server.logs.length).toBeGreaterThanOrEqual(RUNS);
    expect(server.logs.filter((line) => containsKey(line, ACCOUNT_A.key) || containsKey(line, ACCOUNT_B.key))).toEqual([]);
    // The counter does see a mutation (so the empty count above means something).
    const valid = await server.send({
      method: 'POST',
      path: '/_reference/error-events',
      headers: { authorization: `Bearer ${ACCOUNT_A.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(baseBodies().recordErrorEvent),
    });
    expect(valid.status, valid.text).toBe(201);
    expect(mutations.calls()).toEqual({ errorEventRecorded: 1 });
  });
});

// ---- stream floods -------------------------------------------------------------------------

describe('generated floods of live status-page streams', () => {
  const CAPS = { maxConnections: 8, maxStreams: 24, maxStreamsPerPage: 10 };
  const STREAM_RUNS = Math.max(5, Math.round(RUNS / 150));

  /** One EventSource-like request: the page, whose key it carries, and the status its place in the flood calls for. */
  interface StreamAsk {
    page: string;
    key?: string;
  }
  const askArb: fc.Arbitrary<StreamAsk> = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('acme-cloud', 'acme-payments').map((url) => ({ page: `${ACCOUNT_A.id}/${url}` })) },
    { weight: 3, arbitrary: fc.constantFrom('acme-cloud', 'acme-payments').map((url) => ({ page: `${ACCOUNT_B.id}/${url}` })) },
    { weight: 2, arbitrary: fc.constant({ page: `${ACCOUNT_A.id}/acme-internal`, key: ACCOUNT_A.key }) },
    { weight: 1, arbitrary: fc.constant({ page: `${ACCOUNT_A.id}/acme-internal` }) },
    { weight: 1, arbitrary: fc.constant({ page: `${ACCOUNT_A.id}/no-such-page` }) },
  );

  /** The status each ask gets, in order: 401/404 first, then the caps per page and in all. */
  function expected(asks: StreamAsk[]): number[] {
    const perPage = new Map<string, number>();
    let all = 0;
    return asks.map((ask) => {
      if (ask.page.endsWith('no-such-page')) return 404;
      if (ask.page.endsWith('acme-internal') && !ask.key) return 401;
      const onPage = perPage.get(ask.page) ?? 0;
      if (onPage >= CAPS.maxStreamsPerPage || all >= CAPS.maxStreams) return 503;
      perPage.set(ask.page, onPage + 1);
      all++;
      return 200;
    });
  }

  /** Opens one stream on a raw socket; resolves with its status once its head (and, for 200, its first event) arrived. */
  function ask(port: number, { page, key }: StreamAsk): Promise<{ status: number; socket: Socket }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('error', reject);
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const response = parseRawResponse(text);
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
        if (status === 200 ? text.includes(': connected\n\n') : response?.complete) resolve({ status, socket });
      });
      socket.write(
        `GET /status/${page}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n${key ? `Authorization: Bearer ${key}\r\n` : ''}\r\n`,
      );
    });
  }

  it(`${STREAM_RUNS} floods past the caps: each stream gets the status its place calls for, and the API is served throughout`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(askArb, { minLength: CAPS.maxConnections, maxLength: 60 }), async (asks) => {
        // A server per flood: the next one starts with no stream open.
        const flooded = await startHardeningServer(CAPS);
        try {
          const statuses: number[] = [];
          for (const each of asks) {
            const { status, socket } = await ask(flooded.port, each);
            statuses.push(status);
            // 401, 404, 503: answered whole; only the streams stay open.
            if (status !== 200) socket.destroy();
          }
          expect(statuses).toEqual(expected(asks));
          // More streams open than the API has connections: every API request is still served.
          for (let i = 0; i < CAPS.maxConnections + 2; i++) expect((await flooded.get('/v1/runtimes')).status).toBe(200);
        } finally {
          // Ends the streams too.
          await flooded.stop();
        }
      }),
      { ...FC_OPTIONS, numRuns: STREAM_RUNS },
    );
  }, 300_000);
});

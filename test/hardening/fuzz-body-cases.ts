// Generated bad bodies: oversized, of another content type or charset, malformed or too deeply
// nested JSON, a valid body changed where the schema refuses it, lone surrogates and bytes that are
// not UTF-8.
import fc from 'fast-check';
import type { z } from 'zod';
import { MAX_BODY_BYTES } from '../../src/server/request-body.js';
import { baseBodies, pathsOf } from './bodies.js';
import { bodyOpArb, type Case, JSON_TYPES, operations, pathArb, validAuth } from './fuzz-inputs.js';

export const oversizedCase: fc.Arbitrary<Case> = bodyOpArb
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

export const contentTypeCase: fc.Arbitrary<Case> = bodyOpArb
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

export const malformedCase: fc.Arbitrary<Case> = bodyOpArb
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
export const deepCase: fc.Arbitrary<Case> = bodyOpArb
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

export const schemaCase: fc.Arbitrary<Case> = bodyOpArb
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
export const surrogateCase: fc.Arbitrary<Case> = bodyOpArb
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

export const invalidUtf8Case: fc.Arbitrary<Case> = bodyOpArb
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
export const charsetCase: fc.Arbitrary<Case> = bodyOpArb
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

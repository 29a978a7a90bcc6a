// Whether a request's query or body is one the contract's schemas take, decided without them:
// on the shapes the build derives from those schemas (scripts/request-shapes.mjs, the module
// `statusctl:request-shapes`), which hold their types, checks and named predicates as data. This
// is the path of every request the CLI sends: no schema library loads on it. It answers only
// "the schemas take it" or "ask the schemas": a request it refuses, or one whose shape it does
// not know, is checked by the schemas themselves (validation.ts), which word the error as the
// server's 400 does.
/// <reference path="./request-shapes.d.ts" />
import { named, type RequestShape, shapes } from 'statusctl:request-shapes';
import { REQUEST_PREDICATES } from '../contract/request-checks.js';

/** A value a transform made that no check here can read (only Number's result is known). */
const OPAQUE = Symbol('opaque');
/** Refused, or not known here. */
const NO = Symbol('no');

type Out = unknown;

/** True when the schemas of `operationId` take `value` as its `part`; false: ask the schemas. */
export function fitsRequest(operationId: string, part: 'query' | 'body', value: unknown): boolean {
  const shape = parsed<{ query?: RequestShape; body?: RequestShape }>(shapes, operationId)?.[part];
  return shape !== undefined && run(shape, value) !== NO;
}

const cache = new Map<string, unknown>();

/** The entry `key` of `texts` (JSON text, see scripts/request-shapes.mjs), parsed on first use. */
function parsed<T>(texts: Readonly<Record<string, string>>, key: string): T | undefined {
  if (!Object.hasOwn(texts, key)) return undefined;
  const id = `${texts === named ? 'named' : 'op'}:${key}`;
  if (!cache.has(id)) cache.set(id, JSON.parse(texts[key]!));
  return cache.get(id) as T;
}

/**
 * True when the schema schemas.ts exports as `name` takes `value` (the names the build derives:
 * NAMED in scripts/request-shapes.mjs); false: it does not, or ask the schema.
 */
export function fitsSchema(name: 'DateOrDateTime' | 'EmailAddress', value: unknown): boolean {
  const shape = parsed<RequestShape>(named, name);
  return shape !== undefined && run(shape, value) !== NO;
}

const regexps = new Map<string, RegExp>();
function regexp(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let re = regexps.get(key);
  if (!re) regexps.set(key, (re = new RegExp(source, flags)));
  re.lastIndex = 0;
  return re;
}

/** The value the schema gives for `value` (a transform's result), or NO. */
function run(shape: RequestShape, value: unknown): Out | typeof NO {
  if (value === OPAQUE && shape.t !== 'optional' && shape.t !== 'transform') return NO;
  let out: Out | typeof NO;
  switch (shape.t) {
    case 'string':
    case 'boolean':
      out = typeof value === shape.t ? value : NO;
      break;
    case 'number':
      out = typeof value === 'number' && Number.isFinite(value) ? value : NO;
      break;
    case 'null':
      out = value === null ? value : NO;
      break;
    case 'undefined':
      out = value === undefined ? value : NO;
      break;
    case 'any':
    case 'unknown':
      out = value;
      break;
    case 'enum':
      out = shape.v!.includes(value as never) ? value : NO;
      break;
    case 'optional':
      if (value === undefined) return undefined;
      out = run(shape.i as RequestShape, value);
      break;
    case 'nullable':
      if (value === null) return null;
      out = run(shape.i as RequestShape, value);
      break;
    case 'array':
      out = Array.isArray(value) && value.every((item) => run(shape.e!, item) !== NO) ? value : NO;
      break;
    case 'tuple':
      out = Array.isArray(value) && tupleFits(shape, value) ? value : NO;
      break;
    case 'union':
      out = NO;
      for (const option of shape.o!) {
        const each = run(option, value);
        if (each !== NO) {
          out = each;
          break;
        }
      }
      break;
    case 'object':
      out =
        typeof value === 'object' && value !== null && !Array.isArray(value) && objectFits(shape, value as Record<string, unknown>)
          ? value
          : NO;
      break;
    case 'pipe': {
      const middle = run(shape.in!, value);
      out = middle === NO ? NO : run(shape.out!, middle);
      break;
    }
    case 'transform':
      return shape.f === 'Number' ? (value === OPAQUE ? OPAQUE : Number(value)) : OPAQUE;
    default:
      return NO;
  }
  if (out === NO || !shape.c) return out;
  return checked(shape.c, out);
}

function tupleFits(shape: RequestShape, list: unknown[]): boolean {
  const items = shape.i as RequestShape[];
  if (!shape.r && list.length > items.length) return false;
  for (const [index, item] of items.entries()) if (run(item, list[index]) === NO) return false;
  for (let index = items.length; index < list.length; index++) if (run(shape.r!, list[index]) === NO) return false;
  return true;
}

function objectFits(shape: RequestShape, record: Record<string, unknown>): boolean {
  const fields = shape.s!;
  for (const name of Object.keys(fields)) if (run(fields[name]!, record[name]) === NO) return false;
  if (shape.x === 'strip') return true;
  for (const name of Object.keys(record)) {
    if (Object.hasOwn(fields, name)) continue;
    if (shape.x === 'strict' || run(shape.x as RequestShape, record[name]) === NO) return false;
  }
  return true;
}

/** The value after the schema's checks (a URL check trims it), or NO. */
function checked(checks: readonly (readonly unknown[])[], start: unknown): Out | typeof NO {
  let value = start;
  for (const [kind, ...args] of checks) {
    const length = (value as { length?: number }).length;
    switch (kind) {
      case 'min':
        if (length !== undefined && length < (args[0] as number)) return NO;
        break;
      case 'max':
        if (length !== undefined && length > (args[0] as number)) return NO;
        break;
      case 'len':
        if (length !== undefined && length !== (args[0] as number)) return NO;
        break;
      case 'gt':
        if (!(args[1] ? (value as number) >= (args[0] as number) : (value as number) > (args[0] as number))) return NO;
        break;
      case 'lt':
        if (!(args[1] ? (value as number) <= (args[0] as number) : (value as number) < (args[0] as number))) return NO;
        break;
      case 'int':
        if (!Number.isSafeInteger(value)) return NO;
        break;
      case 're':
        if (!regexp(args[0] as string, args[1] as string).test(value as string)) return NO;
        break;
      case 'url': {
        const url = urlOf(value as string, args[0] as UrlCheck);
        if (url === NO) return NO;
        value = url;
        break;
      }
      case 'fn': {
        const [name, ...given] = args as [string, ...unknown[]];
        const make = Object.hasOwn(REQUEST_PREDICATES, name)
          ? (REQUEST_PREDICATES[name as keyof typeof REQUEST_PREDICATES] as (...made: unknown[]) => (input: unknown) => boolean)
          : undefined;
        if (!make?.(...given)(value)) return NO;
        break;
      }
      default:
        return NO;
    }
  }
  return value;
}

interface UrlCheck {
  normalize: boolean;
  parsed: boolean;
  protocol?: [string, string];
  hostname?: [string, string];
}

/** zod's URL check (validateURL and $ZodURL in zod/v4/core/schemas.js), on the value it leaves. */
function urlOf(text: string, check: UrlCheck): string | typeof NO {
  const trimmed = text.trim();
  if (!check.parsed) return URL.canParse(trimmed) ? trimmed.replace(/[\t\n\r]/g, '') : NO;
  // Without normalizing, an http(s) URL needs its `://` ("http:example.com" is refused).
  if (!check.normalize && check.protocol?.[0] === '^https?$' && !/^https?:\/\//i.test(trimmed)) return NO;
  const url = URL.parse(trimmed);
  if (!url) return NO;
  if (check.hostname && !regexp(...check.hostname).test(url.hostname)) return NO;
  if (check.protocol && !regexp(...check.protocol).test(url.protocol.endsWith(':') ? url.protocol.slice(0, -1) : url.protocol)) return NO;
  return check.normalize ? url.href : trimmed.replace(/[\t\n\r]/g, '');
}

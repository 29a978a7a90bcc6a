// Turns zod issues into the `details` of a 400 (one entry per bad field, of bounded size:
// error-details.ts), reads query strings strictly (repeated or empty parameters are errors:
// docs/api-rules.md#errors) and reads a JSON body (its charset, its bytes, its depth, its text).
import type { z } from 'zod';
import type { ErrorDetail } from '../contract/errors.js';
import { issueDetails } from '../contract/rules.js';
import { fieldsError, formatFieldPath, MAX_DETAILS } from './error-details.js';
import { HttpError } from './http-error.js';
import { MAX_JSON_DEPTH, nestsTooDeep } from './request-body.js';
import type { RequestTarget } from './request-target.js';

/** Parses with the schema or throws a 400 whose details name every bad field. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, rootName: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw fieldsError(issueDetails(result.error.issues, { root: rootName }));
}

/** Query string to a plain object; a name given twice or given empty is a 400. */
export function readQuery(search: URLSearchParams): Record<string, string | Record<string, string>> {
  // No prototype: a parameter named __proto__ is a parameter like any other (refused as unknown),
  // not a way to swap the object's prototype.
  const query: Record<string, string | Record<string, string>> = Object.create(null);
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const [name, value] of search) {
    if (seen.has(name)) {
      if (!details.some((detail) => detail.path === name)) {
        details.push({ path: name, message: 'must be given at most once' });
      }
      continue;
    }
    seen.add(name);
    if (value === '') details.push({ path: name, message: 'must not be empty' });
    // `startsAt[gt]=...` is a comparison: the object { gt } of the parameter startsAt.
    const compared = /^(\w+)\[(\w+)\]$/.exec(name);
    if (compared) {
      const [, field, operator] = compared as unknown as [string, string, string];
      const held = query[field];
      const filter: Record<string, string> = typeof held === 'object' ? held : Object.create(null);
      filter[operator] = value;
      query[field] = filter;
    } else query[name] = value;
  }
  if (details.length) throw fieldsError(details);
  return query;
}

/** Query strings kept per schema at most (the oldest goes first), and the longest kept. */
const QUERY_CACHE_ENTRIES = 256;
const QUERY_CACHE_MAX_LENGTH = 512;

/**
 * Validated queries by their query string, per schema: clients paging, polling or repeating a
 * list send the same few strings again and again, and each is read and validated once. The
 * query schemas only read the string (no clock, no account), so the result is the same for
 * every request that sends it; it is frozen, as those requests share it. A query that fails is
 * never kept: it is refused in full every time.
 */
export class QueryCache {
  private readonly bySchema = new Map<z.ZodType, Map<string, unknown>>();

  parse<S extends z.ZodType>(schema: S, target: RequestTarget): Readonly<z.output<S>> {
    const search = target.search;
    let known = this.bySchema.get(schema);
    if (known?.has(search)) return known.get(search) as Readonly<z.output<S>>;
    const query = Object.freeze(parseOr400(schema, readQuery(target.url.searchParams), 'query'));
    if (search.length <= QUERY_CACHE_MAX_LENGTH) {
      if (!known) this.bySchema.set(schema, (known = new Map()));
      if (known.size >= QUERY_CACHE_ENTRIES) known.delete(known.keys().next().value!);
      known.set(search, query);
    }
    return query;
  }
}

/** JSON is UTF-8 (RFC 8259 §8.1): a charset parameter may say so, and nothing else. */
const UTF8_NAMES = new Set(['utf-8', 'utf8']);

/** The charset parameter of a Content-Type, lower case and unquoted; undefined when there is none. */
function charsetOf(contentType: string | undefined): string | undefined {
  for (const parameter of (contentType ?? '').split(';').slice(1)) {
    const [name, ...rest] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'charset')
      return rest
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
  }
  return undefined;
}

// fatal: invalid bytes throw instead of becoming U+FFFD; ignoreBOM: a byte order mark stays in the
// text, where JSON.parse refuses it as it always did.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A lone UTF-16 surrogate (with the u flag, a surrogate pair is one code point and does not match). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * A request body as JSON (docs/api-rules.md#text-is-utf-8): 415 for a charset other than UTF-8;
 * 400 for bytes that are not UTF-8, for arrays and objects nested deeper than MAX_JSON_DEPTH
 * (checked first, so no later step walks more levels than that), for malformed JSON, and for a
 * string or a field name holding a lone surrogate (`"\ud800"`), which no UTF-8 answer could
 * carry: every bad field is named.
 */
export function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  const charset = charsetOf(contentType);
  if (charset !== undefined && !UTF8_NAMES.has(charset)) {
    throw new HttpError(415, `request body must be UTF-8 JSON, not charset=${charset}`);
  }
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw fieldsError([{ path: 'body', message: 'is not valid UTF-8' }]);
  }
  if (nestsTooDeep(text)) {
    throw fieldsError([{ path: 'body', message: `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep` }]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `malformed JSON body: ${(error as Error).message}`);
  }
  // Decoded bytes never hold a lone surrogate: only a \u escape can make one.
  if (text.includes('\\u')) {
    const details = illFormedStrings(value);
    if (details.length) throw fieldsError(details);
  }
  return value;
}

interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
}

/** The keys from the root down to the visited value: collected upwards, then reversed, in one pass. */
function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Every string or field name holding a lone surrogate. Iterative: a deeply nested body is no stack overflow. */
function illFormedStrings(root: unknown): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const stack: Visit[] = [{ value: root, key: undefined, parent: undefined }];
  while (stack.length && details.length < MAX_DETAILS) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value))
        details.push({ path: formatFieldPath(pathOf(visit), 'body'), message: 'holds a lone UTF-16 surrogate: not Unicode text' });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: visit });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (LONE_SURROGATE.test(key)) {
          details.push({ path: formatFieldPath([...pathOf(visit), key], 'body'), message: 'field name holds a lone UTF-16 surrogate' });
        }
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return details.slice(0, MAX_DETAILS);
}

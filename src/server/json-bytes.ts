// JSON already encoded, typed by the value it encodes: a handler's cached-JSON fast path
// (`json` next to `body`) can then only carry bytes of the body's own type. The brand exists
// only for the compiler; at run time this is a plain Buffer.
declare const encodes: unique symbol;

export type JsonBytes<T> = Buffer & { readonly [encodes]: T };

/** JSON.stringify(value) as UTF-8, typed by what it encodes. */
export function jsonBytes<T>(value: T): JsonBytes<T> {
  return encodedAs<T>(Buffer.from(JSON.stringify(value), 'utf8'));
}

/**
 * Marks bytes as the JSON of a T. Only for bytes assembled from other JsonBytes so that they
 * equal JSON.stringify of a T (pagination.ts does it for a list page; a test compares the two).
 */
export function encodedAs<T>(bytes: Buffer): JsonBytes<T> {
  return bytes as JsonBytes<T>;
}

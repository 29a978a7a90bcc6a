// What a 400 says about a request's bad fields, kept small whatever the request holds
// (docs/api-rules.md#errors): a hostile body must not make an answer larger than itself, nor
// cost more to describe than to read. A path shows its first and last levels with `[...]`
// between, each text is cut, and at most MAX_DETAILS fields are listed; the message still
// counts them all.
import type { ErrorDetail } from '../contract/errors.js';
import { HttpError } from './http-error.js';

/** Bad fields listed at most. */
export const MAX_DETAILS = 20;
/** Characters of a path or a message kept at most, the cut marked with `…`. */
export const MAX_TEXT_CHARS = 200;
/** Levels of a path shown from its start and from its end; those between are shown as `[...]`. */
const PATH_HEAD = 6;
const PATH_TAIL = 2;
/** Characters of one field name kept at most in a path. */
const MAX_KEY_CHARS = 60;

/** `text`, cut to `max` characters with `…` at the end; a surrogate pair is never split. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

function segment(key: string | number, first: boolean): string {
  if (typeof key === 'number') return `[${key}]`;
  const name = cut(key, MAX_KEY_CHARS);
  return first ? name : `.${name}`;
}

/**
 * `services[0].id`, as the contract's paths read (`root` for the request part itself, such as
 * `body`). A path deeper than PATH_HEAD + PATH_TAIL levels shows its first and last levels with
 * `[...]` between. Built in one pass: linear in the levels shown.
 */
export function formatFieldPath(keys: readonly (string | number)[], root: string): string {
  if (keys.length === 0) return root;
  const long = keys.length > PATH_HEAD + PATH_TAIL;
  const shown = long ? [...keys.slice(0, PATH_HEAD), ...keys.slice(-PATH_TAIL)] : keys;
  let out = '';
  shown.forEach((key, index) => {
    if (long && index === PATH_HEAD) out += '[...]';
    out += segment(key, out === '');
  });
  return out;
}

/** A 400 naming the bad fields (the first in its message), of bounded size however many there are. */
export function fieldsError(details: readonly ErrorDetail[]): HttpError {
  const shown = details
    .slice(0, MAX_DETAILS)
    .map((detail) => ({ path: cut(detail.path, MAX_TEXT_CHARS), message: cut(detail.message, MAX_TEXT_CHARS) }));
  const first = shown[0];
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  const message = first ? `${first.path ? `${first.path}: ` : ''}${first.message}${more}` : 'invalid request';
  return new HttpError(400, message, shown);
}

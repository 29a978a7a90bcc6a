// Turns zod issues into the `details` of a 400 (one entry per bad field) and reads query
// strings strictly (repeated or empty parameters are errors: docs/api-rules.md#errors).
import type { z } from 'zod';
import type { ErrorDetail } from '../contract/errors.js';
import { issueDetails } from '../contract/rules.js';
import { validationError } from './http-error.js';

/** Parses with the schema or throws a 400 whose details name every bad field. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, rootName: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(issueDetails(result.error.issues, { root: rootName }));
}

/** Query string to a plain object; a name given twice or given empty is a 400. */
export function readQuery(search: URLSearchParams): Record<string, string> {
  // No prototype: a parameter named __proto__ is a parameter like any other (refused as unknown),
  // not a way to swap the object's prototype.
  const query: Record<string, string> = Object.create(null);
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
    query[name] = value;
  }
  if (details.length) throw validationError(details);
  return query;
}

// Turns zod issues into the `details` of a 400 (one entry per bad field) and reads query
// strings strictly (CONTRACT-NOTES §2: repeated or empty parameters are errors).
import type { z } from 'zod';
import type { ErrorDetail } from '../contract/errors.js';
import { validationError } from './http-error.js';

type Issue = z.core.$ZodIssue;

/** `services[0].id`: the same path notation the fixture loader uses. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function issueMessage(issue: Issue): string {
  // zod's own wording is "Invalid input: expected string, received null"; the prefix says nothing.
  // A tuple (incidentUpdates: exactly one) is an array to the caller.
  if (issue.code === 'invalid_type') return `expected ${issue.expected === 'tuple' ? 'array' : issue.expected}`;
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map(String).join(', ')}`;
  return issue.message.replace(/^Invalid input: /, '');
}

export function issuesToDetails(issues: readonly Issue[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        details.push({ path: formatPath([...issue.path, key]), message: `"${key}" is not allowed` });
      }
    } else {
      details.push({ path: formatPath(issue.path), message: issueMessage(issue) });
    }
  }
  return details;
}

/** Parses with the schema or throws a 400 whose details name every bad field. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, rootName: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = issuesToDetails(result.error.issues).map((detail) => ({
    ...detail,
    path: detail.path || rootName,
  }));
  throw validationError(details);
}

/** Query string to a plain object; a name given twice or given empty is a 400. */
export function readQuery(search: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
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

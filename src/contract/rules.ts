// Rules the client, the server and the CLI all apply, written once. Zod-free, not even a type
// import: `statusctl runtimes list` loads this module and must not evaluate zod.

/** The names of the `{name}` segments of a path template, as a union of string literals. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** The path parameters of an operation that take only a UUID: all but those its row names (`namedParams`). */
export function uuidParams(route: { readonly path: string; readonly namedParams?: readonly string[] }): string[] {
  return pathParamNames(route.path).filter((name) => !route.namedParams?.includes(name));
}

// --- Defaults ---------------------------------------------------------------------------------

/** Where `statusctl server` listens unless told otherwise. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4010;
/** Where the CLI sends requests unless configured: the reference server on its defaults. */
export const DEFAULT_BASE_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;

// --- Small validators ------------------------------------------------------------------------

/** Visible ASCII only (no spaces, no line breaks): what an API key or account id may hold to travel in a header. */
export function isVisibleAscii(value: string): boolean {
  return /^[\x21-\x7e]*$/.test(value);
}

/**
 * A UUID of any version, 8-4-4-4-12 hexadecimal digits: what the hosted API takes for its ids and
 * the account header (`x-format: { guid: true }`), as zod's `z.guid()` checks it.
 */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

// --- Validation issues -----------------------------------------------------------------------

export interface IssueDetail {
  path: string;
  message: string;
}

/** The part of a zod issue read here (structural, so this module needs no zod). */
export interface ValidationIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly expected?: unknown;
  readonly values?: readonly unknown[];
  readonly keys?: readonly string[];
}

/**
 * `services[0].id`; `prefix` names the part of a request ("body", "query"), `root` what an
 * empty path is called.
 */
export function formatPath(path: readonly PropertyKey[], prefix = '', root = '(root)'): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? root : out;
}

function issueMessage(issue: ValidationIssue): string {
  // zod's own wording is "Invalid input: expected string, received null"; the prefix says nothing.
  // A tuple (incidentUpdates: exactly one) is an array to the caller.
  if (issue.code === 'invalid_type') return `expected ${issue.expected === 'tuple' ? 'array' : String(issue.expected)}`;
  if (issue.code === 'invalid_value' && issue.values) return `expected one of ${issue.values.map(String).join(', ')}`;
  return issue.message.replace(/^Invalid input: /, '');
}

/**
 * One detail per bad field, in the words of the API's 400 (docs/api-rules.md#errors): an unknown
 * field is reported at its own path as `"name" is not allowed`.
 */
export function issueDetails(issues: readonly ValidationIssue[], options: { prefix?: string; root?: string } = {}): IssueDetail[] {
  const { prefix = '', root = '(root)' } = options;
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' && issue.keys
      ? issue.keys.map((key) => ({ path: formatPath([...issue.path, key], prefix, root), message: `"${key}" is not allowed` }))
      : [{ path: formatPath(issue.path, prefix, root), message: issueMessage(issue) }],
  );
}

// --- Date windows ----------------------------------------------------------------------------

export const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export function isDateOnly(value: string): boolean {
  return DATE_ONLY.test(value);
}

/** Milliseconds since the epoch of a `YYYY-MM-DD` (its midnight UTC) or a full timestamp. */
export function toMillis(value: string): number {
  return isDateOnly(value) ? Date.parse(`${value}T00:00:00.000Z`) : Date.parse(value);
}

/**
 * The heartbeat availability window [start, end) in milliseconds (docs/api-rules.md#heartbeat-availability): a
 * date-only end covers its whole day, a date-time end includes that instant; no end is now, no
 * start is 24 hours before the end. `empty` when the start is not before the end.
 */
export function availabilityWindow(now: number, startTime?: string, endTime?: string): { start: number; end: number; empty: boolean } {
  const end = endTime === undefined ? now + 1 : isDateOnly(endTime) ? toMillis(endTime) + DAY_MS : toMillis(endTime) + 1;
  const start = startTime === undefined ? end - DAY_MS : toMillis(startTime);
  return { start, end, empty: !(start < end) };
}

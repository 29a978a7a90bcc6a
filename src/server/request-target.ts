// The request target (`/v1/runtimes?x=1`), parsed once per request by the server's entry for
// the status pages and the API alike, and once per distinct target while it is asked for often:
// clients polling or repeating a read send the same few targets again and again.
/** A parsed request target: its path and query string, and the URL they were read from. */
export interface RequestTarget {
  readonly pathname: string;
  /** `?...`, or '' when there is no query. */
  readonly search: string;
  /** Shared by every request that sends the same target: only read. */
  readonly url: URL;
}

/** Targets kept parsed at most (the oldest goes first), and the longest kept. */
const CACHE_ENTRIES = 256;
const CACHE_MAX_LENGTH = 512;
const parsed = new Map<string, RequestTarget | undefined>();

/**
 * An origin-form target (`/path?query`) is a path, even when it starts with `//` (no authority).
 * Undefined when it cannot be parsed: a 404, never a 500.
 */
export function requestTarget(raw = '/'): RequestTarget | undefined {
  const known = parsed.get(raw);
  if (known !== undefined || parsed.has(raw)) return known;
  let target: RequestTarget | undefined;
  try {
    const url = raw.startsWith('/') ? new URL(`http://localhost${raw}`) : new URL(raw, 'http://localhost');
    target = Object.freeze({ pathname: url.pathname, search: url.search, url });
  } catch {
    target = undefined;
  }
  if (raw.length <= CACHE_MAX_LENGTH) {
    if (parsed.size >= CACHE_ENTRIES) parsed.delete(parsed.keys().next().value!);
    parsed.set(raw, target);
  }
  return target;
}

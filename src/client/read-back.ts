// Looks for a write in what a read answers, for a write whose answer was lost (settle.ts). The
// operations table says, on the write's row (`readBack`, src/contract/row.ts), which read shows
// what it made, where the items are in its answer and which fields of the body to match; this
// module is the one finder that follows it. It compares what was sent with each item, field by
// field, and counts only what was made since the write began, so an identical incident declared
// an hour ago is not taken for this one.
//
// "Since the write began" is measured on the server's clock: its `Date` header on the read,
// minus the time that passed here since the write was started, minus a little slack (the header
// has whole seconds). Without a Date header, the local clock and a window of a few minutes.
import { fillPath, pathParamNames, routes, type Match, type OperationId, type ReadBack, type Row } from '../contract/table.js';
import { ApiError, type WriteCheck } from './errors.js';
import { send, type TransportOptions } from './transport.js';

type Finder = Exclude<ReadBack, 'none'>;
type Json = Record<string, unknown>;

/** What the read showed: the one item that matches, none, or that it cannot tell (and why). */
export type Verdict =
  | { outcome: 'found'; item: Json; id: string }
  | { outcome: 'absent' }
  | { outcome: 'unknown'; reason: string; candidates: string[] };

/** Slack on the server's clock: its Date header has whole seconds. */
const DATE_HEADER_SLACK_MS = 2_000;
/** Without a Date header the local clock is all there is: "created in the last few minutes". */
const LOCAL_CLOCK_WINDOW_MS = 5 * 60_000;
/** Pages of the incident list read at most; more incidents made since the write began than that is a "cannot tell". */
const MAX_PAGES = 3;
const PAGE_SIZE = '100';

/** What a finder looks for, in words, for messages: "the incident", "the update". */
export function nounOf(readBack: ReadBack): string {
  return readBack === 'none' ? 'the request' : `the ${readBack.noun}`;
}

/** The read that tells, for a person to run: the read's path with the write's parameters. */
export function checkOf(readBack: Finder, params: Readonly<Record<string, string>>): WriteCheck {
  const route = routes[readBack.read as OperationId];
  const readParams = Object.fromEntries(pathParamNames(route.path).map((name) => [name, params[name] ?? '']));
  return { operationId: readBack.read, path: fillPath(route.path, readParams), params: readParams };
}

export async function findSent(
  transport: TransportOptions,
  readBack: Finder,
  check: WriteCheck,
  sent: unknown,
  /** When the write was started, in ms of `elapsedSince`'s clock. */
  began: number,
  elapsedSince: (began: number) => number,
): Promise<Verdict> {
  const missing = isObject(sent) ? unsent(readBack.match, sent) : 'a body';
  if (missing !== undefined) {
    return { outcome: 'unknown', reason: `what was sent has no ${missing}, so ${nounOf(readBack)} cannot be looked for`, candidates: [] };
  }
  // A read whose query is a page is read page by page (newest first); any other, once.
  const read: Row = routes[readBack.read as OperationId];
  const paged = read.query === 'PageQuery';
  const matches: Json[] = [];
  let since: number | undefined;
  let cursor: string | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    let body: unknown;
    try {
      const query = paged ? { limit: PAGE_SIZE, nextId: cursor } : undefined;
      const response = await send(transport, { operationId: readBack.read, method: 'GET', path: check.path, query });
      since ??= sinceOf(response.headers.date, elapsedSince(began));
      body = response.body;
    } catch (error) {
      const why = error instanceof ApiError ? error.message : String(error);
      return { outcome: 'unknown', reason: `reading it back failed too: ${why}`, candidates: [] };
    }
    const items = itemsOf(body, readBack.items);
    if (!items) return { outcome: 'unknown', reason: `the read of ${nounOf(readBack)} answered in an unknown shape`, candidates: [] };
    const at = since;
    matches.push(...items.filter((item) => sameAll(readBack.match, sent as Json, item, at)));
    // Newest first: once an item older than the write is seen, the rest are older still.
    const reachedOlder = items.some((item) => earliest(item) < at);
    const next =
      paged && isObject(body) && typeof body.nextId === 'string' && body.nextId !== '' && !reachedOlder ? body.nextId : undefined;
    if (next === undefined) return verdictOf(matches, readBack);
    cursor = next;
  }
  return {
    outcome: 'unknown',
    reason: `more than ${MAX_PAGES * Number(PAGE_SIZE)} ${readBack.noun}s were made since it was sent; looking further back was not tried`,
    candidates: matches.map(idOf),
  };
}

function verdictOf(matches: Json[], readBack: Finder): Verdict {
  if (matches.length === 0) return { outcome: 'absent' };
  if (matches.length === 1) return { outcome: 'found', item: matches[0]!, id: idOf(matches[0]!) };
  return {
    outcome: 'unknown',
    reason: `${matches.length} ${readBack.noun}s match what was sent: ${matches.map(idOf).join(', ')}`,
    candidates: matches.map(idOf),
  };
}

/** The earliest instant (ms, server clock) at which what was sent can have been made. */
function sinceOf(dateHeader: string | string[] | undefined, elapsedMs: number): number {
  const serverNow = Date.parse(Array.isArray(dateHeader) ? (dateHeader[0] ?? '') : (dateHeader ?? ''));
  if (Number.isNaN(serverNow)) return Date.now() - elapsedMs - LOCAL_CLOCK_WINDOW_MS;
  return serverNow - elapsedMs - DATE_HEADER_SLACK_MS;
}

/** The first field (by its path) the match needs and the body lacks; undefined when it has them all. */
function unsent(match: Readonly<Record<string, Match>>, sent: Json, prefix = ''): string | undefined {
  for (const [field, how] of Object.entries(match)) {
    const value = sent[field];
    if (how === 'if-sent') continue;
    if (how === 'sent' && value === undefined) return `${prefix}${field}`;
    if (how === 'ids' && !(Array.isArray(value) && value.every((entry) => isObject(entry) && typeof entry.id === 'string'))) {
      return `${prefix}${field} (a list of ids)`;
    }
    if (typeof how === 'object') {
      if (!Array.isArray(value) || value.length === 0 || !value.every(isObject)) return `${prefix}${field} (a list)`;
      for (const [index, entry] of value.entries()) {
        const inner = unsent(how, entry as Json, `${prefix}${field}[${index}].`);
        if (inner !== undefined) return inner;
      }
    }
  }
  return undefined;
}

/** The items of the read's answer: the named field's, or a page's entries, or the answer itself when a list. */
function itemsOf(body: unknown, field: string | undefined): Json[] | undefined {
  const list = field !== undefined ? (isObject(body) ? body[field] : undefined) : isObject(body) ? body.entries : body;
  return Array.isArray(list) ? list.filter(isObject) : undefined;
}

/** Every field of the match is in the item as it was sent (Match in src/contract/row.ts). */
function sameAll(match: Readonly<Record<string, Match>>, sent: Json, item: Json, since: number): boolean {
  return Object.entries(match).every(([field, how]) => same(how, sent[field], item[field], since));
}

function same(how: Match, sent: unknown, stored: unknown, since: number): boolean {
  if (how === 'ids') {
    const want = idSet(sent);
    const have = idSet(stored);
    return want.length === have.length && want.every((id, index) => id === have[index]);
  }
  if (typeof how === 'object') {
    // Each item sent is one of the item's (more may have been added since, as an incident's later updates).
    const left = Array.isArray(stored) ? stored.filter(isObject) : [];
    return (Array.isArray(sent) ? sent.filter(isObject) : []).every((entry) => {
      const found = left.findIndex((candidate) => sameAll(how, entry, candidate, since));
      if (found >= 0) left.splice(found, 1);
      return found >= 0;
    });
  }
  if (sent === undefined) {
    // The server chose it: a boolean left out is false; a date-time it set is since the write began.
    if (typeof stored === 'boolean') return stored === false;
    if (isDateTime(stored)) return instant(stored) >= since;
    return true;
  }
  if (isDateTime(sent) && isDateTime(stored)) return instant(sent) === instant(stored);
  return sent === stored;
}

function idSet(value: unknown): string[] {
  const ids = Array.isArray(value) ? value.map((entry) => (isObject(entry) ? entry.id : undefined)) : [];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))].sort();
}

/** The item's earliest date-time, anywhere in it (an incident's: its first update's date); NaN when it has none. */
function earliest(value: unknown): number {
  if (isDateTime(value)) return instant(value);
  const inner = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  let first = Number.NaN;
  for (const entry of inner) {
    const at = earliest(entry);
    if (Number.isNaN(first) || at < first) first = at;
  }
  return first;
}

/** An ISO 8601 date-time (a date alone is no instant of a write). */
function isDateTime(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
}

function instant(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

function idOf(item: Json): string {
  return typeof item.id === 'string' ? item.id : '(no id)';
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

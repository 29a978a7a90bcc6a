// Looks for a write in what a read answers, for a write whose answer was lost (settle.ts). The
// operations table says which read and which finder (src/contract/table.ts, `readBack`); this
// module holds the finders. A finder compares what was sent with what the read shows, field by
// field, and counts only what was made since the write began, so an identical incident declared
// an hour ago is not taken for this one.
//
// "Since the write began" is measured on the server's clock: its `Date` header on the read,
// minus the time that passed here since the write was started, minus a little slack (the header
// has whole seconds). Without a Date header, the local clock and a window of a few minutes.
import { fillPath, pathParamNames, routes, type ReadBack } from '../contract/table.js';
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
  return readBack === 'none' ? 'the request' : readBack.find === 'sent-incident' ? 'the incident' : 'the update';
}

/** The read that tells, for a person to run: the read's path with the write's parameters. */
export function checkOf(readBack: Finder, params: Readonly<Record<string, string>>): WriteCheck {
  const route = routes[readBack.read];
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
  const scan = readBack.find === 'sent-incident' ? scanIncidentList : scanTimeline;
  const matches: Json[] = [];
  let since: number | undefined;
  let cursor: string | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    let body: unknown;
    try {
      const query = readBack.read === 'listIncidents' ? { limit: PAGE_SIZE, nextId: cursor } : undefined;
      const response = await send(transport, { operationId: readBack.read, method: 'GET', path: check.path, query });
      since ??= sinceOf(response.headers.date, elapsedSince(began));
      body = response.body;
    } catch (error) {
      const why = error instanceof ApiError ? error.message : String(error);
      return { outcome: 'unknown', reason: `reading it back failed too: ${why}`, candidates: [] };
    }
    const result = scan(body, sent, since);
    if ('problem' in result) return { outcome: 'unknown', reason: result.problem, candidates: [] };
    matches.push(...result.matches);
    if (result.next === undefined) return verdictOf(matches, readBack);
    cursor = result.next;
  }
  return {
    outcome: 'unknown',
    reason: `more than ${MAX_PAGES * Number(PAGE_SIZE)} incidents were made since it was sent; looking further back was not tried`,
    candidates: matches.map(idOf),
  };
}

function verdictOf(matches: Json[], readBack: Finder): Verdict {
  if (matches.length === 0) return { outcome: 'absent' };
  if (matches.length === 1) return { outcome: 'found', item: matches[0]!, id: idOf(matches[0]!) };
  const what = readBack.find === 'sent-incident' ? 'incidents' : 'updates';
  return {
    outcome: 'unknown',
    reason: `${matches.length} ${what} match what was sent: ${matches.map(idOf).join(', ')}`,
    candidates: matches.map(idOf),
  };
}

/** The earliest instant (ms, server clock) at which what was sent can have been made. */
function sinceOf(dateHeader: string | string[] | undefined, elapsedMs: number): number {
  const serverNow = Date.parse(Array.isArray(dateHeader) ? (dateHeader[0] ?? '') : (dateHeader ?? ''));
  if (Number.isNaN(serverNow)) return Date.now() - elapsedMs - LOCAL_CLOCK_WINDOW_MS;
  return serverNow - elapsedMs - DATE_HEADER_SLACK_MS;
}

type Scan = { matches: Json[]; next?: string } | { problem: string };

/** An incident list page: incidents with the sent name, severity, services and first update. */
function scanIncidentList(body: unknown, sent: unknown, since: number): Scan {
  const wanted = sentIncident(sent);
  if (!wanted) return { problem: 'what was sent is not an incident with a name, services and a first update, so it cannot be looked for' };
  const entries = isObject(body) && Array.isArray(body.entries) ? body.entries.filter(isObject) : undefined;
  if (!entries) return { problem: 'the incident list answered in an unknown shape' };
  const matches = entries.filter((incident) => sameIncident(wanted, incident, since));
  // Newest first: once an incident older than the write is seen, the rest are older still.
  const reachedOlder = entries.some((incident) => {
    const first = firstUpdate(incident);
    return first !== undefined && instant(first.publicIncidentUpdateDate) < since;
  });
  const next = isObject(body) && typeof body.nextId === 'string' && body.nextId !== '' && !reachedOlder ? body.nextId : undefined;
  return next === undefined ? { matches } : { matches, next };
}

/** One incident: the updates of its timeline with the sent text, status and notify flag. */
function scanTimeline(body: unknown, sent: unknown, since: number): Scan {
  if (!isObject(sent) || typeof sent.description !== 'string') {
    return { problem: 'what was sent is not an update with a description, so it cannot be looked for' };
  }
  if (!isObject(body) || !Array.isArray(body.incidentUpdates)) return { problem: 'the incident answered in an unknown shape' };
  return { matches: body.incidentUpdates.filter(isObject).filter((update) => sameUpdate(sent, update, since)) };
}

interface SentIncident {
  name: string;
  severity: unknown;
  serviceIds: string[];
  first: Json;
}

function sentIncident(sent: unknown): SentIncident | undefined {
  if (!isObject(sent) || typeof sent.name !== 'string' || !Array.isArray(sent.services) || !Array.isArray(sent.incidentUpdates)) {
    return undefined;
  }
  const first = sent.incidentUpdates[0];
  if (!isObject(first) || typeof first.description !== 'string') return undefined;
  const serviceIds = sent.services.map((service) => (isObject(service) ? service.id : undefined));
  if (!serviceIds.every((id): id is string => typeof id === 'string')) return undefined;
  return { name: sent.name, severity: sent.severity, serviceIds: [...new Set(serviceIds)].sort(), first };
}

function sameIncident(wanted: SentIncident, incident: Json, since: number): boolean {
  if (incident.name !== wanted.name) return false;
  if (wanted.severity !== undefined && incident.severity !== wanted.severity) return false;
  const ids = Array.isArray(incident.services) ? incident.services.map((service) => (isObject(service) ? service.id : undefined)) : [];
  const stored = [...new Set(ids)].sort();
  if (stored.length !== wanted.serviceIds.length || stored.some((id, index) => id !== wanted.serviceIds[index])) return false;
  const first = firstUpdate(incident);
  return first !== undefined && sameUpdate(wanted.first, first, since);
}

/** The incident's first update: the earliest by its public date (later ones may have been added since). */
function firstUpdate(incident: Json): Json | undefined {
  const updates = Array.isArray(incident.incidentUpdates) ? incident.incidentUpdates.filter(isObject) : [];
  let first: Json | undefined;
  for (const update of updates) {
    if (first === undefined || instant(update.publicIncidentUpdateDate) < instant(first.publicIncidentUpdateDate)) first = update;
  }
  return first;
}

/**
 * The same text, status (when one was sent; else the server chose it) and notify flag (absent
 * is false); the date sent, or, when none was sent (the server's now), a date since the write
 * began.
 */
function sameUpdate(sent: Json, update: Json, since: number): boolean {
  if (update.description !== sent.description) return false;
  if (sent.status !== undefined && update.status !== sent.status) return false;
  if ((sent.notifySubscribers ?? false) !== update.notifySubscribers) return false;
  const at = instant(update.publicIncidentUpdateDate);
  if (sent.publicIncidentUpdateDate !== undefined) return at === instant(sent.publicIncidentUpdateDate);
  return at >= since;
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

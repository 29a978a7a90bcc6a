// What `statusctl status` reads: the open incidents of both generations of status pages, the
// maintenances in progress or due within a day, the failing and degraded checks, the named
// heartbeats below their target and the error groups first seen today or yesterday. The parts
// are read at once, through the run's one client (one connection pool, one rate-limit state);
// within a part, only a read that needs another's answer waits for it (a V3 page's incidents
// wait for the page list, a window's occurrences for the window list). A part whose reads fail
// keeps its error in its place; the others are kept.
import type { Client } from '../../client/index.js';
import type { CheckStatus, ErrorGroup, HeartbeatAvailability, Maintenance, MaintenanceWindow } from '../../contract/schemas.js';
import type { Incident } from './types.js';
import { isOpen } from '../output/cells.js';
import { type ListedIncident, listIncidentsOfBothKinds, shownIncidents } from '../lookup/merged-incidents.js';
import { newestCreatedFirst } from '../lookup/merged-list.js';
import { everyV3Page } from '../lookup/page-kinds.js';
import { allMaintenances, allWindows } from '../lookup/maintenance-windows.js';
import { checkState } from '../views/check-status.js';
import { listStatuses } from '../lookup/checks.js';

/** A part: what it holds, or why it could not be read. */
export type Part<T> = { ok: true; items: T[] } | { ok: false; error: unknown };

export interface OpenIncidents {
  /** Each as its own API answers it (-o json). */
  listed: ListedIncident[];
  /** The same as the incident view shows them (empty when only JSON is printed). */
  shown: Incident[];
}

/** An occurrence with its window. */
export interface DueMaintenance {
  window: MaintenanceWindow;
  maintenance: Maintenance;
}

/** A heartbeat check below its target: the API's answer for the last 24 hours. */
export interface LowHeartbeat {
  checkId: string;
  availability: HeartbeatAvailability;
}

export interface StatusReport {
  incidents: Part<ListedIncident> & { shown?: Incident[] };
  maintenances: Part<DueMaintenance>;
  checks: Part<CheckStatus>;
  heartbeats: Part<LowHeartbeat>;
  errorGroups: Part<ErrorGroup>;
}

export interface StatusQuery {
  /** Heartbeat check ids to hold to the target. */
  heartbeats: readonly string[];
  /** The target, in percent. */
  failUnder: number;
  /** The incidents are also read for the incident view (names of V3 components). */
  forPeople: boolean;
  now: number;
}

const DAY_MS = 24 * 3600_000;
/** The API's largest page of error groups. */
const GROUP_PAGE = 100;

async function part<T>(read: () => Promise<T[]>): Promise<Part<T>> {
  try {
    return { ok: true, items: await read() };
  } catch (error) {
    return { ok: false, error };
  }
}

export async function readStatus(client: Client, query: StatusQuery): Promise<StatusReport> {
  let shown: Incident[] | undefined;
  const [incidents, maintenances, checks, heartbeats, errorGroups] = await Promise.all([
    part(async () => {
      const listed = await openIncidents(client);
      if (query.forPeople) shown = await shownIncidents(client, listed);
      return listed;
    }),
    part(() => dueMaintenances(client, query.now)),
    part(async () => (await listStatuses(client)).filter((status) => checkState(status) !== 'passing' && checkState(status) !== 'no runs')),
    part(() => lowHeartbeats(client, query.heartbeats, query.failUnder)),
    part(() => newErrorGroups(client, query.now)),
  ]);
  return { incidents: shown ? { ...incidents, shown } : incidents, maintenances, checks, heartbeats, errorGroups };
}

/** Every open incident, newest first: the v2 list is read beside the V3 page list, each page's incidents once it is known. */
async function openIncidents(client: Client): Promise<ListedIncident[]> {
  const keep = (entry: ListedIncident) => isOpen(entry.incident);
  const none = () => {};
  const [v2, v3] = await Promise.all([
    listIncidentsOfBothKinds(client, { v2: true, pages: [] }, { all: true }, none, keep),
    everyV3Page(client).then(async (pages) =>
      pages.length ? (await listIncidentsOfBothKinds(client, { v2: false, pages }, { all: true }, none, keep)).entries : [],
    ),
  ]);
  return [...v2.entries, ...v3].sort((a, b) => newestCreatedFirst(a.incident, b.incident));
}

/** Occurrences in progress (or being verified), then those scheduled to start within 24 hours, soonest first. */
async function dueMaintenances(client: Client, now: number): Promise<DueMaintenance[]> {
  const windows = await allWindows(client);
  const occurrences = await Promise.all(
    windows.map(async (window) => (await allMaintenances(client, String(window.id))).map((maintenance) => ({ window, maintenance }))),
  );
  const inProgress = ({ maintenance }: DueMaintenance) => maintenance.status === 'IN_PROGRESS' || maintenance.status === 'VERIFYING';
  const dueSoon = ({ maintenance }: DueMaintenance) => {
    const starts = Date.parse(maintenance.startsAt);
    return maintenance.status === 'SCHEDULED' && starts <= now + DAY_MS && Date.parse(maintenance.endsAt) > now;
  };
  return occurrences
    .flat()
    .filter((entry) => inProgress(entry) || dueSoon(entry))
    .sort(
      (a, b) => Number(inProgress(b)) - Number(inProgress(a)) || Date.parse(a.maintenance.startsAt) - Date.parse(b.maintenance.startsAt),
    );
}

/** The checks whose availability over the last 24 hours is below `failUnder`, or who sent nothing in them. */
async function lowHeartbeats(client: Client, checkIds: readonly string[], failUnder: number): Promise<LowHeartbeat[]> {
  const read = await Promise.all(
    checkIds.map(async (checkId) => ({ checkId, availability: await client.getHeartbeatAvailability({ params: { checkId } }) })),
  );
  return read.filter(({ availability }) => {
    const current = availability?.successRatio.currentPeriod;
    return current === undefined || current === null || current < failUnder;
  });
}

/**
 * Groups not archived whose first event is dated today or yesterday (UTC, as the API dates them).
 * The list comes newest lastSeen first: it is read until a page ends before yesterday.
 */
async function newErrorGroups(client: Client, now: number): Promise<ErrorGroup[]> {
  const yesterday = new Date(now - DAY_MS).toISOString().slice(0, 10);
  const found: ErrorGroup[] = [];
  for (let page = 1; ; page++) {
    const batch = await client.listErrorGroups({ query: { limit: String(GROUP_PAGE), page: String(page) } });
    found.push(...batch.filter((group) => !group.archivedUntilNextEvent && group.firstSeen >= yesterday));
    if (batch.length < GROUP_PAGE || batch.at(-1)!.lastSeen < yesterday) return found;
  }
}

/** True when a part shows something wrong: an open incident, a check not passing, a heartbeat low, a new error group. */
export function anythingFails(report: StatusReport): boolean {
  return [report.incidents, report.checks, report.heartbeats, report.errorGroups].some((read) => read.ok && read.items.length > 0);
}

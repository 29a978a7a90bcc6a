// A maintenance window's schedule (docs/api-rules.md#scheduled-maintenance): its occurrences,
// computed in the window's time zone (the same local time each day, week or month, whatever the
// offset does), materialised for the next 90 days and all past ones, the first one always.
import type { Maintenance, MaintenanceVisibility, MaintenanceWindow } from '../../contract/schemas.js';
import { DAY_MS, dateOnly, isoUtc } from '../dates.js';
import { addToWall, dayOf, instantOf, wallOf } from './maintenance-zoned.js';

/** A maintenance as held: the answer, and which automatic steps the server has taken on it. */
export interface HeldMaintenance {
  maintenance: Maintenance;
  /** Its place in the window's schedule; null once moved by a PATCH. */
  occurrence: number | null;
  /** The server posted its IN_PROGRESS (at startsAt) and its COMPLETED (at endsAt), or saw no need to. */
  started: boolean;
  ended: boolean;
  /** The reminders sent (or passed by once it had started), by minutes before. */
  reminded: number[];
  /** Status pages were told it is announced (maintenance-reach.ts); absent in data files written before it was kept. */
  announced?: boolean;
}

/** How far ahead occurrences are materialised. */
export const HORIZON_MS = 90 * DAY_MS;
/** The most maintenances a create or a PUT materialises for one window. */
export const MAX_MAINTENANCES = 1000;
/** The index past a schedule's end: nothing more to look at. */
const ENDED = Number.MAX_SAFE_INTEGER;

/** What materialising needs: the clock and new ids. */
export interface Making {
  now(): number;
  newId(): string;
}

/** What a window shows on status pages unless told otherwise. */
export const DEFAULT_VISIBILITY: MaintenanceVisibility = {
  enabled: false,
  severity: null,
  affectAllServices: false,
  suppressAutoIncidents: false,
  notifyOnStart: false,
  notifyOnEnd: false,
  reminderMinutesBefore: [],
  autoStart: true,
  autoEnd: true,
  showAffectedServices: true,
  statusPageIds: [],
  serviceIds: [],
};

export const zoneOf = (window: MaintenanceWindow) => window.timezone ?? 'UTC';

const MINUTE_MS = 60_000;
/** How long before its start a maintenance is announced on status pages when its window sets no reminder. */
export const ANNOUNCED_MS = 7 * DAY_MS;

/** From when status pages show a maintenance as announced: its largest reminder before it, else a week. */
export function announcedFrom(window: MaintenanceWindow, maintenance: Pick<Maintenance, 'startsAt'>): number {
  const reminders = window.statusPageVisibility.reminderMinutesBefore;
  const lead = reminders.length ? Math.max(...reminders) * MINUTE_MS : ANNOUNCED_MS;
  return Date.parse(maintenance.startsAt) - lead;
}

/** When occurrence `index` starts, or undefined when the schedule has no such occurrence. */
export function occurrenceStart(window: MaintenanceWindow, index: number): number | undefined {
  const first = Date.parse(window.startsAt);
  if (index === 0) return first;
  if (window.repeatInterval === null || window.repeatUnit === null || index === ENDED) return undefined;
  const zone = zoneOf(window);
  const wall = addToWall(wallOf(first, zone), window.repeatUnit, index * window.repeatInterval);
  if (window.repeatEndsAt !== null && dayOf(wall) > window.repeatEndsAt) return undefined;
  return instantOf(wall, zone);
}

/**
 * A maintenance of the schedule, as new (no update: SCHEDULED); each lasts as long as the first.
 * Made announced already when it is (the write that makes it tells the pages), its reminders
 * already due counted as passed.
 */
function newMaintenance(window: MaintenanceWindow, start: number, index: number, id: string, now: number): HeldMaintenance {
  const length = Date.parse(window.endsAt) - Date.parse(window.startsAt);
  const today = dateOnly(now);
  return {
    maintenance: {
      id,
      maintenanceWindowId: window.id,
      startsAt: isoUtc(start),
      endsAt: isoUtc(start + length),
      status: 'SCHEDULED',
      created_at: today,
      updated_at: today,
      updates: [],
    },
    occurrence: index,
    started: false,
    ended: false,
    // A reminder already due when it is made would come late: it is never sent.
    reminded: window.statusPageVisibility.reminderMinutesBefore.filter((minutes) => start - minutes * MINUTE_MS <= now),
    announced: announcedFrom(window, { startsAt: isoUtc(start) }) <= now,
  };
}

/**
 * The occurrences from `from` on that start before the horizon (the first one always), but
 * those `skip` names (there already, or in the past after a PUT); and the next index to look at.
 */
export function materialise(
  window: MaintenanceWindow,
  from: number,
  making: Making,
  skip: (index: number, start: number) => boolean = () => false,
): { maintenances: HeldMaintenance[]; next: number } {
  const now = making.now();
  const maintenances: HeldMaintenance[] = [];
  let index = from;
  for (;;) {
    const start = occurrenceStart(window, index);
    if (start === undefined) return { maintenances, next: ENDED };
    if (index > 0 && start > now + HORIZON_MS) return { maintenances, next: index };
    if (!skip(index, start)) maintenances.push(newMaintenance(window, start, index, making.newId(), now));
    index++;
    // The caller refuses a schedule past this; a catch-up goes on from here next time.
    if (maintenances.length > MAX_MAINTENANCES) return { maintenances, next: index };
  }
}

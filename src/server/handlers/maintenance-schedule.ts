// What the server does with maintenance windows (docs/api-rules.md#scheduled-maintenance) as
// the clock moves: more occurrences materialised (store/maintenance-occurrences.ts), and what it
// does by itself as the clock passes a maintenance's times (IN_PROGRESS at startsAt, COMPLETED
// at endsAt, its reminders and announcement), each as of its own time, with the notices they
// send and the status pages told. Every account's windows are brought up to date before its
// maintenance routes, its status pages and its check results answer, and when the test clock
// moves, so what the clock has passed is there to read.
import { FINAL_MAINTENANCE_STATUSES, type MaintenanceStatus } from '../../contract/schemas.js';
import { dateOnly, isoUtc } from '../dates.js';
import { DurabilityError } from '../persistence/durability.js';
import type { AccountStore } from '../store.js';
import { type MaintenanceNotice, noticeOfUpdate, notifyOfMaintenance, reminderText } from '../maintenance-notices.js';
import { pagesOf } from '../maintenance-reach.js';
import type {
  HeldMaintenance,
  HeldWindow,
  MaintenanceChanged,
  MaintenancesScheduled,
  MaintenanceWindow,
} from '../store/maintenance-windows.js';
import { announcedFrom, materialise } from '../store/maintenance-occurrences.js';
import type { AppContext } from './types.js';

export const STARTED_TEXT = 'The scheduled maintenance has started.';
export const COMPLETED_TEXT = 'The scheduled maintenance is complete.';

export const isFinal = (status: MaintenanceStatus) => FINAL_MAINTENANCE_STATUSES.includes(status);

/** The maintenance with one more update, its status the update's. */
export function withUpdate(
  held: HeldMaintenance,
  status: MaintenanceStatus,
  description: string,
  at: number,
  app: AppContext,
  notifySubscribers = false,
): HeldMaintenance {
  const maintenance = held.maintenance;
  const update = {
    id: app.newId(),
    maintenanceWindowId: maintenance.maintenanceWindowId,
    maintenanceId: maintenance.id,
    status,
    description,
    notifySubscribers,
    created_at: isoUtc(at),
    previousStatus: maintenance.status,
    previousStartsAt: null,
    previousEndsAt: null,
    dateAdjustments: null,
  };
  return {
    ...held,
    maintenance: { ...maintenance, status, updated_at: dateOnly(app.now()), updates: [...maintenance.updates, update] },
  };
}

const MINUTE_MS = 60_000;

/** One maintenance brought up to the clock, and the notices its steps send. */
interface Stepped {
  held: HeldMaintenance;
  notices: MaintenanceNotice[];
}

/** Its reminders the clock has passed: sent while it is still to start, only marked once it has. */
function remindersDue(window: MaintenanceWindow, held: HeldMaintenance, now: number): Stepped {
  const starts = Date.parse(held.maintenance.startsAt);
  const due = window.statusPageVisibility.reminderMinutesBefore.filter(
    (minutes) => !held.reminded.includes(minutes) && starts - minutes * MINUTE_MS <= now,
  );
  if (!due.length) return { held, notices: [] };
  const sending = now < starts && held.maintenance.status === 'SCHEDULED';
  const notices: MaintenanceNotice[] = sending
    ? due.map((minutes) => ({
        event: 'reminder',
        description: reminderText(window, held.maintenance, minutes),
        at: starts - minutes * MINUTE_MS,
      }))
    : [];
  return { held: { ...held, reminded: [...held.reminded, ...due] }, notices };
}

/** What the clock has passed of one maintenance: its announcement, reminders, automatic start and end, as of their own times. */
function stepsDue(window: MaintenanceWindow, held: HeldMaintenance, app: AppContext): Stepped {
  const now = app.now();
  const visibility = window.statusPageVisibility;
  // Only a window shown on status pages may opt out; a hidden one always starts and ends on time.
  const autoStart = !visibility.enabled || visibility.autoStart;
  const autoEnd = !visibility.enabled || visibility.autoEnd;
  let { held: next, notices } = remindersDue(window, held, now);
  if (!next.announced && announcedFrom(window, next.maintenance) <= now) next = { ...next, announced: true };
  const starts = Date.parse(held.maintenance.startsAt);
  const ends = Date.parse(held.maintenance.endsAt);
  const post = (status: MaintenanceStatus, text: string, at: number) => {
    next = withUpdate(next, status, text, at, app);
    const notice = noticeOfUpdate(window, next.maintenance.updates.at(-1)!, at);
    if (notice) notices = [...notices, notice];
  };
  if (!next.started && starts <= now) {
    if (autoStart && next.maintenance.status === 'SCHEDULED') post('IN_PROGRESS', STARTED_TEXT, starts);
    next = { ...next, started: true };
  }
  if (!next.ended && ends <= now) {
    if (autoEnd && !isFinal(next.maintenance.status)) post('COMPLETED', COMPLETED_TEXT, ends);
    next = { ...next, ended: true };
  }
  return { held: next, notices };
}

/** A maintenance changed: its notices recorded, the pages showing its window told. */
export function maintenanceChanged(
  store: AccountStore,
  app: AppContext,
  window: MaintenanceWindow,
  held: HeldMaintenance,
  notices: readonly MaintenanceNotice[] = [],
): void {
  store.commit<MaintenanceChanged>({ kind: 'maintenanceChanged', windowId: window.id, maintenance: held });
  for (const notice of notices) notifyOfMaintenance(store, app, window, held.maintenance, notice);
  app.tellPages?.(store, pagesOf(store, window), held.maintenance);
}

function catchUpWindow(store: AccountStore, held: HeldWindow, app: AppContext): void {
  const { maintenances, next } = materialise(held.window, held.nextOccurrence, app);
  if (maintenances.length || next !== held.nextOccurrence)
    store.commit<MaintenancesScheduled>({ kind: 'maintenancesScheduled', windowId: held.window.id, maintenances, nextOccurrence: next });
  for (const maintenance of [...held.maintenances]) {
    const stepped = stepsDue(held.window, maintenance, app);
    if (stepped.held !== maintenance) maintenanceChanged(store, app, held.window, stepped.held, stepped.notices);
  }
}

/**
 * Brings the account's windows up to the clock. A data file that refuses writes leaves them as
 * they were: a read is answered all the same, and the next request tries again.
 */
export function catchUp(store: AccountStore, app: AppContext): void {
  try {
    for (const held of store.records.maintenanceWindows.all()) catchUpWindow(store, held, app);
  } catch (error) {
    if (!(error instanceof DurabilityError)) throw error;
  }
}

// What the server does with maintenance windows (docs/api-rules.md#scheduled-maintenance) as
// the clock moves: more occurrences materialised (store/maintenance-occurrences.ts), and what it
// does by itself as the clock passes a maintenance's times (IN_PROGRESS at startsAt, COMPLETED
// at endsAt), each posted as of its own time. Every account's windows are brought up to date
// before its maintenance routes answer, so what the clock has passed is there to read.
import { FINAL_MAINTENANCE_STATUSES, type MaintenanceStatus } from '../../contract/schemas.js';
import { dateOnly, isoUtc } from '../dates.js';
import { DurabilityError } from '../persistence/durability.js';
import type { AccountStore } from '../store.js';
import type {
  HeldMaintenance,
  HeldWindow,
  MaintenanceChanged,
  MaintenancesScheduled,
  MaintenanceWindow,
} from '../store/maintenance-windows.js';
import { materialise } from '../store/maintenance-occurrences.js';
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

/** What the clock has passed of one maintenance: its automatic start and end, as of their own times. */
function stepsDue(window: MaintenanceWindow, held: HeldMaintenance, app: AppContext): HeldMaintenance {
  const now = app.now();
  const visibility = window.statusPageVisibility;
  // Only a window shown on status pages may opt out; a hidden one always starts and ends on time.
  const autoStart = !visibility.enabled || visibility.autoStart;
  const autoEnd = !visibility.enabled || visibility.autoEnd;
  let next = held;
  const starts = Date.parse(held.maintenance.startsAt);
  const ends = Date.parse(held.maintenance.endsAt);
  if (!next.started && starts <= now) {
    if (autoStart && next.maintenance.status === 'SCHEDULED') next = withUpdate(next, 'IN_PROGRESS', STARTED_TEXT, starts, app);
    next = { ...next, started: true };
  }
  if (!next.ended && ends <= now) {
    if (autoEnd && !isFinal(next.maintenance.status)) next = withUpdate(next, 'COMPLETED', COMPLETED_TEXT, ends, app);
    next = { ...next, ended: true };
  }
  return next;
}

function catchUpWindow(store: AccountStore, held: HeldWindow, app: AppContext): void {
  const { maintenances, next } = materialise(held.window, held.nextOccurrence, app);
  if (maintenances.length || next !== held.nextOccurrence)
    store.commit<MaintenancesScheduled>({ kind: 'maintenancesScheduled', windowId: held.window.id, maintenances, nextOccurrence: next });
  for (const maintenance of [...held.maintenances]) {
    const stepped = stepsDue(held.window, maintenance, app);
    if (stepped !== maintenance)
      store.commit<MaintenanceChanged>({ kind: 'maintenanceChanged', windowId: held.window.id, maintenance: stepped });
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

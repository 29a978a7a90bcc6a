// A window's maintenances (one per occurrence) and their status updates
// (docs/api-rules.md#scheduled-maintenance): a PATCH moves one occurrence only; an update's
// status is the maintenance's, SCHEDULED before any; COMPLETED and CANCELLED are final.
import type { MaintenanceUpdate } from '../../contract/schemas.js';
import { dateOnly, isDateOnly, isoUtc } from '../dates.js';
import { badField, notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import { noticeOfUpdate } from '../maintenance-notices.js';
import { pagesOf } from '../maintenance-reach.js';
import type { HeldMaintenance, HeldWindow, MaintenanceDeleted } from '../store/maintenance-windows.js';
import { midnightOf } from '../store/maintenance-zoned.js';
import { zoneOf } from '../store/maintenance-occurrences.js';
import { catchUp, isFinal, maintenanceChanged, withUpdate } from './maintenance-schedule.js';
import { requireWindow } from './maintenance-windows.js';
import type { AppContext, Handler } from './types.js';

const DEFAULT_PAGE_SIZE = 10;

function requireMaintenance(
  store: AccountStore,
  app: AppContext,
  params: { id: string; maintenanceId: string },
): { window: HeldWindow; held: HeldMaintenance } {
  const window = requireWindow(store, app, params.id);
  const held = store.records.maintenanceWindows.find(window.window.id, params.maintenanceId);
  if (!held) throw notFound('maintenance', params.maintenanceId);
  return { window, held };
}

function requireUpdate(held: HeldMaintenance, updateId: string): MaintenanceUpdate {
  const update = held.maintenance.updates.find((each) => each.id === updateId);
  if (!update) throw notFound('maintenance update', updateId);
  return update;
}

/** The maintenance with its updates replaced; its status the last one's, SCHEDULED when none is left. */
function withUpdates(held: HeldMaintenance, updates: MaintenanceUpdate[], today: string): HeldMaintenance {
  return {
    ...held,
    maintenance: { ...held.maintenance, updates, status: updates.at(-1)?.status ?? 'SCHEDULED', updated_at: today },
  };
}

export const listMaintenances: Handler<'listMaintenances'> = ({ params, query, account: { store }, app }) => {
  const window = requireWindow(store, app, params.id);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const from = ((query.page ?? 1) - 1) * limit;
  return { status: 200, body: window.maintenances.slice(from, from + limit).map((held) => held.maintenance) };
};

export const getMaintenance: Handler<'getMaintenance'> = ({ params, account: { store }, app }) => ({
  status: 200,
  body: requireMaintenance(store, app, params).held.maintenance,
});

/** This occurrence only: the window's schedule stays. */
export const updateMaintenance: Handler<'updateMaintenance'> = ({ params, body, account: { store }, app }) => {
  const { window, held } = requireMaintenance(store, app, params);
  const zone = zoneOf(window.window);
  const instant = (value: string) => isoUtc(isDateOnly(value) ? midnightOf(value, zone) : Date.parse(value));
  const startsAt = body.startsAt === undefined ? held.maintenance.startsAt : instant(body.startsAt);
  const endsAt = body.endsAt === undefined ? held.maintenance.endsAt : instant(body.endsAt);
  if (!(Date.parse(startsAt) < Date.parse(endsAt))) throw badField('endsAt', `must be after startsAt (${startsAt})`);
  const now = app.now();
  const moved: HeldMaintenance = {
    ...held,
    maintenance: { ...held.maintenance, startsAt, endsAt, updated_at: dateOnly(now) },
    // Moved into the future, its start and end come again; a moved occurrence is no longer the schedule's.
    occurrence: null,
    started: held.started && Date.parse(startsAt) <= now,
    ended: held.ended && Date.parse(endsAt) <= now,
  };
  maintenanceChanged(store, app, window.window, moved);
  catchUp(store, app);
  return { status: 200, body: store.records.maintenanceWindows.find(window.window.id, held.maintenance.id)!.maintenance };
};

export const deleteMaintenance: Handler<'deleteMaintenance'> = ({ params, account: { store }, app }) => {
  const { window, held } = requireMaintenance(store, app, params);
  store.commit<MaintenanceDeleted>({ kind: 'maintenanceDeleted', windowId: window.window.id, maintenanceId: held.maintenance.id });
  app.tellPages?.(store, pagesOf(store, window.window), held.maintenance);
  return { status: 204, body: null };
};

export const createMaintenanceUpdate: Handler<'createMaintenanceUpdate'> = ({ params, body, account: { store }, app }) => {
  const { window, held } = requireMaintenance(store, app, params);
  const status = held.maintenance.status;
  if (isFinal(status)) throw badField('status', `the maintenance is ${status}, which is final: no update follows it`);
  const now = app.now();
  const next = withUpdate(held, body.status, body.description, now, app, body.notifySubscribers ?? false);
  const update = next.maintenance.updates.at(-1)!;
  const notice = noticeOfUpdate(window.window, update, now);
  maintenanceChanged(store, app, window.window, next, notice ? [notice] : []);
  return { status: 201, body: update };
};

export const updateMaintenanceUpdate: Handler<'updateMaintenanceUpdate'> = ({ params, body, account: { store }, app }) => {
  const { window, held } = requireMaintenance(store, app, params);
  const update = requireUpdate(held, params.updateId);
  const edited: MaintenanceUpdate = { ...update, description: body.description, status: body.status ?? update.status };
  const updates = held.maintenance.updates.map((each) => (each.id === update.id ? edited : each));
  maintenanceChanged(store, app, window.window, withUpdates(held, updates, dateOnly(app.now())));
  return { status: 200, body: edited };
};

export const deleteMaintenanceUpdate: Handler<'deleteMaintenanceUpdate'> = ({ params, account: { store }, app }) => {
  const { window, held } = requireMaintenance(store, app, params);
  const update = requireUpdate(held, params.updateId);
  const updates = held.maintenance.updates.filter((each) => each.id !== update.id);
  maintenanceChanged(store, app, window.window, withUpdates(held, updates, dateOnly(app.now())));
  return { status: 204, body: null };
};

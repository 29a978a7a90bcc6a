// Maintenance windows (docs/api-rules.md#scheduled-maintenance): created with their first
// maintenances, changed partially by a PUT (its future maintenances without updates scheduled
// again), listed newest first by page with startsAt/endsAt filters. Ids are whole numbers, one
// series for the whole server.
import type { MaintenanceWindow } from '../../contract/schemas.js';
import { dateOnly, isDateOnly, isoUtc, toMillis } from '../dates.js';
import { badField, notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import type {
  HeldWindow,
  MaintenancesScheduled,
  MaintenanceWindowAdded,
  MaintenanceWindowChanged,
  MaintenanceWindowDeleted,
} from '../store/maintenance-windows.js';
import { midnightOf } from '../store/maintenance-zoned.js';
import { DEFAULT_VISIBILITY, MAX_MAINTENANCES, materialise } from '../store/maintenance-occurrences.js';
import { pagesOf } from '../maintenance-reach.js';
import { catchUp } from './maintenance-schedule.js';
import type { AppContext, Handler, HandlerRequest } from './types.js';

const DEFAULT_PAGE_SIZE = 10;

type Body = HandlerRequest<'updateMaintenanceWindow'>['body'];

/** The window of a path: a whole number the account has, after bringing its windows up to the clock. */
export function requireWindow(store: AccountStore, app: AppContext, id: string): HeldWindow {
  catchUp(store, app);
  const held = /^[1-9]\d{0,14}$/.test(id) ? store.records.maintenanceWindows.get(Number(id)) : undefined;
  if (!held) throw notFound('maintenance window', id);
  return held;
}

/** An instant as sent: a date-time, or a date (midnight in the window's time zone). */
function instant(value: string, timeZone: string): string {
  return isoUtc(isDateOnly(value) ? midnightOf(value, timeZone) : Date.parse(value));
}

const defined = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

/** The window a body makes of `before` (a PUT) or of nothing (a create): the fields given replace. */
function windowOf(body: Body, id: number, today: string, before?: MaintenanceWindow): MaintenanceWindow {
  const timezone = body.timezone === undefined ? (before?.timezone ?? 'UTC') : (body.timezone ?? 'UTC');
  const visibility = { ...(before?.statusPageVisibility ?? DEFAULT_VISIBILITY), ...defined(body.statusPageVisibility ?? {}) };
  const window: MaintenanceWindow = {
    id,
    name: body.name ?? before!.name,
    tags: body.tags ?? before?.tags ?? [],
    startsAt: body.startsAt === undefined ? before!.startsAt : instant(body.startsAt, timezone),
    endsAt: body.endsAt === undefined ? before!.endsAt : instant(body.endsAt, timezone),
    repeatInterval: body.repeatInterval === undefined ? (before?.repeatInterval ?? null) : body.repeatInterval,
    repeatUnit: body.repeatUnit === undefined ? (before?.repeatUnit ?? null) : body.repeatUnit,
    // A date-time is read as the UTC date of its instant, as the hosted API reads it.
    repeatEndsAt:
      body.repeatEndsAt === undefined
        ? (before?.repeatEndsAt ?? null)
        : body.repeatEndsAt === null
          ? null
          : isDateOnly(body.repeatEndsAt)
            ? body.repeatEndsAt
            : dateOnly(Date.parse(body.repeatEndsAt)),
    timezone,
    description: body.description === undefined ? (before?.description ?? null) : body.description,
    statusPageVisibility: { ...visibility, reminderMinutesBefore: [...new Set(visibility.reminderMinutesBefore)].sort((a, b) => b - a) },
    pauseAllChecks: body.pauseAllChecks ?? before?.pauseAllChecks ?? false,
    silenceAlertsTags: body.silenceAlertsTags ?? before?.silenceAlertsTags ?? [],
    silenceAllAlerts: body.silenceAllAlerts ?? before?.silenceAllAlerts ?? false,
    created_at: before?.created_at ?? today,
    updated_at: before ? today : null,
  };
  if (!(Date.parse(window.startsAt) < Date.parse(window.endsAt))) throw badField('endsAt', `must be after startsAt (${window.startsAt})`);
  if (window.statusPageVisibility.affectAllServices && window.statusPageVisibility.serviceIds.length > 0)
    throw badField('statusPageVisibility.serviceIds', 'must be empty when affectAllServices is true: all services are affected');
  return window;
}

function tooMany(count: number): void {
  if (count > MAX_MAINTENANCES)
    throw badField(
      'repeatInterval',
      `the schedule makes more than ${MAX_MAINTENANCES} maintenances up to 90 days from now: repeat less often or start later`,
    );
}

function matches(value: string, filter: Partial<Record<'gt' | 'gte' | 'lt' | 'lte', string>> | undefined): boolean {
  if (!filter) return true;
  const at = Date.parse(value);
  const bound = (name: keyof typeof filter) => toMillis(filter[name]!);
  return (
    (filter.gt === undefined || at > bound('gt')) &&
    (filter.gte === undefined || at >= bound('gte')) &&
    (filter.lt === undefined || at < bound('lt')) &&
    (filter.lte === undefined || at <= bound('lte'))
  );
}

export const listMaintenanceWindows: Handler<'listMaintenanceWindows'> = ({ query, account: { store }, app }) => {
  catchUp(store, app);
  const windows = store.records.maintenanceWindows
    .all()
    .map((held) => held.window)
    .filter((window) => matches(window.startsAt, query.startsAt) && matches(window.endsAt, query.endsAt))
    .reverse();
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const from = ((query.page ?? 1) - 1) * limit;
  return { status: 200, body: windows.slice(from, from + limit) };
};

export const createMaintenanceWindow: Handler<'createMaintenanceWindow'> = ({ body, account: { store }, app }) => {
  catchUp(store, app);
  const part = store.records.maintenanceWindows;
  const id = app.nextWindowId?.() ?? part.highestId + 1;
  const window = windowOf(body, id, dateOnly(app.now()));
  const { maintenances, next } = materialise(window, 0, app);
  tooMany(maintenances.length);
  store.commit<MaintenanceWindowAdded>({ kind: 'maintenanceWindowAdded', window });
  store.commit<MaintenancesScheduled>({ kind: 'maintenancesScheduled', windowId: id, maintenances, nextOccurrence: next });
  catchUp(store, app);
  app.tellPages?.(store, pagesOf(store, window), { maintenanceWindowId: id });
  return { status: 201, body: window };
};

export const getMaintenanceWindow: Handler<'getMaintenanceWindow'> = ({ params, account: { store }, app }) => ({
  status: 200,
  body: requireWindow(store, app, params.id).window,
});

/** The fields given replace; the maintenances still to come with no update are scheduled again. */
export const updateMaintenanceWindow: Handler<'updateMaintenanceWindow'> = ({ params, body, account: { store }, app }) => {
  const held = requireWindow(store, app, params.id);
  const now = app.now();
  const window = windowOf(body, held.window.id, dateOnly(now), held.window);
  const shownBefore = pagesOf(store, held.window);
  const dropped = held.maintenances.filter((each) => Date.parse(each.maintenance.startsAt) > now && each.maintenance.updates.length === 0);
  // A maintenance kept (it has updates) holds its place in the schedule.
  const kept = new Set(held.maintenances.filter((each) => !dropped.includes(each)).map((each) => each.occurrence));
  const { maintenances, next } = materialise(window, 0, app, (index, start) => start <= now || kept.has(index));
  tooMany(maintenances.length + held.maintenances.length - dropped.length);
  store.commit<MaintenanceWindowChanged>({
    kind: 'maintenanceWindowChanged',
    window,
    dropped: dropped.map((each) => each.maintenance.id),
    nextOccurrence: next,
  });
  store.commit<MaintenancesScheduled>({ kind: 'maintenancesScheduled', windowId: window.id, maintenances, nextOccurrence: next });
  catchUp(store, app);
  // The pages it leaves are told too: they stop showing it.
  const pages = new Set([...shownBefore, ...pagesOf(store, window)]);
  app.tellPages?.(store, [...pages], { maintenanceWindowId: window.id });
  return { status: 200, body: window };
};

export const deleteMaintenanceWindow: Handler<'deleteMaintenanceWindow'> = ({ params, account: { store }, app }) => {
  const held = requireWindow(store, app, params.id);
  store.commit<MaintenanceWindowDeleted>({ kind: 'maintenanceWindowDeleted', windowId: held.window.id });
  app.tellPages?.(store, pagesOf(store, held.window), { maintenanceWindowId: held.window.id });
  return { status: 204, body: null };
};

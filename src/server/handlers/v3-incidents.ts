// Incidents of V3 status pages and their component impacts (docs/api-rules.md#v3-incidents).
// Every route names the page: an unknown page, an unknown incident and another page's incident
// are all 404. The rules of the windows are v3-impacts.ts's; the changes apply in store/v3-incidents.ts.
import type { V3Incident } from '../../contract/schemas.js';
import { dateOnly, isoUtc } from '../dates.js';
import { badField, notFound, validationError } from '../http-error.js';
import { jsonBytes } from '../json-bytes.js';
import type { AccountStore } from '../store.js';
import { checkImpacts, checkTimeline, openWindows, storedTimeline } from '../v3-impacts.js';
import { notifyV3Subscribers } from '../v3-notifications.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, listBody } from './pagination.js';
import type { Handler, HandlerRequest } from './types.js';
import { v3PageComponents } from './v3-page-components.js';

/** The page's component ids; a 404 for a page the account does not have. */
export function requireV3Page(store: AccountStore, statusPageId: string): ReadonlySet<string> {
  const components = v3PageComponents(store, statusPageId);
  if (!components) throw notFound('status page', statusPageId);
  return components;
}

export function requireV3Incident(store: AccountStore, statusPageId: string, incidentId: string): V3Incident {
  requireV3Page(store, statusPageId);
  const incident = store.records.v3Incidents.get(statusPageId, incidentId);
  if (!incident) throw notFound('incident', incidentId);
  return incident;
}

const CURSOR = 'v3incidents';

/** An incident as the list shows it: without its updates. */
function listItem({ incidentUpdates: _updates, ...item }: V3Incident): Omit<V3Incident, 'incidentUpdates'> {
  return item;
}

type ListResult = ReturnType<typeof listPage>;

function listPage(store: AccountStore, statusPageId: string, limit: number, before: number | undefined) {
  const page = store.records.v3Incidents.list(statusPageId, limit, before);
  const body = listBody(CURSOR, { entries: page.entries.map(listItem), lastSeq: page.lastSeq });
  return { status: 200 as const, body, json: jsonBytes(body) };
}

/**
 * Pages already answered, per account store, until one of its V3 incidents changes: a page's
 * first list, the one visitors' clients poll, is then the same bytes again instead of its
 * incidents gathered, sorted, copied without their updates and serialised again.
 */
const pageCache = new WeakMap<AccountStore, { version: number; pages: Map<string, ListResult> }>();
const PAGES_KEPT = 64;

export const listV3Incidents: Handler<'listV3Incidents'> = ({ params, query, account: { store } }) => {
  const part = store.records.v3Incidents;
  // A cursor we could not have given out is a bad request, whatever the page (validation before lookup).
  const before = query.nextId === undefined ? undefined : decodeCursor(CURSOR, query.nextId, part.changes);
  // Only whether the page exists: its component ids are for checking impacts, which a list does not.
  if (!store.records.v3StatusPages.has(params.statusPageId)) throw notFound('status page', params.statusPageId);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  let cache = pageCache.get(store);
  if (!cache || cache.version !== part.version) pageCache.set(store, (cache = { version: part.version, pages: new Map() }));
  const key = `${params.statusPageId}:${limit}:${before ?? ''}`;
  let result = cache.pages.get(key);
  if (!result) {
    result = listPage(store, params.statusPageId, limit, before);
    if (cache.pages.size >= PAGES_KEPT) cache.pages.clear();
    cache.pages.set(key, result);
  }
  return result;
};

export const getV3Incident: Handler<'getV3Incident'> = ({ params, account: { store } }) => ({
  status: 200,
  body: requireV3Incident(store, params.statusPageId, params.incidentId),
});

type UpdateInput = HandlerRequest<'createV3IncidentUpdate'>['body'];

export const createV3Incident: Handler<'createV3Incident'> = ({ params, body, account: { store }, app }) => {
  const components = requireV3Page(store, params.statusPageId);
  const impacts = body.componentImpacts ?? [];
  const problem = checkImpacts(impacts, (id) => components.has(id));
  if (problem) throw badField(problem.path, problem.message);
  const now = app.now();
  const [first] = body.incidentUpdates.map((update) => newUpdate(update, app.newId(), now));
  const incident = store.commit({
    kind: 'v3IncidentCreated',
    incident: {
      id: app.newId(),
      statusPageId: params.statusPageId,
      name: body.name,
      // The windows open when the incident does: at its first update's date.
      componentImpacts: openWindows(impacts, first!.publicIncidentUpdateDate),
      incidentUpdates: [first!],
      created_at: dateOnly(now),
      updated_at: dateOnly(now),
    },
  });
  if (first!.notifySubscribers) notifyV3Subscribers(store, app, incident, incident.incidentUpdates[0]!);
  return { status: 201, body: incident };
};

export const updateV3Incident: Handler<'updateV3Incident'> = ({ params, body, account: { store }, app }) => {
  requireV3Incident(store, params.statusPageId, params.incidentId);
  const components = requireV3Page(store, params.statusPageId);
  if (body.componentImpacts) {
    const problem = checkImpacts(body.componentImpacts, (id) => components.has(id));
    if (problem) throw badField(problem.path, problem.message);
  }
  const now = app.now();
  const incident = store.commit({
    kind: 'v3IncidentChanged',
    incidentId: params.incidentId,
    name: body.name,
    ...(body.componentImpacts ? { impacts: body.componentImpacts } : {}),
    at: isoUtc(now),
    today: dateOnly(now),
  });
  return { status: 200, body: incident };
};

export const replaceV3IncidentComponentImpacts: Handler<'replaceV3IncidentComponentImpacts'> = ({
  params,
  body,
  account: { store },
  app,
}) => {
  const incident = requireV3Incident(store, params.statusPageId, params.incidentId);
  const components = requireV3Page(store, params.statusPageId);
  // A deleted component's past windows may be sent back as they were answered.
  const named = new Set(incident.componentImpacts.map((window) => window.componentId));
  const problems = checkTimeline(
    body.componentImpacts,
    incident.lastUpdateStatus !== 'RESOLVED',
    (id) => components.has(id) || named.has(id),
  );
  if (problems.length) throw validationError(problems);
  const changed = store.commit({
    kind: 'v3IncidentTimelineReplaced',
    incidentId: params.incidentId,
    windows: storedTimeline(body.componentImpacts),
    today: dateOnly(app.now()),
  });
  return { status: 200, body: changed };
};

export const deleteV3Incident: Handler<'deleteV3Incident'> = ({ params, account: { store } }) => {
  requireV3Incident(store, params.statusPageId, params.incidentId);
  store.commit({ kind: 'v3IncidentDeleted', incidentId: params.incidentId });
  return { status: 204, body: null };
};

function newUpdate(input: UpdateInput, id: string, now: number) {
  return {
    id,
    description: input.description,
    status: input.status,
    publicIncidentUpdateDate: isoUtc(input.publicIncidentUpdateDate ?? now),
    notifySubscribers: input.notifySubscribers ?? false,
    created_at: dateOnly(now),
  };
}

/**
 * The earliest date of the incident's updates, the one being changed included: an update may not
 * be dated before it (an update sent back with its own date is always taken, and an incident
 * always has an update to compare with).
 */
function firstDate(incident: V3Incident): number {
  let first = Infinity;
  for (const update of incident.incidentUpdates) first = Math.min(first, Date.parse(update.publicIncidentUpdateDate));
  return first;
}

function checkDate(incident: V3Incident, date: string | undefined): void {
  if (date === undefined) return;
  const first = firstDate(incident);
  if (Date.parse(date) < first)
    throw badField(
      'publicIncidentUpdateDate',
      `must not be before the incident's first update (${new Date(first).toISOString()}): an update cannot predate the incident`,
    );
}

export const createV3IncidentUpdate: Handler<'createV3IncidentUpdate'> = ({ params, body, account: { store }, app }) => {
  const incident = requireV3Incident(store, params.statusPageId, params.incidentId);
  checkDate(incident, body.publicIncidentUpdateDate);
  const now = app.now();
  const update = store.commit({
    kind: 'v3IncidentUpdateAdded',
    incidentId: incident.id,
    update: newUpdate(body, app.newId(), now),
    today: dateOnly(now),
  });
  if (update.notifySubscribers) notifyV3Subscribers(store, app, requireV3Incident(store, params.statusPageId, incident.id), update);
  return { status: 201, body: update };
};

function requireUpdate(store: AccountStore, statusPageId: string, incidentId: string, updateId: string) {
  const incident = requireV3Incident(store, statusPageId, incidentId);
  // Another incident's update is not found here either: the path names both.
  const update = incident.incidentUpdates.find((each) => each.id === updateId);
  if (!update) throw notFound('incident update', updateId);
  return { incident, update };
}

export const getV3IncidentUpdate: Handler<'getV3IncidentUpdate'> = ({ params, account: { store } }) => ({
  status: 200,
  body: requireUpdate(store, params.statusPageId, params.incidentId, params.incidentUpdateId).update,
});

export const updateV3IncidentUpdate: Handler<'updateV3IncidentUpdate'> = ({ params, body, account: { store }, app }) => {
  const { incident } = requireUpdate(store, params.statusPageId, params.incidentId, params.incidentUpdateId);
  checkDate(incident, body.publicIncidentUpdateDate);
  const update = store.commit({
    kind: 'v3IncidentUpdateChanged',
    incidentId: incident.id,
    updateId: params.incidentUpdateId,
    changes: {
      description: body.description,
      status: body.status,
      ...(body.publicIncidentUpdateDate === undefined ? {} : { publicIncidentUpdateDate: isoUtc(body.publicIncidentUpdateDate) }),
      ...(body.notifySubscribers === undefined ? {} : { notifySubscribers: body.notifySubscribers }),
    },
    today: dateOnly(app.now()),
  });
  // A change notifies when it says so itself, not because the update once did.
  if (body.notifySubscribers === true) notifyV3Subscribers(store, app, requireV3Incident(store, params.statusPageId, incident.id), update);
  return { status: 200, body: update };
};

export const deleteV3IncidentUpdate: Handler<'deleteV3IncidentUpdate'> = ({ params, account: { store }, app }) => {
  const { incident } = requireUpdate(store, params.statusPageId, params.incidentId, params.incidentUpdateId);
  if (incident.incidentUpdates.length === 1)
    throw badField(
      'incidentUpdateId',
      'is the last remaining update of the incident, which cannot be deleted: delete the incident instead, or post another update first',
    );
  store.commit({ kind: 'v3IncidentUpdateDeleted', incidentId: incident.id, updateId: params.incidentUpdateId, today: dateOnly(app.now()) });
  return { status: 204, body: null };
};

/** The hosted API answers an incident's 100 latest updates. */
const UPDATES_LISTED = 100;

export const listV3IncidentUpdates: Handler<'listV3IncidentUpdates'> = ({ params, account: { store } }) => ({
  status: 200,
  body: store.records.v3Incidents.listUpdates(requireV3Incident(store, params.statusPageId, params.incidentId), UPDATES_LISTED),
});

// Incidents and their updates (docs/api-rules.md#incidents-and-their-updates).
import type { Incident, IncidentUpdate } from '../../contract/schemas.js';
import { dateOnly, isoUtc } from '../dates.js';
import { badField, notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, listBody, listJson } from './pagination.js';
import type { AppContext, Handler, HandlerRequest } from './types.js';

/** An update as a request states it (inferred from the contract's schema, never restated). */
type UpdateInput = HandlerRequest<'createIncidentUpdate'>['body'];

function newUpdate(app: AppContext, input: UpdateInput, defaultStatus: IncidentUpdate['status']): IncidentUpdate {
  const now = app.now();
  return {
    id: app.newId(),
    description: input.description,
    status: input.status ?? defaultStatus,
    publicIncidentUpdateDate: isoUtc(input.publicIncidentUpdateDate ?? now),
    created_at: dateOnly(now),
    notifySubscribers: input.notifySubscribers ?? false,
  };
}

/**
 * Each service must be one of the caller's (another account's id is as unknown as a made-up one);
 * its name is not compared, the stored service is returned (docs/api-rules.md#incidents-and-their-updates).
 */
function checkServices(store: AccountStore, services: readonly { id: string; accountId: string }[]): void {
  services.forEach((service, index) => {
    if (service.accountId.toLowerCase() !== store.accountId.toLowerCase()) {
      throw badField(`services[${index}].accountId`, `expected your account id ${store.accountId}`);
    }
    if (!store.getService(service.id)) {
      throw badField(`services[${index}].id`, `unknown service ${JSON.stringify(service.id)}`);
    }
  });
}

/**
 * An update sent with notifySubscribers: true is recorded as the notice each VERIFIED subscriber
 * of each page showing the incident would get (docs/api-rules.md#notifications). Nothing is sent.
 * Made in the same turn as the update, so the data file writes both in one batch.
 */
function notifySubscribers(store: AccountStore, app: AppContext, incident: Incident, update: IncidentUpdate): void {
  const recipients = store.notificationRecipients(incident);
  if (!recipients.length) return;
  const created_at = isoUtc(app.now());
  store.recordNotifications(
    recipients.map(({ statusPageId, address }) => ({
      id: app.newId(),
      statusPageId,
      address,
      incidentId: incident.id,
      incidentUpdateId: update.id,
      status: update.status,
      description: update.description,
      created_at,
    })),
  );
}

export const createIncident: Handler<'createIncident'> = ({ body, account: { store }, app }) => {
  checkServices(store, body.services);
  const incident = store.createIncident({
    id: app.newId(),
    name: body.name,
    severity: body.severity,
    serviceIds: body.services.map((service) => service.id),
    incidentUpdates: body.incidentUpdates.map((update) => newUpdate(app, update, 'INVESTIGATING')),
    created_at: dateOnly(app.now()),
  });
  const first = incident.incidentUpdates[0];
  if (first?.notifySubscribers) notifySubscribers(store, app, incident, first);
  return { status: 201, body: incident };
};

type ListResult = ReturnType<typeof listPage>;

function listPage(store: AccountStore, limit: number, before: number | undefined) {
  const page = store.listIncidents(limit, before);
  return {
    status: 200 as const,
    body: listBody('incidents', page),
    json: listJson('incidents', page, (incident) => store.incidentJson(incident)),
  };
}

/**
 * Pages already answered, per account store, until its incidents change: the page everyone
 * polls (the first) is then the same bytes again, not 20 incidents put together again.
 */
const pageCache = new WeakMap<AccountStore, { version: number; pages: Map<string, ListResult> }>();
const PAGES_KEPT = 64;

export const listIncidents: Handler<'listIncidents'> = ({ query, account: { store } }) => {
  const before = query.nextId === undefined ? undefined : decodeCursor('incidents', query.nextId, store.incidentCount);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  let cache = pageCache.get(store);
  if (!cache || cache.version !== store.incidentsVersion)
    pageCache.set(store, (cache = { version: store.incidentsVersion, pages: new Map() }));
  const key = `${limit}:${before ?? ''}`;
  let result = cache.pages.get(key);
  if (!result) {
    result = listPage(store, limit, before);
    if (cache.pages.size >= PAGES_KEPT) cache.pages.clear();
    cache.pages.set(key, result);
  }
  return result;
};

export const getIncident: Handler<'getIncident'> = ({ params, account: { store } }) => {
  const incident = store.getIncident(params.incidentId);
  if (!incident) throw notFound('incident', params.incidentId);
  return { status: 200, body: incident, json: store.incidentJson(incident) };
};

export const createIncidentUpdate: Handler<'createIncidentUpdate'> = ({ params, body, account: { store }, app }) => {
  const incident = store.getIncident(params.incidentId);
  if (!incident) throw notFound('incident', params.incidentId);
  const update = store.addIncidentUpdate(incident.id, newUpdate(app, body, incident.lastUpdateStatus), dateOnly(app.now()));
  if (update.notifySubscribers) notifySubscribers(store, app, incident, update);
  return { status: 200, body: update };
};

function requireUpdate(store: AccountStore, incidentId: string, updateId: string) {
  if (!store.getIncident(incidentId)) throw notFound('incident', incidentId);
  // An update id of another incident is not found here either: the path names both.
  const update = store.getIncidentUpdate(incidentId, updateId);
  if (!update) throw notFound('incident update', updateId);
  return update;
}

export const getIncidentUpdate: Handler<'getIncidentUpdate'> = ({ params, account: { store } }) => ({
  status: 200,
  body: requireUpdate(store, params.incidentId, params.incidentUpdateId),
});

export const updateIncidentUpdate: Handler<'updateIncidentUpdate'> = ({ params, body, account: { store }, app }) => {
  requireUpdate(store, params.incidentId, params.incidentUpdateId);
  const changes = {
    description: body.description,
    status: body.status,
    publicIncidentUpdateDate: body.publicIncidentUpdateDate === undefined ? undefined : isoUtc(body.publicIncidentUpdateDate),
    notifySubscribers: body.notifySubscribers,
  };
  const update = store.changeIncidentUpdate(params.incidentId, params.incidentUpdateId, changes, dateOnly(app.now()));
  // A change notifies when it says so itself, not because the update once did.
  if (body.notifySubscribers === true) notifySubscribers(store, app, store.getIncident(params.incidentId)!, update);
  return { status: 200, body: update };
};

function requireIncident(store: AccountStore, incidentId: string): Incident {
  const incident = store.getIncident(incidentId);
  if (!incident) throw notFound('incident', incidentId);
  return incident;
}

/** PUT: name, severity and services as sent (all three required); the updates are untouched. */
export const updateIncident: Handler<'updateIncident'> = ({ params, body, account: { store }, app }) => {
  requireIncident(store, params.incidentId);
  checkServices(store, body.services);
  const incident = store.changeIncident(
    params.incidentId,
    { name: body.name, severity: body.severity, serviceIds: body.services.map((service) => service.id) },
    dateOnly(app.now()),
  );
  return { status: 200, body: incident, json: store.incidentJson(incident) };
};

/**
 * PATCH (beyond the hosted document, as the vendor's own CLI sends it): the fields sent are
 * checked as on PUT, those left out are kept; the answer is PUT's.
 */
export const patchIncident: Handler<'patchIncident'> = ({ params, body, account: { store }, app }) => {
  const incident = requireIncident(store, params.incidentId);
  if (body.services) checkServices(store, body.services);
  const changed = store.changeIncident(
    params.incidentId,
    {
      name: body.name ?? incident.name,
      severity: body.severity ?? incident.severity,
      serviceIds: (body.services ?? incident.services).map((service) => service.id),
    },
    dateOnly(app.now()),
  );
  return { status: 200, body: changed, json: store.incidentJson(changed) };
};

export const deleteIncident: Handler<'deleteIncident'> = ({ params, account: { store } }) => {
  requireIncident(store, params.incidentId);
  store.deleteIncident(params.incidentId);
  return { status: 204, body: null };
};

/** The hosted API answers an incident's 100 latest updates. */
export const INCIDENT_UPDATES_LISTED = 100;

export const listIncidentUpdates: Handler<'listIncidentUpdates'> = ({ params, account: { store } }) => ({
  status: 200,
  body: store.listIncidentUpdates(requireIncident(store, params.incidentId), INCIDENT_UPDATES_LISTED),
});

/** The incident's lastUpdateStatus and duration are worked out again from the updates left. */
export const deleteIncidentUpdate: Handler<'deleteIncidentUpdate'> = ({ params, account: { store }, app }) => {
  requireUpdate(store, params.incidentId, params.incidentUpdateId);
  store.deleteIncidentUpdate(params.incidentId, params.incidentUpdateId, dateOnly(app.now()));
  return { status: 204, body: null };
};

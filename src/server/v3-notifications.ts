// The notices a V3 page's subscribers would get (docs/api-rules.md#notifications): an update sent
// with notifySubscribers records one per VERIFIED subscriber of the incident's page who is told
// of every component, or of one the incident impacts. A GROUP a subscriber names covers the
// components inside it at the time of sending, so a notice follows the tree as it is then.
// Made in the same turn as the update, so the data file writes both in one batch.
import type { V3Incident, V3IncidentUpdate, V3Subscriber } from '../contract/schemas.js';
import { isoUtc } from './dates.js';
import type { AppContext } from './handlers/types.js';
import type { AccountStore } from './store.js';

/** The components named and every group holding one. */
function reached(store: AccountStore, statusPageId: string, componentIds: Iterable<string>): Set<string> {
  const components = store.records.v3Components;
  const ids = new Set<string>();
  for (const componentId of componentIds) {
    // A group cannot sit under one of its own descendants, so the walk up ends; `ids` stops a repeat.
    for (let id: string | null = componentId; id !== null && !ids.has(id); id = components.get(statusPageId, id)?.parentId ?? null)
      ids.add(id);
  }
  return ids;
}

/**
 * The page's subscribers told of something that concerns these components (an incident's
 * impacted ones, a maintenance's): verified, and of every component or one they reach.
 */
export function v3RecipientsOf(store: AccountStore, statusPageId: string, componentIds: Iterable<string>): V3Subscriber[] {
  const told = reached(store, statusPageId, componentIds);
  return store.records.v3Subscribers
    .allOfPage(statusPageId)
    .filter(
      (subscriber) =>
        subscriber.status === 'VERIFIED' &&
        (subscriber.subscribedComponents === null || subscriber.subscribedComponents.some((id) => told.has(id))),
    );
}

/** The page's subscribers told of this incident: those of its impacted components (any window, open or ended). */
export function v3Recipients(store: AccountStore, incident: V3Incident): V3Subscriber[] {
  return v3RecipientsOf(
    store,
    incident.statusPageId,
    incident.componentImpacts.map((window) => window.componentId),
  );
}

/** Records the notices of `update`, an update of `incident` (as it is once the update is applied). */
export function notifyV3Subscribers(store: AccountStore, app: AppContext, incident: V3Incident, update: V3IncidentUpdate): void {
  const recipients = v3Recipients(store, incident);
  if (!recipients.length) return;
  const created_at = isoUtc(app.now());
  store.recordNotifications(
    recipients.map((subscriber) => ({
      id: app.newId(),
      statusPageId: incident.statusPageId,
      address: subscriber.address,
      incidentId: incident.id,
      incidentUpdateId: update.id,
      status: update.status,
      description: update.description,
      created_at,
    })),
  );
}

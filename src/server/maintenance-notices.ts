// The notices a scheduled maintenance sends (docs/api-rules.md#maintenance-notices): to the
// verified subscribers of each page that shows its window, a V3 page's only when they follow
// every component or one it puts under maintenance (a group covering one counts). Recorded
// with the incidents' notices (`kind: "maintenance"`), in the same turn as what they tell of,
// so the data file writes both in one batch. Nothing is sent.
import type { Maintenance, MaintenanceUpdate, MaintenanceWindow, Notification } from '../contract/schemas.js';
import { isoUtc } from './dates.js';
import type { AppContext } from './handlers/types.js';
import { affectedOn, pagesOf } from './maintenance-reach.js';
import type { AccountStore } from './store.js';
import { v3RecipientsOf } from './v3-notifications.js';

export type MaintenanceEvent = NonNullable<Notification['maintenanceEvent']>;

/** The addresses told on one page. */
function addressesOn(store: AccountStore, window: MaintenanceWindow, pageId: string): string[] {
  if (store.records.v3StatusPages.has(pageId))
    return v3RecipientsOf(store, pageId, affectedOn(store, window, pageId)).map((subscriber) => subscriber.address);
  const subscriptions = store.records.subscriptions.all.get(pageId)?.values() ?? [];
  return [...subscriptions].filter((subscription) => subscription.status === 'VERIFIED').map((subscription) => subscription.address);
}

/** What a reminder says. */
export function reminderText(window: MaintenanceWindow, maintenance: Maintenance, minutes: number): string {
  const lead = minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Reminder: the scheduled maintenance "${window.name}" starts in ${lead}, at ${maintenance.startsAt}.`;
}

export interface MaintenanceNotice {
  event: MaintenanceEvent;
  /** The update told of; none for a reminder. */
  update?: MaintenanceUpdate;
  description: string;
  /** When it is sent: the moment the clock passed, or now. */
  at: number;
}

/** Records one notice per recipient of each page showing the window. */
export function notifyOfMaintenance(
  store: AccountStore,
  app: AppContext,
  window: MaintenanceWindow,
  maintenance: Maintenance,
  notice: MaintenanceNotice,
): void {
  const notifications: Notification[] = [];
  for (const statusPageId of pagesOf(store, window)) {
    for (const address of addressesOn(store, window, statusPageId)) {
      notifications.push({
        id: app.newId(),
        kind: 'maintenance',
        statusPageId,
        address,
        incidentId: maintenance.id,
        incidentUpdateId: notice.update?.id ?? null,
        maintenanceWindowId: window.id,
        maintenanceId: maintenance.id,
        maintenanceEvent: notice.event,
        status: notice.update?.status ?? maintenance.status,
        description: notice.description,
        created_at: isoUtc(notice.at),
      });
    }
  }
  if (notifications.length) store.recordNotifications(notifications);
}

/**
 * The notice an update gets, if any: posted with notifySubscribers, or the start (IN_PROGRESS
 * after SCHEDULED) with notifyOnStart, or the end (COMPLETED or CANCELLED) with notifyOnEnd.
 */
export function noticeOfUpdate(window: MaintenanceWindow, update: MaintenanceUpdate, at: number): MaintenanceNotice | undefined {
  const visibility = window.statusPageVisibility;
  const starts = update.status === 'IN_PROGRESS' && update.previousStatus === 'SCHEDULED';
  const ends = update.status === 'COMPLETED' || update.status === 'CANCELLED';
  const event: MaintenanceEvent = starts ? 'started' : ends ? 'ended' : 'update';
  const told = update.notifySubscribers || (starts && visibility.notifyOnStart) || (ends && visibility.notifyOnEnd);
  return told ? { event, update, description: update.description, at } : undefined;
}

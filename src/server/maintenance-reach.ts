// What a scheduled maintenance reaches (docs/api-rules.md#maintenance-on-status-pages): the status
// pages that show it, the services (v2) or components (V3) of each that it puts under
// maintenance, when it is announced, the checks whose alerts it silences while in progress, whether
// it pauses every check, and the components it keeps the automation rules off.
// Read from the windows as they are: the caller brings them up to the clock first
// (handlers/maintenance-schedule.ts).
import type { Maintenance, MaintenanceStatus, MaintenanceWindow } from '../contract/schemas.js';
import type { AccountStore } from './store.js';
import { announcedFrom } from './store/maintenance-occurrences.js';

const IN_PROGRESS: readonly MaintenanceStatus[] = ['IN_PROGRESS', 'VERIFYING'];

export const isInProgress = (maintenance: Pick<Maintenance, 'status'>) => IN_PROGRESS.includes(maintenance.status);

/** Whether a page shows the maintenance now: in progress, or still scheduled and announced. */
export function isShown(window: MaintenanceWindow, maintenance: Maintenance, now: number): boolean {
  if (isInProgress(maintenance)) return true;
  return maintenance.status === 'SCHEDULED' && now >= announcedFrom(window, maintenance) && now < Date.parse(maintenance.endsAt);
}

/** The page's services (v2) or components (V3), by id; undefined when the account has no such page. */
export function itemsOfPage(store: AccountStore, pageId: string): ReadonlySet<string> | undefined {
  const { statusPages, v3StatusPages, v3Components } = store.records;
  if (v3StatusPages.has(pageId)) return v3Components.idsOfPage(pageId);
  const page = statusPages.has(pageId) ? statusPages.stored.find((each) => each.id === pageId) : undefined;
  return page && new Set(page.cards.flatMap((card) => card.services.map((service) => service.id)));
}

/** The pages the window is shown on (none unless its visibility is enabled), as the account has them. */
export function pagesOf(store: AccountStore, window: MaintenanceWindow): string[] {
  const visibility = window.statusPageVisibility;
  if (!visibility.enabled) return [];
  return visibility.statusPageIds.filter((pageId) => itemsOfPage(store, pageId) !== undefined);
}

/** The services or components of the page the window puts under maintenance. */
export function affectedOn(store: AccountStore, window: MaintenanceWindow, pageId: string): string[] {
  const items = itemsOfPage(store, pageId);
  if (!items) return [];
  const visibility = window.statusPageVisibility;
  return visibility.affectAllServices ? [...items] : visibility.serviceIds.filter((id) => items.has(id));
}

/** A maintenance the page shows, with what it puts under maintenance there. */
export interface ShownMaintenance {
  window: MaintenanceWindow;
  maintenance: Maintenance;
  inProgress: boolean;
  /** Ids of the page's services or components. */
  affected: string[];
}

/** The maintenances the page shows now: in progress first, then by start. */
export function maintenancesOnPage(store: AccountStore, pageId: string, now: number): ShownMaintenance[] {
  const shown: ShownMaintenance[] = [];
  for (const held of store.records.maintenanceWindows.all()) {
    const { window } = held;
    if (!window.statusPageVisibility.enabled || !window.statusPageVisibility.statusPageIds.includes(pageId)) continue;
    for (const { maintenance } of held.maintenances) {
      if (!isShown(window, maintenance, now)) continue;
      shown.push({ window, maintenance, inProgress: isInProgress(maintenance), affected: affectedOn(store, window, pageId) });
    }
  }
  return shown.sort(
    (a, b) => Number(b.inProgress) - Number(a.inProgress) || Date.parse(a.maintenance.startsAt) - Date.parse(b.maintenance.startsAt),
  );
}

/** Whether a maintenance in progress silences the alerts of a check with these tags. */
export function isSilenced(store: AccountStore, tags: readonly string[]): boolean {
  for (const { window, maintenances } of store.records.maintenanceWindows.all()) {
    if (!window.silenceAllAlerts && !window.silenceAlertsTags.some((tag) => tags.includes(tag))) continue;
    if (maintenances.some((held) => isInProgress(held.maintenance))) return true;
  }
  return false;
}

/** A maintenance in progress whose window pauses every check of the account, if there is one. */
export function pausingMaintenance(store: AccountStore): { window: MaintenanceWindow; maintenance: Maintenance } | undefined {
  for (const { window, maintenances } of store.records.maintenanceWindows.all()) {
    if (!window.pauseAllChecks) continue;
    const held = maintenances.find((each) => isInProgress(each.maintenance));
    if (held) return { window, maintenance: held.maintenance };
  }
  return undefined;
}

/**
 * The components of a V3 page that a maintenance in progress, shown on it with
 * suppressAutoIncidents, puts under maintenance: no automatic incident takes them meanwhile.
 */
export function suppressedOn(store: AccountStore, pageId: string): Set<string> {
  const suppressed = new Set<string>();
  for (const { window, maintenances } of store.records.maintenanceWindows.all()) {
    const visibility = window.statusPageVisibility;
    if (!visibility.enabled || !visibility.suppressAutoIncidents || !visibility.statusPageIds.includes(pageId)) continue;
    if (!maintenances.some((held) => isInProgress(held.maintenance))) continue;
    for (const id of affectedOn(store, window, pageId)) suppressed.add(id);
  }
  return suppressed;
}

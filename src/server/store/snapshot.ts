// A store's state as entries, as a compacted data file holds it (persistence/compaction.ts):
// restoring a store's entries in the order snapshotEntries() gives them rebuilds the store.
// One entry per record keeps every line of the file small, whatever the state's size.
import type { HeartbeatEvent, Incident, Notification, RootCauseAnalysis, Service, Subscription } from '../../contract/schemas.js';
import type { StoredStatusPage } from '../changes.js';
import type { PendingAnalysis } from './analyses.js';
import type { ErrorGroupRecord } from './error-groups.js';
import type { StoreParts } from './parts.js';

export type SnapshotEntry =
  | { kind: 'service'; service: Service }
  | { kind: 'statusPage'; page: StoredStatusPage }
  | { kind: 'incident'; incident: Incident }
  | { kind: 'errorGroup'; group: ErrorGroupRecord['group']; checkType: string; forever: boolean }
  | { kind: 'analysis'; id: string; view: PendingAnalysis | RootCauseAnalysis; errorGroupId: string; userContext: string | null }
  | { kind: 'heartbeat'; checkId: string; events: HeartbeatEvent[] }
  /** A deleted incident's place in the list, so list cursors mean the same after a restart. */
  | { kind: 'deletedIncident'; id: string }
  /** A page's subscriptions, oldest first. */
  | { kind: 'subscriptions'; statusPageId: string; subscriptions: Subscription[] }
  | { kind: 'notification'; notification: Notification };

export const SNAPSHOT_KINDS: ReadonlySet<string> = new Set<SnapshotEntry['kind']>([
  'service',
  'statusPage',
  'incident',
  'errorGroup',
  'analysis',
  'heartbeat',
  'deletedIncident',
  'subscriptions',
  'notification',
]);

/** The state as entries, in an order restoreEntry accepts (services before what names them). */
export function* snapshotEntries(parts: StoreParts): Generator<SnapshotEntry> {
  for (const service of parts.services.inOrder) yield { kind: 'service', service };
  for (const page of parts.statusPages.stored) yield { kind: 'statusPage', page };
  for (const [statusPageId, subscriptions] of parts.subscriptions.all)
    if (subscriptions.size) yield { kind: 'subscriptions', statusPageId, subscriptions: [...subscriptions.values()] };
  for (const [seq, incident] of parts.incidents.all.entries())
    yield incident ? { kind: 'incident', incident } : { kind: 'deletedIncident', id: `#${seq}` };
  for (const { group, checkType, forever } of parts.errorGroups.all) yield { kind: 'errorGroup', group, checkType, forever };
  for (const [id, { view, errorGroupId, userContext }] of parts.analyses.all)
    yield { kind: 'analysis', id, view, errorGroupId, userContext };
  for (const [checkId, events] of parts.heartbeats.all()) yield { kind: 'heartbeat', checkId, events };
  for (const notification of parts.notifications.all) yield { kind: 'notification', notification };
}

/**
 * Puts one snapshot entry back, with the indexes the changes would have built. Not a change
 * to log: only replay calls it, and the entry is itself the record.
 */
export function restoreEntry(parts: StoreParts, entry: SnapshotEntry): void {
  switch (entry.kind) {
    case 'service':
      parts.services.added(entry.service);
      return;
    case 'statusPage':
      parts.statusPages.restore(entry.page);
      return;
    case 'subscriptions':
      parts.subscriptions.added(entry.statusPageId, entry.subscriptions);
      return;
    case 'incident':
      parts.incidents.restore(entry.incident);
      return;
    case 'deletedIncident':
      parts.incidents.restoreDeleted();
      return;
    case 'notification':
      parts.notifications.restore(entry.notification);
      return;
    case 'errorGroup':
      parts.errorGroups.restore(entry);
      return;
    case 'analysis':
      parts.analyses.restore(entry.id, entry);
      return;
    case 'heartbeat':
      parts.heartbeats.restore(entry.checkId, entry.events);
      return;
  }
}

// A change record applied to the parts it changes: the one place a change's kind becomes the
// calls that make it, both when the change is first made and when it is replayed.
import type { ErrorGroup, HeartbeatEvent, Incident, IncidentUpdate, RootCauseAnalysis, Subscription } from '../../contract/schemas.js';
import type { Change, ChangeKind } from '../changes.js';
import type { PendingAnalysis } from './analyses.js';
import type { StoreParts } from './parts.js';

/** What applying a change returns: the stored object it made or changed, if any. */
interface ChangeResults extends Record<ChangeKind, unknown> {
  serviceAdded: undefined;
  statusPageAdded: undefined;
  incidentCreated: Incident;
  incidentUpdateAdded: IncidentUpdate;
  incidentUpdateChanged: IncidentUpdate;
  errorEventRecorded: ErrorGroup;
  errorGroupArchived: ErrorGroup;
  analysisRequested: PendingAnalysis;
  analysisCompleted: RootCauseAnalysis;
  heartbeatEventRecorded: HeartbeatEvent;
  heartbeatCheckAdded: undefined;
  incidentChanged: Incident;
  incidentDeleted: undefined;
  incidentUpdateDeleted: undefined;
  subscriptionsAdded: Subscription[];
  subscriptionDeleted: undefined;
  subscriptionVerified: Subscription;
  notificationsRecorded: undefined;
}
export type ChangeResult<C extends Change> = ChangeResults[C['kind']];

export function applyChange<C extends Change>(parts: StoreParts, change: C): ChangeResult<C> {
  switch (change.kind) {
    case 'serviceAdded':
      parts.services.added(change.service);
      return undefined as ChangeResult<C>;
    case 'statusPageAdded':
      parts.statusPages.added(change.page);
      return undefined as ChangeResult<C>;
    case 'incidentCreated':
      return parts.incidents.created(change.incident) as ChangeResult<C>;
    case 'incidentUpdateAdded':
      return parts.incidents.updateAdded(change.incidentId, change.update, change.today) as ChangeResult<C>;
    case 'incidentUpdateChanged':
      return parts.incidents.updateChanged(change.incidentId, change.updateId, change.changes, change.today) as ChangeResult<C>;
    case 'errorEventRecorded':
      return parts.errorGroups.recorded(change.event) as ChangeResult<C>;
    case 'errorGroupArchived':
      return parts.errorGroups.archived(change.errorGroupId, change.mode) as ChangeResult<C>;
    case 'analysisRequested':
      return parts.analyses.requested(change.request) as ChangeResult<C>;
    case 'analysisCompleted':
      return parts.analyses.completed(change.analysis) as ChangeResult<C>;
    case 'heartbeatEventRecorded':
      return parts.heartbeats.recorded(change.event) as ChangeResult<C>;
    case 'heartbeatCheckAdded':
      parts.heartbeats.checkAdded(change.checkId);
      return undefined as ChangeResult<C>;
    case 'incidentChanged':
      return parts.incidents.changed(change.incidentId, change.changes, change.today) as ChangeResult<C>;
    case 'incidentDeleted':
      parts.incidents.deleted(change.incidentId);
      return undefined as ChangeResult<C>;
    case 'incidentUpdateDeleted':
      parts.incidents.updateDeleted(change.incidentId, change.updateId, change.today);
      return undefined as ChangeResult<C>;
    case 'subscriptionsAdded':
      return parts.subscriptions.added(change.statusPageId, change.subscriptions) as ChangeResult<C>;
    case 'subscriptionDeleted':
      parts.subscriptions.deleted(change.statusPageId, change.subscriptionId);
      return undefined as ChangeResult<C>;
    case 'subscriptionVerified':
      return parts.subscriptions.verified(change.statusPageId, change.subscriptionId, change.today) as ChangeResult<C>;
    case 'notificationsRecorded':
      parts.notifications.recorded(change.notifications);
      return undefined as ChangeResult<C>;
  }
}

// One account's data, in memory. Every change is a typed change record (changes.ts) that the
// store applies and hands to its change log, if it has one (with --data, the data file):
// records carry plain JSON data with ids and timestamps already decided (never generated
// here), so replaying them rebuilds the same state. Stored objects already have the shape the
// API answers with: a response is JSON.stringify of what is stored, with no copying or
// re-validation on the hot paths.
//
// This class is what the rest of the server sees: its reads (store/reads.ts) and its changes.
// The records of each kind and their indexes live in store/, a module per kind listed by
// store/kinds.ts, changed only through commit(). A kind added since is changed through
// commit() itself (`store.commit({ kind: 'maintenanceWindowAdded', window })`): no method here.
import type { HeartbeatEvent, IncidentUpdate, Notification, RootCauseAnalysis, Service, Subscription } from '../contract/schemas.js';
import type { ErrorGroup, Incident } from '../contract/schemas.js';
import type {
  AnalysisRequest,
  ArchiveMode,
  Change,
  ChangeLog,
  ChangeResult,
  CompletedAnalysis,
  ErrorEvent,
  IncidentChanges,
  IncidentUpdateChanges,
  NewIncident,
  NewStatusPage,
} from './changes.js';
import type { PendingAnalysis } from './store/analyses.js';
import { applyChange, clearStoreParts, restoreEntry, type SnapshotEntry, snapshotEntries } from './store/kinds.js';
import { StoreReads } from './store/reads.js';

export type { ArchiveMode, StoredStatusPage } from './changes.js';

export class AccountStore extends StoreReads {
  constructor(
    accountId: string,
    /** Takes every change once applied; none: in memory only. */
    private readonly changeLog?: ChangeLog,
  ) {
    super(accountId);
  }

  // ---- changes -------------------------------------------------------------------------
  //
  // Every change goes through commit(): refused before anything is applied when the change log
  // cannot take it, handed to the log once applied. Replay (apply) runs the same code without
  // the log, so a change read back does exactly what it did the first time.

  addService(service: Service): void {
    this.commit({ kind: 'serviceAdded', service });
  }

  /** Cards name services by id; the stored services are embedded. */
  addStatusPage(page: NewStatusPage): void {
    this.commit({ kind: 'statusPageAdded', page });
  }

  createIncident(incident: NewIncident): Incident {
    return this.commit({ kind: 'incidentCreated', incident });
  }

  addIncidentUpdate(incidentId: string, update: IncidentUpdate, today: string): IncidentUpdate {
    return this.commit({ kind: 'incidentUpdateAdded', incidentId, update, today });
  }

  changeIncidentUpdate(incidentId: string, updateId: string, changes: IncidentUpdateChanges, today: string): IncidentUpdate {
    return this.commit({ kind: 'incidentUpdateChanged', incidentId, updateId, changes, today });
  }

  /**
   * An error from a check run: grouped by (checkId, errorHash of the cleaned message). A new
   * event unarchives a group archived until the next event, not one archived for ever.
   */
  recordErrorEvent(event: ErrorEvent): ErrorGroup {
    return this.commit({ kind: 'errorEventRecorded', event });
  }

  archiveErrorGroup(errorGroupId: string, mode: ArchiveMode): ErrorGroup {
    return this.commit({ kind: 'errorGroupArchived', errorGroupId, mode });
  }

  requestAnalysis(request: AnalysisRequest): PendingAnalysis {
    return this.commit({ kind: 'analysisRequested', request });
  }

  completeAnalysis(analysis: CompletedAnalysis): RootCauseAnalysis {
    return this.commit({ kind: 'analysisCompleted', analysis });
  }

  recordHeartbeatEvent(event: HeartbeatEvent): HeartbeatEvent {
    return this.commit({ kind: 'heartbeatEventRecorded', event });
  }

  /** A check known before any ping (from fixtures). */
  addHeartbeatCheck(checkId: string): void {
    this.commit({ kind: 'heartbeatCheckAdded', checkId });
  }

  changeIncident(incidentId: string, changes: IncidentChanges, today: string): Incident {
    return this.commit({ kind: 'incidentChanged', incidentId, changes, today });
  }

  deleteIncident(incidentId: string): void {
    this.commit({ kind: 'incidentDeleted', incidentId });
  }

  deleteIncidentUpdate(incidentId: string, updateId: string, today: string): void {
    this.commit({ kind: 'incidentUpdateDeleted', incidentId, updateId, today });
  }

  addSubscriptions(statusPageId: string, subscriptions: Subscription[]): Subscription[] {
    return this.commit({ kind: 'subscriptionsAdded', statusPageId, subscriptions });
  }

  deleteSubscription(statusPageId: string, subscriptionId: string): void {
    this.commit({ kind: 'subscriptionDeleted', statusPageId, subscriptionId });
  }

  verifySubscription(statusPageId: string, subscriptionId: string, today: string): Subscription {
    return this.commit({ kind: 'subscriptionVerified', statusPageId, subscriptionId, today });
  }

  recordNotifications(notifications: Notification[]): void {
    this.commit({ kind: 'notificationsRecorded', notifications });
  }

  /** Applies a change read back from a change log (replay): not handed to the log again. */
  apply<C extends Change>(change: C): ChangeResult<C> {
    return applyChange(this.records, change);
  }

  /** Makes a change: refused (thrown) when the change log cannot take it, handed to the log once applied. */
  commit<C extends Change>(change: C): ChangeResult<C> {
    const failure = this.changeLog?.failure();
    if (failure) throw failure;
    const result = this.apply(change);
    // Only a change that was applied is logged: replaying one that threw would throw again.
    this.changeLog?.append(this.accountId, change);
    return result;
  }

  // ---- snapshots (compaction) -----------------------------------------------------------

  /** The state as entries, in an order restoreEntry accepts (services before what names them). */
  snapshotEntries(): Generator<SnapshotEntry> {
    return snapshotEntries(this.records);
  }

  /** Puts one snapshot entry back (replay only: the entry is itself the record, not a change to log). */
  restoreEntry(entry: SnapshotEntry): void {
    restoreEntry(this.records, entry);
  }

  /** Replaces this store's state by `source`'s (a rollback to what the data file holds: data-file.ts). */
  restoreFrom(source: AccountStore): void {
    clearStoreParts(this.records);
    for (const entry of source.snapshotEntries()) this.restoreEntry(entry);
  }
}

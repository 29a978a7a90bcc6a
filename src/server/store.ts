// One account's data, in memory. Every change is a typed change record (changes.ts) that the
// store applies and hands to its change log, if it has one (with --data, the data file):
// records carry plain JSON data with ids and timestamps already decided (never generated
// here), so replaying them rebuilds the same state. Stored objects already have the shape the
// API answers with: a response is JSON.stringify of what is stored, with no copying or
// re-validation on the hot paths.
//
// This class is what the rest of the server sees; the records of each kind and their indexes
// live in store/, a part per kind (store/parts.ts), changed only through store/apply.ts.
import type {
  ErrorGroup,
  HeartbeatEvent,
  Incident,
  IncidentUpdate,
  Notification,
  RootCauseAnalysis,
  Service,
  StatusPage,
  Subscription,
} from '../contract/schemas.js';
import type {
  AnalysisRequest,
  ArchiveMode,
  Change,
  ChangeLog,
  CompletedAnalysis,
  ErrorEvent,
  IncidentChanges,
  IncidentUpdateChanges,
  NewIncident,
  NewStatusPage,
  StoredStatusPage,
} from './changes.js';
import type { JsonBytes } from './json-bytes.js';
import type { PendingAnalysis } from './store/analyses.js';
import { applyChange, type ChangeResult } from './store/apply.js';
import type { Page } from './store/paging.js';
import { clearStoreParts, newStoreParts, type StoreParts } from './store/parts.js';
import { restoreEntry, type SnapshotEntry, snapshotEntries } from './store/snapshot.js';

export type { ArchiveMode, StoredStatusPage } from './changes.js';

export class AccountStore {
  private readonly parts: StoreParts;

  constructor(
    readonly accountId: string,
    /** Takes every change once applied; none: in memory only. */
    private readonly changeLog?: ChangeLog,
  ) {
    this.parts = newStoreParts(accountId);
  }

  // ---- reads: each documented where the part of its kind holds it -----------------------

  getService(id: string): Service | undefined {
    return this.parts.services.get(id);
  }

  get serviceCount(): number {
    return this.parts.services.count;
  }

  /** The services a status page card holds, each once, newest first (docs/api-rules.md#services). */
  listServices(limit: number, beforeSeq?: number): Page<Service> {
    return this.parts.services.list(limit, beforeSeq);
  }

  /** A service the API lists (one a card holds), or undefined. */
  getListedService(id: string): Service | undefined {
    return this.parts.services.getListed(id);
  }

  get incidentCount(): number {
    return this.parts.incidents.count;
  }

  listIncidents(limit: number, beforeSeq?: number): Page<Incident> {
    return this.parts.incidents.list(limit, beforeSeq);
  }

  getIncident(id: string): Incident | undefined {
    return this.parts.incidents.get(id);
  }

  /** Every incident that includes one of the services, newest first (a page rendered as HTML shows them all). */
  listIncidentsOfServices(serviceIds: Iterable<string>): Incident[] {
    return this.parts.incidents.ofServices(serviceIds);
  }

  get incidentsVersion(): number {
    return this.parts.incidents.version;
  }

  incidentJson(incident: Incident): JsonBytes<Incident> {
    return this.parts.incidents.json(incident);
  }

  listIncidentUpdates(incident: Incident, limit: number): IncidentUpdate[] {
    return this.parts.incidents.listUpdates(incident, limit);
  }

  getIncidentUpdate(incidentId: string, updateId: string): IncidentUpdate | undefined {
    return this.parts.incidents.getUpdate(incidentId, updateId);
  }

  get statusPageCount(): number {
    return this.parts.statusPages.count;
  }

  listStatusPages(limit: number, beforeSeq?: number): Page<StatusPage> {
    return this.parts.statusPages.list(limit, beforeSeq);
  }

  getStatusPage(id: string): StatusPage | undefined {
    return this.parts.statusPages.get(id);
  }

  /** The status pages as stored, oldest first: the HTML pages (pages/) find theirs by url or domain. */
  get storedStatusPages(): readonly StoredStatusPage[] {
    return this.parts.statusPages.stored;
  }

  listSubscriptions(statusPageId: string): Subscription[] | undefined {
    return this.parts.subscriptions.list(statusPageId);
  }

  getSubscription(statusPageId: string, subscriptionId: string): Subscription | undefined {
    return this.parts.subscriptions.get(statusPageId, subscriptionId);
  }

  isSubscribed(statusPageId: string, address: string): boolean {
    return this.parts.subscriptions.isSubscribed(statusPageId, address);
  }

  notificationRecipients(incident: Incident): { statusPageId: string; address: string }[] {
    return this.parts.subscriptions.recipients(incident);
  }

  /** Newest first; only the incident's when one is named. */
  listNotifications(incidentId?: string): Notification[] {
    return this.parts.notifications.list(incidentId);
  }

  listErrorGroups(checkId?: string): ErrorGroup[] {
    return this.parts.errorGroups.list(checkId);
  }

  getErrorGroup(id: string): ErrorGroup | undefined {
    return this.parts.errorGroups.get(id);
  }

  getErrorGroupCheckType(id: string): string | undefined {
    return this.parts.errorGroups.checkType(id);
  }

  getAnalysis(id: string): PendingAnalysis | RootCauseAnalysis | undefined {
    return this.parts.analyses.get(id);
  }

  getAnalysisRequest(id: string): { errorGroupId: string; userContext: string | null } | undefined {
    return this.parts.analyses.getRequest(id);
  }

  pendingAnalysisIds(): string[] {
    return this.parts.analyses.pendingIds();
  }

  hasHeartbeatCheck(checkId: string): boolean {
    return this.parts.heartbeats.has(checkId);
  }

  listHeartbeatEvents(checkId: string, from: number, to: number, limit: number): HeartbeatEvent[] {
    return this.parts.heartbeats.list(checkId, from, to, limit);
  }

  getHeartbeatEvent(checkId: string, id: string): HeartbeatEvent | undefined {
    return this.parts.heartbeats.get(checkId, id);
  }

  countHeartbeatEvents(checkId: string, from: number, to: number): { total: number; successes: number } {
    return this.parts.heartbeats.count(checkId, from, to);
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
    return applyChange(this.parts, change);
  }

  private commit<C extends Change>(change: C): ChangeResult<C> {
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
    return snapshotEntries(this.parts);
  }

  /** Puts one snapshot entry back (replay only: the entry is itself the record, not a change to log). */
  restoreEntry(entry: SnapshotEntry): void {
    restoreEntry(this.parts, entry);
  }

  /** Replaces this store's state by `source`'s (a rollback to what the data file holds: data-file.ts). */
  restoreFrom(source: AccountStore): void {
    clearStoreParts(this.parts);
    for (const entry of source.snapshotEntries()) this.restoreEntry(entry);
  }
}

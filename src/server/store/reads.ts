// The store's reads, one per question the handlers and the status pages ask, each answered by
// the part of its kind (store/<kind>.ts); AccountStore (../store.ts) adds the changes. A kind
// added since is read through `records` directly: `store.records.<kind>`.
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
} from '../../contract/schemas.js';
import type { JsonBytes } from '../json-bytes.js';
import type { PendingAnalysis } from './analyses.js';
import type { Page } from './collection.js';
import { newStoreParts, type StoreParts } from './kinds.js';
import type { StoredStatusPage } from './status-pages.js';

export class StoreReads {
  /** Each kind's records, by the kind's name (store/kinds.ts). Changed only through the store's changes. */
  readonly records: StoreParts;

  constructor(readonly accountId: string) {
    this.records = newStoreParts(accountId);
  }

  getService(id: string): Service | undefined {
    return this.records.services.get(id);
  }

  get serviceCount(): number {
    return this.records.services.count;
  }

  /** The services a status page card holds, each once, newest first (docs/api-rules.md#services). */
  listServices(limit: number, beforeSeq?: number): Page<Service> {
    return this.records.services.list(limit, beforeSeq);
  }

  /** A service the API lists (one a card holds), or undefined. */
  getListedService(id: string): Service | undefined {
    return this.records.services.getListed(id);
  }

  get incidentCount(): number {
    return this.records.incidents.count;
  }

  listIncidents(limit: number, beforeSeq?: number): Page<Incident> {
    return this.records.incidents.list(limit, beforeSeq);
  }

  getIncident(id: string): Incident | undefined {
    return this.records.incidents.get(id);
  }

  /** Every incident that includes one of the services, newest first (a page rendered as HTML shows them all). */
  listIncidentsOfServices(serviceIds: Iterable<string>): Incident[] {
    return this.records.incidents.ofServices(serviceIds);
  }

  get incidentsVersion(): number {
    return this.records.incidents.version;
  }

  incidentJson(incident: Incident): JsonBytes<Incident> {
    return this.records.incidents.json(incident);
  }

  listIncidentUpdates(incident: Incident, limit: number): IncidentUpdate[] {
    return this.records.incidents.listUpdates(incident, limit);
  }

  getIncidentUpdate(incidentId: string, updateId: string): IncidentUpdate | undefined {
    return this.records.incidents.getUpdate(incidentId, updateId);
  }

  get statusPageCount(): number {
    return this.records.statusPages.count;
  }

  listStatusPages(limit: number, beforeSeq?: number): Page<StatusPage> {
    return this.records.statusPages.list(limit, beforeSeq);
  }

  getStatusPage(id: string): StatusPage | undefined {
    return this.records.statusPages.get(id);
  }

  /** The status pages as stored, oldest first: the HTML pages (pages/) find theirs by url or domain. */
  get storedStatusPages(): readonly StoredStatusPage[] {
    return this.records.statusPages.stored;
  }

  listSubscriptions(statusPageId: string): Subscription[] | undefined {
    return this.records.subscriptions.list(statusPageId);
  }

  getSubscription(statusPageId: string, subscriptionId: string): Subscription | undefined {
    return this.records.subscriptions.get(statusPageId, subscriptionId);
  }

  isSubscribed(statusPageId: string, address: string): boolean {
    return this.records.subscriptions.isSubscribed(statusPageId, address);
  }

  notificationRecipients(incident: Incident): { statusPageId: string; address: string }[] {
    return this.records.subscriptions.recipients(incident);
  }

  /** Newest first; only the incident's when one is named. */
  listNotifications(incidentId?: string): Notification[] {
    return this.records.notifications.list(incidentId);
  }

  listErrorGroups(checkId?: string): ErrorGroup[] {
    return this.records.errorGroups.list(checkId);
  }

  getErrorGroup(id: string): ErrorGroup | undefined {
    return this.records.errorGroups.get(id);
  }

  getErrorGroupCheckType(id: string): string | undefined {
    return this.records.errorGroups.checkType(id);
  }

  getAnalysis(id: string): PendingAnalysis | RootCauseAnalysis | undefined {
    return this.records.analyses.get(id);
  }

  getAnalysisRequest(id: string): { errorGroupId: string; userContext: string | null } | undefined {
    return this.records.analyses.getRequest(id);
  }

  pendingAnalysisIds(): string[] {
    return this.records.analyses.pendingIds();
  }

  hasHeartbeatCheck(checkId: string): boolean {
    return this.records.heartbeats.has(checkId);
  }

  listHeartbeatEvents(checkId: string, from: number, to: number, limit: number): HeartbeatEvent[] {
    return this.records.heartbeats.list(checkId, from, to, limit);
  }

  getHeartbeatEvent(checkId: string, id: string): HeartbeatEvent | undefined {
    return this.records.heartbeats.get(checkId, id);
  }

  countHeartbeatEvents(checkId: string, from: number, to: number): { total: number; successes: number } {
    return this.records.heartbeats.count(checkId, from, to);
  }
}

// One account's data, in memory. Every change is a typed change record (changes.ts) that the
// store applies and hands to its change log, if it has one (with --data, the data file):
// records carry plain JSON data with ids and timestamps already decided (never generated
// here), so replaying them rebuilds the same state. Stored objects already have the shape the
// API answers with: a response is JSON.stringify of what is stored, with no copying or
// re-validation on the hot paths.
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
import { SUCCESS_HEARTBEAT_STATES } from '../contract/schemas.js';
import type {
  AnalysisRequest,
  ArchiveMode,
  Change,
  ChangeKind,
  ChangeLog,
  CompletedAnalysis,
  ErrorEvent,
  IncidentChanges,
  IncidentUpdateChanges,
  NewIncident,
  NewStatusPage,
  RecordedHeartbeatEvent,
  StoredStatusPage,
} from './changes.js';
import { dateOnly } from './dates.js';
import { jsonBytes, type JsonBytes } from './json-bytes.js';
import { cleanErrorMessage, errorHash } from './error-cleaning.js';
import { seededId } from './fixtures/ids.js';
import { deriveAll, Timeline } from './timeline.js';

export type { ArchiveMode, StoredStatusPage } from './changes.js';

interface ErrorGroupRecord {
  readonly group: ErrorGroup & { rootCauseAnalyses: RootCauseAnalysis[] };
  /** `API` or `BROWSER`: what the analysis reports as checkType. */
  readonly checkType: string;
  /** Archived with archiveForEver: new events do not unarchive it. */
  forever: boolean;
}

export interface PendingAnalysis {
  id: string;
  status: 'PENDING';
}

interface AnalysisRecord {
  view: PendingAnalysis | RootCauseAnalysis;
  readonly errorGroupId: string;
  readonly userContext: string | null;
}

interface HeartbeatSeries {
  /** Sorted by timestamp; `times` and `successesBefore` run in parallel for binary search. */
  readonly events: HeartbeatEvent[];
  readonly times: number[];
  /** successesBefore[i]: successes among events[0..i); one longer than events. */
  readonly successesBefore: number[];
  readonly byId: Map<string, HeartbeatEvent>;
  /** Events applied so far: the ordinal an event recorded without an id derives its id from. */
  recorded: number;
}

function newSeries(): HeartbeatSeries {
  return { events: [], times: [], successesBefore: [0], byId: new Map(), recorded: 0 };
}

export interface Page<T> {
  entries: T[];
  /** Sequence number of the last entry when older entries remain, else null. */
  lastSeq: number | null;
}

export const STATUS_PAGE_INCIDENT_LIMIT = 20;

/**
 * One piece of a store's state, as a compacted data file holds it (persistence/compaction.ts):
 * restoring a store's entries in the order snapshotEntries() gives them rebuilds the store.
 * One entry per record keeps every line of the file small, whatever the state's size.
 */
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

/** Index of the first element of a sorted array that is >= value. */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Newest first from an append-only array whose index is the sequence number. `beforeSeq` is a
 * cursor: only entries older than it. O(limit), whatever the array's length.
 */
function pageNewestFirst<T>(items: readonly T[], limit: number, beforeSeq?: number): Page<T> {
  const start = Math.min(beforeSeq ?? items.length, items.length) - 1;
  const entries: T[] = [];
  let seq = start;
  for (; seq >= 0 && entries.length < limit; seq--) entries.push(items[seq]!);
  const lastReturned = seq + 1;
  return { entries, lastSeq: entries.length && lastReturned > 0 ? lastReturned : null };
}

/**
 * pageNewestFirst over an array with holes (deleted entries keep their place, so a cursor's
 * sequence number still means the same entry), taking only entries `keep` accepts. O(limit)
 * plus the entries skipped.
 */
function pageNewestFirstWhere<T>(
  items: readonly (T | undefined)[],
  keep: (item: T) => boolean,
  limit: number,
  beforeSeq?: number,
): Page<T> {
  const entries: T[] = [];
  let seq = Math.min(beforeSeq ?? items.length, items.length) - 1;
  for (; seq >= 0 && entries.length < limit; seq--) {
    const item = items[seq];
    if (item !== undefined && keep(item)) entries.push(item);
  }
  // More remain only if an older entry would be kept.
  let more = seq;
  while (more >= 0 && (items[more] === undefined || !keep(items[more]!))) more--;
  return { entries, lastSeq: entries.length && more >= 0 ? seq + 1 : null };
}

const always = () => true;

export class AccountStore {
  private readonly services = new Map<string, Service>();
  // Services in the order they were added: a service's index is its sequence number (list cursors).
  private readonly serviceOrder: Service[] = [];
  /** Ids of the services some status page card holds: the services the API lists. */
  private readonly servicesOnCards = new Set<string>();
  private readonly statusPages: StoredStatusPage[] = [];
  private readonly statusPageSeq = new Map<string, number>();
  // Incidents are only ever appended, so an incident's index is its sequence number; a deleted
  // one leaves a hole (undefined), so the numbers of the others do not move.
  private readonly incidents: (Incident | undefined)[] = [];
  private readonly incidentSeq = new Map<string, number>();
  private readonly incidentSeqsByService = new Map<string, number[]>();
  private readonly errorGroups = new Map<string, ErrorGroupRecord>();
  private readonly errorGroupByKey = new Map<string, string>();
  private readonly analyses = new Map<string, AnalysisRecord>();
  private readonly heartbeats = new Map<string, HeartbeatSeries>();
  /** Per status page, its subscriptions by id, oldest first. */
  private readonly subscriptions = new Map<string, Map<string, Subscription>>();
  /** Oldest first. */
  private readonly notifications: Notification[] = [];
  // Each incident's JSON bytes, made on its first read and dropped when it changes: a page of
  // 20 incidents is then 20 buffers copied, not 20 objects serialized and encoded per request.
  private readonly incidentJsonCache = new WeakMap<Incident, JsonBytes<Incident>>();
  private incidentChanges = 0;
  // Each changed incident's updates in date order and by id (timeline.ts), made on its first change.
  private readonly timelines = new WeakMap<Incident, Timeline>();

  constructor(
    readonly accountId: string,
    /** Takes every change once applied; none: in memory only. */
    private readonly changeLog?: ChangeLog,
  ) {}

  // ---- reads ---------------------------------------------------------------------------

  getService(id: string): Service | undefined {
    return this.services.get(id);
  }

  get incidentCount(): number {
    return this.incidents.length;
  }

  get statusPageCount(): number {
    return this.statusPages.length;
  }

  listIncidents(limit: number, beforeSeq?: number): Page<Incident> {
    return pageNewestFirstWhere(this.incidents, always, limit, beforeSeq);
  }

  getIncident(id: string): Incident | undefined {
    const seq = this.incidentSeq.get(id);
    return seq === undefined ? undefined : this.incidents[seq];
  }

  /** The incident's latest `limit` updates, newest publicIncidentUpdateDate first (on a tie, the one stored last first). */
  listIncidentUpdates(incident: Incident, limit: number): IncidentUpdate[] {
    return [...incident.incidentUpdates.entries()]
      .sort(([a, first], [b, second]) => Date.parse(second.publicIncidentUpdateDate) - Date.parse(first.publicIncidentUpdateDate) || b - a)
      .slice(0, limit)
      .map(([, update]) => update);
  }

  get serviceCount(): number {
    return this.serviceOrder.length;
  }

  /** The services a status page card holds, each once, newest first (docs/api-rules.md#services). */
  listServices(limit: number, beforeSeq?: number): Page<Service> {
    return pageNewestFirstWhere(this.serviceOrder, (service) => this.servicesOnCards.has(service.id), limit, beforeSeq);
  }

  /** A service the API lists (one a card holds), or undefined. */
  getListedService(id: string): Service | undefined {
    return this.servicesOnCards.has(id) ? this.services.get(id) : undefined;
  }

  /** A status page's subscriptions, newest first; undefined for a page that does not exist. */
  listSubscriptions(statusPageId: string): Subscription[] | undefined {
    if (!this.statusPageSeq.has(statusPageId)) return undefined;
    return [...(this.subscriptions.get(statusPageId)?.values() ?? [])].reverse();
  }

  getSubscription(statusPageId: string, subscriptionId: string): Subscription | undefined {
    return this.subscriptions.get(statusPageId)?.get(subscriptionId);
  }

  /** Whether the address is subscribed to the page already (addresses compare without letter case). */
  isSubscribed(statusPageId: string, address: string): boolean {
    const wanted = address.toLowerCase();
    for (const subscription of this.subscriptions.get(statusPageId)?.values() ?? []) {
      if (subscription.address.toLowerCase() === wanted) return true;
    }
    return false;
  }

  /**
   * Who would be notified of an update of the incident: each VERIFIED subscriber of each page
   * whose cards hold one of the incident's services, in the order of the pages.
   */
  notificationRecipients(incident: Incident): { statusPageId: string; address: string }[] {
    const serviceIds = new Set(incident.services.map((service) => service.id));
    const recipients: { statusPageId: string; address: string }[] = [];
    for (const page of this.statusPages) {
      if (!page.cards.some((card) => card.services.some((service) => serviceIds.has(service.id)))) continue;
      for (const subscription of this.subscriptions.get(page.id)?.values() ?? []) {
        if (subscription.status === 'VERIFIED') recipients.push({ statusPageId: page.id, address: subscription.address });
      }
    }
    return recipients;
  }

  /** Newest first; only the incident's when one is named. */
  listNotifications(incidentId?: string): Notification[] {
    const all = incidentId === undefined ? this.notifications : this.notifications.filter((n) => n.incidentId === incidentId);
    return [...all].reverse();
  }

  /** Error groups, of one check or all, newest lastSeen first (on a tie, the one recorded last first). */
  listErrorGroups(checkId?: string): ErrorGroup[] {
    const groups: ErrorGroup[] = [];
    for (const { group } of this.errorGroups.values()) if (checkId === undefined || group.checkId === checkId) groups.push(group);
    return groups.reverse().sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0));
  }

  /** JSON.stringify(incident) as UTF-8, kept until the incident next changes. */
  /** Goes up with every change to an incident: what was derived from the list before is stale. */
  get incidentsVersion(): number {
    return this.incidentChanges;
  }

  incidentJson(incident: Incident): JsonBytes<Incident> {
    let json = this.incidentJsonCache.get(incident);
    if (json === undefined) this.incidentJsonCache.set(incident, (json = jsonBytes(incident)));
    return json;
  }

  getIncidentUpdate(incidentId: string, updateId: string): IncidentUpdate | undefined {
    const incident = this.getIncident(incidentId);
    if (!incident) return undefined;
    // An incident that never changed has only the updates it was created with.
    return this.timelines.get(incident)?.get(updateId) ?? incident.incidentUpdates.find((update) => update.id === updateId);
  }

  listStatusPages(limit: number, beforeSeq?: number): Page<StatusPage> {
    const page = pageNewestFirst(this.statusPages, limit, beforeSeq);
    return { entries: page.entries.map((stored) => this.withIncidents(stored)), lastSeq: page.lastSeq };
  }

  getStatusPage(id: string): StatusPage | undefined {
    const seq = this.statusPageSeq.get(id);
    return seq === undefined ? undefined : this.withIncidents(this.statusPages[seq]!);
  }

  /** The status pages as stored, oldest first: the HTML pages (pages/) find theirs by url or domain. */
  get storedStatusPages(): readonly StoredStatusPage[] {
    return this.statusPages;
  }

  /** Every incident that includes one of the services, newest first (a page rendered as HTML shows them all). */
  listIncidentsOfServices(serviceIds: Iterable<string>): Incident[] {
    const seqs = new Set<number>();
    for (const id of serviceIds) for (const seq of this.incidentSeqsByService.get(id) ?? []) seqs.add(seq);
    return [...seqs].sort((a, b) => b - a).map((seq) => this.incidents[seq]!);
  }

  getErrorGroup(id: string): ErrorGroup | undefined {
    return this.errorGroups.get(id)?.group;
  }

  getErrorGroupCheckType(id: string): string | undefined {
    return this.errorGroups.get(id)?.checkType;
  }

  getAnalysis(id: string): PendingAnalysis | RootCauseAnalysis | undefined {
    return this.analyses.get(id)?.view;
  }

  getAnalysisRequest(id: string): { errorGroupId: string; userContext: string | null } | undefined {
    const record = this.analyses.get(id);
    return record && { errorGroupId: record.errorGroupId, userContext: record.userContext };
  }

  /** Analyses still PENDING: after a restart from a data file they are scheduled again. */
  pendingAnalysisIds(): string[] {
    const ids: string[] = [];
    for (const [id, record] of this.analyses) if (record.view.status === 'PENDING') ids.push(id);
    return ids;
  }

  hasHeartbeatCheck(checkId: string): boolean {
    return this.heartbeats.has(checkId);
  }

  /** Events of a heartbeat check with from <= timestamp < to, newest first, at most `limit`. */
  listHeartbeatEvents(checkId: string, from: number, to: number, limit: number): HeartbeatEvent[] {
    const series = this.heartbeats.get(checkId);
    if (!series || to <= from) return [];
    const first = lowerBound(series.times, from);
    const events: HeartbeatEvent[] = [];
    for (let index = lowerBound(series.times, to) - 1; index >= first && events.length < limit; index--) events.push(series.events[index]!);
    return events;
  }

  getHeartbeatEvent(checkId: string, id: string): HeartbeatEvent | undefined {
    return this.heartbeats.get(checkId)?.byId.get(id);
  }

  /** Events of a heartbeat check with from <= timestamp < to. O(log n). */
  countHeartbeatEvents(checkId: string, from: number, to: number): { total: number; successes: number } {
    const series = this.heartbeats.get(checkId);
    if (!series || to <= from) return { total: 0, successes: 0 };
    const first = lowerBound(series.times, from);
    const end = lowerBound(series.times, to);
    return { total: end - first, successes: series.successesBefore[end]! - series.successesBefore[first]! };
  }

  /** The latest incidents touching one of the page's services: a k-way merge of per-service indexes. */
  private withIncidents(page: StoredStatusPage): StatusPage {
    const lists: number[][] = [];
    const seen = new Set<string>();
    for (const card of page.cards) {
      for (const service of card.services) {
        if (seen.has(service.id)) continue;
        seen.add(service.id);
        const seqs = this.incidentSeqsByService.get(service.id);
        if (seqs?.length) lists.push(seqs);
      }
    }
    const cursors = lists.map((seqs) => seqs.length - 1);
    const incidents: Incident[] = [];
    let previous = Infinity;
    while (incidents.length < STATUS_PAGE_INCIDENT_LIMIT) {
      let best = -1;
      for (let i = 0; i < lists.length; i++) {
        const seq = lists[i]![cursors[i]!];
        if (seq !== undefined && (best === -1 || seq > lists[best]![cursors[best]!]!)) best = i;
      }
      if (best === -1) break;
      const seq = lists[best]![cursors[best]!]!;
      cursors[best]!--;
      // An incident on two of the page's services comes out of two lists, one after the other.
      if (seq === previous) continue;
      previous = seq;
      incidents.push(this.incidents[seq]!);
    }
    return { ...page, incidents };
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
    switch (change.kind) {
      case 'serviceAdded':
        this.serviceAdded(change.service);
        return undefined as ChangeResult<C>;
      case 'statusPageAdded':
        this.statusPageAdded(change.page);
        return undefined as ChangeResult<C>;
      case 'incidentCreated':
        return this.incidentCreated(change.incident) as ChangeResult<C>;
      case 'incidentUpdateAdded':
        return this.incidentUpdateAdded(change.incidentId, change.update, change.today) as ChangeResult<C>;
      case 'incidentUpdateChanged':
        return this.incidentUpdateChanged(change.incidentId, change.updateId, change.changes, change.today) as ChangeResult<C>;
      case 'errorEventRecorded':
        return this.errorEventRecorded(change.event) as ChangeResult<C>;
      case 'errorGroupArchived':
        return this.errorGroupArchived(change.errorGroupId, change.mode) as ChangeResult<C>;
      case 'analysisRequested':
        return this.analysisRequested(change.request) as ChangeResult<C>;
      case 'analysisCompleted':
        return this.analysisCompleted(change.analysis) as ChangeResult<C>;
      case 'heartbeatEventRecorded':
        return this.heartbeatEventRecorded(change.event) as ChangeResult<C>;
      case 'heartbeatCheckAdded':
        if (!this.heartbeats.has(change.checkId)) this.heartbeats.set(change.checkId, newSeries());
        return undefined as ChangeResult<C>;
      case 'incidentChanged':
        return this.incidentChanged(change.incidentId, change.changes, change.today) as ChangeResult<C>;
      case 'incidentDeleted':
        this.incidentDeleted(change.incidentId);
        return undefined as ChangeResult<C>;
      case 'incidentUpdateDeleted':
        this.incidentUpdateDeleted(change.incidentId, change.updateId, change.today);
        return undefined as ChangeResult<C>;
      case 'subscriptionsAdded':
        return this.subscriptionsAdded(change.statusPageId, change.subscriptions) as ChangeResult<C>;
      case 'subscriptionDeleted':
        if (!this.subscriptions.get(change.statusPageId)?.delete(change.subscriptionId))
          throw new Error(`unknown subscription ${change.subscriptionId} of status page ${change.statusPageId}`);
        return undefined as ChangeResult<C>;
      case 'subscriptionVerified':
        return this.subscriptionVerified(change.statusPageId, change.subscriptionId, change.today) as ChangeResult<C>;
      case 'notificationsRecorded':
        this.notifications.push(...change.notifications);
        return undefined as ChangeResult<C>;
    }
  }

  private commit<C extends Change>(change: C): ChangeResult<C> {
    const failure = this.changeLog?.failure();
    if (failure) throw failure;
    const result = this.apply(change);
    // Only a change that was applied is logged: replaying one that threw would throw again.
    this.changeLog?.append(this.accountId, change);
    return result;
  }

  private serviceAdded(service: Service): void {
    if (!this.services.has(service.id)) this.serviceOrder.push(service);
    this.services.set(service.id, service);
  }

  private statusPageAdded(page: NewStatusPage): void {
    const { cards, ...rest } = page;
    const stored: StoredStatusPage = {
      ...rest,
      cards: cards.map(({ serviceIds, ...card }) => ({ ...card, services: serviceIds.map((id) => this.requireService(id)) })),
    };
    this.statusPageSeq.set(stored.id, this.statusPages.length);
    this.statusPages.push(stored);
    this.holdServices(stored);
  }

  private holdServices(page: StoredStatusPage): void {
    for (const card of page.cards) for (const service of card.services) this.servicesOnCards.add(service.id);
  }

  private incidentCreated(args: NewIncident): Incident {
    const services = [...new Set(args.serviceIds)].map((id) => this.requireService(id));
    const incident: Incident = {
      id: args.id,
      name: args.name,
      severity: args.severity,
      services,
      incidentUpdates: args.incidentUpdates,
      ...deriveAll(args.incidentUpdates),
      created_at: args.created_at,
      updated_at: args.updated_at ?? args.created_at,
    };
    const seq = this.incidents.length;
    this.incidentChanges++;
    this.incidents.push(incident);
    this.incidentSeq.set(incident.id, seq);
    for (const service of services) this.indexIncident(service.id, seq);
    return incident;
  }

  /** Adds an incident's sequence number to a service's index, kept ascending. */
  private indexIncident(serviceId: string, seq: number): void {
    let seqs = this.incidentSeqsByService.get(serviceId);
    if (!seqs) this.incidentSeqsByService.set(serviceId, (seqs = []));
    // Usually the newest, appended; an edit adding a service to an older incident inserts it.
    const at = lowerBound(seqs, seq);
    if (seqs[at] !== seq) seqs.splice(at, 0, seq);
  }

  private unindexIncident(serviceId: string, seq: number): void {
    const seqs = this.incidentSeqsByService.get(serviceId);
    if (!seqs) return;
    const at = lowerBound(seqs, seq);
    if (seqs[at] === seq) seqs.splice(at, 1);
  }

  private incidentChanged(incidentId: string, changes: IncidentChanges, today: string): Incident {
    const incident = this.requireIncident(incidentId);
    const seq = this.incidentSeq.get(incidentId)!;
    const services = [...new Set(changes.serviceIds)].map((id) => this.requireService(id));
    const kept = new Set(services.map((service) => service.id));
    for (const service of incident.services) if (!kept.has(service.id)) this.unindexIncident(service.id, seq);
    for (const service of services) this.indexIncident(service.id, seq);
    incident.name = changes.name;
    incident.severity = changes.severity;
    incident.services = services;
    incident.updated_at = today;
    this.incidentJsonCache.delete(incident);
    this.incidentChanges++;
    return incident;
  }

  private incidentDeleted(incidentId: string): void {
    const incident = this.requireIncident(incidentId);
    const seq = this.incidentSeq.get(incidentId)!;
    for (const service of incident.services) this.unindexIncident(service.id, seq);
    this.incidents[seq] = undefined;
    this.incidentSeq.delete(incidentId);
    this.incidentChanges++;
  }

  private incidentUpdateDeleted(incidentId: string, updateId: string, today: string): void {
    const incident = this.requireIncident(incidentId);
    const index = incident.incidentUpdates.findIndex((update) => update.id === updateId);
    if (index === -1) throw new Error(`incident update ${updateId} is not part of incident ${incidentId}`);
    incident.incidentUpdates.splice(index, 1);
    // Rare: the timeline is made again from the updates left on the next change.
    this.timelines.delete(incident);
    const derived = deriveAll(incident.incidentUpdates);
    incident.lastUpdateStatus = derived.lastUpdateStatus;
    incident.duration = derived.duration;
    incident.updated_at = today;
    this.incidentJsonCache.delete(incident);
    this.incidentChanges++;
  }

  private subscriptionsAdded(statusPageId: string, subscriptions: Subscription[]): Subscription[] {
    if (!this.statusPageSeq.has(statusPageId)) throw new Error(`unknown status page ${statusPageId}`);
    let stored = this.subscriptions.get(statusPageId);
    if (!stored) this.subscriptions.set(statusPageId, (stored = new Map()));
    for (const subscription of subscriptions) stored.set(subscription.id, subscription);
    return subscriptions;
  }

  private subscriptionVerified(statusPageId: string, subscriptionId: string, today: string): Subscription {
    const subscription = this.subscriptions.get(statusPageId)?.get(subscriptionId);
    if (!subscription) throw new Error(`unknown subscription ${subscriptionId} of status page ${statusPageId}`);
    if (subscription.status !== 'VERIFIED') {
      subscription.status = 'VERIFIED';
      subscription.updated_at = today;
    }
    return subscription;
  }

  private incidentUpdateAdded(incidentId: string, update: IncidentUpdate, today: string): IncidentUpdate {
    const incident = this.requireIncident(incidentId);
    const timeline = this.getTimeline(incident);
    incident.incidentUpdates.push(update);
    timeline.add(update);
    this.recompute(incident, timeline, today);
    return update;
  }

  private incidentUpdateChanged(incidentId: string, updateId: string, changes: IncidentUpdateChanges, today: string): IncidentUpdate {
    const incident = this.requireIncident(incidentId);
    const timeline = this.getTimeline(incident);
    const update = timeline.get(updateId);
    if (!update) throw new Error(`incident update ${updateId} is not part of incident ${incidentId}`);
    for (const key of ['description', 'status', 'publicIncidentUpdateDate', 'notifySubscribers'] as const) {
      if (changes[key] !== undefined) (update as Record<typeof key, unknown>)[key] = changes[key];
    }
    timeline.moved(update);
    this.recompute(incident, timeline, today);
    return update;
  }

  private errorEventRecorded(args: ErrorEvent): ErrorGroup {
    const cleaned = cleanErrorMessage(args.rawErrorMessage);
    const hash = errorHash(cleaned);
    const key = `${args.checkId}\u0000${hash}`;
    const day = dateOnly(Date.parse(args.timestamp));
    const existingId = this.errorGroupByKey.get(key);
    const existing = existingId === undefined ? undefined : this.errorGroups.get(existingId);
    if (existing) {
      const group = existing.group;
      if (day < group.firstSeen) group.firstSeen = day;
      if (day >= group.lastSeen) {
        group.lastSeen = day;
        group.rawErrorMessage = args.rawErrorMessage;
      }
      if (!existing.forever) group.archivedUntilNextEvent = false;
      return group;
    }
    const group = {
      id: args.newGroupId,
      checkId: args.checkId,
      errorHash: hash,
      rawErrorMessage: args.rawErrorMessage,
      cleanedErrorMessage: cleaned,
      firstSeen: day,
      lastSeen: day,
      archivedUntilNextEvent: false,
      rootCauseAnalyses: [],
    };
    this.errorGroups.set(group.id, { group, checkType: args.checkType, forever: false });
    this.errorGroupByKey.set(key, group.id);
    return group;
  }

  private errorGroupArchived(id: string, mode: ArchiveMode): ErrorGroup {
    const record = this.errorGroups.get(id);
    if (!record) throw new Error(`unknown error group ${id}`);
    record.forever = mode === 'FOREVER';
    record.group.archivedUntilNextEvent = mode !== 'NONE';
    return record.group;
  }

  private analysisRequested(args: AnalysisRequest): PendingAnalysis {
    if (!this.errorGroups.has(args.errorGroupId)) throw new Error(`unknown error group ${args.errorGroupId}`);
    const view: PendingAnalysis = { id: args.id, status: 'PENDING' };
    this.analyses.set(args.id, { view, errorGroupId: args.errorGroupId, userContext: args.userContext });
    return view;
  }

  private analysisCompleted(analysis: CompletedAnalysis): RootCauseAnalysis {
    const record = this.analyses.get(analysis.id);
    if (!record) throw new Error(`unknown analysis ${analysis.id}`);
    record.view = analysis;
    this.errorGroups.get(record.errorGroupId)?.group.rootCauseAnalyses.push(analysis);
    return analysis;
  }

  private heartbeatEventRecorded(recorded: RecordedHeartbeatEvent): HeartbeatEvent {
    let series = this.heartbeats.get(recorded.checkId);
    if (!series) this.heartbeats.set(recorded.checkId, (series = newSeries()));
    const event: HeartbeatEvent = { ...recorded, id: recorded.id ?? this.derivedEventId(recorded.checkId, series.recorded) };
    series.recorded++;
    series.byId.set(event.id, event);
    const at = Date.parse(event.timestamp);
    const success = SUCCESS_HEARTBEAT_STATES.has(event.state) ? 1 : 0;
    // Pings arrive in order almost always: then this is an append. A late one is spliced in.
    const index = lowerBound(series.times, at + 1);
    series.events.splice(index, 0, event);
    series.times.splice(index, 0, at);
    series.successesBefore.splice(index + 1, 0, series.successesBefore[index]! + success);
    for (let i = index + 2; i < series.successesBefore.length; i++) series.successesBefore[i]! += success;
    return event;
  }

  /** The id of a ping recorded before pings had ids: from the check and the ping's ordinal, the same on every replay. */
  private derivedEventId(checkId: string, ordinal: number): string {
    return seededId(this.accountId, 'recorded-heartbeat-event', `${checkId}/#${ordinal}`);
  }

  // ---- snapshots (compaction) -----------------------------------------------------------

  /** The state as entries, in an order restoreEntry accepts (services before what names them). */
  *snapshotEntries(): Generator<SnapshotEntry> {
    for (const service of this.serviceOrder) yield { kind: 'service', service };
    for (const page of this.statusPages) yield { kind: 'statusPage', page };
    for (const [statusPageId, subscriptions] of this.subscriptions)
      if (subscriptions.size) yield { kind: 'subscriptions', statusPageId, subscriptions: [...subscriptions.values()] };
    for (const [seq, incident] of this.incidents.entries())
      yield incident ? { kind: 'incident', incident } : { kind: 'deletedIncident', id: `#${seq}` };
    for (const { group, checkType, forever } of this.errorGroups.values()) yield { kind: 'errorGroup', group, checkType, forever };
    for (const [id, { view, errorGroupId, userContext }] of this.analyses) yield { kind: 'analysis', id, view, errorGroupId, userContext };
    for (const [checkId, series] of this.heartbeats) yield { kind: 'heartbeat', checkId, events: series.events };
    for (const notification of this.notifications) yield { kind: 'notification', notification };
  }

  /**
   * Puts one snapshot entry back, with the indexes the changes would have built. Not a change
   * to log: only replay calls it, and the entry is itself the record.
   */
  restoreEntry(entry: SnapshotEntry): void {
    switch (entry.kind) {
      case 'service':
        this.serviceAdded(entry.service);
        return;
      case 'statusPage':
        this.statusPageSeq.set(entry.page.id, this.statusPages.length);
        this.statusPages.push(entry.page);
        this.holdServices(entry.page);
        return;
      case 'subscriptions':
        this.subscriptionsAdded(entry.statusPageId, entry.subscriptions);
        return;
      case 'incident': {
        const seq = this.incidents.length;
        this.incidentChanges++;
        this.incidents.push(entry.incident);
        this.incidentSeq.set(entry.incident.id, seq);
        for (const id of new Set(entry.incident.services.map((service) => service.id))) this.indexIncident(id, seq);
        return;
      }
      case 'deletedIncident':
        this.incidents.push(undefined);
        return;
      case 'notification':
        this.notifications.push(entry.notification);
        return;
      case 'errorGroup':
        this.errorGroups.set(entry.group.id, { group: entry.group, checkType: entry.checkType, forever: entry.forever });
        this.errorGroupByKey.set(`${entry.group.checkId}\u0000${entry.group.errorHash}`, entry.group.id);
        return;
      case 'analysis':
        this.analyses.set(entry.id, { view: entry.view, errorGroupId: entry.errorGroupId, userContext: entry.userContext });
        return;
      case 'heartbeat': {
        // Events of a snapshot written before pings had ids get one derived from their place.
        const events = entry.events.map((event, index) =>
          (event as Partial<HeartbeatEvent>).id === undefined ? { ...event, id: this.derivedEventId(entry.checkId, index) } : event,
        );
        const times = events.map((event) => Date.parse(event.timestamp));
        const successesBefore = [0];
        for (const event of events) successesBefore.push(successesBefore.at(-1)! + (SUCCESS_HEARTBEAT_STATES.has(event.state) ? 1 : 0));
        const byId = new Map(events.map((event) => [event.id, event]));
        this.heartbeats.set(entry.checkId, { events, times, successesBefore, byId, recorded: events.length });
        return;
      }
    }
  }

  /** Replaces this store's state by `source`'s (a rollback to what the data file holds: data-file.ts). */
  restoreFrom(source: AccountStore): void {
    this.services.clear();
    this.serviceOrder.length = 0;
    this.servicesOnCards.clear();
    this.subscriptions.clear();
    this.notifications.length = 0;
    this.statusPages.length = 0;
    this.statusPageSeq.clear();
    this.incidents.length = 0;
    this.incidentSeq.clear();
    this.incidentSeqsByService.clear();
    this.errorGroups.clear();
    this.errorGroupByKey.clear();
    this.analyses.clear();
    this.heartbeats.clear();
    // The caches are keyed by the old objects, which are dropped: nothing stale can be found.
    // Pages put together from the list (handlers/incidents.ts) go by the version: it moves.
    this.incidentChanges++;
    for (const entry of source.snapshotEntries()) this.restoreEntry(entry);
  }

  // ---- helpers -------------------------------------------------------------------------

  /** The incident's timeline, made from its updates on first need (an index: no state of its own). */
  private getTimeline(incident: Incident): Timeline {
    let timeline = this.timelines.get(incident);
    if (!timeline) this.timelines.set(incident, (timeline = new Timeline(incident.incidentUpdates)));
    return timeline;
  }

  /** After a change: the derived fields from the timeline, not from a walk over every update. */
  private recompute(incident: Incident, timeline: Timeline, today: string): void {
    this.incidentJsonCache.delete(incident);
    this.incidentChanges++;
    const derived = timeline.derived();
    incident.lastUpdateStatus = derived.lastUpdateStatus;
    incident.duration = derived.duration;
    incident.updated_at = today;
  }

  private requireService(id: string): Service {
    const service = this.services.get(id);
    if (!service) throw new Error(`unknown service ${id}`);
    return service;
  }

  private requireIncident(id: string): Incident {
    const incident = this.getIncident(id);
    if (!incident) throw new Error(`unknown incident ${id}`);
    return incident;
  }
}

// One account's data, in memory. Every change is a typed change record (changes.ts) that the
// store applies and hands to its change log, if it has one (with --data, the data file):
// records carry plain JSON data with ids and timestamps already decided (never generated
// here), so replaying them rebuilds the same state. Stored objects already have the shape the
// API answers with: a response is JSON.stringify of what is stored, with no copying or
// re-validation on the hot paths.
import type { ErrorGroup, HeartbeatEvent, Incident, IncidentUpdate, RootCauseAnalysis, Service, StatusPage } from '../contract/schemas.js';
import { SUCCESS_HEARTBEAT_STATES } from '../contract/schemas.js';
import type {
  AnalysisRequest,
  ArchiveMode,
  Change,
  ChangeKind,
  ChangeLog,
  CompletedAnalysis,
  ErrorEvent,
  IncidentUpdateChanges,
  NewIncident,
  NewStatusPage,
  StoredStatusPage,
} from './changes.js';
import { dateOnly } from './dates.js';
import { jsonBytes, type JsonBytes } from './json-bytes.js';
import { cleanErrorMessage, errorHash } from './error-cleaning.js';
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
  | { kind: 'heartbeat'; checkId: string; events: HeartbeatEvent[] };

export const SNAPSHOT_KINDS: ReadonlySet<string> = new Set<SnapshotEntry['kind']>([
  'service',
  'statusPage',
  'incident',
  'errorGroup',
  'analysis',
  'heartbeat',
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

export class AccountStore {
  private readonly services = new Map<string, Service>();
  private readonly statusPages: StoredStatusPage[] = [];
  private readonly statusPageSeq = new Map<string, number>();
  // Incidents are only ever appended, so an incident's index is its sequence number.
  private readonly incidents: Incident[] = [];
  private readonly incidentSeq = new Map<string, number>();
  private readonly incidentSeqsByService = new Map<string, number[]>();
  private readonly errorGroups = new Map<string, ErrorGroupRecord>();
  private readonly errorGroupByKey = new Map<string, string>();
  private readonly analyses = new Map<string, AnalysisRecord>();
  private readonly heartbeats = new Map<string, HeartbeatSeries>();
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
    return pageNewestFirst(this.incidents, limit, beforeSeq);
  }

  getIncident(id: string): Incident | undefined {
    const seq = this.incidentSeq.get(id);
    return seq === undefined ? undefined : this.incidents[seq];
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

  /** Applies a change read back from a change log (replay): not handed to the log again. */
  apply<C extends Change>(change: C): ChangeResult<C> {
    switch (change.kind) {
      case 'serviceAdded':
        this.services.set(change.service.id, change.service);
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
        if (!this.heartbeats.has(change.checkId)) this.heartbeats.set(change.checkId, { events: [], times: [], successesBefore: [0] });
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

  private statusPageAdded(page: NewStatusPage): void {
    const { cards, ...rest } = page;
    const stored: StoredStatusPage = {
      ...rest,
      cards: cards.map(({ serviceIds, ...card }) => ({ ...card, services: serviceIds.map((id) => this.requireService(id)) })),
    };
    this.statusPageSeq.set(stored.id, this.statusPages.length);
    this.statusPages.push(stored);
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
    for (const service of services) {
      let seqs = this.incidentSeqsByService.get(service.id);
      if (!seqs) this.incidentSeqsByService.set(service.id, (seqs = []));
      seqs.push(seq);
    }
    return incident;
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

  private heartbeatEventRecorded(event: HeartbeatEvent): HeartbeatEvent {
    let series = this.heartbeats.get(event.checkId);
    if (!series) this.heartbeats.set(event.checkId, (series = { events: [], times: [], successesBefore: [0] }));
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

  // ---- snapshots (compaction) -----------------------------------------------------------

  /** The state as entries, in an order restoreEntry accepts (services before what names them). */
  *snapshotEntries(): Generator<SnapshotEntry> {
    for (const service of this.services.values()) yield { kind: 'service', service };
    for (const page of this.statusPages) yield { kind: 'statusPage', page };
    for (const incident of this.incidents) yield { kind: 'incident', incident };
    for (const { group, checkType, forever } of this.errorGroups.values()) yield { kind: 'errorGroup', group, checkType, forever };
    for (const [id, { view, errorGroupId, userContext }] of this.analyses) yield { kind: 'analysis', id, view, errorGroupId, userContext };
    for (const [checkId, series] of this.heartbeats) yield { kind: 'heartbeat', checkId, events: series.events };
  }

  /**
   * Puts one snapshot entry back, with the indexes the changes would have built. Not a change
   * to log: only replay calls it, and the entry is itself the record.
   */
  restoreEntry(entry: SnapshotEntry): void {
    switch (entry.kind) {
      case 'service':
        this.services.set(entry.service.id, entry.service);
        return;
      case 'statusPage':
        this.statusPageSeq.set(entry.page.id, this.statusPages.length);
        this.statusPages.push(entry.page);
        return;
      case 'incident': {
        const seq = this.incidents.length;
        this.incidentChanges++;
        this.incidents.push(entry.incident);
        this.incidentSeq.set(entry.incident.id, seq);
        for (const id of new Set(entry.incident.services.map((service) => service.id))) {
          let seqs = this.incidentSeqsByService.get(id);
          if (!seqs) this.incidentSeqsByService.set(id, (seqs = []));
          seqs.push(seq);
        }
        return;
      }
      case 'errorGroup':
        this.errorGroups.set(entry.group.id, { group: entry.group, checkType: entry.checkType, forever: entry.forever });
        this.errorGroupByKey.set(`${entry.group.checkId}\u0000${entry.group.errorHash}`, entry.group.id);
        return;
      case 'analysis':
        this.analyses.set(entry.id, { view: entry.view, errorGroupId: entry.errorGroupId, userContext: entry.userContext });
        return;
      case 'heartbeat': {
        const times = entry.events.map((event) => Date.parse(event.timestamp));
        const successesBefore = [0];
        for (const event of entry.events)
          successesBefore.push(successesBefore.at(-1)! + (SUCCESS_HEARTBEAT_STATES.has(event.state) ? 1 : 0));
        this.heartbeats.set(entry.checkId, { events: entry.events, times, successesBefore });
        return;
      }
    }
  }

  /** Replaces this store's state by `source`'s (a rollback to what the data file holds: data-file.ts). */
  restoreFrom(source: AccountStore): void {
    this.services.clear();
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

// An account's incidents and their updates, with the indexes the reads need: by id, by service
// (ascending sequence numbers, for a status page's latest incidents), each incident's JSON bytes
// and, once it changed, its updates' timeline.
import type { Incident, IncidentUpdate, Severity } from '../../contract/schemas.js';
import { jsonBytes, type JsonBytes } from '../json-bytes.js';
import { deriveAll, Timeline } from '../timeline.js';
import { Collection, lowerBound, type Page } from './collection.js';
import type { ServiceRecords } from './services.js';

export interface NewIncident {
  id: string;
  name: string;
  severity: Severity;
  serviceIds: string[];
  incidentUpdates: IncidentUpdate[];
  created_at: string;
  /** Defaults to created_at; fixtures set it to the day of their last update. */
  updated_at?: string;
}

export type IncidentUpdateChanges = Partial<
  Pick<IncidentUpdate, 'description' | 'status' | 'publicIncidentUpdateDate' | 'notifySubscribers'>
>;

/** What a PUT of an incident sets. */
export interface IncidentChanges {
  name: string;
  severity: Severity;
  serviceIds: string[];
}

export class IncidentRecords {
  // Incidents are only ever appended, so an incident's place is its sequence number; a deleted
  // one leaves a hole, so the numbers of the others do not move.
  private readonly incidents = new Collection<Incident>();
  private readonly seqsByService = new Map<string, number[]>();
  // Each incident's JSON bytes, made on its first read and dropped when it changes: a page of
  // 20 incidents is then 20 buffers copied, not 20 objects serialized and encoded per request.
  private readonly jsonCache = new WeakMap<Incident, JsonBytes<Incident>>();
  private changes = 0;
  // Each changed incident's updates in date order and by id (timeline.ts), made on its first change.
  private readonly timelines = new WeakMap<Incident, Timeline>();

  constructor(private readonly parts: { readonly services: ServiceRecords }) {}

  // ---- reads ---------------------------------------------------------------------------

  /** Deleted ones included: the next incident's sequence number. */
  get count(): number {
    return this.incidents.count;
  }

  /** By sequence number, a deleted one as undefined. */
  get all(): readonly (Incident | undefined)[] {
    return this.incidents.all;
  }

  /** Goes up with every change to an incident: what was derived from the list before is stale. */
  get version(): number {
    return this.changes;
  }

  list(limit: number, beforeSeq?: number): Page<Incident> {
    return this.incidents.list(limit, beforeSeq);
  }

  get(id: string): Incident | undefined {
    return this.incidents.get(id);
  }

  /** JSON.stringify(incident) as UTF-8, kept until the incident next changes. */
  json(incident: Incident): JsonBytes<Incident> {
    let json = this.jsonCache.get(incident);
    if (json === undefined) this.jsonCache.set(incident, (json = jsonBytes(incident)));
    return json;
  }

  /** The incident's latest `limit` updates, newest publicIncidentUpdateDate first (on a tie, the one stored last first). */
  listUpdates(incident: Incident, limit: number): IncidentUpdate[] {
    return [...incident.incidentUpdates.entries()]
      .sort(([a, first], [b, second]) => Date.parse(second.publicIncidentUpdateDate) - Date.parse(first.publicIncidentUpdateDate) || b - a)
      .slice(0, limit)
      .map(([, update]) => update);
  }

  getUpdate(incidentId: string, updateId: string): IncidentUpdate | undefined {
    const incident = this.get(incidentId);
    if (!incident) return undefined;
    // An incident that never changed has only the updates it was created with.
    return this.timelines.get(incident)?.get(updateId) ?? incident.incidentUpdates.find((update) => update.id === updateId);
  }

  /** Every incident that includes one of the services, newest first. */
  ofServices(serviceIds: Iterable<string>): Incident[] {
    const seqs = new Set<number>();
    for (const id of serviceIds) for (const seq of this.seqsByService.get(id) ?? []) seqs.add(seq);
    return [...seqs].sort((a, b) => b - a).map((seq) => this.incidents.atSeq(seq)!);
  }

  /** The sequence numbers of the incidents that include the service, ascending. */
  seqsOfService(serviceId: string): readonly number[] | undefined {
    return this.seqsByService.get(serviceId);
  }

  /** The incident of a sequence number; undefined for one deleted. */
  atSeq(seq: number): Incident | undefined {
    return this.incidents.atSeq(seq);
  }

  // ---- changes -------------------------------------------------------------------------

  created(args: NewIncident): Incident {
    const services = [...new Set(args.serviceIds)].map((id) => this.parts.services.require(id));
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
    this.changes++;
    const seq = this.incidents.add(incident);
    for (const service of services) this.index(service.id, seq);
    return incident;
  }

  changed(incidentId: string, changes: IncidentChanges, today: string): Incident {
    const incident = this.require(incidentId);
    const seq = this.incidents.seqOf(incidentId)!;
    const services = [...new Set(changes.serviceIds)].map((id) => this.parts.services.require(id));
    const kept = new Set(services.map((service) => service.id));
    for (const service of incident.services) if (!kept.has(service.id)) this.unindex(service.id, seq);
    for (const service of services) this.index(service.id, seq);
    incident.name = changes.name;
    incident.severity = changes.severity;
    incident.services = services;
    incident.updated_at = today;
    this.jsonCache.delete(incident);
    this.changes++;
    return incident;
  }

  deleted(incidentId: string): void {
    const incident = this.require(incidentId);
    const seq = this.incidents.seqOf(incidentId)!;
    for (const service of incident.services) this.unindex(service.id, seq);
    this.incidents.delete(incidentId);
    this.changes++;
  }

  updateAdded(incidentId: string, update: IncidentUpdate, today: string): IncidentUpdate {
    const incident = this.require(incidentId);
    const timeline = this.timeline(incident);
    incident.incidentUpdates.push(update);
    timeline.add(update);
    this.recompute(incident, timeline, today);
    return update;
  }

  updateChanged(incidentId: string, updateId: string, changes: IncidentUpdateChanges, today: string): IncidentUpdate {
    const incident = this.require(incidentId);
    const timeline = this.timeline(incident);
    const update = timeline.get(updateId);
    if (!update) throw new Error(`incident update ${updateId} is not part of incident ${incidentId}`);
    for (const key of ['description', 'status', 'publicIncidentUpdateDate', 'notifySubscribers'] as const) {
      if (changes[key] !== undefined) (update as Record<typeof key, unknown>)[key] = changes[key];
    }
    timeline.moved(update);
    this.recompute(incident, timeline, today);
    return update;
  }

  updateDeleted(incidentId: string, updateId: string, today: string): void {
    const incident = this.require(incidentId);
    const index = incident.incidentUpdates.findIndex((update) => update.id === updateId);
    if (index === -1) throw new Error(`incident update ${updateId} is not part of incident ${incidentId}`);
    incident.incidentUpdates.splice(index, 1);
    // Rare: the timeline is made again from the updates left on the next change.
    this.timelines.delete(incident);
    const derived = deriveAll(incident.incidentUpdates);
    incident.lastUpdateStatus = derived.lastUpdateStatus;
    incident.duration = derived.duration;
    incident.updated_at = today;
    this.jsonCache.delete(incident);
    this.changes++;
  }

  // ---- snapshots -----------------------------------------------------------------------

  /** An incident of a snapshot, as stored: the next sequence number, indexed by its services. */
  restore(incident: Incident): void {
    this.changes++;
    const seq = this.incidents.add(incident);
    for (const id of new Set(incident.services.map((service) => service.id))) this.index(id, seq);
  }

  /** A deleted incident's place, so the sequence numbers after it mean the same incidents. */
  restoreDeleted(): void {
    this.incidents.addDeleted();
  }

  clear(): void {
    this.incidents.clear();
    this.seqsByService.clear();
    // The caches are keyed by the old objects, which are dropped: nothing stale can be found.
    // Pages put together from the list (handlers/incidents.ts) go by the version: it moves.
    this.changes++;
  }

  // ---- helpers -------------------------------------------------------------------------

  /** Adds an incident's sequence number to a service's index, kept ascending. */
  private index(serviceId: string, seq: number): void {
    let seqs = this.seqsByService.get(serviceId);
    if (!seqs) this.seqsByService.set(serviceId, (seqs = []));
    // Usually the newest, appended; an edit adding a service to an older incident inserts it.
    const at = lowerBound(seqs, seq);
    if (seqs[at] !== seq) seqs.splice(at, 0, seq);
  }

  private unindex(serviceId: string, seq: number): void {
    const seqs = this.seqsByService.get(serviceId);
    if (!seqs) return;
    const at = lowerBound(seqs, seq);
    if (seqs[at] === seq) seqs.splice(at, 1);
  }

  /** The incident's timeline, made from its updates on first need (an index: no state of its own). */
  private timeline(incident: Incident): Timeline {
    let timeline = this.timelines.get(incident);
    if (!timeline) this.timelines.set(incident, (timeline = new Timeline(incident.incidentUpdates)));
    return timeline;
  }

  /** After a change: the derived fields from the timeline, not from a walk over every update. */
  private recompute(incident: Incident, timeline: Timeline, today: string): void {
    this.jsonCache.delete(incident);
    this.changes++;
    const derived = timeline.derived();
    incident.lastUpdateStatus = derived.lastUpdateStatus;
    incident.duration = derived.duration;
    incident.updated_at = today;
  }

  private require(id: string): Incident {
    const incident = this.get(id);
    if (!incident) throw new Error(`unknown incident ${id}`);
    return incident;
  }
}

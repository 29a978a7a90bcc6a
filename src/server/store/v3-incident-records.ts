// An account's V3 incidents, by id and by page, each with the number of its last change: the
// page's list runs most recently changed first, and a list cursor carries that number, so an
// incident created or changed between two pages moves to the front instead of shifting the rest.
import type { V3Incident, V3IncidentUpdate } from '../../contract/schemas.js';
import type { Page } from './collection.js';
import type { Part } from './kind.js';

interface Held {
  incident: V3Incident;
  changeSeq: number;
}

export class V3IncidentRecords implements Part {
  private readonly byId = new Map<string, Held>();
  private readonly byPage = new Map<string, Map<string, Held>>();
  private nextSeq = 0;
  private writes = 0;

  /** The number the next change gets: a cursor is below it. */
  get changes(): number {
    return this.nextSeq;
  }

  /** Moves at every write, deletes included: a list answer kept at one version holds until it moves. */
  get version(): number {
    return this.writes;
  }

  get(statusPageId: string, incidentId: string): V3Incident | undefined {
    const held = this.byId.get(incidentId);
    // Another page's incident is not found on this one: the path names both.
    return held?.incident.statusPageId === statusPageId ? held.incident : undefined;
  }

  /** The page's incidents, most recently changed first; `beforeSeq` is a cursor: only those changed before it. */
  list(statusPageId: string, limit: number, beforeSeq?: number): Page<V3Incident> {
    const held = [...(this.byPage.get(statusPageId)?.values() ?? [])]
      .filter((each) => beforeSeq === undefined || each.changeSeq < beforeSeq)
      .sort((a, b) => b.changeSeq - a.changeSeq);
    const shown = held.slice(0, limit);
    return {
      entries: shown.map((each) => each.incident),
      lastSeq: held.length > limit ? shown.at(-1)!.changeSeq : null,
    };
  }

  /** The page's incidents, in no particular order. */
  ofPage(statusPageId: string): V3Incident[] {
    return [...(this.byPage.get(statusPageId)?.values() ?? [])].map((each) => each.incident);
  }

  /** The incident's latest `limit` updates, newest publicIncidentUpdateDate first (on a tie, the one stored last first). */
  listUpdates(incident: V3Incident, limit: number): V3IncidentUpdate[] {
    return [...incident.incidentUpdates.entries()]
      .sort(([a, first], [b, second]) => Date.parse(second.publicIncidentUpdateDate) - Date.parse(first.publicIncidentUpdateDate) || b - a)
      .slice(0, limit)
      .map(([, update]) => update);
  }

  /** The incidents whose last change is numbered `seq` or later (`changes` read before a write: what it changed). */
  changedSince(seq: number): V3Incident[] {
    return [...this.byId.values()].filter((held) => held.changeSeq >= seq).map((held) => held.incident);
  }

  /** Every incident with the number of its last change, oldest change first (a snapshot). */
  inChangeOrder(): Held[] {
    return [...this.byId.values()].sort((a, b) => a.changeSeq - b.changeSeq);
  }

  // ---- changes -------------------------------------------------------------------------

  added(incident: V3Incident): V3Incident {
    this.hold(incident, this.nextSeq++);
    return incident;
  }

  /** Applies `change` to the incident, moves its updated_at and puts it first in its page's list. */
  changed(incidentId: string, today: string, change: (incident: V3Incident) => void): V3Incident {
    const held = this.byId.get(incidentId);
    if (!held) throw new Error(`unknown V3 incident ${incidentId}`);
    this.writes++;
    change(held.incident);
    held.incident.updated_at = today;
    held.changeSeq = this.nextSeq++;
    return held.incident;
  }

  deleted(incidentId: string): void {
    const held = this.byId.get(incidentId);
    if (!held) throw new Error(`unknown V3 incident ${incidentId}`);
    this.writes++;
    this.byId.delete(incidentId);
    const page = this.byPage.get(held.incident.statusPageId)!;
    page.delete(incidentId);
    if (page.size === 0) this.byPage.delete(held.incident.statusPageId);
  }

  restore(incident: V3Incident, changeSeq: number): void {
    this.hold(incident, changeSeq);
    this.nextSeq = Math.max(this.nextSeq, changeSeq + 1);
  }

  restoreCount(changes: number): void {
    this.writes++;
    this.nextSeq = Math.max(this.nextSeq, changes);
  }

  clear(): void {
    this.byId.clear();
    this.byPage.clear();
    this.nextSeq = 0;
    this.writes++;
  }

  private hold(incident: V3Incident, changeSeq: number): void {
    this.writes++;
    const held = { incident, changeSeq };
    this.byId.set(incident.id, held);
    let page = this.byPage.get(incident.statusPageId);
    if (!page) this.byPage.set(incident.statusPageId, (page = new Map()));
    page.set(incident.id, held);
  }
}

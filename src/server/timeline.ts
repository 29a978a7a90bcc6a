// What an incident's updates say about the incident as a whole
// (docs/api-rules.md#incidents-and-their-updates). The latest
// update (by publicIncidentUpdateDate; on a tie, the one stored last) gives lastUpdateStatus;
// duration runs from the earliest update to the latest when that one is RESOLVED.
import type { IncidentStatus, IncidentUpdate } from '../contract/schemas.js';

export interface Derived {
  lastUpdateStatus: IncidentStatus;
  duration: number | null;
}

function derive(latest: IncidentUpdate | undefined, latestAt: number, earliestAt: number): Derived {
  return {
    lastUpdateStatus: latest?.status ?? 'INVESTIGATING',
    duration: latest?.status === 'RESOLVED' ? Math.floor((latestAt - earliestAt) / 1000) : null,
  };
}

/** The derived fields of a fresh list of updates: one pass, for an incident as it is created. */
export function deriveAll(updates: readonly IncidentUpdate[]): Derived {
  let latest: IncidentUpdate | undefined;
  let latestAt = -Infinity;
  let earliestAt = Infinity;
  for (const update of updates) {
    const at = Date.parse(update.publicIncidentUpdateDate);
    if (at >= latestAt) {
      latest = update;
      latestAt = at;
    }
    earliestAt = Math.min(earliestAt, at);
  }
  return derive(latest, latestAt, earliestAt);
}

interface Entry {
  readonly update: IncidentUpdate;
  /** Position in the incident's list: the tie-break (stored last wins). */
  readonly seq: number;
  at: number;
}

function before(a: Entry, at: number, seq: number): boolean {
  return a.at < at || (a.at === at && a.seq < seq);
}

/**
 * An incident's updates in date order, kept sorted as updates are added and changed, so the
 * derived fields after a change cost a binary search (and an array splice, a memory move that
 * is free when, as usual, the update is the newest), not a walk over every update; and each
 * update by id. Built on an incident's first change (most incidents never change: they pay
 * nothing for it).
 */
export class Timeline {
  /** Ascending by (date, seq): the first is the earliest, the last the latest. */
  private readonly order: Entry[] = [];
  private readonly byId = new Map<string, Entry>();

  constructor(updates: readonly IncidentUpdate[]) {
    for (const [seq, update] of updates.entries()) {
      const entry: Entry = { update, seq, at: Date.parse(update.publicIncidentUpdateDate) };
      this.byId.set(update.id, entry);
      this.order.push(entry);
    }
    this.order.sort((a, b) => a.at - b.at || a.seq - b.seq);
  }

  get(id: string): IncidentUpdate | undefined {
    return this.byId.get(id)?.update;
  }

  /** `update` was appended to the incident's list. */
  add(update: IncidentUpdate): void {
    const entry: Entry = { update, seq: this.order.length, at: Date.parse(update.publicIncidentUpdateDate) };
    this.byId.set(update.id, entry);
    this.insert(entry);
  }

  /** `update`'s date may have changed (its other fields are read where it is stored). */
  moved(update: IncidentUpdate): void {
    const entry = this.byId.get(update.id);
    if (!entry) throw new Error(`incident update ${update.id} is not in this timeline`);
    const at = Date.parse(update.publicIncidentUpdateDate);
    if (at === entry.at) return;
    this.order.splice(this.position(entry.at, entry.seq), 1);
    entry.at = at;
    this.insert(entry);
  }

  derived(): Derived {
    const latest = this.order.at(-1);
    return derive(latest?.update, latest?.at ?? -Infinity, this.order[0]?.at ?? Infinity);
  }

  private insert(entry: Entry): void {
    this.order.splice(this.position(entry.at, entry.seq), 0, entry);
  }

  /** Index of the first entry not before (at, seq). */
  private position(at: number, seq: number): number {
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(this.order[mid]!, at, seq)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

// Records kept in the order they were added, each by its id, served in cursor-paged lists
// newest first. A record's place in that order is its sequence number, the number a list
// cursor carries (handlers/pagination.ts), so a cursor means the same record however the list
// grows; a deleted record leaves a hole, so the numbers of the others do not move either.
//
// A simple kind of record is its record type, a collection and its changes
// (collectionSnapshot writes and restores it); the kinds with more indexes (incidents,
// services, status pages) keep a collection beside them.
import type { Part } from './kind.js';

export interface Page<T> {
  entries: T[];
  /** Sequence number of the last entry when older entries remain, else null. */
  lastSeq: number | null;
}

const always = () => true;

export class Collection<T extends { readonly id: string }> implements Part {
  private readonly bySeq: (T | undefined)[] = [];
  private readonly seqById = new Map<string, number>();

  /** Deleted records included: the next record's sequence number. */
  get count(): number {
    return this.bySeq.length;
  }

  /** By sequence number, a deleted record as undefined. */
  get all(): readonly (T | undefined)[] {
    return this.bySeq;
  }

  get(id: string): T | undefined {
    const seq = this.seqById.get(id);
    return seq === undefined ? undefined : this.bySeq[seq];
  }

  has(id: string): boolean {
    return this.seqById.has(id);
  }

  seqOf(id: string): number | undefined {
    return this.seqById.get(id);
  }

  /** The record of a sequence number; undefined for one deleted. */
  atSeq(seq: number): T | undefined {
    return this.bySeq[seq];
  }

  /**
   * Newest first, only records `keep` accepts; `beforeSeq` is a cursor: only records older than
   * it. O(limit) plus the records skipped, whatever the collection's size.
   */
  list(limit: number, beforeSeq?: number, keep: (record: T) => boolean = always): Page<T> {
    const items = this.bySeq;
    const entries: T[] = [];
    let seq = Math.min(beforeSeq ?? items.length, items.length) - 1;
    for (; seq >= 0 && entries.length < limit; seq--) {
      const item = items[seq];
      if (item !== undefined && keep(item)) entries.push(item);
    }
    // More remain only if an older record would be kept.
    let more = seq;
    while (more >= 0 && (items[more] === undefined || !keep(items[more]!))) more--;
    return { entries, lastSeq: entries.length && more >= 0 ? seq + 1 : null };
  }

  /** A new record, at the next sequence number; returns its sequence number. */
  add(record: T): number {
    const seq = this.bySeq.length;
    this.bySeq.push(record);
    this.seqById.set(record.id, seq);
    return seq;
  }

  /** Replaces the record of the same id where it stands, or adds it. */
  put(record: T): void {
    const seq = this.seqById.get(record.id);
    if (seq === undefined) this.add(record);
    else this.bySeq[seq] = record;
  }

  /** Removes a record, leaving its place; the record, or undefined when there was none. */
  delete(id: string): T | undefined {
    const seq = this.seqById.get(id);
    if (seq === undefined) return undefined;
    const record = this.bySeq[seq];
    this.bySeq[seq] = undefined;
    this.seqById.delete(id);
    return record;
  }

  /** A deleted record's place (a snapshot's), so the sequence numbers after it mean the same records. */
  addDeleted(): void {
    this.bySeq.push(undefined);
  }

  clear(): void {
    this.bySeq.length = 0;
    this.seqById.clear();
  }
}

/** The snapshot entries of a collection of `Entry` records: one per record, and one per deleted record's place. */
export interface CollectionEntries<Entry extends string, T> {
  record: { kind: Entry; record: T };
  deleted: { kind: `${Entry}Deleted` };
}

/**
 * The snapshot of a kind whose part is a collection of T: `{"kind":"<entry>","record":{…}}` per
 * record and `{"kind":"<entry>Deleted"}` per deleted one's place, oldest first. Written
 * `collectionSnapshot<MaintenanceWindow>()('maintenanceWindow')`: the record type is given, the
 * entry's name inferred.
 */
export function collectionSnapshot<T extends { readonly id: string }>() {
  return <const Entry extends string>(entry: Entry) => {
    type Entries = CollectionEntries<Entry, T>;
    const deleted = `${entry}Deleted` as const;
    return {
      *write(collection: Collection<T>): Generator<Entries['record'] | Entries['deleted']> {
        for (const record of collection.all) yield record ? { kind: entry, record } : { kind: deleted };
      },
      restore: {
        [entry]: (collection: Collection<T>, { record }: Entries['record']) => void collection.add(record),
        [deleted]: (collection: Collection<T>, _entry: Entries['deleted']) => collection.addDeleted(),
      } as { [K in Entry]: (collection: Collection<T>, entry: Entries['record']) => void } & {
        [K in `${Entry}Deleted`]: (collection: Collection<T>, entry: Entries['deleted']) => void;
      },
    };
  };
}

/** Index of the first element of a sorted array that is >= value. */
export function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

// Pages of a list, newest first, over arrays whose index is the entry's sequence number: the
// number a list cursor carries, so a cursor means the same entry however the list grows.

export interface Page<T> {
  entries: T[];
  /** Sequence number of the last entry when older entries remain, else null. */
  lastSeq: number | null;
}

/**
 * Newest first from an append-only array whose index is the sequence number. `beforeSeq` is a
 * cursor: only entries older than it. O(limit), whatever the array's length.
 */
export function pageNewestFirst<T>(items: readonly T[], limit: number, beforeSeq?: number): Page<T> {
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
export function pageNewestFirstWhere<T>(
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

// One list read from several lists the API pages by cursor (status pages of both generations):
// each source is read from where the last page left it, the entries are merged newest first (by
// `created_at`, then in the order each source gave them), and `nextId` is one opaque cursor made
// of every source's place, so `--next-id` goes on as with one list. A source's place is the
// cursor that fetched the page its next entry is on and how many entries of that page were shown:
// a list paged by keyset gives the same entries after one cursor whatever the page's size. Up to
// 100 entries (the API's largest page) are read with one request per source; more, or --all,
// follow each source's cursor.
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import { MAX_PAGE, type PagingOptions } from '../api/paging.js';
import type { Page } from '../api/types.js';

type Query = { limit: string; nextId?: string };

export interface Source<Entry> {
  /** Names the source in the cursor: `v2`, `v3`. */
  readonly key: string;
  fetchPage(query: Query): Promise<Page<Entry>>;
}

/** Where a source goes on: the cursor of the page (null: its first page) and the entries of that page already shown. */
interface Place {
  readonly c: string | null;
  readonly s: number;
}
/** Each source's place; null: nothing left in it. */
type Cursor = Record<string, Place | null>;

const DEFAULT_LIMIT = 20;

function encode(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decode(given: string, keys: readonly string[]): Cursor {
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(given, 'base64url').toString());
  } catch {
    cursor = undefined;
  }
  const valid =
    typeof cursor === 'object' &&
    cursor !== null &&
    keys.every((key) => {
      const place = (cursor as Cursor)[key];
      return (
        place === null ||
        (typeof place === 'object' &&
          (place.c === null || typeof place.c === 'string') &&
          Number.isInteger(place.s) &&
          place.s >= 0 &&
          place.s < MAX_PAGE)
      );
    });
  if (!valid)
    throw usageError(
      `--next-id "${given}": not a cursor of this list`,
      "pass the nextId a previous page of this list printed (-o json's nextId, or the more: line)",
    );
  return cursor as Cursor;
}

interface Read<Entry> {
  readonly entries: { entry: Entry; after: Place | null }[];
}

/** Up to `want` entries of one source from `from`, each with the place after it. */
async function readSource<Entry>(source: Source<Entry>, from: Place, want: number, onRequest: () => void): Promise<Read<Entry>> {
  const entries: Read<Entry>['entries'] = [];
  let { c: cursor, s: skip } = from;
  const seen = new Set<string>();
  let requests = 0;
  while (entries.length < want) {
    if (requests++ > 0) onRequest();
    const size = Math.min(MAX_PAGE, want - entries.length + skip);
    const page = await source.fetchPage({ limit: String(size), ...(cursor ? { nextId: cursor } : {}) });
    const at = cursor;
    page.entries.slice(skip).forEach((entry, i) => {
      const next = skip + i + 1;
      const after = next < page.entries.length ? { c: at, s: next } : page.nextId ? { c: page.nextId, s: 0 } : null;
      entries.push({ entry, after });
    });
    // One request per source for a page the API can give at once, as a list of one kind reads it.
    if (!page.nextId || page.entries.length === 0 || want <= MAX_PAGE) break;
    // A server that hands back a cursor it already gave would keep us here for ever.
    if (seen.has(page.nextId)) throw new CliError(ExitCode.failure, `the server repeated the cursor ${page.nextId}; stopped paging`);
    seen.add(page.nextId);
    cursor = page.nextId;
    skip = 0;
  }
  return { entries };
}

/**
 * One page of the merged list: `--limit` entries (20 unless given; with `all`, every entry and
 * `nextId` null), from `--next-id` (a cursor this function made) or the start of every source.
 * `newer` orders two entries, negative when the first is newer.
 */
export async function fetchMerged<Entry>(
  sources: readonly Source<Entry>[],
  options: PagingOptions,
  newer: (a: Entry, b: Entry) => number,
  onPage?: (count: number) => void,
): Promise<Page<Entry>> {
  const keys = sources.map((source) => source.key);
  const start: Cursor = options.nextId ? decode(options.nextId, keys) : Object.fromEntries(keys.map((key) => [key, { c: null, s: 0 }]));
  const want = options.all ? Number.POSITIVE_INFINITY : (options.limit ?? DEFAULT_LIMIT);
  let requests = 1;
  const reads = await Promise.all(
    sources.map((source) => {
      const from = start[source.key];
      return from ? readSource(source, from, want, () => onPage?.(++requests)) : { entries: [] };
    }),
  );
  const taken = reads.map(() => 0);
  const entries: Entry[] = [];
  while (entries.length < want) {
    let pick = -1;
    reads.forEach((read, i) => {
      const head = read.entries[taken[i]!];
      if (head && (pick < 0 || newer(head.entry, reads[pick]!.entries[taken[pick]!]!.entry) < 0)) pick = i;
    });
    if (pick < 0) break;
    entries.push(reads[pick]!.entries[taken[pick]!]!.entry);
    taken[pick]!++;
  }
  const next: Cursor = Object.fromEntries(
    sources.map((source, i) => {
      const read = reads[i]!;
      const from = start[source.key] ?? null;
      if (taken[i]! > 0) return [source.key, read.entries[taken[i]! - 1]!.after];
      return [source.key, read.entries.length > 0 ? from : null];
    }),
  );
  const more = !options.all && Object.values(next).some((place) => place !== null);
  return { length: entries.length, entries, nextId: more ? encode(next) : null };
}

/** Newest `created_at` first (ISO dates and times order as text); equal ones keep their order. */
export function newestCreatedFirst(a: { created_at: string }, b: { created_at: string }): number {
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;
}

// One list read from several lists the API pages by cursor (status pages of both generations,
// the incidents of each): each source is read from where the last page left it, the entries are
// merged newest first (by `created_at`, then in the order each source gave them), and `nextId`
// is one opaque cursor made of every source's place, so `--next-id` goes on as with one list. A
// source's place is the cursor that fetched the page its next entry is on and how many entries
// of that page were shown: a list paged by keyset gives the same entries after one cursor
// whatever the page's size. Up to 100 entries (the API's largest page) are read with one request
// per source; more, --all, or a filter the CLI applies (`keep`) follow each source's cursor.
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import { MAX_PAGE, type PagingOptions } from '../api/paging.js';
import type { Page } from '../api/types.js';

export type Query = { limit: string; nextId?: string };

export interface Source<Entry> {
  /** Names the source in the cursor: `v2`, `v3`. */
  readonly key: string;
  /**
   * A source that may be missing from a cursor made earlier (a status page created since): it
   * then has nothing to give. A cursor without a source that is not optional is not this list's.
   */
  readonly optional?: boolean;
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

const isPlace = (place: unknown): place is Place | null =>
  place === null ||
  (typeof place === 'object' &&
    ((place as Place).c === null || typeof (place as Place).c === 'string') &&
    Number.isInteger((place as Place).s) &&
    (place as Place).s >= 0 &&
    (place as Place).s < MAX_PAGE);

function decode(given: string, sources: readonly Source<unknown>[]): Cursor {
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(given, 'base64url').toString());
  } catch {
    cursor = undefined;
  }
  const valid =
    typeof cursor === 'object' &&
    cursor !== null &&
    sources.every((source) => {
      const place = (cursor as Record<string, unknown>)[source.key];
      return (source.optional && place === undefined) || isPlace(place);
    });
  if (!valid)
    throw usageError(
      `--next-id "${given}": not a cursor of this list`,
      "pass the nextId a previous page of this list printed (-o json's nextId, or the more: line)",
    );
  return cursor as Cursor;
}

/** One source read on demand from its place: the entries fetched and not yet taken, each with the place after it. */
class Reader<Entry> {
  private readonly buffer: { entry: Entry; after: Place | null }[] = [];
  private readonly seen = new Set<string>();
  private requests = 0;
  /** Where the source goes on after what was taken; null: nothing left. */
  place: Place | null;
  /** The place to fetch from next; null: nothing more to fetch. */
  private next: Place | null;

  constructor(
    private readonly source: Source<Entry>,
    from: Place | null,
    /** Entries one request asks for (with those of the page already shown). */
    private readonly size: number,
    /** Whether a page read empty may be followed by another request (false: one request per source). */
    private readonly follow: boolean,
    private readonly onRequest: () => void,
  ) {
    this.place = from;
    this.next = from;
  }

  /** The next entry, fetched if need be; undefined when the source has no more (or no more this run). */
  async head(): Promise<Entry | undefined> {
    while (this.buffer.length === 0 && this.next && (this.requests === 0 || this.follow)) await this.fetch(this.next);
    return this.buffer[0]?.entry;
  }

  take(): Entry {
    const taken = this.buffer.shift()!;
    this.place = taken.after;
    return taken.entry;
  }

  private async fetch(from: Place): Promise<void> {
    if (this.requests++ > 0) this.onRequest();
    const { c: cursor, s: skip } = from;
    const page = await this.source.fetchPage({
      limit: String(Math.min(MAX_PAGE, this.size + skip)),
      ...(cursor ? { nextId: cursor } : {}),
    });
    page.entries.slice(skip).forEach((entry, i) => {
      const shown = skip + i + 1;
      const after = shown < page.entries.length ? { c: cursor, s: shown } : page.nextId ? { c: page.nextId, s: 0 } : null;
      this.buffer.push({ entry, after });
    });
    if (!page.nextId || page.entries.length === 0) {
      this.next = null;
      // Nothing on this page past what was shown, and no page after it: the source is done.
      if (this.buffer.length === 0) this.place = null;
      return;
    }
    // A server that hands back a cursor it already gave would keep us here for ever.
    if (this.seen.has(page.nextId)) throw new CliError(ExitCode.failure, `the server repeated the cursor ${page.nextId}; stopped paging`);
    this.seen.add(page.nextId);
    this.next = { c: page.nextId, s: 0 };
  }
}

/**
 * One page of the merged list: `--limit` entries (20 unless given; with `all`, every entry and
 * `nextId` null), from `--next-id` (a cursor this function made) or the start of every source.
 * `newer` orders two entries, negative when the first is newer. With `keep`, only the entries it
 * keeps are counted and returned; the others are passed over (the cursor goes on after them).
 */
export async function fetchMerged<Entry>(
  sources: readonly Source<Entry>[],
  options: PagingOptions,
  newer: (a: Entry, b: Entry) => number,
  onPage?: (count: number) => void,
  keep?: (entry: Entry) => boolean,
): Promise<Page<Entry>> {
  const start: Cursor = options.nextId
    ? decode(options.nextId, sources)
    : Object.fromEntries(sources.map((source) => [source.key, { c: null, s: 0 }]));
  const { want, follow, size } = sizes(options, keep !== undefined);
  let requests = 1;
  const readers = sources.map((source) => new Reader(source, start[source.key] ?? null, size, follow, () => onPage?.(++requests)));
  const entries: Entry[] = [];
  while (entries.length < want) {
    const heads = await Promise.all(readers.map((reader) => reader.head()));
    let pick = -1;
    heads.forEach((head, i) => {
      if (head !== undefined && (pick < 0 || newer(head, heads[pick]!) < 0)) pick = i;
    });
    if (pick < 0) break;
    const entry = readers[pick]!.take();
    if (!keep || keep(entry)) entries.push(entry);
  }
  const next: Cursor = Object.fromEntries(sources.map((source, i) => [source.key, readers[i]!.place]));
  const more = !options.all && Object.values(next).some((place) => place !== null);
  return { length: entries.length, entries, nextId: more ? encode(next) : null };
}

/** How many entries a page of the merged list shows, whether sources are followed past one request, and how many one request asks for. */
function sizes(options: PagingOptions, filtered: boolean): { want: number; follow: boolean; size: number } {
  const want = options.all ? Number.POSITIVE_INFINITY : (options.limit ?? DEFAULT_LIMIT);
  // One request per source for a page the API can give at once, as a list of one kind reads it.
  const follow = want > MAX_PAGE || filtered;
  return { want, follow, size: follow ? MAX_PAGE : want };
}

/**
 * The query of the first request fetchMerged will make to the source `key` for `options` (with
 * a filter of the CLI's or not), so that a caller can send it while it still finds the other
 * sources; undefined when it will make none (the cursor has the source done) or the cursor is
 * not one this function can read (fetchMerged then says so).
 */
export function firstQuery(key: string, options: PagingOptions, filtered: boolean): Query | undefined {
  let place: Place | null | undefined = { c: null, s: 0 };
  if (options.nextId) {
    try {
      place = (JSON.parse(Buffer.from(options.nextId, 'base64url').toString()) as Cursor)[key];
    } catch {
      return undefined;
    }
    if (!isPlace(place) || place === null) return undefined;
  }
  const { size } = sizes(options, filtered);
  return { limit: String(Math.min(MAX_PAGE, size + place.s)), ...(place.c ? { nextId: place.c } : {}) };
}

/** Newest `created_at` first (ISO dates and times order as text); equal ones keep their order. */
export function newestCreatedFirst(a: { created_at: string }, b: { created_at: string }): number {
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;
}

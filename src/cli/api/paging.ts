// Cursor paging shared by `status-pages list`, `incidents list` and the services `incidents create` offers.
import { CliError, ExitCode } from '../errors/exit-codes.js';
import type { Page } from './types.js';

/** The API returns at most this many entries a page; a larger --limit is read as several pages. */
export const MAX_PAGE = 100;

export interface PagingOptions {
  limit?: number;
  nextId?: string;
  all?: boolean;
}

/**
 * One page, or with `all` every page from the given cursor to the end, combined into one list
 * `{length, entries, nextId: null}` (the shape scripts get with `-o json --all`). A `limit`
 * above what the API gives in a page (100) follows the cursor until that many entries are read
 * or the list ends; `nextId` then continues after the last entry shown.
 */
export async function fetchPages<Entry>(
  /** `query` is left out when it would be empty, so a plain page request needs no validation. */
  fetchPage: (query: { limit?: string; nextId?: string } | undefined) => Promise<Page<Entry>>,
  options: PagingOptions,
  onPage?: (count: number) => void,
): Promise<Page<Entry>> {
  const wanted = options.all ? Number.POSITIVE_INFINITY : (options.limit ?? 0);
  const size = (read: number) =>
    options.limit ? { limit: String(Math.min(options.limit, MAX_PAGE, wanted - read)) } : options.all ? { limit: String(MAX_PAGE) } : {};
  const first = { ...size(0), ...(options.nextId ? { nextId: options.nextId } : {}) };
  let page = await fetchPage(Object.keys(first).length > 0 ? first : undefined);
  if (!options.all && wanted <= MAX_PAGE) return page;
  const entries = [...page.entries];
  const seen = new Set<string>();
  let pages = 1;
  while (page.nextId && entries.length < wanted) {
    // A server that hands back a cursor it already gave would keep us here for ever.
    if (seen.has(page.nextId)) throw new CliError(ExitCode.failure, `the server repeated the cursor ${page.nextId}; stopped paging`);
    seen.add(page.nextId);
    onPage?.(++pages);
    page = await fetchPage({ ...size(entries.length), nextId: page.nextId });
    entries.push(...page.entries);
  }
  return { length: entries.length, entries, nextId: options.all ? null : page.nextId };
}

/**
 * A filter applied on this side sees every page: follows the cursor (pages of `limit`, default
 * 20, at most 100) until `limit` entries match or the list ends, so a match beyond the first page is found.
 * With `all`, every page is read and every match returned. `nextId` continues after what was
 * shown: the last page's cursor, or, when matches of the last page were left out to keep to the
 * limit, the cursor that fetched that page (those entries show again; none is skipped).
 */
export async function fetchMatching<Entry>(
  fetchPage: (query: { limit?: string; nextId?: string } | undefined) => Promise<Page<Entry>>,
  options: PagingOptions,
  keep: (entry: Entry) => boolean,
  onPage?: (count: number) => void,
): Promise<Page<Entry>> {
  if (options.all) {
    const list = await fetchPages(fetchPage, options, onPage);
    const entries = list.entries.filter(keep);
    return { length: entries.length, entries, nextId: null };
  }
  const limit = options.limit ?? 20;
  const matches: Entry[] = [];
  const seen = new Set<string>();
  let cursor = options.nextId;
  let pages = 0;
  for (;;) {
    if (pages > 0) onPage?.(pages + 1);
    pages++;
    const page = await fetchPage({ limit: String(Math.min(limit, MAX_PAGE)), ...(cursor ? { nextId: cursor } : {}) });
    const found = page.entries.filter(keep);
    if (matches.length + found.length > limit) {
      matches.push(...found.slice(0, limit - matches.length));
      return { length: matches.length, entries: matches, nextId: cursor ?? page.nextId };
    }
    matches.push(...found);
    if (matches.length === limit || !page.nextId) return { length: matches.length, entries: matches, nextId: page.nextId };
    if (seen.has(page.nextId)) throw new CliError(ExitCode.failure, `the server repeated the cursor ${page.nextId}; stopped paging`);
    seen.add(page.nextId);
    cursor = page.nextId;
  }
}

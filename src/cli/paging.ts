// Cursor paging shared by `status-pages list`, `incidents list` and the services `incidents create` offers.
import { CliError, ExitCode } from './exit-codes.js';
import type { Page } from './api-types.js';

export interface PagingOptions {
  limit?: number;
  nextId?: string;
  all?: boolean;
}

/**
 * One page, or with `all` every page from the given cursor to the end, combined into one list
 * `{length, entries, nextId: null}` (the shape scripts get with `-o json --all`).
 */
export async function fetchPages<Entry>(
  /** `query` is left out when it would be empty, so a plain page request needs no validation. */
  fetchPage: (query: { limit?: string; nextId?: string } | undefined) => Promise<Page<Entry>>,
  options: PagingOptions,
  onPage?: (count: number) => void,
): Promise<Page<Entry>> {
  const query = { ...(options.limit ? { limit: String(options.limit) } : options.all ? { limit: '100' } : {}) };
  const first = { ...query, ...(options.nextId ? { nextId: options.nextId } : {}) };
  let page = await fetchPage(Object.keys(first).length > 0 ? first : undefined);
  if (!options.all) return page;
  const entries = [...page.entries];
  const seen = new Set<string>();
  let pages = 1;
  while (page.nextId) {
    // A server that hands back a cursor it already gave would keep us here for ever.
    if (seen.has(page.nextId)) throw new CliError(ExitCode.failure, `the server repeated the cursor ${page.nextId}; stopped paging`);
    seen.add(page.nextId);
    onPage?.(++pages);
    page = await fetchPage({ ...query, nextId: page.nextId });
    entries.push(...page.entries);
  }
  return { length: entries.length, entries, nextId: null };
}

// The incidents of both generations of status pages in one list, as `incidents list` shows them:
// the v2 list (/v1/status-pages/incidents) and each V3 page's (/v3/status-pages/{page}/incidents),
// read concurrently and merged newest first by `created_at` (merged-list.ts, one cursor for all).
// Each entry keeps its own API's shape for -o json; for the table a V3 incident is shown through
// the incident view (v3-incidents.ts: its impacted components as services, its worst impact as
// its severity), with the names of its page's components, read for the pages shown.
import type { Client } from '../../client/index.js';
import type { PagingOptions } from '../api/paging.js';
import type { Incident, Page, V3Component, V3StatusPage } from '../api/types.js';
import { fetchMerged, firstQuery, newestCreatedFirst, type Query, type Source } from './merged-list.js';
import { pageComponents } from './page-kinds.js';
import { asIncident, type V3IncidentListItem } from './v3-incidents.js';

/** An entry of the merged list: a v2 incident, or a V3 page's incident with its page. */
export type ListedIncident = { kind: 'v2'; incident: Incident } | { kind: 'v3'; incident: V3IncidentListItem; page: V3StatusPage };

/** Which lists to read: the v2 list or not, and which V3 pages'. */
export interface IncidentScope {
  readonly v2: boolean;
  readonly pages: readonly V3StatusPage[];
}

/** The first page of the v2 list, asked for before the V3 pages are known (startV2List). */
export interface EarlyV2Page {
  readonly query: Query;
  readonly page: Promise<Page<Incident>>;
}

/**
 * Sends the first request of the v2 list that listIncidentsOfBothKinds will make for `options`
 * (`filtered`: with a filter of the CLI's), so it goes at the same time as the read of the V3
 * pages that decides the other lists. Only for a list that reads the v2 incidents whatever those
 * pages are; undefined when there is no such request to make.
 */
export function startV2List(client: Client, options: PagingOptions, filtered: boolean): EarlyV2Page | undefined {
  const query = firstQuery('v2', options, filtered);
  if (!query) return undefined;
  const page = client.listIncidents({ query });
  // Awaited by the list when it asks for this query; a page it never asks for is dropped.
  page.catch(() => undefined);
  return { query, page };
}

/**
 * One page of the merged list of `scope` (see fetchMerged for the cursor); `keep` filters on
 * this side. `early`: the v2 list's first request, already sent (startV2List), used if the list
 * asks for the same query.
 */
export function listIncidentsOfBothKinds(
  client: Client,
  scope: IncidentScope,
  options: PagingOptions,
  onPage: (count: number) => void,
  keep?: (entry: ListedIncident) => boolean,
  early?: EarlyV2Page,
): Promise<Page<ListedIncident>> {
  const sources: Source<ListedIncident>[] = [];
  let unused = early;
  const sameQuery = (a: Query, b: Query) => a.limit === b.limit && a.nextId === b.nextId;
  if (scope.v2) {
    sources.push({
      key: 'v2',
      fetchPage: async (query) => {
        const sent = unused && sameQuery(unused.query, query) ? unused.page : undefined;
        unused = undefined;
        const page = await (sent ?? client.listIncidents({ query }));
        return { ...page, entries: page.entries.map((incident) => ({ kind: 'v2' as const, incident })) };
      },
    });
  }
  for (const statusPage of scope.pages) {
    sources.push({
      key: `v3:${statusPage.id}`,
      // A page created after the cursor was made is not in it: a page of the list it was not part of.
      optional: scope.v2,
      fetchPage: async (query) => {
        const page = await client.listV3Incidents({ params: { statusPageId: statusPage.id }, query });
        return { ...page, entries: page.entries.map((incident) => ({ kind: 'v3' as const, incident, page: statusPage })) };
      },
    });
  }
  return fetchMerged(sources, options, (a, b) => newestCreatedFirst(a.incident, b.incident), onPage, keep);
}

/**
 * The entries as the incident view shows them; the components of the V3 pages among them are
 * read once each (`known`: those read already).
 */
export async function shownIncidents(
  client: Client,
  entries: readonly ListedIncident[],
  known: ReadonlyMap<string, readonly V3Component[]> = new Map(),
): Promise<Incident[]> {
  const pages = new Map<string, V3StatusPage>();
  for (const entry of entries) if (entry.kind === 'v3' && !known.has(entry.page.id)) pages.set(entry.page.id, entry.page);
  const read = await Promise.all([...pages.values()].map((page) => pageComponents(client, page)));
  const components = new Map<string, readonly V3Component[]>([
    ...known,
    ...read.map(({ page, components: own }) => [page.id, own] as const),
  ]);
  return entries.map((entry) => (entry.kind === 'v2' ? entry.incident : asIncident(entry.incident, components.get(entry.page.id) ?? [])));
}

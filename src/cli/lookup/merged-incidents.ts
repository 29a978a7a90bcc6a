// The incidents of both generations of status pages in one list, as `incidents list` shows them:
// the v2 list (/v1/status-pages/incidents) and each V3 page's (/v3/status-pages/{page}/incidents),
// read concurrently and merged newest first by `created_at` (merged-list.ts, one cursor for all).
// Each entry keeps its own API's shape for -o json; for the table a V3 incident is shown through
// the incident view (v3-incidents.ts: its impacted components as services, its worst impact as
// its severity), with the names of its page's components, read for the pages shown.
import type { Client } from '../../client/index.js';
import type { PagingOptions } from '../api/paging.js';
import type { Incident, Page, V3Component, V3StatusPage } from '../api/types.js';
import { fetchMerged, newestCreatedFirst, type Source } from './merged-list.js';
import { pageComponents } from './page-kinds.js';
import { asIncident, type V3IncidentListItem } from './v3-incidents.js';

/** An entry of the merged list: a v2 incident, or a V3 page's incident with its page. */
export type ListedIncident = { kind: 'v2'; incident: Incident } | { kind: 'v3'; incident: V3IncidentListItem; page: V3StatusPage };

/** Which lists to read: the v2 list or not, and which V3 pages'. */
export interface IncidentScope {
  readonly v2: boolean;
  readonly pages: readonly V3StatusPage[];
}

/** One page of the merged list of `scope` (see fetchMerged for the cursor); `keep` filters on this side. */
export function listIncidentsOfBothKinds(
  client: Client,
  scope: IncidentScope,
  options: PagingOptions,
  onPage: (count: number) => void,
  keep?: (entry: ListedIncident) => boolean,
): Promise<Page<ListedIncident>> {
  const sources: Source<ListedIncident>[] = [];
  if (scope.v2) {
    sources.push({
      key: 'v2',
      fetchPage: async (query) => {
        const page = await client.listIncidents({ query });
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

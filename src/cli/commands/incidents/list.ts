// `incidents list`: the incidents of both generations of status pages, newest first, with the
// filters the API lacks applied by the CLI (lookup/merged-incidents.ts reads and merges them).
import type { Client } from '../../../client/index.js';
import type { Incident, V3Component, V3StatusPage } from '../../api/types.js';
import { choiceOption, choicesOption, collect } from '../../runtime/command-kit.js';
import type { Context } from '../../runtime/context.js';
import { SEVERITIES, STATUS_FILTERS, type Severity, type StatusFilter } from '../../input/incident-options.js';
import { isOpen } from '../../output/cells.js';
import type { PagingOptions } from '../../api/paging.js';
import { timeline } from '../../api/incident-timeline.js';
import { isWholeId } from '../../lookup/short-ids.js';
import { usageError } from '../../errors/exit-codes.js';
import { momentOf } from '../../input/time.js';
import { asCatalogPage, type CatalogPage, findPage, loadCatalog, resolveServices } from '../../lookup/service-catalog.js';
import {
  type EarlyV2Page,
  type IncidentScope,
  type ListedIncident,
  listIncidentsOfBothKinds,
  shownIncidents,
  startV2List,
} from '../../lookup/merged-incidents.js';
import { everyV3Page, pageComponents } from '../../lookup/page-kinds.js';
import { incidentImpact } from '../../lookup/v3-incidents.js';
import { severitiesOfImpact } from '../../input/impacts.js';
import { cursorMore, listVerb } from '../../verbs/list.js';
import { INCIDENT } from '../../views/incident.js';

export interface ListOptions extends PagingOptions {
  status: StatusFilter;
  severity?: Severity[];
  service?: string[];
  statusPage?: string[];
  since?: string;
}

export const { declare, run } = listVerb<Incident, ListOptions>(INCIDENT, {
  description:
    'Incidents of both kinds of status page, newest first: severity, status, services, last update. ' +
    'The v2 incidents and those of each V3 page (components) are read at once and merged by their created_at; ' +
    "a V3 incident's severity is its worst impact (MAJOR_OUTAGE, PARTIAL_OUTAGE, ...) and its services are the components it impacts.\n\n" +
    '--status, --severity, --service and --status-page are applied by the CLI (the API has no such filters): ' +
    'it follows the cursors until --limit incidents match or the lists end, so a match beyond the first page is found. ' +
    'Each filter but --status can be repeated (or take a comma-separated list): an incident matches one of its values; ' +
    'different filters all apply. --status goes by the latest update (open: not RESOLVED). ' +
    '--severity matches a V3 incident by its worst impact: critical a major outage, major a partial one, medium and minor degraded performance. ' +
    '--service takes a v2 service or a V3 component, by id or name (any case). ' +
    '--status-page takes a page id, url or name: on a v2 page, the incidents touching one of its services; on a V3 page, its own incidents. ' +
    '--since 24h|7d|DATE keeps the incidents that started then or later, by the time of their first update ' +
    '(a V3 incident: its first impact; the API dates an incident by day only); a date is midnight UTC. ' +
    '--limit above 100 follows the cursors (the API gives at most 100 a page) until that many are shown. ' +
    'With -o json: {length, entries, nextId}, each entry as its own API answers it (V3 ones with statusPageId and componentImpacts); ' +
    'nextId is one cursor for every list, which --next-id takes. With --all -o json: every match, nextId null.',
  examples: [
    'statusctl incidents list',
    'statusctl incidents list --status open --all',
    'statusctl incidents list --status open --severity critical --severity major',
    'statusctl incidents list --service "Payments API" --status-page "Acme Cloud" --all',
    'statusctl incidents list --status-page acme-platform --service Webhooks',
    'statusctl incidents list --since 7d',
    'statusctl incidents list --since 2025-06-01 --limit 150',
    'statusctl incidents list --limit 50 -o json | jq -r \'.entries[] | "\\(.id) \\(.name)"\'',
  ],
  paging: {
    limit: 'incidents to show (default 20; above 100, several pages; with --all, per request, at most 100)',
    max: Number.MAX_SAFE_INTEGER,
  },
  options: (command) =>
    command
      .addOption(
        choiceOption('--status <filter>', 'open (not RESOLVED), resolved or all (any case)', STATUS_FILTERS, (value) =>
          value.toLowerCase(),
        ).default('all' as const),
      )
      .addOption(
        choicesOption(
          '--severity <severity>',
          "only these severities (any case; repeatable); a V3 incident's by its worst impact",
          SEVERITIES,
        ),
      )
      .option('--service <id-or-name>', 'only incidents on this service or V3 component, by id or name (repeatable)', collect)
      .option('--status-page <id|url|name>', 'only incidents of this page: on its services (v2) or its own (V3) (repeatable)', collect)
      .option(
        '--since <when>',
        'only incidents whose first update is this recent: a time ago (24h, 7d, 90m, 2w), YYYY-MM-DD or an ISO date-time',
      ),
  kinds: { '--service': 'service', '--status-page': 'status-page' },
  async fetch(ctx, options, _args, onPage) {
    const client = await ctx.client();
    const { scope, keep, components, early } = await listFilter(ctx, client, options);
    const list = await listIncidentsOfBothKinds(client, scope, options, onPage, keep, early);
    const json = { ...list, entries: list.entries.map((entry) => entry.incident) };
    // JSON is each API's own answer: the components' names are read only for people.
    const entries = ctx.json ? [] : await shownIncidents(client, list.entries, components);
    return { json, entries, none: keep ? 'No incidents match.' : 'No incidents.', more: cursorMore(list.nextId) };
  },
});

type Keep = (entry: ListedIncident) => boolean;

/** Whether listFilter gives a filter (`keep`) for these options. */
const filtered = (options: ListOptions): boolean =>
  options.since !== undefined ||
  options.status !== 'all' ||
  Boolean(options.severity?.length) ||
  Boolean(options.service?.length) ||
  Boolean(options.statusPage?.length);

/**
 * Which lists to read and what the filters keep (undefined when there are none). Services named
 * (not whole ids) and status pages are resolved from the account's pages of both kinds, read once.
 */
async function listFilter(
  ctx: Context,
  client: Client,
  options: ListOptions,
): Promise<{ scope: IncidentScope; keep: Keep | undefined; components: Map<string, readonly V3Component[]>; early?: EarlyV2Page }> {
  const tests: Keep[] = [];
  if (options.since !== undefined) {
    const since = await sinceTime(options.since, ctx.now());
    tests.push((entry) => startedAt(entry) >= since);
  }
  if (options.status !== 'all') tests.push(({ incident }) => isOpen(incident) === (options.status === 'open'));
  if (options.severity?.length) {
    const severities = new Set<string>(options.severity);
    tests.push((entry) =>
      entry.kind === 'v2'
        ? severities.has(entry.incident.severity)
        : severitiesOfImpact(incidentImpact(entry.incident)).some((severity) => severities.has(severity)),
    );
  }
  const services = options.service ?? [];
  const named = options.statusPage ?? [];
  // Whole service ids alone need no catalog: the incidents carry their services' and components' ids.
  const needCatalog = named.length > 0 || services.some((service) => !isWholeId(service));
  // Without --status-page the v2 list is read whatever the V3 pages are: its first request goes with theirs.
  const early = named.length ? undefined : startV2List(client, options, filtered(options));
  const [catalog, pages] = await Promise.all([needCatalog ? loadCatalog(ctx) : [], everyV3Page(client)]);
  const components = new Map<string, readonly V3Component[]>();
  if (services.some((service) => !isWholeId(service))) {
    for (const { page, components: own } of await Promise.all(pages.map((page) => pageComponents(client, page))))
      components.set(page.id, own);
  }
  if (services.length) {
    const ids = needCatalog ? serviceIds(catalog, pages, components, services) : new Set(services);
    tests.push((entry) =>
      entry.kind === 'v2'
        ? (entry.incident.services ?? []).some((service) => ids.has(service.id))
        : entry.incident.componentImpacts.some((window) => ids.has(window.componentId)),
    );
  }
  let scope: IncidentScope = { v2: true, pages };
  if (named.length) {
    const v3Ids = new Set(pages.map((page) => page.id));
    const found = named.map((page) => findPage([...catalog, ...pages.map(asCatalogPage)], page));
    const v2Pages = found.filter((page) => !v3Ids.has(page.id));
    const v3Pages = new Set(found.filter((page) => v3Ids.has(page.id)).map((page) => page.id));
    scope = { v2: v2Pages.length > 0, pages: pages.filter((page) => v3Pages.has(page.id)) };
    // A V3 page's incidents are its own list; a v2 incident touches a page by one of its services.
    const onV2Pages = new Set(v2Pages.flatMap((page) => page.services.map((service) => service.id)));
    tests.push((entry) => entry.kind === 'v3' || (entry.incident.services ?? []).some((service) => onV2Pages.has(service.id)));
  }
  const keep: Keep | undefined = tests.length ? (entry) => tests.every((test) => test(entry)) : undefined;
  return { scope, keep, components, early };
}

/**
 * The ids `--service` values name: v2 services (by the catalog's rules: an id, or a name naming
 * one service) and V3 components (an id, or every component of that name), each value either or
 * both. The values that name nothing are one usage error listing the services and components.
 */
function serviceIds(
  catalog: CatalogPage[],
  pages: readonly V3StatusPage[],
  components: ReadonlyMap<string, readonly V3Component[]>,
  values: string[],
): Set<string> {
  const ids = new Set<string>();
  const all = pages.flatMap((page) => components.get(page.id) ?? []);
  const unknown: string[] = [];
  for (const value of values) {
    const wanted = value.trim();
    const lower = wanted.toLowerCase();
    const onV2 = catalog.some((page) => page.services.some((s) => s.id === wanted || s.name.toLowerCase() === lower));
    const byId = all.filter((component) => component.id === wanted);
    const onV3 = byId.length > 0 ? byId : all.filter((component) => component.name.toLowerCase() === lower);
    if (onV2) for (const service of resolveServices(catalog, [value], '', '')) ids.add(service.id);
    for (const component of onV3) ids.add(component.id);
    if (!onV2 && onV3.length === 0) unknown.push(value);
  }
  if (unknown.length > 0) {
    // The components as services of their pages, so the error lists both, closest first.
    const asServices = pages.map((page) => ({
      ...asCatalogPage(page),
      services: (components.get(page.id) ?? []).map((component) => ({ id: component.id, name: component.name, accountId: '' })),
    }));
    resolveServices([...catalog, ...asServices], unknown, '', '');
  }
  return ids;
}

/** --since as a moment (input/time.ts); a typo is a usage error naming the option. */
async function sinceTime(value: string, now: number): Promise<number> {
  const time = await momentOf(value, now);
  if (time !== undefined) return time;
  throw usageError(
    `option '--since <when>' argument '${value}' is invalid: expected a time ago (24h, 7d, 90m, 2w), a date (YYYY-MM-DD) or an ISO date-time`,
    'statusctl incidents list --since 7d',
  );
}

/**
 * When the incident started: a v2 incident's first update (created_at is a date only); a V3
 * incident's first impact (the list leaves its updates out); else the date it was created.
 */
function startedAt(entry: ListedIncident): number {
  if (entry.kind === 'v2') return Date.parse(timeline(entry.incident)[0]?.publicIncidentUpdateDate ?? entry.incident.created_at);
  const starts = entry.incident.componentImpacts.map((window) => Date.parse(window.startedAt));
  return starts.length > 0 ? Math.min(...starts) : Date.parse(entry.incident.created_at);
}

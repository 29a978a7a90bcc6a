// `incidents list`: incidents newest first, with the filters the API lacks applied by the CLI.
import type { Incident } from '../../api/types.js';
import { choiceOption, choicesOption, collect } from '../../runtime/command-kit.js';
import type { Context } from '../../runtime/context.js';
import { SEVERITIES, STATUS_FILTERS, type Severity, type StatusFilter } from '../../input/incident-options.js';
import { isOpen } from '../../output/cells.js';
import { fetchMatching, fetchPages, type PagingOptions } from '../../api/paging.js';
import { timeline } from '../../api/incident-timeline.js';
import { isWholeId } from '../../lookup/short-ids.js';
import { usageError } from '../../errors/exit-codes.js';
import { absoluteTime, relativeSpan } from '../../input/time.js';
import { findPage, loadCatalog, resolveServices } from '../../lookup/service-catalog.js';
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
    'Incidents, newest first: severity, status, services, last update.\n\n' +
    '--status, --severity, --service and --status-page are applied by the CLI (the API has no such filters): ' +
    'it follows the cursor until --limit incidents match or the list ends, so a match beyond the first page is found. ' +
    'Each filter but --status can be repeated (or take a comma-separated list): an incident matches one of its values; ' +
    'different filters all apply. --service takes a service id or name (any case), --status-page a page id, url or name; ' +
    'an incident touches a page when one of its services is on it. ' +
    '--since 24h|7d|DATE keeps the incidents that started then or later, by the time of their first update ' +
    '(the API dates an incident by day only); a date is midnight UTC. ' +
    '--limit above 100 follows the cursor (the API gives at most 100 a page) until that many are shown. ' +
    'With -o json, entries and length are the matches and nextId continues after them. ' +
    'With --all -o json: {length, entries: <every page>, nextId: null}.',
  examples: [
    'statusctl incidents list',
    'statusctl incidents list --status open --all',
    'statusctl incidents list --status open --severity critical --severity major',
    'statusctl incidents list --service "Payments API" --status-page "Acme Cloud" --all',
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
      .addOption(choicesOption('--severity <severity>', 'only these severities (any case; repeatable)', SEVERITIES))
      .option('--service <id-or-name>', 'only incidents on this service, by id or name (repeatable)', collect)
      .option('--status-page <id|url|name>', "only incidents on one of this page's services (repeatable)", collect)
      .option(
        '--since <when>',
        'only incidents whose first update is this recent: a time ago (24h, 7d, 90m, 2w), YYYY-MM-DD or an ISO date-time',
      ),
  kinds: { '--service': 'service', '--status-page': 'status-page' },
  async fetch(ctx, options, _args, onPage) {
    const client = await ctx.client();
    const fetchPage = (query: Parameters<typeof client.listIncidents>[0]['query']) => client.listIncidents({ query });
    const keep = await listFilter(ctx, options);
    const list = keep ? await fetchMatching(fetchPage, options, keep, onPage) : await fetchPages(fetchPage, options, onPage);
    return { json: list, entries: list.entries, none: keep ? 'No incidents match.' : 'No incidents.', more: cursorMore(list.nextId) };
  },
});

/**
 * What the filters keep, or undefined when there are none. Services named (not whole ids) and
 * status pages are resolved from the account's status pages, read once.
 */
async function listFilter(ctx: Context, options: ListOptions): Promise<((incident: Incident) => boolean) | undefined> {
  const tests: ((incident: Incident) => boolean)[] = [];
  if (options.since !== undefined) {
    const since = await sinceTime(options.since, ctx.now());
    tests.push((incident) => startedAt(incident) >= since);
  }
  if (options.status !== 'all') tests.push((incident) => isOpen(incident) === (options.status === 'open'));
  if (options.severity?.length) {
    const severities = new Set<string>(options.severity);
    tests.push((incident) => severities.has(incident.severity));
  }
  const services = options.service ?? [];
  const pages = options.statusPage ?? [];
  if (services.length || pages.length) {
    // Whole service ids alone need no catalog: the incidents carry their services' ids.
    const needCatalog = pages.length > 0 || services.some((service) => !isWholeId(service));
    const catalog = needCatalog ? await loadCatalog(ctx) : [];
    const touches = (ids: Set<string>) => (incident: Incident) => (incident.services ?? []).some((service) => ids.has(service.id));
    if (services.length) {
      const ids = needCatalog ? resolveServices(catalog, services, '', '').map((service) => service.id) : services;
      tests.push(touches(new Set(ids)));
    }
    if (pages.length) {
      const ids = pages.flatMap((page) => findPage(catalog, page).services.map((service) => service.id));
      tests.push(touches(new Set(ids)));
    }
  }
  return tests.length ? (incident) => tests.every((test) => test(incident)) : undefined;
}

/**
 * --since as a moment: a time ago against the run's clock, else a date (midnight UTC) or an ISO
 * date-time, checked by the contract's own schema so a typo is a usage error naming the option.
 */
async function sinceTime(value: string, now: number): Promise<number> {
  const { DateOrDateTime } = await import('../../../contract/schemas.js');
  // A span of nothing (`0d`) is refused by span() with commander's error, which only the parser prints.
  const spans = () => {
    try {
      return relativeSpan(value) !== undefined;
    } catch {
      return false;
    }
  };
  if (spans() || DateOrDateTime.safeParse(value.trim()).success) {
    const time = Date.parse(absoluteTime(value.trim(), now));
    if (!Number.isNaN(time)) return time;
  }
  throw usageError(
    `option '--since <when>' argument '${value}' is invalid: expected a time ago (24h, 7d, 90m, 2w), a date (YYYY-MM-DD) or an ISO date-time`,
    'statusctl incidents list --since 7d',
  );
}

/** When the incident started: its first update (created_at is a date only), else that date. */
function startedAt(incident: Incident): number {
  return Date.parse(timeline(incident)[0]?.publicIncidentUpdateDate ?? incident.created_at);
}

// `incidents create|list|get|resolve`. Declarations only; the create flow (prompts, dry run)
// lives in ../incidents/create.ts and loads when the command runs.
import { choiceOption, choicesOption, collect, examples, positiveInt } from '../command-kit.js';
import { Context } from '../context.js';
import type { Program } from '../globals.js';
import {
  DEFAULT_FIRST_UPDATE,
  INCIDENT_STATUSES,
  SEVERITIES,
  STATUS_FILTERS,
  incidentName,
  messageFileOption,
  nonEmpty,
  type Severity,
  type StatusFilter,
} from '../incident-options.js';
import { renderIncident, renderIncidentList, renderUpdate, timeline } from '../incidents/render.js';
import type { Incident } from '../api-types.js';
import { DEFAULT_CONCURRENCY } from '../bulk.js';
import { usageError } from '../exit-codes.js';
import { isOpen } from '../output/cells.js';
import { fetchMatching, fetchPages, type PagingOptions } from '../paging.js';
import { IncidentIds, MIN_PREFIX } from '../short-ids.js';

export function register(program: Program): void {
  const incidents = program.command('incidents').description('Declare, list, inspect and resolve incidents');
  examples(incidents, [
    'statusctl incidents create',
    'statusctl incidents list --status open',
    'statusctl incidents get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd',
    'statusctl incidents resolve 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Fixed"',
  ]);

  examples(
    incidents
      .command('create')
      .description(
        'Declare an incident.\n\n' +
          'Services are named by id or by name (any case) and resolved from the status pages of the account, ' +
          'so each is sent as the API requires (id, name, accountId). --status-page alone covers every service of ' +
          'that page; with --service, names are looked for on that page only. An unknown service or page, or a ' +
          'name that fits different services, is exit 2 listing the candidates; nothing is sent.\n\n' +
          `Exactly one first update is sent: --message, or "${DEFAULT_FIRST_UPDATE}"; --status and --notify apply to it.\n\n` +
          'On a terminal, asks for what is missing: services (picked from the status pages), severity, name, ' +
          'first update; then shows a summary to confirm (--yes skips it; declining exits 2, nothing created).\n\n' +
          'Not on a terminal, --name, --severity and --service or --status-page are required (exit 2 otherwise).\n\n' +
          'Prints the created incident; with -o json the API response, so `-o json | jq -r .id` gives its id.',
      )
      .option('--name <name>', 'incident name, 1 to 255 characters', incidentName)
      .addOption(choiceOption('--severity <severity>', 'severity (any case)', SEVERITIES))
      .option('--service <id-or-name...>', 'an affected service, by id or name (any case); repeat or separate with commas', collect)
      .option(
        '--status-page <id|url|name>',
        'a status page: alone, all its services are affected; with --service, names are looked for on it',
        nonEmpty,
      )
      .option('--message <text>', 'text of the first update (default: a standard "investigating" text)', nonEmpty)
      .addOption(messageFileOption('the text of the first update'))
      .addOption(choiceOption('--status <status>', 'status of the first update (any case; default INVESTIGATING)', INCIDENT_STATUSES))
      .option('--notify', 'notify the status page subscribers of the first update')
      .option('--dry-run', 'resolve the services and print the request (method, path, JSON body) instead of sending it')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (options, command) => {
        const { runCreate } = await import('../incidents/create.js');
        await runCreate(Context.fromCommand(command), options);
      }),
    [
      'statusctl incidents create',
      'statusctl incidents create --name "Checkout errors" --severity major --service "Payments API" --message "Investigating failed payments"',
      'statusctl incidents create --name "Payments down" --severity critical --status-page "Acme Payments" --notify --yes',
      'statusctl incidents create --name "DB failover" --severity critical --service "Postgres (primary)" --service "Object Storage" --dry-run',
      'id=$(statusctl incidents create --name "API latency" --severity minor --service "Public API" -o json | jq -r .id)',
      'statusctl incidents create --name "Login failures" --severity major --service "Public API" --message-file notice.md --yes',
    ],
  );

  examples(
    incidents
      .command('list')
      .description(
        'Incidents, newest first: severity, status, services, last update.\n\n' +
          '--status, --severity, --service and --status-page are applied by the CLI (the API has no such filters): ' +
          'it follows the cursor until --limit incidents match or the list ends, so a match beyond the first page is found. ' +
          'Each filter but --status can be repeated (or take a comma-separated list): an incident matches one of its values; ' +
          'different filters all apply. --service takes a service id or name (any case), --status-page a page id, url or name; ' +
          'an incident touches a page when one of its services is on it. ' +
          'With -o json, entries and length are the matches and nextId continues after them. ' +
          'With --all -o json: {length, entries: <every page>, nextId: null}.',
      )
      .option('--limit <n>', 'incidents to show, 1 to 100 (default 20; with --all, per request, default 100)', positiveInt(1, 100))
      .option('--next-id <cursor>', "start at this cursor (a previous page's nextId)")
      .option('--all', 'follow the cursor to the last page')
      .addOption(
        choiceOption('--status <filter>', 'open (not RESOLVED), resolved or all (any case)', STATUS_FILTERS, (value) =>
          value.toLowerCase(),
        ).default('all' as const),
      )
      .addOption(choicesOption('--severity <severity>', 'only these severities (any case; repeatable)', SEVERITIES))
      .option('--service <id-or-name>', 'only incidents on this service, by id or name (repeatable)', collect)
      .option('--status-page <id|url|name>', "only incidents on one of this page's services (repeatable)", collect)
      .action((options, command) => runList(Context.fromCommand(command), options)),
    [
      'statusctl incidents list',
      'statusctl incidents list --status open --all',
      'statusctl incidents list --status open --severity critical --severity major',
      'statusctl incidents list --service "Payments API" --status-page "Acme Cloud" --all',
      'statusctl incidents list --limit 50 -o json | jq -r \'.entries[] | "\\(.id) \\(.name)"\'',
    ],
  );

  examples(
    incidents
      .command('get')
      .argument('<id>', `incident id, or its first ${MIN_PREFIX} or more characters`)
      .description('One incident with its timeline (each update: time, status, description, whether subscribers were notified)')
      .option('--web', 'print the address of the incident on the status pages that show it (and open the first on a desktop terminal)')
      .action((id, options, command) => runGet(Context.fromCommand(command), id, options)),
    [
      'statusctl incidents get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd',
      'statusctl incidents get 7385595c            # a unique prefix of the id, as terminal tables show it',
      'statusctl incidents get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd -o json | jq .lastUpdateStatus',
      'statusctl incidents get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --web',
    ],
  );

  examples(
    incidents
      .command('resolve')
      .argument('<id...>', `incident ids (or their first ${MIN_PREFIX} or more characters), or - to read them from stdin`)
      .description(
        'Add a RESOLVED update to incidents.\n\n' +
          'An incident already resolved is left alone: nothing is sent, stderr says so and the exit code is 0 ' +
          '(-o json prints its last update), so a retried script step does not notify subscribers twice. ' +
          '--force adds another RESOLVED update anyway.\n\n' +
          'With several ids, or - to read them from stdin (one per line; blank lines and # comments skipped), ' +
          'prints one line per id in the order given: ID, outcome (resolved, already-resolved, not-found, ...), ' +
          'reason, tab-separated; -o json gives an array of {id, ok, status, error}; the exit code is that of the worst outcome.',
      )
      .option('--message <text>', 'text of the update', nonEmpty, 'Resolved.')
      .addOption(messageFileOption('the text of the update'))
      .option('--notify', 'notify the status page subscribers')
      .option('--force', 'add a RESOLVED update even when the incident is already resolved')
      .option('--dry-run', 'read the incident and print the request (method, path, JSON body) instead of sending it')
      .option('--concurrency <n>', 'requests at a time with several ids, 1 to 16', positiveInt(1, 16), DEFAULT_CONCURRENCY)
      .action((ids, options, command) => runResolve(Context.fromCommand(command), ids, options)),
    [
      'statusctl incidents resolve 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd',
      'statusctl incidents resolve 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Fixed by rolling back v2.3" --notify',
      'statusctl incidents resolve 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message-file postmortem-summary.txt --dry-run',
      "statusctl incidents list --status open -o json | jq -r '.entries[].id' | statusctl incidents resolve -",
    ],
  );
}

interface ListOptions extends PagingOptions {
  status: StatusFilter;
  severity?: Severity[];
  service?: string[];
  statusPage?: string[];
}

async function runList(ctx: Context, options: ListOptions): Promise<void> {
  const client = await ctx.client();
  const onPage = (page: number) => {
    if (ctx.showProgress) ctx.info(`fetching page ${page}...`);
  };
  const fetchPage = (query: Parameters<typeof client.listIncidents>[0]['query']) => client.listIncidents({ query });
  const keep = await listFilter(ctx, options);
  const list = keep ? await fetchMatching(fetchPage, options, keep, onPage) : await fetchPages(fetchPage, options, onPage);
  const entries = list.entries;
  if (ctx.json) await ctx.printJson(list);
  else if (entries.length === 0) ctx.info(keep ? 'No incidents match.' : 'No incidents.');
  else await ctx.outPaged(await renderIncidentList(ctx, entries));
  if (list.nextId) ctx.info(`more: --next-id ${list.nextId} (or --all for every page)`);
}

/**
 * What the filters keep, or undefined when there are none. Services named (not whole ids) and
 * status pages are resolved from the account's status pages, read once.
 */
async function listFilter(ctx: Context, options: ListOptions): Promise<((incident: Incident) => boolean) | undefined> {
  const tests: ((incident: Incident) => boolean)[] = [];
  if (options.status !== 'all') tests.push((incident) => isOpen(incident) === (options.status === 'open'));
  if (options.severity?.length) {
    const severities = new Set<string>(options.severity);
    tests.push((incident) => severities.has(incident.severity));
  }
  const services = options.service ?? [];
  const pages = options.statusPage ?? [];
  if (services.length || pages.length) {
    const { isWholeId } = await import('../short-ids.js');
    // Whole service ids alone need no catalog: the incidents carry their services' ids.
    const needCatalog = pages.length > 0 || services.some((service) => !isWholeId(service));
    const resolver = needCatalog ? await import('../service-catalog.js') : undefined;
    const catalog = resolver ? await resolver.loadCatalog(ctx) : [];
    const touches = (ids: Set<string>) => (incident: Incident) => (incident.services ?? []).some((service) => ids.has(service.id));
    if (services.length) {
      const ids = resolver ? resolver.resolveServices(catalog, services, '', '').map((service) => service.id) : services;
      tests.push(touches(new Set(ids)));
    }
    if (pages.length) {
      const ids = pages.flatMap((page) => resolver!.findPage(catalog, page).services.map((service) => service.id));
      tests.push(touches(new Set(ids)));
    }
  }
  return tests.length ? (incident) => tests.every((test) => test(incident)) : undefined;
}

async function runGet(ctx: Context, given: string, options: { web?: boolean } = {}): Promise<void> {
  const client = await ctx.client();
  // A prefix is found in the incident list, which already holds the whole incident.
  const resolved = await new IncidentIds(() => ctx.client()).resolve(given);
  const incident = resolved.incident ?? (await client.getIncident({ params: { incidentId: resolved.id } }));
  if (options.web) {
    const { showIncidentAddress } = await import('../incidents/web.js');
    return showIncidentAddress(ctx, incident);
  }
  if (ctx.json) await ctx.printJson(incident);
  else await ctx.outPaged(await renderIncident(ctx, incident));
}

interface ResolveOptions {
  message: string;
  messageFile?: string;
  notify?: boolean;
  force?: boolean;
  dryRun?: boolean;
  concurrency: number;
}

async function runResolve(ctx: Context, args: string[], options: ResolveOptions): Promise<void> {
  const [{ expandIds, messageText }, { planRequest, printPlanned }] = await Promise.all([import('../input.js'), import('../dry-run.js')]);
  const single = args.length === 1 && args[0] !== '-';
  if (options.messageFile === '-' && args.includes('-')) throw usageError('--message-file - and - (ids from stdin) cannot both read stdin');
  const description = (await messageText(ctx, options)) ?? options.message;
  const ids = single ? args : await expandIds(ctx, args);
  const client = await ctx.client();
  const incidentIds = new IncidentIds(() => ctx.client());
  const body = { description, status: 'RESOLVED' as const, ...(options.notify ? { notifySubscribers: true } : {}) };

  /** The incident, and whether a RESOLVED update is to be sent (not when it is resolved already, unless --force). */
  async function check(given: string) {
    const id = await incidentIds.resolveId(given);
    const incident = await client.getIncident({ params: { incidentId: id } });
    return { id, incident, send: options.force === true || incident.lastUpdateStatus !== 'RESOLVED' };
  }
  const alreadyNote = (id: string, incident: Incident) => {
    const last = timeline(incident).at(-1);
    return `incident ${id} is already resolved${last ? ` (since ${last.publicIncidentUpdateDate})` : ''}: nothing ${options.dryRun ? 'would be' : 'was'} sent (--force adds another RESOLVED update)`;
  };

  if (options.dryRun) {
    const planned = [];
    for (const given of ids) {
      const { id, incident, send } = await check(given);
      if (send) planned.push(await planRequest('createIncidentUpdate', { params: { incidentId: id }, body }));
      else ctx.info(alreadyNote(id, incident));
    }
    if (single && planned.length === 0) return;
    return printPlanned(ctx, single ? planned[0]! : planned);
  }

  if (single) {
    const { id, incident, send } = await check(ids[0]!);
    if (!send) {
      ctx.info(alreadyNote(id, incident));
      const last = timeline(incident).at(-1);
      if (ctx.json && last) await ctx.printJson(last);
      return;
    }
    const update = await client.createIncidentUpdate({ params: { incidentId: id }, body });
    if (ctx.json) await ctx.printJson(update);
    else ctx.out(`${ctx.style.green('Resolved')} incident ${id}\n${await renderUpdate(ctx, id, update)}`);
    return;
  }

  const { runBulk } = await import('../bulk.js');
  await runBulk(ctx, ids, options.concurrency, async (given) => {
    const { id, incident, send } = await check(given);
    if (!send) return { outcome: 'already-resolved', status: 200, reason: 'nothing sent' };
    const { status } = await client.call('createIncidentUpdate', { params: { incidentId: id }, body });
    return { outcome: 'resolved', status, reason: incident.name };
  });
}

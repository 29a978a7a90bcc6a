// `incidents create|list|get|resolve`. Declarations only; the create flow (prompts, dry run)
// lives in ../incidents/create.ts and loads when the command runs.
import { choiceOption, collect, examples, positiveInt } from '../command-kit.js';
import { Context } from '../context.js';
import type { Program } from '../globals.js';
import {
  DEFAULT_FIRST_UPDATE,
  INCIDENT_STATUSES,
  SEVERITIES,
  STATUS_FILTERS,
  incidentName,
  nonEmpty,
  type StatusFilter,
} from '../incidents/options.js';
import { renderIncident, renderIncidentList, renderUpdate } from '../incidents/render.js';
import { isOpen } from '../output.js';
import { fetchMatching, fetchPages, type PagingOptions } from '../paging.js';

export function register(program: Program): void {
  const incidents = program.command('incidents').description('Declare, list, inspect and resolve incidents');
  examples(incidents, [
    'statusctl incidents create',
    'statusctl incidents list --status open',
    'statusctl incidents get <incident-id>',
    'statusctl incidents resolve <incident-id> --message "Fixed"',
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
    ],
  );

  examples(
    incidents
      .command('list')
      .description(
        'Incidents, newest first: severity, status, services, last update.\n\n' +
          '--status is applied by the CLI (the API has no such filter): it follows the cursor until --limit ' +
          'incidents match or the list ends, so an open incident beyond the first page is found. ' +
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
      .action((options, command) => runList(Context.fromCommand(command), options)),
    [
      'statusctl incidents list',
      'statusctl incidents list --status open --all',
      'statusctl incidents list --limit 50 -o json | jq -r \'.entries[] | "\\(.id) \\(.name)"\'',
    ],
  );

  examples(
    incidents
      .command('get')
      .argument('<id>', 'incident id')
      .description('One incident with its timeline (each update: time, status, description, whether subscribers were notified)')
      .action((id, _options, command) => runGet(Context.fromCommand(command), id)),
    ['statusctl incidents get <incident-id>', 'statusctl incidents get <incident-id> -o json | jq .lastUpdateStatus'],
  );

  examples(
    incidents
      .command('resolve')
      .argument('<id>', 'incident id')
      .description('Add a RESOLVED update to an incident')
      .option('--message <text>', 'text of the update', nonEmpty, 'Resolved.')
      .option('--notify', 'notify the status page subscribers')
      .action((id, options, command) => runResolve(Context.fromCommand(command), id, options)),
    [
      'statusctl incidents resolve <incident-id>',
      'statusctl incidents resolve <incident-id> --message "Fixed by rolling back v2.3" --notify',
    ],
  );
}

async function runList(ctx: Context, options: PagingOptions & { status: StatusFilter }): Promise<void> {
  const client = await ctx.client();
  const onPage = (page: number) => {
    if (ctx.showProgress) ctx.info(`fetching page ${page}...`);
  };
  const fetchPage = (query: Parameters<typeof client.listIncidents>[0]['query']) => client.listIncidents({ query });
  const list =
    options.status === 'all'
      ? await fetchPages(fetchPage, options, onPage)
      : await fetchMatching(fetchPage, options, (incident) => isOpen(incident) === (options.status === 'open'), onPage);
  const entries = list.entries;
  if (ctx.json) ctx.printJson(list);
  else if (entries.length === 0) ctx.info(options.status === 'all' ? 'No incidents.' : `No ${options.status} incidents.`);
  else ctx.out(await renderIncidentList(ctx, entries));
  if (list.nextId) ctx.info(`more: --next-id ${list.nextId} (or --all for every page)`);
}

async function runGet(ctx: Context, id: string): Promise<void> {
  const client = await ctx.client();
  const incident = await client.getIncident({ params: { incidentId: id } });
  if (ctx.json) ctx.printJson(incident);
  else ctx.out(await renderIncident(ctx, incident));
}

async function runResolve(ctx: Context, id: string, options: { message: string; notify?: boolean }): Promise<void> {
  const client = await ctx.client();
  const update = await client.createIncidentUpdate({
    params: { incidentId: id },
    body: { description: options.message, status: 'RESOLVED', ...(options.notify ? { notifySubscribers: true } : {}) },
  });
  if (ctx.json) ctx.printJson(update);
  else ctx.out(`${ctx.style.green('Resolved')} incident ${id}\n${await renderUpdate(ctx, id, update)}`);
}

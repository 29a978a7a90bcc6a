// `incidents create|list|get|resolve`. Declarations only; the create flow (prompts, dry run)
// lives in ../incidents/create.ts and loads when the command runs.
import type { Command } from 'commander';
import { action, collect, examples, oneOf, positiveInt } from '../command-kit.js';
import type { Context } from '../context.js';
import type { CreateOptions } from '../incidents/create.js';
import { INCIDENT_STATUSES, SEVERITIES, incidentName, nonEmpty, statusFilter, type StatusFilter } from '../incidents/options.js';
import { fetchMatching, fetchPages, type PagingOptions } from '../incidents/paging.js';
import { isOpen, renderIncident, renderIncidentList, renderUpdate } from '../incidents/render.js';

export function register(program: Command): void {
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
          'On a terminal, asks for what is missing: services (picked from the status pages), severity, name, ' +
          'first update; then shows a summary to confirm (--yes skips it; declining exits 2, nothing created).\n\n' +
          'Not on a terminal, --name, --severity and at least one --service are required (exit 2 otherwise).\n\n' +
          'Prints the created incident; with -o json the API response, so `-o json | jq -r .id` gives its id.',
      )
      .option('--name <name>', 'incident name, 1 to 255 characters', incidentName)
      .option('--severity <severity>', `${SEVERITIES.join(', ')} (any case)`, oneOf(SEVERITIES))
      .option('--service <id...>', 'id of an affected service; repeat or separate with commas', collect)
      .option('--message <text>', 'text of the first update', nonEmpty)
      .option(
        '--status <status>',
        `status of the first update: ${INCIDENT_STATUSES.join(', ')} (default INVESTIGATING)`,
        oneOf(INCIDENT_STATUSES),
      )
      .option('--notify', 'notify the status page subscribers of the first update')
      .option('--dry-run', 'print the request (method, path, JSON body) instead of sending it; needs no API key')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(
        action<CreateOptions>(async (ctx, _args, options) => {
          const { runCreate } = await import('../incidents/create.js');
          await runCreate(ctx, options);
        }),
      ),
    [
      'statusctl incidents create',
      'statusctl incidents create --name "Checkout errors" --severity major --service <service-id> --message "Investigating failed payments"',
      'statusctl incidents create --name "DB failover" --severity critical --service <id1>,<id2> --notify --message "We are on it" --dry-run',
      'id=$(statusctl incidents create --name "API latency" --severity minor --service <id> -o json | jq -r .id)',
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
      .option('--status <filter>', 'open (not RESOLVED), resolved or all', statusFilter, 'all')
      .action(action<PagingOptions & { status: StatusFilter }>((ctx, _args, options) => runList(ctx, options))),
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
      .action(action<object, [string]>((ctx, [id]) => runGet(ctx, id))),
    ['statusctl incidents get <incident-id>', 'statusctl incidents get <incident-id> -o json | jq .lastUpdateStatus'],
  );

  examples(
    incidents
      .command('resolve')
      .argument('<id>', 'incident id')
      .description('Add a RESOLVED update to an incident')
      .option('--message <text>', 'text of the update', nonEmpty, 'Resolved.')
      .option('--notify', 'notify the status page subscribers')
      .action(action<{ message: string; notify?: boolean }, [string]>((ctx, [id], options) => runResolve(ctx, id, options))),
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
  else ctx.out(`${ctx.style.green('Resolved')} incident ${id}\n${renderUpdate(ctx, id, update)}`);
}

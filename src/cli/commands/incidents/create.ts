// `incidents create`: declares an incident. The flow (prompts on a terminal, the services
// resolved from the status pages, the dry run) and the options it takes are in
// src/cli/api/create-incident.ts; this module declares the command and prints what it created.
import { choiceOption, collect, examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import {
  DEFAULT_FIRST_UPDATE,
  INCIDENT_STATUSES,
  incidentName,
  messageFileOption,
  nonEmpty,
  SEVERITIES,
} from '../../input/incident-options.js';
import type { CreateOptions, Created } from '../../api/create-incident.js';
import { statusPageAddress } from '../../api/status-page-address.js';
import { runCreate } from '../../api/create-incident.js';
import { renderIncident } from './get.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { editorOption } from '../../input/editor.js';
import { terminalLine } from '../../output/terminal-text.js';

export type { CreateOptions };

export function declare(incidents: Noun): void {
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
          '--yes asks nothing, on a terminal too: not on a terminal or with --yes, --name, --severity and --service or ' +
          '--status-page are required (exit 2 otherwise), and the first update takes its default text.\n\n' +
          'With --template NAME, the fields the options leave out come from the template .statusctl/templates/NAME.md of ' +
          'the repository (or the current directory), else templates/NAME.md in the config directory (see `statusctl templates`): ' +
          '{{KEY}} is replaced by --var KEY=VALUE and {{service}} by the first service; a variable no --var gives, or a service the ' +
          'status pages do not list, is exit 2 and nothing is sent.\n\n' +
          "-e/--editor opens $VISUAL or $EDITOR (on a terminal only) on the first update, the template's text or the default " +
          'in it; lines starting with # are dropped, and an empty text cancels (exit 2, nothing created).\n\n' +
          'Prints the created incident; with -o json the API response, so `-o json | jq -r .id` gives its id. ' +
          'Then, on stderr when it is a terminal or with --verbose, the addresses of the status pages that now show it ' +
          '(those holding one of its services).',
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
      .addOption(editorOption('the text of the first update'))
      .addOption(choiceOption('--status <status>', 'status of the first update (any case; default INVESTIGATING)', INCIDENT_STATUSES))
      .option('--notify', 'notify the status page subscribers of the first update')
      .option(
        '--template <name>',
        'fill name, severity, services, status, notify and first update from template NAME (the options given win)',
      )
      .option(
        '--var <key=value>',
        'a variable of the template: {{KEY}} in it becomes VALUE; repeat for more',
        (value: string, previous: string[] = []) => [...previous, value],
      )
      .option('--dry-run', 'resolve the services and print the request (method, path, JSON body) instead of sending it')
      .option('-y, --yes', 'ask nothing: no confirmation, no question (what is missing is exit 2)')
      .action((options, command) => run(Context.fromCommand(command), options)),
    [
      'statusctl incidents create',
      'statusctl incidents create --name "Checkout errors" --severity major --service "Payments API" --message "Investigating failed payments"',
      'statusctl incidents create --name "Payments down" --severity critical --status-page "Acme Payments" --notify --yes',
      'statusctl incidents create --name "DB failover" --severity critical --service "Postgres (primary)" --service "Object Storage" --dry-run',
      'id=$(statusctl incidents create --name "API latency" --severity minor --service "Public API" -o json | jq -r .id)',
      'statusctl incidents create --name "Login failures" --severity major --service "Public API" --message-file notice.md --yes',
      'statusctl incidents create --template outage --var region=eu-west-1 --service "Public API" --dry-run',
    ],
  );
  valueKinds(incidents, 'create', { '--service': 'service', '--status-page': 'status-page' });
}

export async function run(ctx: Context, options: CreateOptions): Promise<void> {
  const created = await runCreate(ctx, options);
  if (!created) return;
  if (ctx.json) await ctx.printJson(created.incident);
  else ctx.out(await renderIncident(ctx, created.incident, 'Created incident'));
  // Where the incident now shows, for the person who declared it (a terminal) or who asked for detail.
  if (ctx.io.stderr.isTTY || ctx.globals.verbose) await printPageAddresses(ctx, created);
}

/**
 * The addresses of the status pages that now show the incident (those holding one of its
 * services), each with the incident's anchor, on stderr: stdout stays the incident.
 */
async function printPageAddresses(ctx: Context, { incident, catalog }: Created): Promise<void> {
  const services = new Set(incident.services.map((service) => service.id));
  const pages = catalog.filter((page) => page.services.some((service) => services.has(service.id)));
  if (pages.length === 0) {
    ctx.info('Not on any status page: none of its services is on a page.');
    return;
  }
  const client = await ctx.client();
  const { baseUrl, accountId } = await ctx.settings();
  const account = incident.services[0]?.accountId ?? accountId ?? '';
  const anchor = `#incident-${encodeURIComponent(incident.id)}`;
  const addresses = await Promise.all(pages.map((page) => statusPageAddress(client, baseUrl, { ...page, accountId: account })));
  ctx.info(`Now on ${pages.length === 1 ? 'the status page' : `${pages.length} status pages`}:`);
  for (const [at, page] of pages.entries()) ctx.info(terminalLine(`  ${page.name}  ${addresses[at]}${anchor}`));
}

// `incidents create`: declares an incident. The flow (prompts on a terminal, the services
// resolved from the status pages, the dry run) and the options it takes are in
// src/cli/api/create-incident.ts; this module declares the command and prints what it created.
import { choiceOption, collect, examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import {
  checkIncidentName,
  DEFAULT_FIRST_UPDATE,
  INCIDENT_STATUSES,
  incidentName,
  messageFileOption,
  nonEmpty,
  SEVERITIES,
} from '../../input/incident-options.js';
import type { CreateOptions, Created } from '../../api/create-incident.js';
import { statusPageAddress } from '../../api/status-page-address.js';
import { type Prepared, prepareCreate, runCreate } from '../../api/create-incident.js';
import type { CatalogPage } from '../../lookup/service-catalog.js';
import { collectComponents, impactOfSeverity, IMPACT_WORDS } from '../../input/impacts.js';
import type { z } from 'zod';
import type * as schemas from '../../../contract/schemas.js';
import { CliError, ExitCode, usageError } from '../../errors/exit-codes.js';
import { renderFields } from '../../output/cells.js';
import { rememberPage } from '../../lookup/short-ids.js';
import { renderIncident } from './get.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { editorOption } from '../../input/editor.js';
import { terminalLine } from '../../output/terminal-text.js';
import { routes } from '../../../contract/table.js';

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
          'On a V3 status page (components), --component NAME=IMPACT names each impacted component (--service names ' +
          'components there too, so scripts and templates of v2 pages keep working); a component named without an impact ' +
          'takes that of --severity (minor and medium: degraded, major: partial, critical: major), else partial. --severity ' +
          'is not sent and not required there.\n\n' +
          '--if-absent declares nothing when an open incident of the same name (any case) is on the page the new one would be ' +
          'on (the V3 page --status-page names, or a status page of its services): that one is printed, as a created one ' +
          'would be, and the exit code is 0, so a re-run job does not declare twice. With --dry-run it says which it would do.\n\n' +
          'Prints the created incident; with -o json the API response, so `-o json | jq -r .id` gives its id. ' +
          'Then, on stderr when it is a terminal or with --verbose, the addresses of the status pages that now show it ' +
          '(those holding one of its services).',
      )
      .option('--name <name>', 'incident name, 1 to 255 characters', incidentName)
      .addOption(choiceOption('--severity <severity>', 'severity (any case)', SEVERITIES))
      .option('--service <id-or-name...>', 'an affected service, by id or name (any case); repeat or separate with commas', collect)
      .option(
        '--status-page <id|url|name>',
        'a status page of either kind: on a v2 page alone, all its services are affected; with --service, names are looked for on it',
        nonEmpty,
      )
      .option(
        '--component <name[=impact]...>',
        'a component of the V3 page --status-page names, by id or name (any case, or the start of one), with its impact: degraded, partial, major or maintenance (default: from --severity, else partial); repeat or separate with commas',
        collectComponents,
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
      .option(
        '--if-absent',
        'declare nothing when an open incident of the same name (any case) is on the page; print that one instead (exit 0)',
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
      "mkdir -p .statusctl/templates && printf -- '---\\nname: Outage in {{region}}\\nseverity: major\\n---\\nCustomers in {{region}} see errors.\\n' > .statusctl/templates/api-outage.md && statusctl incidents create --template api-outage --var region=eu-west-1 --service 'Public API' --dry-run",
      'statusctl incidents create --status-page acme-platform --name "Webhooks delayed" --component Webhooks=partial --component "Email delivery=degraded" --yes',
      'statusctl incidents create --name "Checkout errors" --severity major --service "Payments API" --if-absent --yes',
      'statusctl incidents create --name "Checkout errors" --severity major --service "Payments API" --if-absent --dry-run',
    ],
  );
  valueKinds(incidents, 'create', { '--service': 'service', '--status-page': 'status-page' });
}

export async function run(ctx: Context, options: CreateOptions): Promise<void> {
  const prepared = await prepareCreate(ctx, options);
  if (prepared.v3Page) return createOnV3Page(ctx, prepared, prepared.v3Page);
  const created = await runCreate(ctx, prepared);
  if (!created) return;
  if (ctx.json) await ctx.printJson(created.incident);
  else ctx.out(await renderIncident(ctx, created.incident, created.existing ? 'Open incident' : 'Created incident'));
  if (created.existing) return (await import('../../api/open-incident.js')).sayFound(ctx, created.incident, options.dryRun === true);
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

/**
 * A create on a V3 page: the components named (--component, and --service's names) resolved on
 * the page, the first update, the body the API takes (no severity: each component's impact says
 * how bad it is), then the same dry run, question and lost-answer settling as on a v2 page.
 */
async function createOnV3Page(ctx: Context, { options, template, asks }: Prepared, page: CatalogPage): Promise<void> {
  const client = await ctx.client();
  const { pageComponents, resolveComponents, asIncident } = await import('../../lookup/v3-incidents.js');
  const components = await pageComponents(client, page.id);
  let named = [...(options.component ?? []), ...(options.service ?? []).map((component) => ({ component }))];
  const prompts = asks ? await import('../../prompts/index.js') : undefined;
  if (named.length === 0 && prompts && components.length > 0) {
    const choices = components.map((component) => ({ name: component.name, value: component.id, description: component.id }));
    const ids = await prompts.askMany({
      message: 'Impacted components (space to select, enter to confirm)',
      groups: [{ heading: `-- ${page.name} --`, choices }],
    });
    named = ids.map((component) => ({ component }));
  }
  if (named.length === 0) {
    throw usageError(`missing --component NAME[=IMPACT]: the components of V3 status page ${page.name} the incident impacts`);
  }
  const impacts = resolveComponents(page, components, named, impactOfSeverity(options.severity));
  const name =
    options.name ?? (prompts ? (await prompts.askText({ message: 'Incident name', validate: checkIncidentName })).trim() : undefined);
  if (!name) throw usageError('missing required option --name');
  const asked = {
    name,
    message: options.message ?? DEFAULT_FIRST_UPDATE,
    services: impacts.map(({ componentId, name }) => ({ id: componentId, name, accountId: '' })),
  };
  const filled = template ? template.finish(asked) : asked;
  const firstUpdate = {
    description: filled.message,
    status: options.status ?? 'INVESTIGATING',
    ...(options.notify ? { notifySubscribers: true } : {}),
  };
  const body = {
    name: filled.name,
    componentImpacts: impacts.map(({ componentId, status }) => ({ componentId, status })),
    incidentUpdates: [firstUpdate] as [typeof firstUpdate],
  } satisfies z.input<typeof schemas.V3IncidentCreateInput>;
  const { bodyProblems, printPlanned } = await import('../../api/dry-run.js');
  const problems = await bodyProblems('createV3Incident', body);
  if (problems.length > 0) throw usageError(`invalid incident: ${problems.join('; ')}`);
  const { method, path } = routes.createV3Incident;
  if (options.ifAbsent) {
    const { openV3Incident, sayAbsent, sayFound } = await import('../../api/open-incident.js');
    const existing = await openV3Incident(client, page.id, body.name);
    if (existing) {
      if (ctx.json) await ctx.printJson(existing);
      else ctx.out(await renderIncident(ctx, asIncident(existing, components), 'Open incident'));
      return sayFound(ctx, existing, options.dryRun === true);
    }
    if (options.dryRun) sayAbsent(ctx, body.name, `on status page ${page.name}`);
  }
  if (options.dryRun) {
    return printPlanned(ctx, { method, path: path.replace('{statusPageId}', encodeURIComponent(page.id)), body });
  }
  if (prompts) {
    const fields = await renderFields(
      ctx,
      [
        ['name', body.name],
        ['status page', `${page.name} (${page.url})`],
        ['components', impacts.map((impact) => `${impact.name}: ${IMPACT_WORDS[impact.status]}`).join(', ')],
        ['first update', `${firstUpdate.status}: ${firstUpdate.description}`],
        ['notify', firstUpdate.notifySubscribers ? 'yes' : 'no'],
      ],
      'terminal',
    );
    ctx.info(['', ctx.style.bold('About to create this incident:'), fields, ''].join('\n'));
    if (!(await prompts.askYesNo({ message: 'Create this incident?', default: true }))) {
      throw new CliError(ExitCode.usage, 'cancelled: no incident was created');
    }
  }
  const incident = await client.createV3Incident({ params: { statusPageId: page.id }, body });
  await rememberPage(ctx, incident.id, page.id);
  if (ctx.json) await ctx.printJson(incident);
  else ctx.out(await renderIncident(ctx, asIncident(incident, components), 'Created incident'));
  if (ctx.io.stderr.isTTY || ctx.globals.verbose) {
    const { baseUrl, accountId } = await ctx.settings();
    const address = await statusPageAddress(client, baseUrl, { ...page, accountId: accountId ?? '' });
    ctx.info(`Now on the status page:`);
    ctx.info(terminalLine(`  ${page.name}  ${address}#incident-${encodeURIComponent(incident.id)}`));
  }
}

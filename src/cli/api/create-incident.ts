// The flow of `incidents create`: on a terminal it asks for what the options left out (services
// picked from the account's status pages, severity, name, first message) and confirms; elsewhere
// a missing required option is a usage error, so a script never hangs on a question. Both ways
// end in the same body, built once below: each service as `{id, name, accountId}` from the
// status pages, and exactly one first update, as the hosted API requires.
import type { Incident } from './types.js';
import type { CreateIncidentInput } from '../../contract/schemas.js';
import type { Context } from '../runtime/context.js';
import { routes } from '../../contract/table.js';
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import { checkIncidentName, DEFAULT_FIRST_UPDATE, SEVERITIES, type IncidentStatus, type Severity } from '../input/incident-options.js';
import type { ChoiceGroup } from '../prompts/index.js';
import {
  type CatalogPage,
  findPage,
  type IncidentServiceRef,
  loadCatalog,
  pageServices,
  resolveServices,
} from '../lookup/service-catalog.js';
import { messageText } from '../input/read.js';
import type { ComponentImpact } from '../input/impacts.js';
import { renderFields } from '../output/cells.js';

/** The options of `incidents create` (the verb module declares them). */
export interface CreateOptions {
  name?: string;
  severity?: Severity;
  service?: string[];
  statusPage?: string;
  message?: string;
  /** A file (or - for stdin) holding the first update's text, instead of --message. */
  messageFile?: string;
  status?: IncidentStatus;
  notify?: boolean;
  dryRun?: boolean;
  yes?: boolean;
  /** A template (src/cli/input/templates.ts) filling what the options leave out, and its variables. */
  template?: string;
  var?: string[];
  /** Write the first update in $VISUAL/$EDITOR (src/cli/input/editor.ts). */
  editor?: boolean;
  /** The components of a V3 page (--status-page), each with its impact if given. */
  component?: ComponentImpact[];
  /** Declare nothing when an open incident of the same name is on the page (api/open-incident.ts). */
  ifAbsent?: boolean;
}

interface Answers {
  name: string;
  severity: Severity;
  services: IncidentServiceRef[];
  message: string;
  notify: boolean;
}

/** What a real run created, with the status pages it read (the dry run creates nothing); the verb prints it. */
export interface Created {
  incident: Incident;
  catalog: CatalogPage[];
  /** --if-absent found it open: nothing was declared (in a dry run too). */
  existing?: boolean;
}

/** What a create works from: the options with the template, files and editor applied, and the pages read. */
export interface Prepared {
  options: CreateOptions;
  template: Awaited<ReturnType<typeof import('../input/templates.js').templateForCreate>>;
  /** Whether questions may be asked (a terminal, no --yes). */
  asks: boolean;
  catalog: CatalogPage[];
  /** The V3 page --status-page names, when it names one: the incident goes there. */
  v3Page?: CatalogPage;
}

/**
 * The part of a create both kinds of page share: the texts (--message-file, the template, the
 * editor), the options a run off a terminal requires, and the pages of both kinds when
 * --status-page or --component may name a V3 page.
 */
export async function prepareCreate(ctx: Context, given: CreateOptions): Promise<Prepared> {
  const message = await messageText(ctx, given);
  let options: CreateOptions = { ...given, ...(message !== undefined ? { message } : {}) };
  // The YAML library comes with the templates module, only when a template is used.
  const template =
    options.template || options.var ? await (await import('../input/templates.js')).templateForCreate(ctx, options) : undefined;
  if (template) options = { ...options, ...template.fields };
  if (options.editor) {
    const { editText } = await import('../input/editor.js');
    const about = [`The first update of the new incident${options.name ? `: ${options.name}` : ''}, shown on the status page.`];
    options = { ...options, message: await editText(ctx, { initial: options.message ?? DEFAULT_FIRST_UPDATE, about }) };
  }
  // Questions only on a terminal and never with --yes: what would be asked then has a default
  // (the first update's text, no notification) or is a missing option, known before any request.
  const asks = ctx.interactive && !options.yes;
  const why = ctx.interactive ? '--yes asks nothing' : 'not on a terminal, so nothing is asked';
  // --status-page may name a V3 page, on which --severity is not required: said after the pages are read.
  const pageKindUnknown = Boolean(options.statusPage) && !options.severity;
  if (!asks) requireFlags(options, template ? `${why}; the template gives none` : why, Boolean(template?.services), pageKindUnknown);
  if (options.component?.length && !options.statusPage) {
    throw usageError(
      '--component names components of a V3 status page: give the page with --status-page',
      'statusctl status-pages list shows the pages of both kinds',
    );
  }
  if (!options.statusPage) return { options, template, asks, catalog: await loadCatalog(ctx) };
  const { v3Catalog } = await import('../lookup/v3-incidents.js');
  const [catalog, v3] = await Promise.all([loadCatalog(ctx), v3Catalog(ctx)]);
  const page = findPage([...catalog, ...v3], options.statusPage);
  if (v3.includes(page)) return { options, template, asks, catalog, v3Page: page };
  if (options.component?.length) {
    throw usageError(`--component: status page ${page.name} is a v2 page of cards and services; name its services with --service`);
  }
  if (pageKindUnknown && !asks) requireFlags(options, template ? `${why}; the template gives none` : why, true);
  return { options, template, asks, catalog };
}

export async function runCreate(ctx: Context, { options, template, asks, catalog }: Prepared): Promise<Created | undefined> {
  const chosen = servicesFromFlags(catalog, options) ?? template?.services?.(catalog);
  const asked = asks ? await askMissing(catalog, options, chosen) : fromFlags(options, chosen);
  const answers = template ? template.finish(asked) : asked;
  const body = createBody(answers, options);

  const { bodyProblems, printPlanned } = await import('./dry-run.js');
  const problems = await bodyProblems('createIncident', body);
  if (problems.length > 0) throw usageError(`invalid incident: ${problems.join('; ')}`);

  if (options.ifAbsent) {
    const { openV2Incident, sayAbsent } = await import('./open-incident.js');
    const existing = await openV2Incident(await ctx.client(), catalog, body.name, body.services);
    if (existing) return { incident: existing, catalog, existing: true };
    if (options.dryRun) sayAbsent(ctx, body.name, 'on the status pages of its services');
  }

  if (options.dryRun) {
    await printPlanned(ctx, { method: routes.createIncident.method, path: routes.createIncident.path, body });
    return undefined;
  }

  if (ctx.interactive && !options.yes) {
    const { askYesNo } = await import('../prompts/index.js');
    ctx.info(await summary(ctx, body));
    if (!(await askYesNo({ message: 'Create this incident?', default: true }))) {
      throw new CliError(ExitCode.usage, 'cancelled: no incident was created');
    }
  }

  const client = await ctx.client();
  const incident = await client.createIncident({ body });
  return { incident, catalog };
}

/** The request body; its type is the contract's input type, so a field upstream lacks is a compile error. */
function createBody(answers: Answers, options: CreateOptions) {
  const firstUpdate = {
    description: answers.message,
    ...(options.status ? { status: options.status } : {}),
    ...(answers.notify ? { notifySubscribers: true } : {}),
  };
  // A one-element tuple: upstream takes exactly one update on create (x-constraint length 1).
  const incidentUpdates: [typeof firstUpdate] = [firstUpdate];
  return {
    name: answers.name,
    severity: answers.severity,
    services: answers.services,
    incidentUpdates,
  } satisfies CreateIncidentInput;
}
type CreateBody = ReturnType<typeof createBody>;

function requireFlags(options: CreateOptions, why: string, templateServices = false, severityLater = false): void {
  const missing = [
    ...(options.name ? [] : ['--name']),
    ...(options.severity || severityLater ? [] : [`--severity (${SEVERITIES.join('|')})`]),
    ...(options.service?.length || options.statusPage || options.component?.length || templateServices
      ? []
      : ['--service or --status-page']),
  ];
  if (missing.length > 0) {
    throw usageError(`missing required option${missing.length === 1 ? '' : 's'} ${missing.join(', ')} (${why})`);
  }
}

/** What --service and --status-page name, resolved; undefined when neither was given. */
function servicesFromFlags(catalog: CatalogPage[], options: CreateOptions): IncidentServiceRef[] | undefined {
  const page = options.statusPage ? findPage(catalog, options.statusPage) : undefined;
  const wanted = [...new Set(options.service ?? [])];
  if (wanted.length > 0) return resolveServices(page ? [page] : catalog, wanted, page ? ` on status page ${page.name}` : '');
  return page ? pageServices(page) : undefined;
}

function fromFlags(options: CreateOptions, services: IncidentServiceRef[] | undefined): Answers {
  // requireFlags has run: these are all present.
  if (!options.name || !options.severity || !services) throw usageError('missing required options');
  return {
    name: options.name,
    severity: options.severity,
    services,
    message: options.message ?? DEFAULT_FIRST_UPDATE,
    notify: options.notify === true,
  };
}

async function askMissing(catalog: CatalogPage[], options: CreateOptions, chosen: IncidentServiceRef[] | undefined): Promise<Answers> {
  const prompts = await import('../prompts/index.js');
  let services = chosen;
  if (!services) {
    const { groups, byId } = serviceChoices(catalog);
    const ids = await prompts.askMany({ message: 'Affected services (space to select, enter to confirm)', groups });
    services = ids.map((id) => byId.get(id)!);
  }
  const severity =
    options.severity ??
    (await prompts.askOne<Severity>({
      message: 'Severity',
      choices: SEVERITIES.map((value) => ({ name: value, value })),
    }));
  const name = options.name ?? (await prompts.askText({ message: 'Incident name', validate: checkIncidentName })).trim();
  const message =
    options.message ??
    (
      await prompts.askText({
        message: 'First update (shown on the status page)',
        default: DEFAULT_FIRST_UPDATE,
        validate: (value) => (value.trim() ? true : 'a message is required'),
      })
    ).trim();
  // Asked in the wizard only (something was missing; never with --yes, which asks nothing):
  // sending a notification is a choice to make, and the safe answer is no.
  const wizard = !chosen || !options.severity || !options.name || options.message === undefined;
  const notify =
    options.notify ??
    (wizard ? await prompts.askYesNo({ message: 'Notify the status page subscribers of this first update?', default: false }) : false);
  return { name, severity, services, message, notify };
}

/** Services of every status page, grouped by page and card, each service listed once. */
function serviceChoices(catalog: CatalogPage[]): { groups: ChoiceGroup<string>[]; byId: Map<string, IncidentServiceRef> } {
  const byId = new Map<string, IncidentServiceRef>();
  const groups: ChoiceGroup<string>[] = [];
  for (const page of catalog) {
    for (const card of page.cards) {
      const fresh = card.services.filter((service) => !byId.has(service.id));
      for (const service of fresh) byId.set(service.id, service);
      if (fresh.length > 0) {
        groups.push({
          heading: `-- ${page.name} / ${card.name} --`,
          choices: fresh.map((service) => ({ name: service.name, value: service.id, description: service.id })),
        });
      }
    }
  }
  if (groups.length === 0) {
    throw new CliError(ExitCode.usage, 'the account has no services on its status pages to choose from; nothing was sent');
  }
  return { groups, byId };
}

/** What is about to be created, for the person asked (stderr, a terminal): the same layout as every record's fields. */
async function summary(ctx: Context, body: CreateBody): Promise<string> {
  const [update] = body.incidentUpdates;
  const fields = await renderFields(
    ctx,
    [
      ['name', body.name],
      ['severity', body.severity],
      ['services', body.services.map((service) => `${service.name} (${service.id})`).join(', ')],
      ['first update', `${update.status ?? 'INVESTIGATING'}: ${update.description}`],
      ['notify', update.notifySubscribers ? 'yes' : 'no'],
    ],
    'terminal',
  );
  return ['', ctx.style.bold('About to create this incident:'), fields, ''].join('\n');
}

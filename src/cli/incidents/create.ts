// `incidents create`: on a terminal it asks for what the options left out (services picked from
// the account's status pages, severity, name, first message) and confirms; elsewhere a missing
// required option is a usage error, so a script never hangs on a question.
import type { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../exit-codes.js';
import { checkIncidentName, SEVERITIES, type IncidentStatus, type Severity } from './options.js';
import { fetchPages } from '../paging.js';
import { fields, renderIncident } from './render.js';
import type { Service } from '../api-types.js';
import type { ChoiceGroup } from '../prompts/index.js';

export interface CreateOptions {
  name?: string;
  severity?: Severity;
  service?: string[];
  message?: string;
  status?: IncidentStatus;
  notify?: boolean;
  dryRun?: boolean;
  yes?: boolean;
}

interface CreateIncidentBody {
  name: string;
  severity: Severity;
  services: { id: string }[];
  incidentUpdates: { description: string; status?: IncidentStatus; notifySubscribers?: boolean }[];
}

export async function runCreate(ctx: Context, options: CreateOptions): Promise<void> {
  const answers = ctx.interactive ? await askMissing(ctx, options) : fromFlags(options);
  if ((options.status || options.notify) && !answers.message) {
    throw usageError('--status and --notify describe the first update: give its text with --message');
  }
  const body: CreateIncidentBody = {
    name: answers.name,
    severity: answers.severity,
    services: answers.serviceIds.map((id) => ({ id })),
    incidentUpdates: answers.message
      ? [
          {
            description: answers.message,
            ...(options.status ? { status: options.status } : {}),
            ...(options.notify ? { notifySubscribers: true } : {}),
          },
        ]
      : [],
  };

  const { operations } = await import('../../contract/operations.js');
  const { CreateIncidentInput } = await import('../../contract/schemas.js');
  const checked = CreateIncidentInput.safeParse(body);
  if (!checked.success) {
    throw usageError(`invalid incident: ${checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }

  if (options.dryRun) {
    const request = { method: operations.createIncident.method, path: operations.createIncident.path, body };
    if (ctx.json) ctx.printJson(request);
    else ctx.out(`${request.method} ${request.path}\n${JSON.stringify(body, null, 2)}`);
    ctx.info('dry run: nothing was sent');
    return;
  }

  if (ctx.interactive && !options.yes) {
    const { askYesNo } = await import('../prompts/index.js');
    ctx.info(summary(ctx, body, answers.serviceNames));
    if (!(await askYesNo({ message: 'Create this incident?', default: true }))) {
      throw new CliError(ExitCode.usage, 'cancelled: no incident was created');
    }
  }

  const client = await ctx.client();
  const incident = await client.createIncident({ body });
  if (ctx.json) ctx.printJson(incident);
  else ctx.out(await renderIncident(ctx, incident, 'Created incident'));
}

interface Answers {
  name: string;
  severity: Severity;
  serviceIds: string[];
  serviceNames: Map<string, string>;
  message?: string;
}

function fromFlags(options: CreateOptions): Answers {
  const missing = [
    ...(options.name ? [] : ['--name']),
    ...(options.severity ? [] : [`--severity (${SEVERITIES.join('|')})`]),
    ...(options.service?.length ? [] : ['--service']),
  ];
  if (missing.length > 0 || !options.name || !options.severity) {
    throw usageError(
      `missing required option${missing.length === 1 ? '' : 's'} ${missing.join(', ')} (not on a terminal, so nothing is asked)`,
    );
  }
  return {
    name: options.name,
    severity: options.severity,
    serviceIds: unique(options.service ?? []),
    serviceNames: new Map(),
    ...(options.message ? { message: options.message } : {}),
  };
}

async function askMissing(ctx: Context, options: CreateOptions): Promise<Answers> {
  const prompts = await import('../prompts/index.js');
  let serviceIds = unique(options.service ?? []);
  let serviceNames = new Map<string, string>();
  if (serviceIds.length === 0) {
    const { groups, names } = await serviceChoices(ctx);
    serviceNames = names;
    serviceIds = await prompts.askMany({ message: 'Affected services (space to select, enter to confirm)', groups });
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
        default: 'We are investigating the issue.',
        validate: (value) => (value.trim() ? true : 'a message is required'),
      })
    ).trim();
  return { name, severity, serviceIds, serviceNames, message };
}

/** Services of every status page, grouped by page and card, each service listed once. */
async function serviceChoices(ctx: Context): Promise<{ groups: ChoiceGroup<string>[]; names: Map<string, string> }> {
  const client = await ctx.client();
  const pages = await fetchPages((query) => client.listStatusPages({ query }), { all: true });
  const names = new Map<string, string>();
  const groups: ChoiceGroup<string>[] = [];
  for (const page of pages.entries) {
    for (const card of page.cards ?? []) {
      const fresh = (card.services ?? []).filter((service: Service) => !names.has(service.id));
      for (const service of fresh) names.set(service.id, service.name);
      if (fresh.length > 0) {
        groups.push({
          heading: `-- ${page.name} / ${card.name} --`,
          choices: fresh.map((service: Service) => ({ name: service.name, value: service.id, description: service.id })),
        });
      }
    }
  }
  if (groups.length === 0) {
    throw new CliError(ExitCode.failure, 'the account has no services on its status pages to choose from; pass --service ID');
  }
  return { groups, names };
}

function summary(ctx: Context, body: CreateIncidentBody, names: Map<string, string>): string {
  const update = body.incidentUpdates[0];
  return [
    '',
    ctx.style.bold('About to create this incident:'),
    fields(ctx, [
      ['name', body.name],
      ['severity', body.severity],
      ['services', body.services.map(({ id }) => (names.has(id) ? `${names.get(id)} (${id})` : id)).join(', ')],
      ['first update', update ? `${update.status ?? 'INVESTIGATING'}: ${update.description}` : '(none)'],
      ['notify', update?.notifySubscribers ? 'yes' : 'no'],
    ]),
    '',
  ].join('\n');
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

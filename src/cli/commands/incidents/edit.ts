// `incidents edit`: changes an incident's name, severity or services. The API's PUT replaces the
// incident's fields, so the stored incident is read and sent whole (name, severity, services as
// on create), with only what was given changed. Its updates are not part of the body: they stay.
import type { Incident } from '../../api/types.js';
import { choiceOption, collect, examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { incidentName, SEVERITIES, type Severity } from '../../input/incident-options.js';
import { type IncidentServiceRef, loadCatalog, resolveServices } from '../../lookup/service-catalog.js';
import { IncidentIds, MIN_PREFIX } from '../../lookup/short-ids.js';
import { closest } from '../../errors/suggest.js';
import { renderIncident } from './get.js';
import { valueKinds } from '../../completion/value-kinds.js';

export interface EditOptions {
  name?: string;
  severity?: Severity;
  /** The services, replacing the stored ones. */
  service?: string[];
  addService?: string[];
  removeService?: string[];
  dryRun?: boolean;
}

export function declare(incidents: Noun): void {
  examples(
    incidents
      .command('edit')
      .argument('<id>', `incident id, or its first ${MIN_PREFIX} or more characters`)
      .description(
        "Change an incident's name, severity or services.\n\n" +
          'What is not given is kept: the incident is read and sent whole (a PUT replaces its name, severity and ' +
          'services, so the API needs all three), with the given values in place of its own. Its updates stay as ' +
          'they are. Services are named by id or by name (any case) and resolved from the status pages of the ' +
          'account: --service gives the whole list, --add-service and --remove-service change the stored one. ' +
          'An unknown service is exit 2 with the closest names; nothing is sent. Prints the incident as the API ' +
          'answers it (-o json: the API response).',
      )
      .option('--name <name>', 'new name, 1 to 255 characters', incidentName)
      .addOption(choiceOption('--severity <severity>', 'new severity (any case)', SEVERITIES))
      .option('--service <id-or-name...>', 'the affected services, replacing the stored ones; repeat or separate with commas', collect)
      .option('--add-service <id-or-name...>', 'add a service, by id or name; repeatable', collect)
      .option('--remove-service <id-or-name...>', 'remove one of its services, by id or name; repeatable', collect)
      .option('--dry-run', 'read the incident and print the request (method, path, JSON body) instead of sending it')
      .action((id, options, command) => run(Context.fromCommand(command), id, options)),
    [
      'statusctl incidents edit 7385595c-e0b7-5ea5-864c-ef529d079682 --severity major',
      'statusctl incidents edit 7385595c --name "Card payments failing in the EU"   # a unique prefix of the id',
      'statusctl incidents edit 7385595c-e0b7-5ea5-864c-ef529d079682 --add-service Payouts --dry-run',
      'statusctl incidents edit 7385595c-e0b7-5ea5-864c-ef529d079682 --remove-service "Card Processing" --dry-run -o json',
      'statusctl incidents edit 7385595c-e0b7-5ea5-864c-ef529d079682 --service "Payments API" --service "Payouts" --dry-run',
    ],
  );
  valueKinds(incidents, 'edit', { id: 'incident', '--service': 'service', '--add-service': 'service', '--remove-service': 'service' });
}

export async function run(ctx: Context, given: string, options: EditOptions): Promise<void> {
  const { service = [], addService = [], removeService = [] } = options;
  if (!options.name && !options.severity && service.length + addService.length + removeService.length === 0) {
    throw usageError(
      'nothing to change: give --name, --severity, --service, --add-service or --remove-service',
      "'statusctl incidents edit --help' shows examples",
    );
  }
  if (service.length > 0 && addService.length + removeService.length > 0) {
    throw usageError('--service gives the whole list of services: use it alone, or --add-service and --remove-service');
  }
  const client = await ctx.client();
  // A prefix is found in the incident list, which already holds the whole incident.
  const resolved = await new IncidentIds(() => ctx.client()).resolve(given);
  const stored = resolved.incident ?? (await client.getIncident({ params: { incidentId: resolved.id } }));
  const input = {
    params: { incidentId: stored.id },
    body: {
      name: options.name ?? stored.name,
      severity: options.severity ?? stored.severity,
      services: await editedServices(ctx, stored, options),
    },
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('updateIncident', input));
  }
  const incident = await client.updateIncident(input);
  if (ctx.json) await ctx.printJson(incident);
  else ctx.out(await renderIncident(ctx, incident, 'Edited incident'));
}

/** The services to send: each as on create (`{id, name, accountId}`), the stored ones unless changed. */
async function editedServices(ctx: Context, stored: Incident, options: EditOptions): Promise<IncidentServiceRef[]> {
  const { service = [], addService = [], removeService = [] } = options;
  const current: IncidentServiceRef[] = (stored.services ?? []).map(({ id, name, accountId }) => ({ id, name, accountId }));
  if (service.length + addService.length === 0 && removeService.length === 0) return current;
  let services = current;
  if (service.length + addService.length > 0) {
    // Only a new service needs the catalog (the account's status pages): removing reads none.
    const catalog = await loadCatalog(ctx);
    if (service.length > 0) services = resolveServices(catalog, [...new Set(service)]);
    else {
      const added = resolveServices(catalog, [...new Set(addService)], '', 'nothing was sent', '--add-service');
      services = [...current, ...added.filter((candidate) => !current.some((kept) => kept.id === candidate.id))];
    }
  }
  if (removeService.length > 0) services = withoutServices(stored, services, removeService);
  if (services.length === 0) {
    throw usageError(
      `incident ${stored.id} would have no service left: an incident needs at least one; nothing was sent`,
      'add one with --add-service, or give the whole list with --service',
    );
  }
  return services;
}

/** `services` less those `removed` names (ids or names of the incident's own services, any case). */
function withoutServices(stored: Incident, services: IncidentServiceRef[], removed: string[]): IncidentServiceRef[] {
  const own = stored.services ?? [];
  const problems: string[] = [];
  const gone = new Set<string>();
  for (const value of removed) {
    const wanted = value.trim().toLowerCase();
    const hit = own.find((s) => s.id.toLowerCase() === wanted) ?? own.find((s) => s.name.toLowerCase() === wanted);
    if (hit) {
      gone.add(hit.id);
      continue;
    }
    const near = closest(
      value,
      own.map((s) => s.name),
    );
    problems.push(
      [
        `--remove-service "${value}": not a service of incident ${stored.id}${near.length ? ` (did you mean ${near.map((name) => `"${name}"`).join(' or ')}?)` : ''}; its services:`,
        ...own.map((s) => `  ${s.name} (id ${s.id})`),
      ].join('\n'),
    );
  }
  if (problems.length > 0) throw usageError([...problems, 'nothing was sent'].join('\n'));
  return services.filter((s) => !gone.has(s.id));
}

// `incidents edit`: changes an incident's name, severity or services, on either kind of status
// page. The API's PUT replaces the incident's fields, so the stored incident is read and sent
// whole (name, severity, services as on create), with only what was given changed. Its updates
// are not part of the body: they stay. An incident of a V3 page is renamed and its component
// impacts reconciled (editV3Incident): the PUT's impacts are what each component is now.
import type { Incident } from '../../api/types.js';
import { choiceOption, collect, examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { incidentName, SEVERITIES, type Severity } from '../../input/incident-options.js';
import { type IncidentServiceRef, loadCatalog, resolveServices } from '../../lookup/service-catalog.js';
import { MIN_PREFIX } from '../../lookup/short-ids.js';
import { type FoundIncident, findIncident, openImpacts, resolveComponents, shownIncident } from '../../lookup/v3-incidents.js';
import { collectComponentChanges, type ComponentImpact, type Impact, impactOfSeverity } from '../../input/impacts.js';
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
  /** A V3 incident's components, each with what it is now (operational: no longer impacted). */
  component?: ComponentImpact[];
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
          'answers it (-o json: the API response).\n\n' +
          'An incident of a V3 status page (components): --component NAME=IMPACT says what a component is now ' +
          '(degraded, partial, major, maintenance, or operational to end its impact); the others keep theirs. ' +
          'The incident is read and its impacts sent whole, as the PUT requires (a component left out is operational): ' +
          'a component whose impact changes has its window ended now and a new one opened. --service, --add-service ' +
          'and --remove-service name components there, an added one taking the impact of --severity (minor and medium: ' +
          'degraded, major: partial, critical: major, else partial); --severity alone sets every impacted component to it. ' +
          'A resolved incident has no open impacts to change: `incidents impacts --set` corrects its timeline.',
      )
      .option('--name <name>', 'new name, 1 to 255 characters', incidentName)
      .addOption(choiceOption('--severity <severity>', 'new severity (any case)', SEVERITIES))
      .option('--service <id-or-name...>', 'the affected services, replacing the stored ones; repeat or separate with commas', collect)
      .option('--add-service <id-or-name...>', 'add a service, by id or name; repeatable', collect)
      .option('--remove-service <id-or-name...>', 'remove one of its services, by id or name; repeatable', collect)
      .option(
        '--component <name=impact...>',
        'a V3 incident: what this component is now, by id or name: degraded, partial, major, maintenance or operational; repeat or separate with commas',
        collectComponentChanges,
      )
      .option('--dry-run', 'read the incident and print the request (method, path, JSON body) instead of sending it')
      .action((id, options, command) => run(Context.fromCommand(command), id, options)),
    [
      'statusctl incidents edit 7385595c-e0b7-5ea5-864c-ef529d079682 --severity major',
      'statusctl incidents edit 7385595c --name "Card payments failing in the EU"   # a unique prefix of the id',
      'statusctl incidents edit 7385595c-e0b7-5ea5-864c-ef529d079682 --add-service Payouts --dry-run',
      'statusctl incidents edit 7385595c-e0b7-5ea5-864c-ef529d079682 --remove-service "Card Processing" --dry-run -o json',
      'statusctl incidents edit 7385595c-e0b7-5ea5-864c-ef529d079682 --service "Payments API" --service "Payouts" --dry-run',
      'statusctl incidents edit 388fd544-07ea-5670-bdf5-ea5c52188fcb --component Webhooks=major --component "Email delivery=operational" --dry-run',
      'statusctl incidents edit 388fd544 --name "Webhook deliveries delayed in the EU" --dry-run -o json   # an incident of a V3 page',
    ],
  );
  valueKinds(incidents, 'edit', { id: 'incident', '--service': 'service', '--add-service': 'service', '--remove-service': 'service' });
}

export async function run(ctx: Context, given: string, options: EditOptions): Promise<void> {
  const { service = [], addService = [], removeService = [], component = [] } = options;
  if (!options.name && !options.severity && service.length + addService.length + removeService.length + component.length === 0) {
    throw usageError(
      'nothing to change: give --name, --severity, --service, --add-service, --remove-service or --component',
      "'statusctl incidents edit --help' shows examples",
    );
  }
  if (service.length > 0 && addService.length + removeService.length > 0) {
    throw usageError('--service gives the whole list of services: use it alone, or --add-service and --remove-service');
  }
  const client = await ctx.client();
  // Either kind: a prefix is found in the lists, the v2 one holding the incident whole.
  const found = await findIncident(ctx, given);
  if (found.kind === 'v3') {
    return editV3Incident(ctx, found, options);
  }
  if (component.length > 0) {
    throw usageError(
      `incident ${found.id} is on a v2 status page (services): --component names the components of a V3 page's incident`,
      'change its services with --service, --add-service or --remove-service',
    );
  }
  const stored = found.incident;
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

type V3Found = Extract<FoundIncident, { kind: 'v3' }>;

/**
 * An incident of a V3 page: renamed, and its impacts reconciled. The PUT's componentImpacts are
 * what each component is now (one left out: operational), so the open impacts are read and sent
 * with the given changes; with only --name they are left out, and the impacts stay as they are.
 */
async function editV3Incident(ctx: Context, found: V3Found, options: EditOptions): Promise<void> {
  const impacts = reconciled(found, options);
  const input = {
    params: { statusPageId: found.page.id, incidentId: found.id },
    body: { name: options.name ?? found.incident.name, ...(impacts ? { componentImpacts: impacts } : {}) },
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('updateV3Incident', input));
  }
  const client = await ctx.client();
  const incident = await client.updateV3Incident(input);
  if (ctx.json) await ctx.printJson(incident);
  else ctx.out(await renderIncident(ctx, shownIncident({ ...found, incident }), 'Edited incident'));
}

/** What each component is to be, or undefined when no option changes the impacts. */
function reconciled(found: V3Found, options: EditOptions): { componentId: string; status: Impact }[] | undefined {
  const { service = [], addService = [], removeService = [], component = [] } = options;
  if (component.length + service.length + addService.length + removeService.length === 0 && !options.severity) return undefined;
  if (found.incident.lastUpdateStatus === 'RESOLVED') {
    throw usageError(
      `incident ${found.id} (${found.incident.name}) is resolved: it has no open impacts to change; nothing was sent`,
      `statusctl incidents impacts ${found.id} --set COMPONENT=IMPACT@FROM..TO replaces its timeline`,
    );
  }
  const open = openImpacts(found.incident);
  const now = new Map<string, Impact>(open);
  const otherwise = impactOfSeverity(options.severity);
  const resolve = (given: ComponentImpact[], label: string) => resolveComponents(found.page, found.components, given, otherwise, label);
  const names = (values: string[]) => values.map((value) => ({ component: value }));
  // --severity with no component named: every impacted component takes the impact it stands for.
  if (options.severity && component.length + service.length + addService.length + removeService.length === 0) {
    for (const id of open.keys()) now.set(id, otherwise);
  }
  if (service.length > 0) {
    const listed = resolve(names(service), '--service');
    for (const id of open.keys()) now.set(id, 'OPERATIONAL');
    for (const { componentId } of listed) now.set(componentId, open.get(componentId) ?? otherwise);
  }
  for (const { componentId } of resolve(names(addService), '--add-service')) now.set(componentId, open.get(componentId) ?? otherwise);
  for (const { componentId } of resolve(names(removeService), '--remove-service')) now.set(componentId, 'OPERATIONAL');
  for (const { componentId, status } of resolve(component, '--component')) now.set(componentId, status);
  // Every component once: those impacted, and those whose impact ends (OPERATIONAL, said outright).
  return [...now]
    .filter(([id, status]) => status !== 'OPERATIONAL' || open.has(id))
    .map(([componentId, status]) => ({ componentId, status }));
}

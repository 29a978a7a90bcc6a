// `status-pages migrate V2PAGE`: a V3 page made from a v2 page, which is left as it is. The new
// page takes the v2 page's texts, theme and colors; each card becomes a GROUP holding its
// services as SERVICE components, in the card's order; the page's subscribers are subscribed to
// the new page (every component), the verified ones with autoVerify. What it will create is
// shown and asked about on a terminal; off one --yes is required, checked before any request.
// Prints the mapping of each service to its component, the bridge for scripts and templates.
import { routes } from '../../../contract/table.js';
import type { PlannedRequest } from '../../api/dry-run.js';
import type { Service, StatusPage, V3Component, V3StatusPage } from '../../api/types.js';
import { isV3 } from '../../api/types.js';
import { CliError, ExitCode, usageError } from '../../errors/exit-codes.js';
import { findPageOfEitherKind } from '../../lookup/page-kinds.js';
import { renderTable } from '../../output/cells.js';
import { terminalLine, terminalText } from '../../output/terminal-text.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';

export interface MigrateOptions {
  url?: string;
  name?: string;
  dryRun?: boolean;
  yes?: boolean;
}

/** At most this many subscribers a bulk request (the API's limit). */
const BATCH = 100;

interface GroupPlan {
  name: string;
  services: Service[];
}

/** Everything the migration sends, worked out from the v2 page before anything is sent. */
interface Plan {
  source: StatusPage;
  page: ReturnType<typeof pageBody>;
  groups: GroupPlan[];
  verified: string[];
  pending: string[];
}

/** A row of the mapping: a service of a card and the component made of it (null in a dry run). */
interface Mapped {
  card: string;
  serviceId: string;
  serviceName: string;
  componentId: string | null;
  groupId: string | null;
}

export function declare(pages: Noun): void {
  examples(
    pages
      .command('migrate')
      .description(
        'Make a V3 status page (components) from a v2 page (cards and services); the v2 page is left as it is. ' +
          'The new page takes its name, description, theme and colors; each card becomes a group holding its services as components; ' +
          'its subscribers are subscribed to the new page (verified ones stay verified, pending ones stay pending). ' +
          'Its logo, links and custom domain stay with the v2 page.\n\n' +
          'On a terminal what will be created is shown and you are asked once; off a terminal --yes is required (exit 2 without it). ' +
          'Prints the mapping service -> component (piped: service id, service, component id, group, tab-separated); ' +
          '-o json: {page, components, mapping, subscribers}. --dry-run prints every request, then the mapping, and sends nothing.',
      )
      .argument('<v2page>', 'id, url or name of the v2 status page to migrate')
      .option('--url <slug>', "the new page's slug (default: the v2 page's url with -v3 appended)")
      .option('--name <name>', "the new page's title (default: the v2 page's)")
      .option('--dry-run', 'print every request (method, path, JSON body) and the mapping instead of sending them')
      .option('-y, --yes', 'create without asking (required when not on a terminal)')
      .action((page, options, command) => run(Context.fromCommand(command), page, options)),
    [
      'statusctl status-pages migrate acme-cloud --dry-run',
      'statusctl status-pages migrate acme-cloud --url cloud-components --name "Cloud components" --yes -o json',
    ],
  );
}

function pageBody(source: StatusPage, options: MigrateOptions) {
  return {
    name: options.name ?? source.name,
    url: options.url ?? `${source.url}-v3`,
    description: source.description || null,
    // Both kinds' colors are the same twelve fields (the client's answer holds those alone).
    themeColors: source.themeColors ?? null,
    defaultTheme: source.defaultTheme ?? 'AUTO',
  };
}

async function makePlan(ctx: Context, given: string, options: MigrateOptions): Promise<Plan> {
  const client = await ctx.client();
  const source = await findPageOfEitherKind(client, given);
  if (isV3(source))
    throw usageError(
      `status page "${given}" (${source.name}, url ${source.url}) is a V3 page already: migrate makes a V3 page from a v2 one`,
      'statusctl status-pages list shows each page with its kind (v2 or v3)',
    );
  const subscriptions = await client.listSubscriptions({ params: { statusPageId: source.id } });
  const addresses = (status: string) => subscriptions.filter((each) => each.status === status).map((each) => each.address);
  return {
    source,
    page: pageBody(source, options),
    groups: source.cards.map((card) => ({ name: card.name, services: card.services })),
    verified: addresses('VERIFIED'),
    pending: addresses('PENDING'),
  };
}

const componentBody = (name: string, displayOrder: number, parentId: string | null) =>
  parentId === null ? { type: 'GROUP' as const, name, displayOrder } : { type: 'SERVICE' as const, name, displayOrder, parentId };

function subscriberBodies(addresses: readonly string[], autoVerify: boolean) {
  const bodies = [];
  for (let start = 0; start < addresses.length; start += BATCH) {
    const subscriptions = addresses.slice(start, start + BATCH).map((address) => ({ type: 'EMAIL' as const, config: { address } }));
    bodies.push({ subscriptions, autoVerify });
  }
  return bodies;
}

/** The requests of a dry run: ids the API would make stand as `{statusPageId}` and `<group NAME>`. */
async function plannedRequests(plan: Plan): Promise<PlannedRequest[]> {
  const { planRequest } = await import('../../api/dry-run.js');
  const requests = [await planRequest('createV3StatusPage', { body: plan.page })];
  const later = (id: 'createV3Component' | 'createV3Subscribers', body: unknown) => ({
    method: routes[id].method,
    path: routes[id].path,
    body,
  });
  for (const [index, group] of plan.groups.entries()) {
    requests.push(later('createV3Component', componentBody(group.name, index + 1, null)));
    for (const [place, service] of group.services.entries())
      requests.push(later('createV3Component', componentBody(service.name, place + 1, `<group ${group.name}>`)));
  }
  for (const body of [...subscriberBodies(plan.verified, true), ...subscriberBodies(plan.pending, false)])
    requests.push(later('createV3Subscribers', body));
  return requests;
}

function summary(plan: Plan): string[] {
  const lines = [`From v2 page ${plan.source.name} (url ${plan.source.url}), a V3 page ${plan.page.name} (url ${plan.page.url}) with:`];
  for (const group of plan.groups)
    lines.push(`  group ${group.name}: ${group.services.map((service) => service.name).join(', ') || 'no services'}`);
  if (plan.groups.length === 0) lines.push('  no components (the v2 page has no cards)');
  lines.push(`  ${plan.verified.length} verified and ${plan.pending.length} pending subscribers`);
  return lines;
}

async function confirmCreate(ctx: Context, plan: Plan): Promise<void> {
  // What is shown names the server's records: nothing in it steers the terminal.
  ctx.info(terminalText(summary(plan).join('\n')));
  const { askYesNo } = await import('../../prompts/index.js');
  if (!(await askYesNo({ message: terminalLine(`Create ${plan.page.url}?`), default: false, io: ctx.io })))
    throw new CliError(ExitCode.usage, 'cancelled: nothing was created');
}

/** Sends the plan: the page, each group then its services, the subscribers. */
async function migrate(ctx: Context, plan: Plan) {
  const client = await ctx.client();
  const page: V3StatusPage = await client.createV3StatusPage({ body: plan.page });
  const components: V3Component[] = [];
  const mapping: Mapped[] = [];
  let skipped = 0;
  try {
    const params = { statusPageId: page.id };
    for (const [index, group] of plan.groups.entries()) {
      const made = await client.createV3Component({ params, body: componentBody(group.name, index + 1, null) });
      components.push(made);
      for (const [place, service] of group.services.entries()) {
        const component = await client.createV3Component({ params, body: componentBody(service.name, place + 1, made.id) });
        components.push(component);
        mapping.push({ card: group.name, serviceId: service.id, serviceName: service.name, componentId: component.id, groupId: made.id });
      }
    }
    for (const body of [...subscriberBodies(plan.verified, true), ...subscriberBodies(plan.pending, false)])
      skipped += (await client.createV3Subscribers({ params, body })).skipped;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(
      ExitCode.failure,
      `the V3 page ${page.url} was created, but the migration stopped there: ${reason}`,
      undefined,
      `statusctl status-pages delete ${page.url} --yes removes what was made; then run the migration again`,
    );
  }
  return { page, components, mapping, skipped };
}

function plannedMapping(plan: Plan): Mapped[] {
  return plan.groups.flatMap((group) =>
    group.services.map((service) => ({
      card: group.name,
      serviceId: service.id,
      serviceName: service.name,
      componentId: null,
      groupId: null,
    })),
  );
}

async function printMapping(ctx: Context, mapping: readonly Mapped[]): Promise<void> {
  if (mapping.length === 0) return ctx.info('no services to map: the v2 page has none');
  ctx.out(
    await renderTable(
      ctx,
      ['service id', 'service', 'component id', 'group'],
      mapping.map((row) => [row.serviceId, row.serviceName, row.componentId ?? '(new)', row.card]),
    ),
  );
}

export async function run(ctx: Context, given: string, options: MigrateOptions = {}): Promise<void> {
  if (!options.yes && !options.dryRun && !ctx.interactive)
    throw usageError(
      'migrating a status page needs --yes when not on a terminal (nothing is asked there); nothing was created',
      'add --yes to create the V3 page without a question, or --dry-run to see what would be created',
    );
  const plan = await makePlan(ctx, given, options);
  if (options.dryRun) {
    const requests = await plannedRequests(plan);
    const mapping = plannedMapping(plan);
    if (ctx.json) await ctx.printJson({ requests, mapping });
    else {
      for (const request of requests) ctx.out(`${request.method} ${request.path}\n${JSON.stringify(request.body, null, 2)}`);
      await printMapping(ctx, mapping);
    }
    return ctx.info('dry run: nothing was sent');
  }
  if (!options.yes) await confirmCreate(ctx, plan);
  const made = await migrate(ctx, plan);
  const subscribers = { verified: plan.verified.length, pending: plan.pending.length, skipped: made.skipped };
  if (ctx.json) return ctx.printJson({ page: made.page, components: made.components, mapping: made.mapping, subscribers });
  ctx.info(
    terminalLine(
      `✓ Created V3 status page ${made.page.name} (url ${made.page.url}) from v2 page ${plan.source.url}: ` +
        `${made.components.length} components, ${plan.verified.length + plan.pending.length - made.skipped} subscribers`,
    ),
  );
  await printMapping(ctx, made.mapping);
}

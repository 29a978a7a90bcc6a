// `components create PAGE --name N`: a component of a V3 page, a SERVICE unless --type group,
// at the top of the page or under --group. Without --order it goes after its siblings. A create
// whose answer is lost is settled by the client, which reads the page's components back.
import { componentIn, findV3Page, pageComponents } from '../../lookup/page-kinds.js';
import type { V3Component } from '../../api/types.js';
import { usageError } from '../../errors/exit-codes.js';
import type { FoundComponent, PageComponents } from '../../lookup/page-kinds.js';
import { choiceOption, examples, positiveInt } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { renderRecord } from '../../views/resource.js';
import { COMPONENT } from '../../views/component.js';

export interface CreateOptions {
  name?: string;
  group?: string;
  type?: 'SERVICE' | 'GROUP';
  description?: string;
  order?: number;
  hidden?: boolean;
  dryRun?: boolean;
}

/** The GROUP of the page that `given` names, for --group; `self`, the component being moved, cannot be its own. */
export function groupOf(page: PageComponents, given: string, self?: V3Component): V3Component {
  const { component } = componentIn([page], given, '--group');
  if (component.type !== 'GROUP') {
    throw usageError(
      `--group "${given}": ${component.name} is a service; only a group holds components`,
      `statusctl components list ${page.page.url} shows the groups`,
    );
  }
  if (self && component.id === self.id) throw usageError(`--group "${given}": a group cannot sit under itself`);
  return component;
}

/** After the last of its siblings (those with the same parent): the largest displayOrder among them, plus one. */
export function nextOrder(components: readonly V3Component[], parentId: string | null): number {
  const siblings = components.filter((component) => (component.parentId ?? null) === parentId);
  return siblings.length === 0 ? 1 : Math.max(...siblings.map((component) => component.displayOrder)) + 1;
}

export function declare(components: Noun): void {
  examples(
    components
      .command('create')
      .description(
        'Add a component to a V3 status page: a service (what incidents impact), or with --type group a group that holds components. ' +
          '--group puts it under a group of the page (by name, any case, or id); without --order it goes after its siblings.\n\n' +
          'Prints the component made (piped: label<TAB>value lines); -o json: the component as the API answered. --dry-run prints the request.',
      )
      .argument('<page>', 'id (or its first 6 or more characters), url, custom domain or name of the V3 status page')
      .requiredOption('--name <name>', 'the component name shown on the page')
      .option('--group <group>', 'the group of the page it sits under (name, any case or its start, or id)')
      .addOption(choiceOption('--type <type>', 'service (the default) or group', ['SERVICE', 'GROUP']))
      .option('--description <text>', 'shown with the component')
      .option('--order <n>', 'its place among its siblings: lower first, then by name (default: after them)', positiveInt(0, 1_000_000))
      .option('--hidden', 'keep it off the public page')
      .option('--dry-run', 'print the request (method, path, JSON body) instead of sending it')
      .action((page, options, command) => run(Context.fromCommand(command), page, options as CreateOptions)),
    [
      "statusctl components create acme-platform --name 'Search' --dry-run",
      "statusctl components create acme-platform --name 'Regions' --type group --dry-run -o json",
    ],
  );
  valueKinds(components, 'create', { page: 'status-page' });
}

export async function run(ctx: Context, given: string, options: CreateOptions): Promise<void> {
  const client = await ctx.client();
  const page = await pageComponents(client, await findV3Page(client, given, 'components create'));
  const group = options.group === undefined ? undefined : groupOf(page, options.group);
  const parentId = group?.id ?? null;
  const input = {
    params: { statusPageId: page.page.id },
    body: {
      type: options.type ?? 'SERVICE',
      name: options.name!,
      ...(options.description ? { description: options.description } : {}),
      displayOrder: options.order ?? nextOrder(page.components, parentId),
      hidden: options.hidden === true,
      parentId,
    },
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('createV3Component', input));
  }
  const component = await client.createV3Component(input);
  if (ctx.json) return ctx.printJson(component);
  const found: FoundComponent = { ...page, component };
  const shown = { ...found, status: 'OPERATIONAL' as const, parent: group, children: [], depth: 0 };
  ctx.out(await renderRecord(ctx, COMPONENT, shown, 'Created component'));
}

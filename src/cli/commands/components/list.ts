// `components list PAGE`: a V3 page's components as a tree (each group followed by its children,
// indented on a terminal), each with its current status; piped, one row per component with its
// parent's id. -o json is the API's list, every component of the page.
import { componentStatuses, findV3Page, pageComponents } from '../../lookup/page-kinds.js';
import { listVerb } from '../../verbs/list.js';
import { COMPONENT, componentTree, type ShownComponent } from '../../views/component.js';

export interface ListOptions {
  flat?: boolean;
}

export const { declare, run } = listVerb<ShownComponent, ListOptions>(COMPONENT, {
  description:
    "A V3 status page's components: groups with their children under them (indented on a terminal), each with its current status " +
    '(the worst open impact of its open incidents; a group, the worst of its children). ' +
    'Piped: one tab-separated row per component: id, name, type, status (MAJOR_OUTAGE ...), parent id (- at the top), order, hidden.\n\n' +
    'With -o json: the API list of every component ({length, entries, nextId: null}).',
  examples: [
    'statusctl components list acme-platform',
    'statusctl components list acme-platform --flat',
    'statusctl components list acme-platform -o json | jq -r \'.entries[] | select(.type == "GROUP") | .name\'',
  ],
  arguments: [['page', 'id (or its first 6 or more characters), url, custom domain or name of the V3 status page', 'status-page']],
  options: (command) => command.option('--flat', 'no indentation on a terminal: each component on its own, with its parent named'),
  async fetch(ctx, options, [given]) {
    const client = await ctx.client();
    const page = await findV3Page(client, given!, 'components list');
    const listed = await pageComponents(client, page);
    const statuses = await componentStatuses(client, listed);
    return {
      json: { length: listed.components.length, entries: listed.components, nextId: null },
      entries: componentTree(page, listed.components, statuses, options.flat === true),
      none: `No components on ${page.name} (statusctl components create ${page.url} --name NAME adds one).`,
    };
  },
});

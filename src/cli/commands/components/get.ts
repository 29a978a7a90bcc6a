// `components get COMPONENT`: one component of a V3 page with its current status, its parent and
// (a group) its children. How a component is found (and shown once found) is here, for the
// other verbs of components too.
import type { Client } from '../../../client/index.js';
import { componentStatuses, type FoundComponent, findComponent } from '../../lookup/page-kinds.js';
import { getVerb } from '../../verbs/get.js';
import { COMPONENT, componentTree, type ShownComponent } from '../../views/component.js';

/** `found` as shown: its page's statuses read (the page's open incidents). */
export async function shownComponent(client: Client, found: FoundComponent): Promise<ShownComponent> {
  const statuses = await componentStatuses(client, found);
  return componentTree(found.page, found.components, statuses).find((shown) => shown.component.id === found.component.id)!;
}

export const { declare, run } = getVerb(COMPONENT, {
  description:
    'One component of a V3 status page: its type, current status, page, parent (and a group its children), description, order and whether it is hidden.\n\n' +
    'COMPONENT is its id (or its first 6 or more characters) or its name (any case, or the start of one name), looked for on every V3 page; ' +
    'PAGE/NAME (the url, id or name of its page, a slash, its name) says which page when a name is on several. ' +
    'One that matches nothing is exit 4 with the closest names; one that fits several is exit 2 listing them.',
  examples: ['statusctl components get Webhooks', "statusctl components get 'acme-platform/email delivery' -o json"],
  async fetch(ctx, given) {
    const client = await ctx.client();
    return shownComponent(client, await findComponent(client, given));
  },
  json: (shown) => shown.component,
});

// `components delete COMPONENT...`: delete components of V3 pages (verbs/delete.ts: shown and
// asked about on a terminal, --yes off one). Deleting a group keeps its components, moved to the
// top of the page: the line shown before the question says which.
import { findComponent } from '../../lookup/page-kinds.js';
import { deleteVerb } from '../../verbs/delete.js';
import { COMPONENT, type ShownComponent } from '../../views/component.js';
import { shownComponent } from './get.js';

function describe({ component, page, children }: ShownComponent): string {
  const what = `${component.name} (${component.type.toLowerCase()}) on ${page.name}`;
  if (children.length === 0) return what;
  const names = children.map((child) => child.name).join(', ');
  return `${what}; its ${children.length === 1 ? 'component' : `${children.length} components`} (${names}) move to the top of the page`;
}

export const { declare, run } = deleteVerb(COMPONENT, {
  description:
    "Delete components of V3 status pages. A group's components are not deleted: they move to the top of the page (said before you are asked). " +
    "A component's open impacts in the page's incidents end.\n\n" +
    'COMPONENT is an id (or its first 6 or more characters), a name (any case, or its start) or PAGE/NAME. ' +
    'On a terminal what goes is shown and you are asked once; off a terminal --yes is required (exit 2 without it). ' +
    'One result line per component; -o json: an array of {id, ok, status, error}. --dry-run reads each and prints the requests.',
  examples: [
    "statusctl components delete 'acme-platform/delivery' --dry-run     # a group: says its components move to the top",
    "statusctl components create acme-platform --name 'Short-lived' && statusctl components delete 'acme-platform/short-lived' --yes",
  ],
  ids: 'id, name or PAGE/NAME of each component, or - to read them from stdin',
  words: {
    dryRun: 'read each component and print the request (method, path) instead of sending it',
    several: 'components',
    one: 'that component',
  },
  goneIsDone: true,
  async open(_ctx, client) {
    return {
      find: async (given) => shownComponent(client, await findComponent(client, given)),
      describe,
      request: ({ component, page }) => ['deleteV3Component', { params: { statusPageId: page.id, componentId: component.id } }],
    };
  },
});

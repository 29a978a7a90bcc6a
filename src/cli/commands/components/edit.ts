// `components edit COMPONENT...`: change components of V3 pages. The API's PUT replaces a
// component, so each is read and sent whole with only the given options changed (verbs/write.ts:
// one result line per component, the component shown after one on a terminal).
import type { Client } from '../../../client/index.js';
import { findComponent, type FoundComponent } from '../../lookup/page-kinds.js';
import { usageError } from '../../errors/exit-codes.js';
import { positiveInt } from '../../runtime/command-kit.js';
import { type BulkOptions, bulkWriteVerb } from '../../verbs/write.js';
import { COMPONENT, type ShownComponent } from '../../views/component.js';
import { groupOf } from './create.js';
import { shownComponent } from './get.js';

interface EditOptions extends BulkOptions {
  name?: string;
  group?: string | false;
  description?: string;
  order?: number;
  hidden?: boolean;
}

function request(found: FoundComponent, options: EditOptions) {
  const { component } = found;
  if ([options.name, options.group, options.description, options.order, options.hidden].every((value) => value === undefined)) {
    throw usageError('nothing to change: give at least one of --name, --group, --no-group, --description, --order, --hidden, --no-hidden');
  }
  const parentId =
    options.group === undefined ? component.parentId : options.group === false ? null : groupOf(found, options.group, component).id;
  const description = options.description === undefined ? component.description : options.description || null;
  return {
    params: { statusPageId: found.page.id, componentId: component.id },
    body: {
      type: component.type,
      name: options.name ?? component.name,
      description,
      displayOrder: options.order ?? component.displayOrder,
      hidden: options.hidden ?? component.hidden,
      parentId,
    },
  };
}

async function shownAfter(client: Client, found: FoundComponent, changed: FoundComponent['component']): Promise<ShownComponent> {
  const components = found.components.map((component) => (component.id === changed.id ? changed : component));
  return shownComponent(client, { ...found, components, component: changed });
}

export const { declare, run } = bulkWriteVerb<ShownComponent, EditOptions>(COMPONENT, {
  name: 'edit',
  description:
    "Change components of V3 status pages: each is read and sent whole with only the options given changed (the API's PUT replaces it). " +
    '--group moves it under a group of its page, --no-group to the top; an empty --description clears it.\n\n' +
    'COMPONENT is an id (or its first 6 or more characters), a name (any case, or its start) or PAGE/NAME. ' +
    'Prints one line per component: COMPONENT, outcome, name (on a terminal one is shown after its line); -o json: an array of ' +
    '{id, ok, status, error, component}. --dry-run reads each and prints the request instead.',
  examples: [
    "statusctl components edit 'acme-platform/status api' --order 9 --dry-run",
    "statusctl components edit 'acme-platform/status api' --hidden --dry-run -o json",
  ],
  ids: 'id, name or PAGE/NAME of each component, or - to read them from stdin',
  words: {
    dryRun: 'read each component and print the request (method, path, JSON body) instead of sending it',
    several: 'components',
    one: 'that component',
  },
  options: (command) =>
    command
      .option('--name <name>', 'its new name')
      .option('--group <group>', 'move it under this group of its page (name or id)')
      .option('--no-group', 'move it to the top of its page')
      .option('--description <text>', 'shown with the component ("" clears it)')
      .option('--order <n>', 'its place among its siblings: lower first, then by name', positiveInt(0, 1_000_000))
      .option('--hidden', 'keep it off the public page')
      .option('--no-hidden', 'show it on the public page'),
  failed: { component: null },
  async plan(reader, given, options) {
    const { planRequest, plannedOutcome } = await import('../../api/dry-run.js');
    const found = await findComponent(reader, given);
    return plannedOutcome('would-edit', await planRequest('updateV3Component', request(found, options)), 200, found.component.name);
  },
  async write(client, given, options) {
    const found = await findComponent(client, given);
    const { status, body } = await client.call('updateV3Component', request(found, options));
    return { outcome: 'edited', status, reason: body.name, fields: { component: body }, item: await shownAfter(client, found, body) };
  },
});

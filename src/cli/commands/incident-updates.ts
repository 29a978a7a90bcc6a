// `incident-updates`: the noun and its verbs (the timeline entries of an incident). Wiring only:
// each verb (its options, run function and renderer) is a module in incident-updates/.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  list: () => import('./incident-updates/list.js'),
  add: () => import('./incident-updates/add.js'),
  get: () => import('./incident-updates/get.js'),
  put: () => import('./incident-updates/put.js'),
  delete: () => import('./incident-updates/delete.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
  const updates = program
    .command('incident-updates')
    .description('List, add, show, change and delete the updates (timeline entries) of an incident');
  examples(updates, [
    'statusctl incident-updates list 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd',
    'statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Fix deployed" --status monitoring',
    'statusctl incident-updates get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9',
    'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --message "Corrected text"',
    'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --status identified',
    'statusctl incident-updates delete 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --dry-run',
  ]);
  await declareVerbs(updates, VERBS, verbs);
}

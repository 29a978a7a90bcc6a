// `incident-updates`: the noun and its verbs (the timeline entries of an incident). Wiring only:
// each verb (its options, run function and renderer) is a module in incident-updates/.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as add from './incident-updates/add.js';
import * as del from './incident-updates/delete.js';
import * as get from './incident-updates/get.js';
import * as list from './incident-updates/list.js';
import * as put from './incident-updates/put.js';

export function register(program: Program): void {
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
  list.declare(updates);
  add.declare(updates);
  get.declare(updates);
  put.declare(updates);
  del.declare(updates);
}

// `incidents`: the noun and its verbs. Wiring only: each verb (its options, run function and
// renderer) is a module in incidents/.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as create from './incidents/create.js';
import * as del from './incidents/delete.js';
import * as edit from './incidents/edit.js';
import * as get from './incidents/get.js';
import * as list from './incidents/list.js';
import * as resolve from './incidents/resolve.js';
import * as watch from './incidents/watch.js';

export function register(program: Program): void {
  const incidents = program.command('incidents').description('Declare, list, inspect, watch, edit, resolve and delete incidents');
  examples(incidents, [
    'statusctl incidents create',
    'statusctl incidents list --status open',
    'statusctl incidents get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd',
    'statusctl incidents resolve 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Fixed"',
    'statusctl incidents edit 7385595c-e0b7-5ea5-864c-ef529d079682 --severity major --add-service Payouts',
    'statusctl incidents delete 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --dry-run',
  ]);
  create.declare(incidents);
  list.declare(incidents);
  get.declare(incidents);
  resolve.declare(incidents);
  edit.declare(incidents);
  del.declare(incidents);
  watch.declare(incidents);
}

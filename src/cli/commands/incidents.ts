// `incidents`: the noun and its verbs. Wiring only: each verb (its options, run function and
// renderer) is a module in incidents/, loaded when it is declared: a run declares the verb it
// names alone (declareVerbs).
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  create: () => import('./incidents/create.js'),
  list: () => import('./incidents/list.js'),
  get: () => import('./incidents/get.js'),
  resolve: () => import('./incidents/resolve.js'),
  edit: () => import('./incidents/edit.js'),
  delete: () => import('./incidents/delete.js'),
  watch: () => import('./incidents/watch.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
  const incidents = program.command('incidents').description('Declare, list, inspect, watch, edit, resolve and delete incidents');
  examples(incidents, [
    'statusctl incidents create',
    'statusctl incidents list --status open',
    'statusctl incidents get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd',
    'statusctl incidents resolve 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Fixed"',
    'statusctl incidents edit 7385595c-e0b7-5ea5-864c-ef529d079682 --severity major --add-service Payouts',
    'statusctl incidents delete 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --dry-run',
  ]);
  await declareVerbs(incidents, VERBS, verbs);
}

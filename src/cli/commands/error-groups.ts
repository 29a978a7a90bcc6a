// `error-groups`: the noun and its verbs. Wiring only: each verb (its options, run function and
// renderer) is a module in error-groups/.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  list: () => import('./error-groups/list.js'),
  get: () => import('./error-groups/get.js'),
  archive: () => import('./error-groups/archive.js'),
  unarchive: () => import('./error-groups/unarchive.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
  const groups = program.command('error-groups').description('List, read, archive and unarchive error groups');
  examples(groups, [
    'statusctl error-groups list',
    "statusctl error-groups list --check 35c79318-9183-5c3e-831d-8bf8cfe07ad0 --jq '.[].id' | statusctl error-groups archive -",
    'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1',
    'statusctl error-groups unarchive c463c2d9-a899-5e7b-9e54-5b24368461d1',
    'statusctl error-groups archive - < ids.txt',
  ]);
  await declareVerbs(groups, VERBS, verbs);
}

// `error-groups`: the noun and its verbs. Wiring only: each verb (its options, run function and
// renderer) is a module in error-groups/.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as archive from './error-groups/archive.js';
import * as get from './error-groups/get.js';
import * as list from './error-groups/list.js';
import * as unarchive from './error-groups/unarchive.js';

export function register(program: Program): void {
  const groups = program.command('error-groups').description('List, read, archive and unarchive error groups');
  examples(groups, [
    'statusctl error-groups list',
    `statusctl error-groups list --check ${list.EXAMPLE_CHECK} --jq '.[].id' | statusctl error-groups archive -`,
    'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1',
    'statusctl error-groups unarchive c463c2d9-a899-5e7b-9e54-5b24368461d1',
    'statusctl error-groups archive - < ids.txt',
  ]);
  list.declare(groups);
  get.declare(groups);
  archive.declare(groups);
  unarchive.declare(groups);
}

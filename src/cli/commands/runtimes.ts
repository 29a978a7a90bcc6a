// `runtimes`: the runtimes checks can use. Wiring only: each verb (its options, run function and
// renderer) is a module in runtimes/.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  list: () => import('./runtimes/list.js'),
  get: () => import('./runtimes/get.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
  const runtimes = program.command('runtimes').description('Runtimes available to checks');
  examples(runtimes, ['statusctl runtimes list', 'statusctl runtimes list --stage current', 'statusctl runtimes get 2025.04']);
  await declareVerbs(runtimes, VERBS, verbs);
}

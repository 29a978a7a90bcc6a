// `runtimes`: the runtimes checks can use. Wiring only: each verb (its options, run function and
// renderer) is a module in runtimes/.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as get from './runtimes/get.js';
import * as list from './runtimes/list.js';

export function register(program: Program): void {
  const runtimes = program.command('runtimes').description('Runtimes available to checks');
  examples(runtimes, ['statusctl runtimes list', 'statusctl runtimes list --stage current', 'statusctl runtimes get 2025.04']);
  list.declare(runtimes);
  get.declare(runtimes);
}

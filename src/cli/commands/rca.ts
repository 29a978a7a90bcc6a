// `rca`: ask for a root cause analysis of an error group and wait for it. Wiring only: each verb
// (its options, run function and renderer) is a module in rca/.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  request: () => import('./rca/request.js'),
  get: () => import('./rca/get.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
  const rca = program.command('rca').description('Root cause analyses of error groups');
  examples(rca, [
    'statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 --wait',
    'ID=$(statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 | cut -f3) && statusctl rca get "$ID"',
  ]);
  await declareVerbs(rca, VERBS, verbs);
}

// `services`: the services the account's status pages show on their cards, what incidents are
// declared on. Wiring only: each verb (its options, run function and renderer) is a module in
// services/.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  list: () => import('./services/list.js'),
  get: () => import('./services/get.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
  const services = program.command('services').description('Services of the status pages (what incidents are declared on)');
  examples(services, [
    'statusctl services list',
    "statusctl services list --status-page 'Acme Payments'",
    "statusctl services get 'Payments API'",
  ]);
  await declareVerbs(services, VERBS, verbs);
}

// `status-pages`: the account's status pages with their cards, services (names and ids, what
// `incidents create` takes) and open incidents. Wiring only: each verb (its options, run function
// and renderer) is a module in status-pages/.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  list: () => import('./status-pages/list.js'),
  get: () => import('./status-pages/get.js'),
  open: () => import('./status-pages/open.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
  const pages = program.command('status-pages').description('Status pages of the account');
  examples(pages, [
    'statusctl status-pages list',
    "statusctl status-pages get 'Acme Payments'",
    'statusctl status-pages list --all -o json',
  ]);
  await declareVerbs(pages, VERBS, verbs);
}

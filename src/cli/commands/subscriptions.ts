// `subscriptions`: who a status page notifies when an update is posted with --notify. Wiring
// only: each verb (its options, run function and renderer) is a module in subscriptions/.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  list: () => import('./subscriptions/list.js'),
  add: () => import('./subscriptions/add.js'),
  remove: () => import('./subscriptions/remove.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
  const subscriptions = program.command('subscriptions').description('Subscribers of a status page (who --notify reaches)');
  examples(subscriptions, [
    'statusctl subscriptions list acme-cloud',
    'statusctl subscriptions add acme-cloud oncall@example.com --verified',
    'statusctl subscriptions remove acme-cloud support-leads@acme-cloud.io --dry-run',
  ]);
  await declareVerbs(subscriptions, VERBS, verbs);
}

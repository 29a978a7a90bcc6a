// `notifications`: the noun and its verb. Wiring only: the verb (its options, run function and
// renderer) is a module in notifications/.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  list: () => import('./notifications/list.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
  const notifications = program
    .command('notifications')
    .description('The notices subscribers would have received (reference server only: it sends no mail)');
  examples(notifications, [
    'statusctl notifications list',
    'statusctl notifications list --incident 7385595c-e0b7-5ea5-864c-ef529d079682 -o json',
  ]);
  await declareVerbs(notifications, VERBS, verbs);
}

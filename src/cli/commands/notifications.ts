// `notifications`: the noun and its verb. Wiring only: the verb (its options, run function and
// renderer) is a module in notifications/.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as list from './notifications/list.js';

export function register(program: Program): void {
  const notifications = program
    .command('notifications')
    .description('The notices subscribers would have received (reference server only: it sends no mail)');
  examples(notifications, [
    'statusctl notifications list',
    'statusctl notifications list --incident 7385595c-e0b7-5ea5-864c-ef529d079682 -o json',
  ]);
  list.declare(notifications);
}

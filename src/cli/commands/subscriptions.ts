// `subscriptions`: who a status page notifies when an update is posted with --notify. Wiring
// only: each verb (its options, run function and renderer) is a module in subscriptions/.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as add from './subscriptions/add.js';
import * as list from './subscriptions/list.js';
import * as remove from './subscriptions/remove.js';

export function register(program: Program): void {
  const subscriptions = program.command('subscriptions').description('Subscribers of a status page (who --notify reaches)');
  examples(subscriptions, [
    'statusctl subscriptions list acme-cloud',
    'statusctl subscriptions add acme-cloud oncall@example.com --verified',
    'statusctl subscriptions remove acme-cloud support-leads@acme-cloud.io --dry-run',
  ]);
  list.declare(subscriptions);
  add.declare(subscriptions);
  remove.declare(subscriptions);
}

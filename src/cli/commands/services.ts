// `services`: the services the account's status pages show on their cards, what incidents are
// declared on. Wiring only: each verb (its options, run function and renderer) is a module in
// services/.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as get from './services/get.js';
import * as list from './services/list.js';

export function register(program: Program): void {
  const services = program.command('services').description('Services of the status pages (what incidents are declared on)');
  examples(services, [
    'statusctl services list',
    "statusctl services list --status-page 'Acme Payments'",
    "statusctl services get 'Payments API'",
  ]);
  list.declare(services);
  get.declare(services);
}

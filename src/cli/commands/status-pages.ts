// `status-pages`: the account's status pages with their cards, services (names and ids, what
// `incidents create` takes) and open incidents. Wiring only: each verb (its options, run function
// and renderer) is a module in status-pages/.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as get from './status-pages/get.js';
import * as list from './status-pages/list.js';
import * as open from './status-pages/open.js';

export function register(program: Program): void {
  const pages = program.command('status-pages').description('Status pages of the account');
  examples(pages, [
    'statusctl status-pages list',
    "statusctl status-pages get 'Acme Payments'",
    'statusctl status-pages list --all -o json',
  ]);
  list.declare(pages);
  get.declare(pages);
  open.declare(pages);
}

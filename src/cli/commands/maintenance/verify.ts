// `maintenance verify WINDOW [OCCURRENCE]`: posts VERIFYING (the work is done, being checked).
import { statusVerb } from './start.js';

export const { declare, run } = statusVerb({
  name: 'verify',
  status: 'VERIFYING',
  outcome: 'verifying',
  description: 'Say the maintenance work is done and being verified: the pages still show it, its services still under maintenance.',
  text: 'The maintenance work is done; we are verifying that everything works as expected.',
  examples: [
    'statusctl maintenance verify 5219801255 --dry-run',
    'statusctl maintenance verify 5219801255 next --message "Checking replication." --dry-run',
  ],
});

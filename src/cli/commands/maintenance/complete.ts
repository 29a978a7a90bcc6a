// `maintenance complete WINDOW [OCCURRENCE]`: posts COMPLETED; the occurrence is over.
import { statusVerb } from './start.js';

export const { declare, run } = statusVerb({
  name: 'complete',
  status: 'COMPLETED',
  outcome: 'completed',
  description: 'Complete a maintenance: it is over, and its services are back to how incidents leave them.',
  text: 'The scheduled maintenance is complete.',
  examples: ['statusctl maintenance complete 5219801255 --dry-run', 'statusctl maintenance complete 5219801255 next --notify --dry-run'],
});

// `maintenance cancel WINDOW [OCCURRENCE]`: posts CANCELLED; that occurrence does not happen (the
// window's others do; `maintenance delete` removes the whole window).
import { statusVerb } from './start.js';

export const { declare, run } = statusVerb({
  name: 'cancel',
  status: 'CANCELLED',
  outcome: 'cancelled',
  description: "Cancel one occurrence of a maintenance: it does not happen; the window's other occurrences still do.",
  text: 'The scheduled maintenance has been cancelled.',
  examples: [
    'statusctl maintenance cancel 5219801255 --dry-run',
    'statusctl maintenance cancel 5219801255 next --message "Postponed to next week." --dry-run',
  ],
});

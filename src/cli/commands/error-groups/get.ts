// `error-groups get`: one error group: its state, check, error (cleaned and as recorded), when it
// was first and last seen, and its analyses.
import { errorGroupIds } from './list.js';
import { getVerb } from '../../verbs/get.js';
import { ERROR_GROUP } from '../../views/error-group.js';

export const { declare, run } = getVerb(ERROR_GROUP, {
  description:
    'One error group: its state (active or archived), check, error (cleaned and as recorded), first and last seen, and the ids of its analyses.\n\n' +
    'The id may be a unique prefix of at least 6 characters, as terminal tables show it (the groups are read once to find it; ' +
    'two groups starting so is exit 2 listing them). Piped: label<TAB>value lines. With -o json: the group as the API gives it. ' +
    'An unknown id is exit 4.',
  examples: [
    'statusctl error-groups get c463c2d9-a899-5e7b-9e54-5b24368461d1',
    "statusctl error-groups get c463c2d9-a899-5e7b-9e54-5b24368461d1 --jq '.archivedUntilNextEvent'",
    'statusctl error-groups get c463c2d9-a899-5e7b-9e54-5b24368461d1 -o md',
  ],
  async fetch(ctx, given) {
    const id = await errorGroupIds(() => ctx.client())(given);
    return (await ctx.client()).getErrorGroup({ params: { id } });
  },
});

// `error-groups get`: one error group: its state, check, error (cleaned and as recorded), when it
// was first and last seen, and its analyses.
import { type AnyErrorGroup, errorGroupIds, readGroup } from '../../lookup/error-groups.js';
import { getVerb } from '../../verbs/get.js';
import { ERROR_GROUP, TEST_SESSION_ERROR_GROUP } from '../../views/error-group.js';
import { renderRecord, type ResourceView } from '../../views/resource.js';

export const { declare, run } = getVerb(ERROR_GROUP as ResourceView<AnyErrorGroup>, {
  description:
    "One error group, a check's or a test session's (the id is found on whichever kind holds it): its state (active or archived), check (a check's group), error (cleaned and as recorded), first and last seen, and the ids of its analyses.\n\n" +
    'The id may be a unique prefix of at least 6 characters, as terminal tables show it (the groups are read once to find it; ' +
    'two groups starting so is exit 2 listing them). Piped: label<TAB>value lines. With -o json: the group as the API gives it. ' +
    'An unknown id is exit 4.',
  examples: [
    'statusctl error-groups get c463c2d9-a899-5e7b-9e54-5b24368461d1',
    "statusctl error-groups get c463c2d9-a899-5e7b-9e54-5b24368461d1 --jq '.archivedUntilNextEvent'",
    'statusctl error-groups get c463c2d9-a899-5e7b-9e54-5b24368461d1 -o md',
  ],
  async fetch(ctx, given) {
    const found = await errorGroupIds(() => ctx.client())(given);
    return readGroup(await ctx.client(), found);
  },
  render: (ctx, group) => ('checkId' in group ? renderRecord(ctx, ERROR_GROUP, group) : renderRecord(ctx, TEST_SESSION_ERROR_GROUP, group)),
});

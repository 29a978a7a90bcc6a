// `test-sessions result`: one result of a test session in full (its status, type, error groups,
// times, attempts and link). Both ids may be short: the session's among the account's sessions,
// the result's among that session's results.
import { testSessionIds, testSessionResultId as resultId } from '../../lookup/test-sessions.js';
import { getVerb } from '../../verbs/get.js';
import { TEST_SESSION } from '../../views/test-session.js';
import { TEST_SESSION_RESULT } from '../../views/test-session-result.js';
import { EXAMPLE_SESSION } from './get.js';

/** The demo session's failing result, for the examples. */
const EXAMPLE_RESULT = '3ec4c5ef-4cb4-5404-aec9-98628b1fec86';

export const { declare, run } = getVerb(TEST_SESSION_RESULT, {
  name: 'result',
  description:
    'One result of a test session in full: its name, status, type, error groups, location, times, attempts and link.\n\n' +
    'Either id may be a unique prefix of at least 6 characters, as terminal tables show them (test-sessions get SESSION ' +
    'lists its results). Piped: label<TAB>value lines. With -o json: the result as the API gives it. An unknown id is exit 4.',
  examples: [
    `statusctl test-sessions result ${EXAMPLE_SESSION} ${EXAMPLE_RESULT}`,
    `statusctl test-sessions result ${EXAMPLE_SESSION.slice(0, 8)} ${EXAMPLE_RESULT.slice(0, 8)}`,
    `statusctl test-sessions result ${EXAMPLE_SESSION} ${EXAMPLE_RESULT} --jq '.errorGroupIds[]'`,
  ],
  parents: [[TEST_SESSION.argument.name, TEST_SESSION.argument.help, 'test-session']],
  async fetch(ctx, given, [session]) {
    const client = await ctx.client();
    const testSessionId = await testSessionIds(async () => client)(session!);
    // A whole result id needs no read of the session; a prefix is looked for among its results.
    const readSession = () => client.getTestSession({ params: { testSessionId } });
    const testSessionResultId = await resultId(readSession, given);
    return client.getTestSessionResult({ params: { testSessionId, testSessionResultId } });
  },
});

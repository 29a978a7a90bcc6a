// Test sessions and their results by id or short id (a unique prefix of at least MIN_PREFIX
// characters, as terminal tables show them): a whole UUID costs no read; a session prefix is looked
// for in the account's sessions (every page of 100, read once), a result prefix among the results
// of its session (the session read once).
import type { Client } from '../../client/index.js';
import type { TestSession } from '../../contract/schemas.js';
import { fetchPages } from '../api/paging.js';
import { sentId } from '../input/ids.js';
import { TEST_SESSION, type TestSessionListEntry } from '../views/test-session.js';
import { TEST_SESSION_RESULT, type TestSessionResult } from '../views/test-session-result.js';
import { isWholeId, looksLikePrefix, MIN_PREFIX, PrefixIds } from './short-ids.js';

/** Whether `given` is taken as a prefix to look up (else it is sent, or refused, as a whole id). */
const isPrefix = (given: string) => !isWholeId(given) && looksLikePrefix(given) && given.trim().length >= MIN_PREFIX;

/** The session id `given` stands for: whole, or a unique prefix among the account's sessions. */
export function testSessionIds(client: () => Promise<Client>): (given: string) => Promise<string> {
  const ids = new PrefixIds<TestSessionListEntry>(
    async () => {
      const reader = await client();
      return (await fetchPages((query) => reader.listTestSessions(query ? { query } : {}), { all: true })).entries;
    },
    {
      what: 'test session id',
      plural: 'test sessions',
      hint: "'statusctl test-sessions list --all' shows the ids",
      describe: (session) => `${session.status.toLowerCase()}, started ${session.startedAt}: ${session.name}`,
    },
  );
  return async (given) => {
    if (isPrefix(given)) return (await ids.resolve(given)).id;
    return sentId('getTestSession', 'testSessionId', given, TEST_SESSION.argument.usage!);
  };
}

/** The result id `given` stands for among the session's results: whole, or a unique prefix of one (the session read then). */
export async function testSessionResultId(readSession: () => Promise<TestSession>, given: string): Promise<string> {
  if (!isPrefix(given)) return sentId('getTestSessionResult', 'testSessionResultId', given, TEST_SESSION_RESULT.argument.usage!);
  const session = await readSession();
  const results = session.results.map((result: TestSessionResult) => ({ ...result, id: result.testSessionResultId }));
  const ids = new PrefixIds(async () => results, {
    what: 'result id',
    plural: `results in test session ${session.testSessionId}`,
    hint: `'statusctl test-sessions get ${session.testSessionId}' shows its results`,
    describe: (result) => `${result.status.toLowerCase()}: ${result.name}`,
  });
  return (await ids.resolve(given)).id;
}

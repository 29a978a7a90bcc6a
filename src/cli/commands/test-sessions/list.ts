// `test-sessions list`: the account's test sessions (CI runs of the test suite), newest first,
// by cursor like the other lists. The filters are the API's own (statuses, from, textSearch), so
// a page holds only what was asked for.
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { fetchPages, type PagingOptions } from '../../api/paging.js';
import { type Span, span } from '../../input/time.js';
import { cursorMore, listVerb } from '../../verbs/list.js';
import { type TestSessionListEntry, TEST_SESSION } from '../../views/test-session.js';

export interface ListOptions extends PagingOptions {
  status?: string[];
  since?: Span;
  search?: string;
}

/** The API's statuses of a session (its schema's, written here: the schemas load zod). */
const TEST_SESSION_STATUSES = ['RUNNING', 'FAILED', 'PASSED', 'CANCELLED'] as const;
const STATUSES = TEST_SESSION_STATUSES.map((status) => status.toLowerCase());

/** `failed` or `failed,running`: the API's statuses, in any case. */
function statuses(value: string): string[] {
  const given = value
    .split(',')
    .map((status) => status.trim().toUpperCase())
    .filter(Boolean);
  const unknown = given.filter((status) => !(TEST_SESSION_STATUSES as readonly string[]).includes(status));
  if (given.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(`expected one or more of ${STATUSES.join(', ')}, comma-separated (got ${JSON.stringify(value)})`);
  }
  return given;
}

/** The API searches names by 3 to 200 characters. */
function searchText(value: string): string {
  const text = value.trim();
  if (text.length < 3 || text.length > 200) {
    throw new InvalidArgumentError(`expected 3 to 200 characters of the session's name (got ${text.length})`);
  }
  return text;
}

export const { declare, run } = listVerb<TestSessionListEntry, ListOptions>(TEST_SESSION, {
  description:
    'Test sessions of the account (what CI runs of the test suite recorded), newest first: status, results, when each ' +
    'started and how long it took.\n\n' +
    '--status keeps those of these statuses (running, failed, passed, cancelled; comma-separated), --since those ' +
    'started within that long (24h, 7d), --search those whose name holds the text (3 characters at least).\n\n' +
    'Piped: ID, STATUS, RESULTS, STARTED, TOOK, NAME, tab-separated. With -o json: the API response as it is ' +
    '({length, entries, nextId}); with --all, one object combining every page.',
  examples: [
    'statusctl test-sessions list',
    'statusctl test-sessions list --status failed --since 7d',
    "statusctl test-sessions list --search 'deploy checks'",
    "statusctl test-sessions list --status failed --all --jq '.entries[].id'",
    'statusctl test-sessions list -L 5 | cut -f1',
  ],
  options: (command) =>
    command
      .option('--status <statuses>', `only sessions of these statuses: ${STATUSES.join(', ')} (comma-separated)`, statuses)
      .option('--since <time>', 'only sessions started within this long: 24h, 7d, 2w', span)
      .option('--search <text>', 'only sessions whose name holds this text (3 to 200 characters, any case)', searchText),
  paging: { limit: 'sessions per request, 1 to 100 (server default 20; 100 with --all)', after: true },
  async fetch(ctx, options, _args, onPage) {
    const client = await ctx.client();
    const filters = {
      ...(options.status ? { statuses: options.status.join(',') } : {}),
      ...(options.since ? { from: String(Math.floor((ctx.now() - options.since.ms) / 1000)) } : {}),
      ...(options.search ? { textSearch: options.search } : {}),
    };
    const list = await fetchPages(
      (query) => {
        const sent = { ...filters, ...query };
        return client.listTestSessions(Object.keys(sent).length > 0 ? { query: sent } : {});
      },
      options,
      onPage,
    );
    const which = [
      options.status?.map((status) => status.toLowerCase()).join(' or '),
      'test sessions',
      options.since && `started in the last ${options.since.words}`,
      options.search && `named like ${JSON.stringify(options.search)}`,
    ]
      .filter(Boolean)
      .join(' ');
    const none = `No ${which}.`;
    return { json: list, entries: list.entries, none, more: cursorMore(list.nextId) };
  },
});

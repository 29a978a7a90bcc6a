// `error-groups list`: the account's error groups (or one check's, or those of test sessions),
// newest lastSeen first. The API pages them by number (`page`, `limit`) and answers a plain array,
// a short or empty one at the end; -o json is that array (every page's entries in one with --all),
// so `--jq '.[].id'` (or -q) feeds `error-groups archive -` and `rca request -`.
import { Option } from '@commander-js/extra-typings';
import type { ErrorGroup, TestSessionErrorGroup } from '../../../contract/schemas.js';
import { examples, positiveInt } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { CliError, ExitCode } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { renderList } from '../../views/resource.js';
import { ERROR_GROUP, TEST_SESSION_ERROR_GROUP } from '../../views/error-group.js';
import { sentId } from '../../input/ids.js';
import { type Span, span } from '../../input/time.js';

/** The hosted API's page size when none is sent. */
const API_DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
/** A check of the demo data with error groups, for the examples. */
const EXAMPLE_CHECK = '35c79318-9183-5c3e-831d-8bf8cfe07ad0';

type Group = ErrorGroup | TestSessionErrorGroup;

export interface ListOptions {
  check?: string;
  testSessions?: boolean;
  archived?: boolean;
  active?: boolean;
  since?: Span;
  search?: string;
  quiet?: boolean;
  limit?: number;
  page?: number;
  all?: boolean;
}

export function declare(groups: Noun): void {
  const exampleCheck = EXAMPLE_CHECK;
  examples(
    groups
      .command('list')
      .description(
        'Error groups of the account, or of one check with --check, or of test sessions with --test-sessions, newest ' +
          'lastSeen first, archived ones included (their state says so).\n\n' +
          'The API pages them by number: --limit per page (1 to 100, default 10) and --page (from 1); --all reads every page ' +
          'from --page on until a short one. --archived or --active keeps only those, --since those last seen within that ' +
          'long, --search those whose error holds the text (any case), reading on until --limit of them are found.\n\n' +
          "Piped: ID, CHECK, STATE (active or archived), LAST SEEN, ERROR, tab-separated (test sessions' groups have no CHECK). " +
          'With -q: the ids alone, one per line. With -o json: the groups as the API gives them, one array (every page in ' +
          'one with --all). Either feeds error-groups archive - or rca request -.',
      )
      .addOption(new Option('--check <id>', 'only the error groups of this check (its id, a UUID)').conflicts('testSessions'))
      .option('--test-sessions', "the error groups of test sessions' results (CI runs) instead of checks'")
      .addOption(new Option('--archived', 'only the archived groups').conflicts('active'))
      .option('--active', 'only the groups not archived')
      .option('--since <time>', 'only the groups last seen within this long: 24h, 7d, 2w', span)
      .option('--search <text>', 'only the groups whose error holds this text (any case)')
      .option('-q, --quiet', 'print the ids only, one per line (for archive - or rca request -)')
      .option(
        '-L, --limit <n>',
        `groups per page, 1 to ${MAX_LIMIT} (default ${API_DEFAULT_LIMIT}; ${MAX_LIMIT} with --all)`,
        positiveInt(1, MAX_LIMIT),
      )
      .option('--page <n>', 'start at this page (from 1)', positiveInt(1))
      .option('--all', 'every page, to the last')
      .action((options, command) => run(Context.fromCommand(command), options)),
    [
      'statusctl error-groups list',
      `statusctl error-groups list --check ${exampleCheck} --active`,
      'statusctl error-groups list --test-sessions --since 7d',
      "statusctl error-groups list --search 'timeout' --all",
      'statusctl error-groups list --all -o json',
      `statusctl error-groups list --check ${exampleCheck} --jq '.[].id' | statusctl error-groups archive -`,
      `statusctl error-groups list --check ${exampleCheck} --jq '.[].id' | statusctl rca request -`,
      'statusctl error-groups list --test-sessions --active -q | statusctl error-groups archive -',
      'statusctl error-groups list --archived --all | cut -f1',
    ],
  );
}

export async function run(ctx: Context, options: ListOptions): Promise<void> {
  const check =
    options.check === undefined
      ? undefined
      : sentId('listCheckErrorGroups', 'checkId', options.check, {
          name: '--check',
          hint: 'statusctl error-groups list shows the check of each group (its check column)',
        });
  const client = await ctx.client();
  const fetchPage = (page: number, limit: number | undefined): Promise<Group[]> => {
    const query = { ...(limit !== undefined ? { limit: String(limit) } : {}), ...(page !== 1 ? { page: String(page) } : {}) };
    const given = Object.keys(query).length > 0 ? { query } : {};
    if (options.testSessions) return client.listTestSessionErrorGroups(given);
    return check ? client.listCheckErrorGroups({ params: { checkId: check }, ...given }) : client.listErrorGroups(given);
  };
  const since = options.since && ctx.now() - options.since.ms;
  const { groups, next } = await readPages(ctx, fetchPage, options, filter(options, since), since);
  if (ctx.json) await ctx.printJson(groups);
  else if (groups.length === 0) ctx.info(noneMessage(options));
  else if (options.quiet) ctx.out(groups.map((group) => group.id).join('\n'));
  else if (options.testSessions) await ctx.outPaged(await renderList(ctx, TEST_SESSION_ERROR_GROUP, groups as TestSessionErrorGroup[]));
  else await ctx.outPaged(await renderList(ctx, ERROR_GROUP, groups as ErrorGroup[]));
  if (next !== undefined) ctx.info(`more: --page ${next} (or --all for every page)`);
}

/**
 * Whether a group was last seen at `since` or later. A check's group gives a date only, which
 * counts as the whole day: a group seen on the day `since` falls on is kept.
 */
function seenSince(group: Group, since: number): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(group.lastSeen)) return group.lastSeen >= new Date(since).toISOString().slice(0, 10);
  return Date.parse(group.lastSeen) >= since;
}

/** The groups kept: by state, last seen, and text; undefined when every group is. */
function filter(options: ListOptions, since: number | undefined): ((group: Group) => boolean) | undefined {
  const text = options.search?.toLowerCase();
  const tests = [
    options.archived && ((group: Group) => group.archivedUntilNextEvent),
    options.active && ((group: Group) => !group.archivedUntilNextEvent),
    since !== undefined && ((group: Group) => seenSince(group, since)),
    text !== undefined && ((group: Group) => `${group.cleanedErrorMessage}\n${group.rawErrorMessage ?? ''}`.toLowerCase().includes(text)),
  ].filter((test): test is (group: Group) => boolean => typeof test === 'function');
  return tests.length === 0 ? undefined : (group) => tests.every((test) => test(group));
}

/**
 * The pages to read: one, or with --all every one from --page until a short page; with a filter,
 * on until `limit` groups are kept. `next` is the page to continue with when there may be more.
 * With `since`, a page holding a group last seen before it is the last read: the list is newest
 * lastSeen first, so no later page has a group seen since.
 */
async function readPages(
  ctx: Context,
  fetchPage: (page: number, limit: number | undefined) => Promise<Group[]>,
  options: ListOptions,
  keep: ((group: Group) => boolean) | undefined,
  since: number | undefined,
): Promise<{ groups: Group[]; next: number | undefined }> {
  const first = options.page ?? 1;
  if (!options.all && !keep) {
    const groups = await fetchPage(first, options.limit);
    return { groups, next: groups.length >= (options.limit ?? API_DEFAULT_LIMIT) ? first + 1 : undefined };
  }
  // Reading on: a page size is sent, so a short page is known to be the last.
  const size = options.limit ?? (options.all ? MAX_LIMIT : API_DEFAULT_LIMIT);
  const wanted = options.all ? Number.POSITIVE_INFINITY : size;
  const groups: Group[] = [];
  const seen = new Set<string>();
  for (let page = first; ; page++) {
    if (page > first && ctx.showProgress) ctx.info(`fetching page ${page}...`);
    const entries = await fetchPage(page, size);
    // A server that answers the same page again would keep us here for ever.
    if (entries.length > 0 && entries.every((group) => seen.has(group.id))) {
      throw new CliError(ExitCode.failure, `the server answered page ${page} with the groups of an earlier page; stopped paging`);
    }
    for (const group of entries) seen.add(group.id);
    const kept = keep ? entries.filter(keep) : entries;
    const room = wanted - groups.length;
    groups.push(...kept.slice(0, room));
    // Groups of this page left out to keep to the limit show again from this page on.
    if (kept.length > room) return { groups, next: page };
    const older = since !== undefined && entries.some((group) => !seenSince(group, since));
    if (kept.length === room) return { groups, next: entries.length < size || older ? undefined : page + 1 };
    if (entries.length < size || older) return { groups, next: undefined };
  }
}

function noneMessage(options: ListOptions): string {
  const which = options.archived ? 'archived ' : options.active ? 'active ' : '';
  const where = options.check ? ` for check ${options.check}` : options.testSessions ? ' of test sessions' : '';
  const when = options.since ? ` last seen in the last ${options.since.words}` : '';
  const text = options.search ? ` matching ${JSON.stringify(options.search)}` : '';
  const page = options.page && options.page > 1 ? ` on page ${options.page}` : '';
  return `No ${which}error groups${where}${when}${text}${page}.`;
}

// `error-groups list`: the account's error groups (or one check's), newest lastSeen first. The
// API pages them by number (`page`, `limit`) and answers a plain array, a short or empty one at
// the end; -o json is that array (every page's entries in one with --all), so
// `--jq '.[].id'` feeds `error-groups archive -` and `rca request -`.
import { Option } from '@commander-js/extra-typings';
import type { ErrorGroup } from '../../../contract/schemas.js';
import { examples, positiveInt } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { CliError, ExitCode } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { renderList } from '../../views/resource.js';
import { ERROR_GROUP } from '../../views/error-group.js';
import { sentId } from '../../input/ids.js';
import type { Client } from '../../../client/index.js';
import { isWholeId, looksLikePrefix, MIN_PREFIX, PrefixIds } from '../../lookup/short-ids.js';

/** The hosted API's page size when none is sent. */
const API_DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
/** A check of the demo data with error groups, for the examples. */
const EXAMPLE_CHECK = '35c79318-9183-5c3e-831d-8bf8cfe07ad0';

export interface ListOptions {
  check?: string;
  archived?: boolean;
  active?: boolean;
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
        'Error groups of the account, or of one check with --check, newest lastSeen first, archived ones included (their state says so).\n\n' +
          'The API pages them by number: --limit per page (1 to 100, default 10) and --page (from 1); --all reads every page ' +
          'from --page on until a short one. --archived or --active keeps only those, reading on until --limit of them are found.\n\n' +
          'Piped: ID, CHECK, STATE (active or archived), LAST SEEN, ERROR, tab-separated. With -o json: the groups as the API ' +
          'gives them, one array (every page in one with --all), so --jq ".[].id" gives ids to pipe into error-groups archive - ' +
          'or rca request -.',
      )
      .option('--check <id>', 'only the error groups of this check (its id, a UUID)')
      .addOption(new Option('--archived', 'only the archived groups').conflicts('active'))
      .option('--active', 'only the groups not archived')
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
      'statusctl error-groups list --all -o json',
      `statusctl error-groups list --check ${exampleCheck} --jq '.[].id' | statusctl error-groups archive -`,
      `statusctl error-groups list --check ${exampleCheck} --jq '.[].id' | statusctl rca request -`,
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
  const fetchPage = (page: number, limit: number | undefined): Promise<ErrorGroup[]> => {
    const query = { ...(limit !== undefined ? { limit: String(limit) } : {}), ...(page !== 1 ? { page: String(page) } : {}) };
    const given = Object.keys(query).length > 0 ? { query } : {};
    return check ? client.listCheckErrorGroups({ params: { checkId: check }, ...given }) : client.listErrorGroups(given);
  };
  const keep = options.archived
    ? (group: ErrorGroup) => group.archivedUntilNextEvent
    : options.active
      ? (group: ErrorGroup) => !group.archivedUntilNextEvent
      : undefined;
  const { groups, next } = await readPages(ctx, fetchPage, options, keep);
  if (ctx.json) await ctx.printJson(groups);
  else if (groups.length === 0) ctx.info(noneMessage(options));
  else await ctx.outPaged(await renderList(ctx, ERROR_GROUP, groups));
  if (next !== undefined) ctx.info(`more: --page ${next} (or --all for every page)`);
}

/**
 * The pages to read: one, or with --all every one from --page until a short page; with a filter,
 * on until `limit` groups are kept. `next` is the page to continue with when there may be more.
 */
async function readPages(
  ctx: Context,
  fetchPage: (page: number, limit: number | undefined) => Promise<ErrorGroup[]>,
  options: ListOptions,
  keep: ((group: ErrorGroup) => boolean) | undefined,
): Promise<{ groups: ErrorGroup[]; next: number | undefined }> {
  const first = options.page ?? 1;
  if (!options.all && !keep) {
    const groups = await fetchPage(first, options.limit);
    return { groups, next: groups.length >= (options.limit ?? API_DEFAULT_LIMIT) ? first + 1 : undefined };
  }
  // Reading on: a page size is sent, so a short page is known to be the last.
  const size = options.limit ?? (options.all ? MAX_LIMIT : API_DEFAULT_LIMIT);
  const wanted = options.all ? Number.POSITIVE_INFINITY : size;
  const groups: ErrorGroup[] = [];
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
    if (kept.length === room) return { groups, next: entries.length < size ? undefined : page + 1 };
    if (entries.length < size) return { groups, next: undefined };
  }
}

/**
 * Error group ids and their prefixes for one command (get, archive, unarchive): the account's
 * groups are read once, every page of 100, when a prefix needs them. A value that cannot start
 * a UUID, or shorter than a prefix may be, is refused as before, naming the argument and the
 * form it takes (exit 2, no request).
 */
export function errorGroupIds(client: () => Promise<Client>): (given: string) => Promise<string> {
  const ids = new PrefixIds<ErrorGroup>(async () => allErrorGroups(await client()), {
    what: 'error group id',
    plural: 'error groups',
    hint: "'statusctl error-groups list --all' shows the ids",
    describe: (group) =>
      `${group.archivedUntilNextEvent ? 'archived' : 'active'}, last seen ${group.lastSeen}: ${group.cleanedErrorMessage}`,
  });
  return async (given) => {
    if (!isWholeId(given) && looksLikePrefix(given) && given.trim().length >= MIN_PREFIX) return (await ids.resolve(given)).id;
    return sentId('getErrorGroup', 'id', given, ERROR_GROUP.argument.usage!);
  };
}

/** Every error group of the account: pages of 100 until a short one. */
async function allErrorGroups(client: Client): Promise<ErrorGroup[]> {
  const groups: ErrorGroup[] = [];
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    const entries = await client.listErrorGroups({ query: { limit: String(MAX_LIMIT), ...(page !== 1 ? { page: String(page) } : {}) } });
    // A server that answers the same page again would keep us here for ever.
    if (entries.length > 0 && entries.every((group) => seen.has(group.id))) return groups;
    for (const group of entries) seen.add(group.id);
    groups.push(...entries);
    if (entries.length < MAX_LIMIT) return groups;
  }
}

function noneMessage(options: ListOptions): string {
  const which = options.archived ? 'archived ' : options.active ? 'active ' : '';
  const where = options.check ? ` for check ${options.check}` : '';
  const page = options.page && options.page > 1 ? ` on page ${options.page}` : '';
  return `No ${which}error groups${where}${page}.`;
}

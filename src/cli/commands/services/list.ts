// `services list`: the account's services, newest first, by cursor like the other lists; with
// --status-page, those on that page's cards (the list is read on until --limit of them are found).
import type { Service } from '../../api/types.js';
import { examples, positiveInt } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { renderTable, timeCell } from '../../output/cells.js';
import { fetchMatching, fetchPages, type PagingOptions } from '../../api/paging.js';
import { findPage, loadCatalog } from '../../api/service-catalog.js';
import { valueKinds } from '../../completion/value-kinds.js';

export interface ListOptions extends PagingOptions {
  statusPage?: string;
}

export function declare(services: Noun): void {
  examples(
    services
      .command('list')
      .description(
        "The services the account's status pages show on their cards, newest first: what incidents are declared on " +
          '(incidents create --service takes a name or an id).\n\n' +
          'Piped: ID, NAME, CREATED, UPDATED, tab-separated. With -o json: the API response as it is ({length, entries, ' +
          'nextId}); with --all, one object combining every page: {length: <all entries>, entries: [...], nextId: null}.',
      )
      .option('--status-page <page>', "only the services on this page's cards: its id, url, custom domain or name")
      .option('--limit <n>', 'services per request, 1 to 100 (server default 20; 100 with --all)', positiveInt(1, 100))
      .option('--next-id <cursor>', "start at this cursor (a previous page's nextId)")
      .option('--all', 'follow the cursor to the last page')
      .action((options, command) => run(Context.fromCommand(command), options)),
    [
      'statusctl services list',
      "statusctl services list --status-page 'Acme Payments'",
      'statusctl services list --all -o json',
      "statusctl services list --all --jq '.entries[].name'",
      'statusctl services list --all | cut -f2',
    ],
  );
  valueKinds(services, 'list', { '--status-page': 'status-page' });
}

export async function run(ctx: Context, options: ListOptions): Promise<void> {
  const client = await ctx.client();
  const fetchPage = (query: { limit?: string; nextId?: string } | undefined) => client.listServices(query ? { query } : {});
  const progress = (page: number) => {
    if (ctx.showProgress) ctx.info(`fetching page ${page}...`);
  };
  let list: { length: number; entries: Service[]; nextId: string | null };
  if (options.statusPage !== undefined) {
    const page = findPage(await loadCatalog(ctx), options.statusPage);
    const onPage = new Set(page.services.map((service) => service.id));
    list = await fetchMatching(fetchPage, options, (service) => onPage.has(service.id), progress);
  } else {
    list = await fetchPages(fetchPage, options, progress);
  }
  if (ctx.json) await ctx.printJson(list);
  else if (list.entries.length === 0) ctx.info(options.statusPage ? `No services on status page ${options.statusPage}.` : 'No services.');
  else await ctx.outPaged(await renderServices(ctx, list.entries));
  if (list.nextId) ctx.info(`more: --next-id ${list.nextId} (or --all for every page)`);
}

/** The services as a table, in the order given. */
export function renderServices(ctx: Context, services: readonly Service[]): Promise<string> {
  const now = ctx.now();
  return renderTable(
    ctx,
    [{ header: 'id', id: true }, 'name', 'created', { header: 'updated', optional: 1 }],
    services.map((service) => [service.id, service.name, timeCell(service.created_at, now), timeCell(service.updated_at, now)]),
  );
}

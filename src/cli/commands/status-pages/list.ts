// `status-pages list`: one row per page (id, name, services, open incidents, url) on a terminal
// and piped; with -o md, `get`'s section for each page, with its cards, services (with ids) and
// the incidents still open on it, to paste into a ticket.
import type { StatusPage } from '../../api/types.js';
import { examples, positiveInt } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { idCells, isOpen, renderTable, serviceNames, tableFormat } from '../../output/cells.js';
import { fetchPages, type PagingOptions } from '../../api/paging.js';
import { renderStatusPageMarkdown } from './get.js';

export interface ListOptions extends PagingOptions {
  wide?: boolean;
}

export function declare(pages: Noun): void {
  examples(
    pages
      .command('list')
      .description(
        'Status pages with their cards, services and open (not RESOLVED) incidents.\n\n' +
          'With -o json: the API response as it is ({length, entries, nextId}); with --all, one object ' +
          'combining every page: {length: <all entries>, entries: [...], nextId: null}.',
      )
      .option('--limit <n>', 'status pages per request, 1 to 100 (server default 20; 100 with --all)', positiveInt(1, 100))
      .option('--next-id <cursor>', "start at this cursor (a previous page's nextId)")
      .option('--all', 'follow the cursor to the last page')
      .option('--wide', 'services with their ids on a terminal too (piped output always has them)')
      .action((options, command) => run(Context.fromCommand(command), options)),
    [
      'statusctl status-pages list',
      'statusctl status-pages list --wide',
      'statusctl status-pages list --limit 2 --next-id "$(statusctl status-pages list --limit 2 -o json | jq -r .nextId)"',
      "statusctl status-pages list --all -o json | jq -r '.entries[].name'",
    ],
  );
}

export async function run(ctx: Context, options: ListOptions): Promise<void> {
  const client = await ctx.client();
  const list = await fetchPages(
    (query) => client.listStatusPages({ query }),
    options,
    (page) => {
      if (ctx.showProgress) ctx.info(`fetching page ${page}...`);
    },
  );
  if (ctx.json) await ctx.printJson(list);
  else if (list.entries.length === 0) ctx.info('No status pages.');
  else await ctx.outPaged(await renderStatusPages(ctx, list.entries, { wide: options.wide === true }));
  if (list.nextId) ctx.info(`more: --next-id ${list.nextId} (or --all for every page)`);
}

/** Each service as `name (id)`: what `incidents create --service` takes, either half of it. */
function servicesWithIds(page: StatusPage): string {
  const services = (page.cards ?? []).flatMap((card) => card.services ?? []);
  return services.map((service) => `${service.name || service.id} (${service.id})`).join(', ') || '-';
}

/**
 * The list as a table. Service ids are shown when piped (scripts need them) and with --wide; on
 * a terminal the names alone keep a row within the width.
 */
export async function renderStatusPages(ctx: Context, pages: StatusPage[], { wide = false } = {}): Promise<string> {
  const format = tableFormat(ctx);
  if (format === 'md') return (await Promise.all(pages.map((page) => renderStatusPageMarkdown(ctx, page)))).join('\n\n');
  const withIds = wide || format === 'tsv';
  // Page ids as incident ids: their first characters on a terminal, which get and open take.
  const pageId = idCells(pages.map((page) => page.id));
  return renderTable(
    ctx,
    // The URL (the page's slug) goes first on a narrow terminal: the services are what
    // incidents are declared on.
    [{ header: 'id', id: true }, 'name', 'services', 'open', { header: 'url', optional: 1 }],
    pages.map((page) => {
      const open = (page.incidents ?? []).filter(isOpen).length;
      return [
        pageId(page.id),
        page.name,
        withIds ? servicesWithIds(page) : serviceNames((page.cards ?? []).flatMap((card) => card.services ?? [])),
        { text: String(open), paint: open > 0 ? ctx.style.red.bold : ctx.style.green },
        page.url,
      ];
    }),
  );
}

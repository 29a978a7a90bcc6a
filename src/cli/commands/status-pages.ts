// `status-pages list` and `get`: the account's status pages with their cards, services (names and
// ids, what `incidents create` takes) and open incidents.
import { examples, positiveInt } from '../command-kit.js';
import { Context } from '../context.js';
import type { Program } from '../globals.js';
import { fetchPages, type PagingOptions } from '../paging.js';
import { renderStatusPage, renderStatusPages } from '../render/status-pages.js';

export function register(program: Program): void {
  const pages = program.command('status-pages').description('Status pages of the account');
  examples(pages, [
    'statusctl status-pages list',
    "statusctl status-pages get 'Acme Payments'",
    'statusctl status-pages list --all -o json',
  ]);
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
      .action((options, command) => runList(Context.fromCommand(command), options)),
    [
      'statusctl status-pages list',
      'statusctl status-pages list --wide',
      'statusctl status-pages list --limit 2 --next-id "$(statusctl status-pages list --limit 2 -o json | jq -r .nextId)"',
      "statusctl status-pages list --all -o json | jq -r '.entries[].name'",
    ],
  );
  examples(
    pages
      .command('get')
      .description(
        'One status page in full: its fields, cards with their services (name and id), open incidents and access keys (masked).\n\n' +
          'PAGE is its id, its url (slug), its custom domain or a full address, or its name (any case), as for `incidents create --status-page`.',
      )
      .argument('<page>', 'id, url, custom domain or name of the status page')
      .option('--web', "print the page's address as visitors see it (and open it on a desktop terminal) instead of its fields")
      .action((page, options, command) => runGet(Context.fromCommand(command), page, options)),
    [
      "statusctl status-pages get 'Acme Payments'",
      'statusctl status-pages get acme-payments -o md',
      "statusctl status-pages get acme-payments -o json | jq -r '.cards[].services[].id'",
      'statusctl status-pages get acme-payments --web',
    ],
  );
  examples(
    pages
      .command('open')
      .description(
        'The status page as visitors see it: prints its address on stdout, and opens it in the default browser on a desktop terminal (never when piped, in CI, or over SSH without a display).\n\n' +
          'On the hosted service the address is the custom domain, else the hosted address; the reference server renders the page itself at /status/<account id>/<url>.',
      )
      .argument('<page>', 'id, url, custom domain or name of the status page')
      .action((page, _options, command) => runOpen(Context.fromCommand(command), page)),
    ['statusctl status-pages open acme-cloud', "statusctl status-pages open 'Acme Payments' | pbcopy"],
  );
}

async function findStatusPage(ctx: Context, given: string) {
  const client = await ctx.client();
  const { findPage, loadCatalog } = await import('../service-catalog.js');
  // An id is one request; anything else is looked up among all the pages, as create does.
  const id = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(given.trim())
    ? given.trim()
    : findPage(await loadCatalog(ctx), given, 'status page').id;
  return client.getStatusPage({ params: { statusPageId: id } });
}

async function runOpen(ctx: Context, given: string): Promise<void> {
  const page = await findStatusPage(ctx, given);
  const { statusPageAddress } = await import('../status-page-address.js');
  const { showAddress } = await import('../open-in-browser.js');
  await showAddress(ctx, await statusPageAddress(await ctx.client(), (await ctx.settings()).baseUrl, page));
}

async function runGet(ctx: Context, given: string, options: { web?: boolean } = {}): Promise<void> {
  if (options.web) return runOpen(ctx, given);
  const page = await findStatusPage(ctx, given);
  if (ctx.json) await ctx.printJson(page);
  else await ctx.outPaged(await renderStatusPage(ctx, page));
}

async function runList(ctx: Context, options: PagingOptions & { wide?: boolean }): Promise<void> {
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

// `status-pages list`: the account's status pages with their cards, services and open incidents.
import { examples, positiveInt } from '../command-kit.js';
import { Context } from '../context.js';
import type { Program } from '../globals.js';
import { fetchPages, type PagingOptions } from '../paging.js';
import { renderStatusPages } from '../render/status-pages.js';

export function register(program: Program): void {
  const pages = program.command('status-pages').description('Status pages of the account');
  examples(pages, ['statusctl status-pages list', 'statusctl status-pages list --all -o json']);
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
      .action((options, command) => runList(Context.fromCommand(command), options)),
    [
      'statusctl status-pages list',
      'statusctl status-pages list --limit 5 --next-id <cursor>',
      "statusctl status-pages list --all -o json | jq -r '.entries[].name'",
    ],
  );
}

async function runList(ctx: Context, options: PagingOptions): Promise<void> {
  const client = await ctx.client();
  const list = await fetchPages(
    (query) => client.listStatusPages({ query }),
    options,
    (page) => {
      if (ctx.showProgress) ctx.info(`fetching page ${page}...`);
    },
  );
  if (ctx.json) ctx.printJson(list);
  else if (list.entries.length === 0) ctx.info('No status pages.');
  else ctx.out(await renderStatusPages(ctx, list.entries));
  if (list.nextId) ctx.info(`more: --next-id ${list.nextId} (or --all for every page)`);
}

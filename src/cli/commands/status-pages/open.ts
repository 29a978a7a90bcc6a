// `status-pages open`: the status page as visitors see it. Prints its address and opens it in the
// browser on a desktop terminal; `get --web` does the same. Finding a page by id, url, domain or
// name is here, for `get` too.
import { examples } from '../../command-kit.js';
import { Context } from '../../context.js';
import type { Noun } from '../../globals.js';
import { statusPageAddress } from '../../status-page-address.js';
import { showAddress } from '../../open-in-browser.js';
import { findPage, loadCatalog } from '../../service-catalog.js';

export function declare(pages: Noun): void {
  examples(
    pages
      .command('open')
      .description(
        'The status page as visitors see it: prints its address on stdout, and opens it in the default browser on a desktop terminal (never when piped, in CI, or over SSH without a display).\n\n' +
          'On the hosted service the address is the custom domain, else the hosted address; the reference server renders the page itself at /status/<account id>/<url>.',
      )
      .argument('<page>', 'id, url, custom domain or name of the status page')
      .action((page, _options, command) => run(Context.fromCommand(command), page)),
    ['statusctl status-pages open acme-cloud', "statusctl status-pages open 'Acme Payments' | pbcopy"],
  );
}

export async function run(ctx: Context, given: string): Promise<void> {
  const page = await findStatusPage(ctx, given);
  await showAddress(ctx, await statusPageAddress(await ctx.client(), (await ctx.settings()).baseUrl, page));
}

/** The page PAGE names: its id, url (slug), custom domain, a full address or its name (any case). */
export async function findStatusPage(ctx: Context, given: string) {
  const client = await ctx.client();
  // An id is one request; anything else is looked up among all the pages, as create does.
  const id = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(given.trim())
    ? given.trim()
    : findPage(await loadCatalog(ctx), given, 'status page').id;
  return client.getStatusPage({ params: { statusPageId: id } });
}

// `status-pages open`: the status page as visitors see it. Prints its address and opens it in the
// browser on a desktop terminal; `get --web` does the same. Finding a page by id, url, domain or
// name is here, for `get` too.
import { examples } from '../../command-kit.js';
import { Context } from '../../context.js';
import type { Noun } from '../../globals.js';
import { statusPageAddress } from '../../status-page-address.js';
import { showAddress } from '../../open-in-browser.js';
import { type CatalogPage, findPage, loadCatalog } from '../../service-catalog.js';
import { CliError, ExitCode, usageError } from '../../exit-codes.js';
import { isWholeId, MIN_PREFIX } from '../../short-ids.js';

export function declare(pages: Noun): void {
  examples(
    pages
      .command('open')
      .description(
        'The status page as visitors see it: prints its address on stdout, and opens it in the default browser on a desktop terminal (never when piped, in CI, or over SSH without a display).\n\n' +
          'On the hosted service the address is the custom domain, else the hosted address; the reference server renders the page itself at /status/<account id>/<url>.',
      )
      .argument('<page>', `id (or its first ${MIN_PREFIX} or more characters), url, custom domain or name of the status page`)
      .action((page, _options, command) => run(Context.fromCommand(command), page)),
    ['statusctl status-pages open acme-cloud', "statusctl status-pages open 'Acme Payments' | pbcopy"],
  );
}

export async function run(ctx: Context, given: string): Promise<void> {
  const page = await findStatusPage(ctx, given);
  await showAddress(ctx, await statusPageAddress(await ctx.client(), (await ctx.settings()).baseUrl, page));
}

/**
 * The page PAGE names: its id or a unique prefix of it (at least MIN_PREFIX characters, as for
 * incidents), its url (slug), custom domain, a full address or its name (any case). A page that
 * matches nothing is not found (exit 4, the closest names first); a prefix or name that fits
 * several is exit 2 listing them.
 */
export async function findStatusPage(ctx: Context, given: string) {
  const client = await ctx.client();
  // A whole id is one request; anything else is looked up among all the pages, as create does.
  if (isWholeId(given)) return client.getStatusPage({ params: { statusPageId: given.trim() } });
  const catalog = await loadCatalog(ctx);
  let page: CatalogPage;
  try {
    page = findPage(catalog, given, 'status page', ExitCode.notFound);
  } catch (error) {
    // Not an id, url, domain or name: perhaps the start of an id, as a terminal table shows it.
    const prefixed = error instanceof CliError && error.exitCode === ExitCode.notFound ? byIdPrefix(catalog, given) : undefined;
    if (!prefixed) throw error;
    page = prefixed;
  }
  return client.getStatusPage({ params: { statusPageId: page.id } });
}

/** The one page whose id starts with `given` (any case), when `given` looks like a piece of an id. */
function byIdPrefix(catalog: CatalogPage[], given: string): CatalogPage | undefined {
  const prefix = given.trim().toLowerCase();
  if (prefix.length < MIN_PREFIX || !/^[0-9a-f-]+$/.test(prefix)) return undefined;
  const matches = catalog.filter((page) => page.id.toLowerCase().startsWith(prefix));
  if (matches.length > 1) {
    throw usageError(
      [
        `status page id "${given}" is the start of ${matches.length} ids; give more of it:`,
        ...matches.map((page) => `  ${page.id}  ${page.name} (url ${page.url})`),
      ].join('\n'),
    );
  }
  return matches[0];
}

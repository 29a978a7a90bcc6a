// `status-pages open`: the status page as visitors see it. Prints its address and opens it in the
// browser on a desktop terminal; `get --web` does the same. Reading the page PAGE names is here,
// for `get` too.
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { statusPageAddress } from '../../api/status-page-address.js';
import { showAddress } from '../../output/open-in-browser.js';
import { findPageOfEitherKind } from '../../lookup/page-kinds.js';
import { MIN_PREFIX } from '../../lookup/short-ids.js';
import { valueKinds } from '../../completion/value-kinds.js';

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
    [
      'statusctl status-pages open acme-cloud',
      "statusctl status-pages open 'Acme Payments' | tee page-url.txt   # piped: prints the address, opens nothing (| pbcopy on macOS)",
    ],
  );
  valueKinds(pages, 'open', { page: 'status-page' });
}

export async function run(ctx: Context, given: string): Promise<void> {
  const page = await findStatusPage(ctx, given);
  await showAddress(ctx, await statusPageAddress(await ctx.client(), (await ctx.settings()).baseUrl, page));
}

/** The page PAGE names, of either kind (lookup/page-kinds.ts), read in full. */
export async function findStatusPage(ctx: Context, given: string) {
  return findPageOfEitherKind(await ctx.client(), given);
}

// `status-pages domain PAGE`: the verification of a V3 page's custom domain (its state and the DNS
// record that proves the domain is yours); --recheck asks for it to be checked again.
import { findV3Page } from '../../lookup/page-kinds.js';
import { CliError, ExitCode } from '../../errors/exit-codes.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { renderRecord } from '../../views/resource.js';
import { CUSTOM_DOMAIN, V3_STATUS_PAGE } from '../../views/v3-status-page.js';

export interface DomainOptions {
  recheck?: boolean;
}

export function declare(pages: Noun): void {
  examples(
    pages
      .command('domain')
      .description(
        'The custom domain of a V3 status page: whether it is verified (status and SSL: pending or active) and the DNS record to add ' +
          'to prove it is yours (type, name, value). --recheck asks for the domain to be checked again once the record is in place, ' +
          'and shows the state it now has.\n\n' +
          'Piped: label<TAB>value lines; -o json: the verification as the API answered. A page without a custom domain is exit 4.',
      )
      .argument('<page>', V3_STATUS_PAGE.argument.help)
      .option('--recheck', 'check the domain again (after adding its DNS record) and show the new state')
      .action((page, options, command) => run(Context.fromCommand(command), page, options)),
    ['statusctl status-pages domain acme-platform', "statusctl status-pages domain acme-platform --recheck --jq '.status'"],
  );
  valueKinds(pages, 'domain', { page: 'status-page' });
}

export async function run(ctx: Context, given: string, options: DomainOptions = {}): Promise<void> {
  const client = await ctx.client();
  const page = await findV3Page(client, given, 'status-pages domain');
  if (!page.customDomain) {
    throw new CliError(
      ExitCode.notFound,
      `status page ${page.name} (url ${page.url}) has no custom domain`,
      undefined,
      `statusctl status-pages edit ${page.url} --custom-domain status.example.com gives it one`,
    );
  }
  const input = { params: { statusPageId: page.id } };
  const verification = await (options.recheck
    ? client.recheckV3CustomDomainVerification(input)
    : client.getV3CustomDomainVerification(input));
  if (ctx.json) return ctx.printJson(verification);
  ctx.out(await renderRecord(ctx, CUSTOM_DOMAIN, { page, domain: page.customDomain, verification }));
}

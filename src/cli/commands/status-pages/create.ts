// `status-pages create`: a V3 status page (new pages are V3, as on the hosted service). The
// options it shares with `edit` (the page's texts, theme, domain and links) and the body they
// make are here. A create whose answer is lost is settled by the client, which reads the list
// back for the page sent (its url is unique).
import type { V3StatusPage } from '../../api/types.js';
import { usageError } from '../../errors/exit-codes.js';
import { choiceOption, examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { renderRecord } from '../../views/resource.js';
import { V3_STATUS_PAGE } from '../../views/v3-status-page.js';

export interface PageOptions {
  name?: string;
  url?: string;
  description?: string;
  theme?: 'LIGHT' | 'DARK' | 'AUTO';
  customDomain?: string;
  logo?: string;
  favicon?: string;
  redirectTo?: string;
  footer?: string;
  dryRun?: boolean;
}

/** The options of a page's fields, for create and edit (whose --dry-run is the write verb's); in edit an empty value clears an optional one. */
export function pageOptions<C extends Noun>(command: C, clear = '', dryRun = true): C {
  const declared = command
    .option('--name <name>', 'the page title')
    .option('--url <slug>', "its slug, stored lower-cased; unique among the account's pages of both kinds")
    .option('--description <text>', `shown under the title, at most 500 characters${clear}`)
    .addOption(choiceOption('--theme <theme>', 'light, dark or auto (follows the visitor)', ['LIGHT', 'DARK', 'AUTO']))
    .option('--custom-domain <domain>', `a domain of yours such as status.example.com (status-pages domain shows how to verify it)${clear}`)
    .option('--logo <url>', `the logo, an http(s) URL${clear}`)
    .option('--favicon <url>', `the favicon, an http(s) URL${clear}`)
    .option('--redirect-to <url>', `where the logo links to, an http(s) URL${clear}`)
    .option('--footer <text>', `the footer text, at most 1000 characters${clear}`);
  return (dryRun ? declared.option('--dry-run', 'print the request (method, path, JSON body) instead of sending it') : declared) as C;
}

/** What a create or PUT sends: `base` (the page as it is, for edit) with what the options give; '' clears. */
export function pageBody(options: PageOptions, base: Partial<V3StatusPage> = {}) {
  const given = (value: string | undefined, was: string | null | undefined) => (value === undefined ? (was ?? null) : value || null);
  return {
    name: options.name ?? base.name ?? '',
    url: options.url ?? base.url ?? '',
    description: given(options.description, base.description),
    customDomain: given(options.customDomain, base.customDomain),
    themeColors: base.themeColors ?? null,
    logo: given(options.logo, base.logo),
    logoDark: base.logoDark ?? null,
    redirectTo: given(options.redirectTo, base.redirectTo),
    favicon: given(options.favicon, base.favicon),
    defaultTheme: options.theme ?? base.defaultTheme ?? 'AUTO',
    privacyPolicyLink: base.privacyPolicyLink ?? null,
    termsOfServiceLink: base.termsOfServiceLink ?? null,
    footerText: given(options.footer, base.footerText),
    googleAnalyticsTag: base.googleAnalyticsTag ?? null,
    allowIndexing: base.allowIndexing ?? true,
  };
}

export function declare(pages: Noun): void {
  examples(
    pageOptions(
      pages
        .command('create')
        .description(
          'Create a V3 status page (built from components: components create adds them). --name and --url are required.\n\n' +
            'Prints the page made (piped: label<TAB>value lines); -o json: the page as the API answered. ' +
            '--dry-run prints the request and sends nothing.',
        ),
    ).action((options, command) => run(Context.fromCommand(command), options as PageOptions)),
    [
      'statusctl status-pages create --name "Acme Status" --url acme-status',
      'statusctl status-pages create --name "Acme Status" --url acme-status-dark --theme dark --footer "Acme Inc." --dry-run -o json',
    ],
  );
}

export async function run(ctx: Context, options: PageOptions): Promise<void> {
  const missing = (['name', 'url'] as const).filter((option) => !options[option]);
  if (missing.length > 0) {
    throw usageError(
      `${missing.map((option) => `--${option}`).join(' and ')} ${missing.length === 1 ? 'is' : 'are'} required to create a status page`,
      'statusctl status-pages create --name "Acme Status" --url acme-status',
    );
  }
  const input = { body: pageBody(options) };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('createV3StatusPage', input));
  }
  const page = await (await ctx.client()).createV3StatusPage(input);
  if (ctx.json) return ctx.printJson(page);
  ctx.out(await renderRecord(ctx, V3_STATUS_PAGE, page, 'Created status page'));
}

// Where a status page can be looked at, for `status-pages open` and `--web`. On the hosted
// service: the page's custom domain, else its hosted address (its url is a subdomain of the
// hosted status page domain). On the reference server: its /status/<account id>/<url> address,
// which the server renders as HTML. Which one it is, one HEAD request to that address says (the
// reference server answers it with HTML, the hosted API with a JSON 404). `incidents get ID
// --web`: the incident there, on each status page that shows one of its services.
import type { Client } from '../../client/index.js';
import type { Incident } from './types.js';
import type { Context } from '../runtime/context.js';
import { CliError, ExitCode } from '../errors/exit-codes.js';
import { showAddress } from '../output/open-in-browser.js';
import { fetchPages } from './paging.js';
import { terminalLine } from '../output/terminal-text.js';

/** The hosted service serves a page without a custom domain at <url>.<this domain>. */
export const HOSTED_STATUS_PAGE_DOMAIN = 'checkly-status-page.com';

export interface AddressablePage {
  accountId: string;
  url: string;
  customDomain?: string | null | undefined;
}

export function hostedAddress(page: AddressablePage): string {
  if (page.customDomain) return `https://${page.customDomain}/`;
  if (/^https?:\/\//i.test(page.url)) return page.url;
  return `https://${page.url}.${HOSTED_STATUS_PAGE_DOMAIN}/`;
}

export function referencePath(page: AddressablePage): string {
  return `/status/${encodeURIComponent(page.accountId)}/${encodeURIComponent(page.url)}`;
}

/** The page's address for people, asking the server once whether it renders pages itself. */
export async function statusPageAddress(client: Client, baseUrl: string, page: AddressablePage): Promise<string> {
  const path = referencePath(page);
  try {
    const response = await client.raw({ method: 'HEAD', path });
    const type = response.headers['content-type'];
    if (String(Array.isArray(type) ? type[0] : type).startsWith('text/html')) return `${baseUrl.replace(/\/+$/, '')}${path}`;
  } catch {
    // Not a page there (the hosted API answers 404): the hosted address below.
  }
  return hostedAddress(page);
}

/** The incident's address (the page's, with the incident's anchor) on each status page that shows one of its services. */
export async function showIncidentAddress(
  ctx: Context,
  incident: Incident,
  v3Page?: { url: string; customDomain?: string | null },
): Promise<void> {
  const client = await ctx.client();
  const { baseUrl, accountId } = await ctx.settings();
  const services = new Set(incident.services.map((service) => service.id));
  // A V3 incident is on its own page.
  const pages = v3Page
    ? [{ ...v3Page, accountId: accountId ?? '' }]
    : (await fetchPages((query) => client.listStatusPages({ query }), { all: true })).entries.filter((page) =>
        page.cards.some((card) => card.services.some((service) => services.has(service.id))),
      );
  if (pages.length === 0) {
    throw new CliError(
      ExitCode.notFound,
      `no status page shows incident ${incident.id}: none of its services is on a page's cards`,
      undefined,
      'statusctl status-pages list shows the pages and their services',
    );
  }
  const addresses = await Promise.all(pages.map((page) => statusPageAddress(client, baseUrl, page)));
  const anchor = `#incident-${encodeURIComponent(incident.id)}`;
  // Every page's address on stdout; the browser opens the first.
  await showAddress(ctx, `${addresses[0]}${anchor}`);
  for (const address of addresses.slice(1)) ctx.out(terminalLine(`${address}${anchor}`));
}

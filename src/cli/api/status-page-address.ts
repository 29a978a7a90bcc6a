// Where a status page can be looked at, for `status-pages open` and `--web`. On the hosted
// service: the page's custom domain, else its hosted address (its url is a subdomain of the
// hosted status page domain). On the reference server: its /status/<account id>/<url> address,
// which the server renders as HTML. Which one it is, one HEAD request to that address says (the
// reference server answers it with HTML, the hosted API with a JSON 404).
import type { Client } from '../../client/index.js';

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

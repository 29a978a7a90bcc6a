// `incidents get ID --web`: the incident where visitors see it, on each status page that shows
// one of its services (the address of the page, with the incident's anchor).
import type { Incident } from './types.js';
import type { Context } from '../runtime/context.js';
import { CliError, ExitCode } from '../errors/exit-codes.js';
import { showAddress } from '../output/open-in-browser.js';
import { fetchPages } from './paging.js';
import { statusPageAddress } from './status-page-address.js';
import { terminalLine } from '../output/terminal-text.js';

export async function showIncidentAddress(ctx: Context, incident: Incident): Promise<void> {
  const client = await ctx.client();
  const { baseUrl } = await ctx.settings();
  const services = new Set(incident.services.map((service) => service.id));
  const pages = (await fetchPages((query) => client.listStatusPages({ query }), { all: true })).entries.filter((page) =>
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

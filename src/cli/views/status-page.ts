// A status page: the rows of `status-pages list`, pages of both kinds (its record, with cards,
// incidents and keys, is `status-pages get`'s own; a V3 page's is views/v3-status-page.ts).
import { type AnyStatusPage, isV3, type StatusPage } from '../api/types.js';
import { type CellValue, idCells, isOpen, serviceNames, tableFormat } from '../output/cells.js';
import type { View } from '../output/view.js';
import type { ResourceView } from './resource.js';

/** Each service as `name (id)`: what `incidents create --service` takes, either half of it. */
function servicesWithIds(page: StatusPage): string {
  const services = (page.cards ?? []).flatMap((card) => card.services ?? []);
  return services.map((service) => `${service.name || service.id} (${service.id})`).join(', ') || '-';
}

/**
 * The rows. Service ids are shown when piped (scripts need them) and with `wide`; on a terminal
 * the names alone keep a row within the width. A V3 page has components, not services, and its
 * incidents are its own: both cells are `-`, its kind `v3`.
 */
export function statusPageRows(ctx: View, pages: readonly AnyStatusPage[], wide = false): CellValue[][] {
  const withIds = wide || tableFormat(ctx) === 'tsv';
  // Page ids as incident ids: their first characters on a terminal, which get and open take.
  const pageId = idCells(pages.map((page) => page.id));
  const s = ctx.io.style;
  return pages.map((page) => {
    if (isV3(page)) return [pageId(page.id), page.name, '-', '-', page.url, { text: 'v3', paint: s.cyan }];
    const open = (page.incidents ?? []).filter(isOpen).length;
    return [
      pageId(page.id),
      page.name,
      withIds ? servicesWithIds(page) : serviceNames((page.cards ?? []).flatMap((card) => card.services ?? [])),
      { text: String(open), paint: open > 0 ? s.red.bold : s.green },
      page.url,
      'v2',
    ];
  });
}

export const STATUS_PAGE: ResourceView<AnyStatusPage> = {
  title: 'Status page',
  argument: {
    name: 'page',
    help: 'id (or its first 6 or more characters), url, custom domain or name of the status page',
    kind: 'status-page',
  },
  id: (page) => page.id,
  // The URL (the page's slug) goes first on a narrow terminal: the services are what
  // incidents are declared on.
  columns: [{ header: 'id', id: true }, 'name', 'services', 'open', { header: 'url', optional: 1 }, 'kind'],
  rows: (ctx, pages) => statusPageRows(ctx, pages),
  fields: (_ctx, page) => [
    ['name', page.name],
    ['url', page.url],
    ...(page.customDomain ? [['domain', page.customDomain] as [string, string]] : []),
    isV3(page) ? ['kind', 'v3'] : ['private', page.isPrivate ? 'yes' : 'no'],
    ['created', page.created_at],
  ],
};

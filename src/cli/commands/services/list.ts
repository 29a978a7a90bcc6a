// `services list`: the account's services, newest first, by cursor like the other lists; with
// --status-page, those on that page's cards (the list is read on until --limit of them are found).
import type { Service } from '../../api/types.js';
import { fetchMatching, fetchPages, type PagingOptions } from '../../api/paging.js';
import { findPage, loadCatalog } from '../../lookup/service-catalog.js';
import { cursorMore, listVerb } from '../../verbs/list.js';
import { SERVICE } from '../../views/service.js';

export interface ListOptions extends PagingOptions {
  statusPage?: string;
}

export const { declare, run } = listVerb<Service, ListOptions>(SERVICE, {
  description:
    "The services the account's status pages show on their cards, newest first: what incidents are declared on " +
    '(incidents create --service takes a name or an id).\n\n' +
    'Piped: ID, NAME, CREATED, UPDATED, tab-separated. With -o json: the API response as it is ({length, entries, ' +
    'nextId}); with --all, one object combining every page: {length: <all entries>, entries: [...], nextId: null}.',
  examples: [
    'statusctl services list',
    "statusctl services list --status-page 'Acme Payments'",
    'statusctl services list --all -o json',
    "statusctl services list --all --jq '.entries[].name'",
    'statusctl services list --all | cut -f2',
  ],
  options: (command) =>
    command.option('--status-page <page>', "only the services on this page's cards: its id, url, custom domain or name"),
  kinds: { '--status-page': 'status-page' },
  paging: { limit: 'services per request, 1 to 100 (server default 20; 100 with --all)', after: true },
  async fetch(ctx, options, _args, onPage) {
    const client = await ctx.client();
    const fetchPage = (query: { limit?: string; nextId?: string } | undefined) => client.listServices(query ? { query } : {});
    let list: { length: number; entries: Service[]; nextId: string | null };
    if (options.statusPage !== undefined) {
      const page = findPage(await loadCatalog(ctx), options.statusPage);
      const onPageIds = new Set(page.services.map((service) => service.id));
      list = await fetchMatching(fetchPage, options, (service) => onPageIds.has(service.id), onPage);
    } else {
      list = await fetchPages(fetchPage, options, onPage);
    }
    const none = options.statusPage ? `No services on status page ${options.statusPage}.` : 'No services.';
    return { json: list, entries: list.entries, none, more: cursorMore(list.nextId) };
  },
});

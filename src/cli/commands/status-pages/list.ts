// `status-pages list`: one row per page (id, name, services, open incidents, url) on a terminal
// and piped; with -o md, `get`'s section for each page, with its cards, services (with ids) and
// the incidents still open on it, to paste into a ticket.
import type { StatusPage } from '../../api/types.js';
import { renderTable, tableFormat } from '../../output/cells.js';
import { fetchPages, type PagingOptions } from '../../api/paging.js';
import { cursorMore, listVerb } from '../../verbs/list.js';
import { STATUS_PAGE, statusPageRows } from '../../views/status-page.js';
import { renderStatusPageMarkdown } from './get.js';

export interface ListOptions extends PagingOptions {
  wide?: boolean;
}

export const { declare, run } = listVerb<StatusPage, ListOptions>(STATUS_PAGE, {
  description:
    'Status pages with their cards, services and open (not RESOLVED) incidents.\n\n' +
    'With -o json: the API response as it is ({length, entries, nextId}); with --all, one object ' +
    'combining every page: {length: <all entries>, entries: [...], nextId: null}.',
  examples: [
    'statusctl status-pages list',
    'statusctl status-pages list --wide',
    'statusctl status-pages list --limit 2 --next-id "$(statusctl status-pages list --limit 2 -o json | jq -r .nextId)"',
    "statusctl status-pages list --all -o json | jq -r '.entries[].name'",
  ],
  paging: { limit: 'status pages per request, 1 to 100 (server default 20; 100 with --all)' },
  options: (command) => command.option('--wide', 'services with their ids on a terminal too (piped output always has them)'),
  async fetch(ctx, options, _args, onPage) {
    const client = await ctx.client();
    const list = await fetchPages((query) => client.listStatusPages({ query }), options, onPage);
    return { json: list, entries: list.entries, none: 'No status pages.', more: cursorMore(list.nextId) };
  },
  async render(ctx, pages, options) {
    if (tableFormat(ctx) === 'md') return (await Promise.all(pages.map((page) => renderStatusPageMarkdown(ctx, page)))).join('\n\n');
    return renderTable(ctx, [...STATUS_PAGE.columns], statusPageRows(ctx, pages, options.wide === true));
  },
});

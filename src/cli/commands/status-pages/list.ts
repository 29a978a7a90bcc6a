// `status-pages list`: the pages of both kinds in one list, newest first (v2 pages of cards and
// services, V3 pages of components, read concurrently and merged: lookup/page-kinds.ts), one row per
// page (id, name, services, open incidents, url, kind) on a terminal and piped; with -o md, `get`'s
// section for each page, to paste into a ticket.
import { listPagesOfBothKinds } from '../../lookup/page-kinds.js';
import { type AnyStatusPage, isV3 } from '../../api/types.js';
import type { PagingOptions } from '../../api/paging.js';
import { renderTable, tableFormat } from '../../output/cells.js';
import { cursorMore, listVerb } from '../../verbs/list.js';
import { renderRecord } from '../../views/resource.js';
import { STATUS_PAGE, statusPageRows } from '../../views/status-page.js';
import { V3_STATUS_PAGE } from '../../views/v3-status-page.js';
import { renderStatusPageMarkdown } from './get.js';

export type ListOptions = PagingOptions;

export const { declare, run } = listVerb<AnyStatusPage, ListOptions>(STATUS_PAGE, {
  description:
    'Status pages of both kinds, newest first: v2 pages with their cards, services and open (not RESOLVED) incidents, ' +
    'and V3 pages (components; `status-pages get` shows their component tree). The kind column says which.\n\n' +
    'With -o json: {length, entries, nextId}, each entry as its own API answers it (V3 pages with version: 3); ' +
    'nextId is one cursor for both lists, which --next-id takes. With --all, every page of both: nextId null.',
  examples: [
    'statusctl status-pages list',
    'statusctl status-pages list --wide',
    'statusctl status-pages list --limit 2 --next-id "$(statusctl status-pages list --limit 2 -o json | jq -r .nextId)"',
    "statusctl status-pages list --all -o json | jq -r '.entries[] | select(.version == 3) | .name'",
  ],
  paging: { limit: 'status pages to show, 1 to 100 (default 20; every page with --all)' },
  async fetch(ctx, options, _args, onPage) {
    const list = await listPagesOfBothKinds(ctx, options, onPage);
    return { json: list, entries: list.entries, none: 'No status pages.', more: cursorMore(list.nextId) };
  },
  async render(ctx, pages) {
    if (tableFormat(ctx) === 'md') {
      const sections = pages.map((page) => (isV3(page) ? renderRecord(ctx, V3_STATUS_PAGE, page) : renderStatusPageMarkdown(ctx, page)));
      return (await Promise.all(sections)).join('\n\n');
    }
    return renderTable(ctx, [...STATUS_PAGE.columns], statusPageRows(ctx, pages, ctx.globals.wide === true));
  },
});

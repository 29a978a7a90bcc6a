import { notFound } from '../http-error.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, listBody } from './pagination.js';
import type { Handler } from './types.js';

export const listStatusPages: Handler<'listStatusPages'> = ({ query, account: { store } }) => {
  const before = query.nextId === undefined ? undefined : decodeCursor('statusPages', query.nextId, store.statusPageCount);
  return { status: 200, body: listBody('statusPages', store.listStatusPages(query.limit ?? DEFAULT_PAGE_SIZE, before)) };
};

export const getStatusPage: Handler<'getStatusPage'> = ({ params, account: { store } }) => {
  const page = store.getStatusPage(params.statusPageId);
  if (!page) throw notFound('status page', params.statusPageId);
  return { status: 200, body: page };
};

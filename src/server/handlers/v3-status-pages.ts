// Status pages of the current generation (docs/api-rules.md#v3-status-pages): per account, a
// v2 page is never one of these (404), a url is unique among the account's pages of both
// generations, a PUT replaces the page, and a delete takes what belongs to the page with it.
import { createHash } from 'node:crypto';
import type { V3CustomDomainVerification, V3StatusPage } from '../../contract/schemas.js';
import { dateOnly } from '../dates.js';
import { badField, HttpError, notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import { newV3Page, type V3PageFields } from '../store/v3-status-pages.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, listBody } from './pagination.js';
import type { Handler } from './types.js';

const CURSOR = 'v3statusPages';

/** The account's V3 page; a 404 for any other id (a v2 page's included). */
export function requireV3StatusPage(store: AccountStore, statusPageId: string): V3StatusPage {
  const page = store.records.v3StatusPages.get(statusPageId);
  if (!page) throw notFound('status page', statusPageId);
  return page;
}

/** A 400 naming url when another page of the account, of either generation, has it. */
function checkUrlFree(store: AccountStore, url: string, own?: string): void {
  const holder = store.records.v3StatusPages.idOfUrl(url);
  if ((holder !== undefined && holder !== own) || store.records.statusPages.hasUrl(url))
    throw badField('url', `"${url.toLowerCase()}" is the url of another status page of the account; choose another`);
}

export const listV3StatusPages: Handler<'listV3StatusPages'> = ({ query, account: { store } }) => {
  const part = store.records.v3StatusPages;
  const before = query.nextId === undefined ? undefined : decodeCursor(CURSOR, query.nextId, part.count);
  return { status: 200, body: listBody(CURSOR, part.list(query.limit ?? DEFAULT_PAGE_SIZE, before)) };
};

export const getV3StatusPage: Handler<'getV3StatusPage'> = ({ params, account: { store } }) => ({
  status: 200,
  body: requireV3StatusPage(store, params.statusPageId),
});

export const createV3StatusPage: Handler<'createV3StatusPage'> = ({ body, account: { id: accountId, store }, app }) => {
  checkUrlFree(store, body.url);
  const page = newV3Page(body as V3PageFields, { id: app.newId(), accountId, created_at: dateOnly(app.now()) });
  return { status: 201, body: store.commit({ kind: 'v3StatusPageAdded', page: { ...page, updated_at: page.created_at } }) };
};

export const updateV3StatusPage: Handler<'updateV3StatusPage'> = ({ params, body, account: { store }, app }) => {
  const before = requireV3StatusPage(store, params.statusPageId);
  checkUrlFree(store, body.url, before.id);
  const page = { ...newV3Page(body as V3PageFields, before), updated_at: dateOnly(app.now()) };
  return { status: 200, body: store.commit({ kind: 'v3StatusPageReplaced', page }) };
};

export const deleteV3StatusPage: Handler<'deleteV3StatusPage'> = ({ params, account: { store } }) => {
  requireV3StatusPage(store, params.statusPageId);
  // The incidents kind has a change of its own for this; the other kinds holding records of a
  // page go in the page's change (store/v3-status-pages.ts, V3PageHolder).
  store.commit({ kind: 'v3PageIncidentsDeleted', statusPageId: params.statusPageId });
  store.commit({ kind: 'v3StatusPageDeleted', statusPageId: params.statusPageId });
  return { status: 204, body: null };
};

// ---- custom domains ---------------------------------------------------------------------
//
// Nothing is looked up: the verification is pending until a recheck, then active while the page
// keeps that domain (the HTML page is served on that Host either way).

/** The page's custom domain; a 404 for a page without one. */
function customDomainOf(page: V3StatusPage): string {
  if (page.customDomain === null) throw new HttpError(404, `status page ${JSON.stringify(page.id)} has no custom domain`);
  return page.customDomain;
}

function verification(page: V3StatusPage, domain: string, active: boolean): V3CustomDomainVerification {
  const state = active ? 'active' : 'pending';
  // Derived from the page's id: the same record on every read and after a restart.
  const value = createHash('sha256').update(`statusctl custom domain ${page.id}`).digest('hex').slice(0, 32);
  return {
    status: state,
    sslStatus: state,
    validationMethod: 'txt',
    ownershipVerification: { type: 'txt', name: `_statusctl.${domain}`, value },
  };
}

export const getV3CustomDomainVerification: Handler<'getV3CustomDomainVerification'> = ({ params, account: { store } }) => {
  const page = requireV3StatusPage(store, params.statusPageId);
  const domain = customDomainOf(page);
  return { status: 200, body: verification(page, domain, store.records.v3StatusPages.verifiedDomain(page.id) === domain) };
};

export const recheckV3CustomDomainVerification: Handler<'recheckV3CustomDomainVerification'> = ({ params, account: { store } }) => {
  const page = requireV3StatusPage(store, params.statusPageId);
  const domain = customDomainOf(page);
  if (store.records.v3StatusPages.verifiedDomain(page.id) !== domain)
    store.commit({ kind: 'v3CustomDomainVerified', statusPageId: page.id, domain });
  return { status: 200, body: verification(page, domain, true) };
};

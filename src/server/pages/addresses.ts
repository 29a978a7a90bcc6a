// Which status page a request asks for. Every page of every account is at its canonical address
// /status/<account id>/<url>; at /status/<url> when only one account has that url; at / when
// the request's Host is the page's customDomain. `/events` after a page's address is its event
// stream. Several accounts may share a url or a domain (each account starts with its own copy of
// the demo data): then the request's API key picks its own account's page, and without one the
// caller is shown the canonical addresses to choose from. A V3 page is found at the same kinds of
// address (an account's urls are unique across both generations).
import type { V3StatusPage } from '../../contract/schemas.js';
import type { AccountScope } from '../handlers/types.js';
import type { StoredStatusPage } from '../store.js';

export type PageAddress =
  | { kind: 'canonical'; accountId: string; url: string; events: boolean }
  | { kind: 'short'; url: string; events: boolean }
  | { kind: 'domain'; domain: string; events: boolean };

export type PageMatch =
  | { account: AccountScope; page: StoredStatusPage; v3?: undefined }
  | { account: AccountScope; page: V3StatusPage; v3: true };

/** Whether only its own account's keys see it: a v2 page's isPrivate (V3 pages have no such field). */
export function isPrivate(match: PageMatch): boolean {
  return !match.v3 && match.page.isPrivate;
}

/** The account's V3 pages, deleted ones left out. */
export function v3PagesOf(account: AccountScope): V3StatusPage[] {
  const pages: V3StatusPage[] = [];
  for (const { page } of account.store.records.v3StatusPages.stored()) if (page) pages.push(page);
  return pages;
}

export const STATUS_PREFIX = '/status/';

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The host name of a Host header, lower case, without its port. */
export function hostName(host: string | undefined): string {
  if (!host) return '';
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * The page address a request path names, or undefined when the path is not a page's (the API's
 * routes then answer it). `isDomain` says whether a host name is some page's customDomain.
 */
export function parseAddress(
  pathname: string,
  host: string | undefined,
  accounts: ReadonlyMap<string, AccountScope>,
  isDomain: (name: string) => boolean,
): PageAddress | undefined {
  if (pathname === '/' || pathname === '/events') {
    const domain = hostName(host);
    if (!domain || !isDomain(domain)) return undefined;
    return { kind: 'domain', domain, events: pathname === '/events' };
  }
  if (!pathname.startsWith(STATUS_PREFIX)) return undefined;
  const segments = pathname.slice(STATUS_PREFIX.length).replace(/\/$/, '').split('/').map(decode);
  if (segments.some((segment) => !segment)) return undefined;
  const parts = segments as string[];
  const events = parts.length > 1 && parts.at(-1) === 'events';
  const names = events ? parts.slice(0, -1) : parts;
  if (names.length === 2 && accounts.has(names[0]!)) return { kind: 'canonical', accountId: names[0]!, url: names[1]!, events };
  if (names.length === 1) return { kind: 'short', url: names[0]!, events };
  return undefined;
}

/** The pages an address may mean: one, none, or one per account that has it. */
export function candidates(address: PageAddress, accounts: ReadonlyMap<string, AccountScope>): PageMatch[] {
  const found: PageMatch[] = [];
  const scopes = address.kind === 'canonical' ? [accounts.get(address.accountId)!] : accounts.values();
  for (const account of scopes) {
    const matches = (page: { url: string; customDomain?: string | null | undefined }) =>
      address.kind === 'domain' ? page.customDomain?.toLowerCase() === address.domain : page.url === address.url;
    for (const page of account.store.storedStatusPages) if (matches(page)) found.push({ account, page });
    for (const page of v3PagesOf(account)) if (matches(page)) found.push({ account, page, v3: true });
  }
  return found;
}

/**
 * The pages of an address a caller may be offered. An address that may mean pages of several
 * accounts (short, domain) offers a private page only to a key of its own account: to anyone
 * else it is not a choice, so neither the page nor its account is named to them.
 */
export function offeredTo(address: PageAddress, found: PageMatch[], keyAccount: string | undefined): PageMatch[] {
  if (address.kind === 'canonical') return found;
  return found.filter((match) => !isPrivate(match) || match.account.id === keyAccount);
}

export function canonicalPath(match: PageMatch): string {
  return `${STATUS_PREFIX}${encodeURIComponent(match.account.id)}/${encodeURIComponent(match.page.url)}`;
}

/** Whether some page of some account has this custom domain (a Host for `/`). */
export function domainIndex(accounts: ReadonlyMap<string, AccountScope>): (name: string) => boolean {
  return (name) => {
    for (const account of accounts.values()) {
      for (const page of account.store.storedStatusPages) if (page.customDomain?.toLowerCase() === name) return true;
      for (const page of v3PagesOf(account)) if (page.customDomain === name) return true;
    }
    return false;
  };
}

// Turns what a person types (`--service "Checkout API"`, `--status-page acme-cloud`) into the
// services the hosted API wants on a new incident: `{id, name, accountId}` each. The account's
// status pages are the only place services are listed, so they are walked once per command
// and everything is resolved against that one snapshot.
import type { CreateIncidentInput } from '../../contract/schemas.js';
import type { Context } from '../runtime/context.js';
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import { fetchPages } from '../api/paging.js';
import { isWholeId, MIN_PREFIX } from './short-ids.js';
import { closest } from '../errors/suggest.js';
import type { StatusPage } from '../api/types.js';

/** A service as a create body carries it (the contract's type, not a copy of it). */
export type IncidentServiceRef = CreateIncidentInput['services'][number] & { name: string; accountId: string };

export interface CatalogPage {
  id: string;
  name: string;
  url: string;
  customDomain?: string | null | undefined;
  /** Every service on the page's cards, each id once, in card order. */
  services: IncidentServiceRef[];
  /** The page's cards with their services, for the picker. */
  cards: { name: string; services: IncidentServiceRef[] }[];
}

/** All status pages of the account, following the cursor to the end. */
/** A page with no services of its own to name (a V3 page, whose components are not services), found as a catalog's pages are. */
export const asCatalogPage = (page: Pick<CatalogPage, 'id' | 'name' | 'url' | 'customDomain'>): CatalogPage => ({
  id: page.id,
  name: page.name,
  url: page.url,
  customDomain: page.customDomain,
  services: [],
  cards: [],
});

export async function loadCatalog(ctx: Context): Promise<CatalogPage[]> {
  const client = await ctx.client();
  const pages = await fetchPages((query) => client.listStatusPages({ query }), { all: true });
  return pages.entries.map(catalogPage);
}

function catalogPage(page: StatusPage): CatalogPage {
  const seen = new Set<string>();
  const services: IncidentServiceRef[] = [];
  const cards = (page.cards ?? []).map((card) => {
    const own: IncidentServiceRef[] = [];
    for (const service of card.services ?? []) {
      // What upstream requires and nothing else: dates are the server's to set.
      const ref: IncidentServiceRef = { id: service.id, name: service.name, accountId: service.accountId };
      own.push(ref);
      if (!seen.has(ref.id)) {
        seen.add(ref.id);
        services.push(ref);
      }
    }
    return { name: card.name, services: own };
  });
  return { id: page.id, name: page.name, url: page.url, customDomain: page.customDomain, services, cards };
}

const describePage = (page: CatalogPage) => `${page.name} (url ${page.url}, id ${page.id})`;

/**
 * `--status-page ID|URL|NAME`: an id exactly; the page's url (its slug) or custom domain, bare
 * or as a full address (`https://status.example.com/`); or its name, any case.
 */
/** The page `given` names (id, url, custom domain, address or name); `label` is how errors call it. */
export function findPage(
  catalog: CatalogPage[],
  given: string,
  label = '--status-page',
  /** The exit code of a page that matches nothing: a usage error for an option's value, 4 for the page a command acts on. */
  notFound: ExitCode = ExitCode.usage,
): CatalogPage {
  const wanted = given.trim();
  const byId = catalog.find((page) => page.id === wanted);
  if (byId) return byId;
  const host = addressParts(wanted);
  const byUrl = catalog.filter((page) =>
    host.some((part) => part === page.url.toLowerCase() || (page.customDomain && part === page.customDomain.toLowerCase())),
  );
  if (byUrl.length === 1) return byUrl[0]!;
  const byName = catalog.filter((page) => page.name.toLowerCase() === wanted.toLowerCase());
  if (byName.length === 1) return byName[0]!;
  const matches = byUrl.length > 1 ? byUrl : byName;
  if (matches.length > 1) {
    throw usageError(listing(`${label} "${given}" matches ${matches.length} status pages; pass its id:`, matches.map(describePage)));
  }
  if (catalog.length === 0) throw new CliError(notFound, `${label} "${given}": the account has no status pages`);
  const near = nearest(given, catalog, (page) => [page.name, page.url, ...(page.customDomain ? [page.customDomain] : [])]);
  throw new CliError(
    notFound,
    listing(
      `${label} "${given}": no such status page${meant(near.map((page) => page.name))}; the status pages of the account${near.length ? ', closest first' : ''}:`,
      closestFirst(near, catalog).map(describePage),
    ),
  );
}

/**
 * The page a command acts on (its PAGE argument, not an option's value): a whole id as it is (one
 * request fewer; the API says whether it exists), else its id or a unique prefix of it (at least
 * MIN_PREFIX characters, as for incidents), its url (slug), custom domain, a full address or its
 * name (any case), looked up among all the pages. A page that matches nothing is not found (exit
 * 4, the closest names first); a prefix or name that fits several is exit 2 listing them.
 */
export async function pageArgument(ctx: Context, given: string): Promise<{ id: string; page?: CatalogPage }> {
  if (isWholeId(given)) return { id: given.trim() };
  const page = pageIn(await loadCatalog(ctx), given);
  return { id: page.id, page };
}

/** The page of `catalog` a PAGE argument names, as pageArgument finds it (a whole id included). */
export function pageIn<Page extends CatalogPage>(catalog: Page[], given: string): Page {
  try {
    return findPage(catalog, given, 'status page', ExitCode.notFound) as Page;
  } catch (error) {
    // Not an id, url, domain or name: perhaps the start of an id, as a terminal table shows it.
    const prefixed = error instanceof CliError && error.exitCode === ExitCode.notFound ? byIdPrefix(catalog, given) : undefined;
    if (!prefixed) throw error;
    return prefixed;
  }
}

/** The one page whose id starts with `given` (any case), when `given` looks like a piece of an id. */
function byIdPrefix<Page extends CatalogPage>(catalog: Page[], given: string): Page | undefined {
  const prefix = given.trim().toLowerCase();
  if (prefix.length < MIN_PREFIX || !/^[0-9a-f-]+$/.test(prefix)) return undefined;
  const matches = catalog.filter((page) => page.id.toLowerCase().startsWith(prefix));
  if (matches.length > 1) {
    throw usageError(
      [
        `status page id "${given}" is the start of ${matches.length} ids; give more of it:`,
        ...matches.map((page) => `  ${page.id}  ${page.name} (url ${page.url})`),
      ].join('\n'),
    );
  }
  return matches[0];
}

/** What an address-like value may name a page by: itself, its host, each segment of its path. */
function addressParts(value: string): string[] {
  const lower = value.toLowerCase().replace(/\/+$/, '');
  const parts = new Set([lower]);
  let url: URL | undefined;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(lower) ? lower : `https://${lower}`);
  } catch {
    url = undefined;
  }
  if (url) {
    parts.add(url.hostname);
    for (const segment of url.pathname.split('/')) if (segment) parts.add(segment);
  }
  return [...parts];
}

/** Every service of a page; a page without services cannot carry an incident. */
export function pageServices(page: CatalogPage): IncidentServiceRef[] {
  if (page.services.length === 0) {
    throw usageError(`status page ${describePage(page)} has no services: pick services with --service instead`);
  }
  return page.services;
}

/**
 * `--service ID|NAME`, each an id exactly or a name in any case, looked for on `scope` (one page
 * or all of them). The same service on several pages is one service; one name for different
 * services is ambiguous. Every bad value is reported at once, with the candidates, under the
 * option's name (`label`).
 */
export function resolveServices(
  scope: CatalogPage[],
  given: string[],
  pageNote = '',
  outcome = 'nothing was sent',
  label = '--service',
): IncidentServiceRef[] {
  const resolved = new Map<string, IncidentServiceRef>();
  const problems: string[] = [];
  for (const value of given) {
    const wanted = value.trim();
    const hits = new Map<string, { service: IncidentServiceRef; pages: string[] }>();
    for (const page of scope) {
      for (const service of page.services) {
        if (service.id !== wanted && service.name.toLowerCase() !== wanted.toLowerCase()) continue;
        const hit = hits.get(service.id) ?? { service, pages: [] };
        hit.pages.push(page.name);
        hits.set(service.id, hit);
      }
    }
    // An exact id wins over a service that happens to be named like it.
    const exact = [...hits.values()].filter((hit) => hit.service.id === wanted);
    const found = exact.length === 1 ? exact : [...hits.values()];
    if (found.length === 1) {
      const { service } = found[0]!;
      resolved.set(service.id, service);
    } else if (found.length === 0) {
      const all = allServices(scope);
      const near = nearest(value, all, ({ service }) => [service.name]);
      problems.push(
        listing(
          `${label} "${value}": no such service${pageNote}${meant(near.map(({ service }) => service.name))}; the services${near.length ? ', closest first' : ''}:`,
          all.length > 0 ? closestFirst(near, all).map(describeService) : ['(no status page lists any service)'],
        ),
      );
    } else {
      problems.push(
        listing(
          `${label} "${value}" names ${found.length} different services${pageNote}; pass the id, or --status-page to pick the page:`,
          found.map(describeService),
        ),
      );
    }
  }
  if (problems.length > 0) throw usageError([...problems, ...(outcome ? [outcome] : [])].join('\n'));
  return [...resolved.values()];
}

interface ServiceOnPages {
  service: IncidentServiceRef;
  pages: string[];
}

/** Every service of `scope`, once each, with the pages that show it. */
export function allServices(scope: CatalogPage[]): ServiceOnPages[] {
  const byId = new Map<string, ServiceOnPages>();
  for (const page of scope) {
    for (const service of page.services) {
      const entry = byId.get(service.id) ?? { service, pages: [] };
      entry.pages.push(page.name);
      byId.set(service.id, entry);
    }
  }
  return [...byId.values()];
}

const describeService = ({ service, pages }: ServiceOnPages) => `${service.name} (id ${service.id}) on ${pages.join(', ')}`;

/** The items one of whose names is closest to `given` (edit distance), closest first. */
function nearest<Item>(given: string, items: Item[], names: (item: Item) => string[]): Item[] {
  const near = closest(given, items.flatMap(names));
  return near.map((name) => items.find((item) => names(item).includes(name))!).filter((item, i, all) => all.indexOf(item) === i);
}

/** ` (did you mean "Payments API"?)`, or nothing. */
function meant(names: string[]): string {
  return names.length > 0 ? ` (did you mean ${names.map((name) => `"${name}"`).join(' or ')}?)` : '';
}

/** The close items, then the rest: the full list, ordered so the likely one is read first. */
function closestFirst<Item>(near: Item[], all: Item[]): Item[] {
  return [...near, ...all.filter((item) => !near.includes(item))];
}

function listing(head: string, lines: string[]): string {
  return [head, ...lines.map((line) => `  ${line}`)].join('\n');
}

// Status pages of both generations, as the CLI's verbs see them: v2 pages (cards and services,
// /v1/status-pages) and V3 pages (components, /v3/status-pages), which the API keeps apart. A
// PAGE argument names either kind and the user never says which: a whole id is tried on /v1
// first, then on /v3; anything else (a prefix of an id, a url, a custom domain, a name) is
// matched among the pages of both lists. The lists are merged newest first (merged-list.ts).
// A V3 page's components are found here too: by id, the start of one, a name or PAGE/NAME.
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import { closest } from '../errors/suggest.js';
import { isNotFound } from '../errors/not-found.js';
import type { Client } from '../../client/index.js';
import type { Context } from '../runtime/context.js';
import { fetchMerged, newestCreatedFirst } from './merged-list.js';
import { fetchPages, MAX_PAGE, type PagingOptions } from '../api/paging.js';
import { asCatalogPage, pageIn } from './service-catalog.js';
import { isWholeId, MIN_PREFIX } from './short-ids.js';
import { type AnyStatusPage, isV3, type Page, type V3Component, type V3StatusPage } from '../api/types.js';

/** One page of the merged list of both kinds (see fetchMerged for the cursor). */
export async function listPagesOfBothKinds(
  ctx: Context,
  options: PagingOptions,
  onPage?: (count: number) => void,
): Promise<Page<AnyStatusPage>> {
  const client = await ctx.client();
  return fetchMerged<AnyStatusPage>(
    [
      { key: 'v2', fetchPage: (query) => client.listStatusPages({ query }) },
      { key: 'v3', fetchPage: (query) => client.listV3StatusPages({ query }) },
    ],
    options,
    newestCreatedFirst,
    onPage,
  );
}

const notFoundHint = 'statusctl status-pages list shows the pages of both kinds';

/** The page `given` names, of either kind, read in full. */
export async function findPageOfEitherKind(client: Client, given: string): Promise<AnyStatusPage> {
  if (isWholeId(given)) {
    const statusPageId = given.trim();
    try {
      return await client.getStatusPage({ params: { statusPageId } });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    try {
      return await client.getV3StatusPage({ params: { statusPageId } });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      throw new CliError(
        ExitCode.notFound,
        `status page ${statusPageId}: no status page of either kind has this id`,
        undefined,
        notFoundHint,
      );
    }
  }
  const page = await pageAmongBoth(client, given);
  // A v2 page is read again for its incidents and keys, as `get` has always shown them.
  return isV3(page) ? page : client.getStatusPage({ params: { statusPageId: page.id } });
}

/**
 * The V3 page `given` names, for the verbs of V3 pages alone (edit, delete, components): a whole
 * id goes to /v3 straight; a v2 page named is a usage error saying the verb is for V3 pages.
 */
export async function findV3Page(client: Client, given: string, verb: string): Promise<V3StatusPage> {
  if (isWholeId(given)) {
    try {
      return await client.getV3StatusPage({ params: { statusPageId: given.trim() } });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  const page = await pageAmongBoth(client, given);
  if (isV3(page)) return page;
  throw usageError(
    `status page "${given}" (${page.name}, url ${page.url}) is a v2 page of cards and services: ${verb} works on V3 pages (components)`,
    'statusctl status-pages list shows each page with its kind (v2 or v3)',
  );
}

/** Every page of both kinds, as listed, and the one `given` names among them. */
async function pageAmongBoth(client: Client, given: string): Promise<AnyStatusPage> {
  const [v2, v3] = await Promise.all([
    fetchPages((query) => client.listStatusPages({ query }), { all: true }),
    fetchPages((query) => client.listV3StatusPages({ query }), { all: true }),
  ]);
  const catalog = [...v2.entries, ...v3.entries].map((page) => ({ ...asCatalogPage(page), page }));
  return pageIn(catalog, given).page;
}

/** A V3 page with its components, in the API's order (displayOrder, then name). */
export interface PageComponents {
  readonly page: V3StatusPage;
  readonly components: readonly V3Component[];
}

export interface FoundComponent extends PageComponents {
  readonly component: V3Component;
}

/**
 * Every entry of a list of one page's parts, read 100 at a time: the cursor is followed while a
 * page comes full (the API fills its pages, so a shorter one is the last; a server that answers
 * a cursor for ever, as a mock of the hosted document does, is not followed for ever).
 */
async function everyEntry<Entry>(fetchPage: (query: { limit: string; nextId?: string }) => Promise<Page<Entry>>): Promise<Entry[]> {
  const entries: Entry[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage({ limit: String(MAX_PAGE), ...(cursor ? { nextId: cursor } : {}) });
    entries.push(...page.entries);
    if (!page.nextId || page.entries.length < MAX_PAGE || seen.has(page.nextId)) return entries;
    seen.add(page.nextId);
    cursor = page.nextId;
  }
}

/** Every V3 page of the account (the list read to its end, 100 at a time). */
export function everyV3Page(client: Client): Promise<V3StatusPage[]> {
  return everyEntry((query) => client.listV3StatusPages({ query }));
}

/** Every component of `page`. */
export async function pageComponents(client: Client, page: V3StatusPage): Promise<PageComponents> {
  const components = await everyEntry((query) => client.listV3Components({ params: { statusPageId: page.id }, query }));
  return { page, components };
}

// Read once per run (the client is the run's): a verb finding several components reads the pages once.
const everyPage = new WeakMap<Client, Promise<PageComponents[]>>();

/** Every V3 page of the account with its components. */
export function everyPageComponents(client: Client): Promise<PageComponents[]> {
  let read = everyPage.get(client);
  if (!read) {
    read = fetchPages((query) => client.listV3StatusPages({ ...(query ? { query } : {}) }), { all: true }).then(async (list) => {
      // A page deleted between the list and the read of its components is no longer one of them.
      const pages = await Promise.all(
        list.entries.map((page) =>
          pageComponents(client, page).catch((error: unknown) => {
            if (isNotFound(error)) return undefined;
            throw error;
          }),
        ),
      );
      return pages.filter((each): each is PageComponents => each !== undefined);
    });
    everyPage.set(client, read);
  }
  return read;
}

/**
 * The component COMPONENT names: its id or the start of it (6 or more characters), or its name
 * (any case, or the start of one name), looked for on every V3 page of the account; `PAGE/NAME`
 * says which page (its url, id or name) when a name is on several.
 */
export async function findComponent(client: Client, given: string): Promise<FoundComponent> {
  const scope = await everyPageComponents(client);
  const slash = given.indexOf('/');
  if (slash > 0) {
    const page = scope.find((each) => pageIsNamed(each.page, given.slice(0, slash)));
    if (page) return componentIn([page], given.slice(slash + 1));
  }
  return componentIn(scope, given);
}

function pageIsNamed(page: V3StatusPage, given: string): boolean {
  const wanted = given.trim().toLowerCase();
  return page.id === given.trim() || page.url.toLowerCase() === wanted || page.name.toLowerCase() === wanted;
}

const describe = ({ page, component }: FoundComponent) =>
  `${component.name} (${component.type.toLowerCase()}, id ${component.id}) on ${page.name} (url ${page.url})`;

/** The one component of `scope` that `given` names (see findComponent); `label` is how errors call it. */
export function componentIn(scope: readonly PageComponents[], given: string, label = 'component'): FoundComponent {
  const all = scope.flatMap((each) => each.components.map((component): FoundComponent => ({ ...each, component })));
  const wanted = given.trim();
  const lower = wanted.toLowerCase();
  const prefix = lower.length >= MIN_PREFIX && /^[0-9a-f-]+$/.test(lower);
  const tries: ((found: FoundComponent) => boolean)[] = [
    ({ component }) => component.id === wanted,
    ({ component }) => prefix && component.id.toLowerCase().startsWith(lower),
    ({ component }) => component.name.toLowerCase() === lower,
    ({ component }) => lower !== '' && component.name.toLowerCase().startsWith(lower),
  ];
  for (const matches of tries) {
    const found = all.filter(matches);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) {
      throw usageError(
        [`${label} "${given}" fits ${found.length} components:`, ...found.map((each) => `  ${describe(each)}`)].join('\n'),
        'give its id, or PAGE/NAME (the url of its page, a slash, its name) to say which page',
      );
    }
  }
  const where = scope.length === 1 ? `status page ${scope[0]!.page.name}` : 'the V3 status pages';
  if (all.length === 0) throw new CliError(ExitCode.notFound, `${label} "${given}": ${where} have no components`);
  const near = closest(
    given,
    all.map(({ component }) => component.name),
  );
  const meant = near.length > 0 ? ` (did you mean ${near.map((name) => `"${name}"`).join(' or ')}?)` : '';
  throw new CliError(
    ExitCode.notFound,
    [`${label} "${given}": no such component on ${where}${meant}; the components:`, ...all.map((each) => `  ${describe(each)}`)].join('\n'),
    undefined,
    'statusctl components list PAGE shows the components of a V3 page',
  );
}

/** A component's status, the best first: an outage is worse than maintenance, maintenance worse than nothing. */
export const IMPACT_ORDER = ['OPERATIONAL', 'UNDER_MAINTENANCE', 'DEGRADED_PERFORMANCE', 'PARTIAL_OUTAGE', 'MAJOR_OUTAGE'] as const;
export type Impact = (typeof IMPACT_ORDER)[number];

const worse = (a: Impact, b: Impact): Impact => (IMPACT_ORDER.indexOf(a) >= IMPACT_ORDER.indexOf(b) ? a : b);

/**
 * Each component's current status: the worst open impact on it among the page's open incidents
 * (a window without its end, on an incident not RESOLVED); a group's, the worst of its own and
 * its children's. A component nothing impacts is OPERATIONAL.
 */
export async function componentStatuses(client: Client, { page, components }: PageComponents): Promise<Map<string, Impact>> {
  const incidents = await everyEntry((query) => client.listV3Incidents({ params: { statusPageId: page.id }, query }));
  const own = new Map<string, Impact>();
  for (const incident of incidents) {
    if (incident.lastUpdateStatus === 'RESOLVED') continue;
    for (const window of incident.componentImpacts) {
      if (window.endedAt === null) own.set(window.componentId, worse(own.get(window.componentId) ?? 'OPERATIONAL', window.status));
    }
  }
  const statuses = new Map<string, Impact>();
  const statusOf = (component: V3Component, seen: Set<string>): Impact => {
    const known = statuses.get(component.id);
    if (known) return known;
    seen.add(component.id);
    let status = own.get(component.id) ?? 'OPERATIONAL';
    for (const child of components) {
      if (child.parentId === component.id && !seen.has(child.id)) status = worse(status, statusOf(child, seen));
    }
    statuses.set(component.id, status);
    return status;
  };
  for (const component of components) statusOf(component, new Set());
  return statuses;
}

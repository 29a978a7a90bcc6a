// Status pages of both generations, as the CLI's verbs see them: v2 pages (cards and services,
// /v1/status-pages) and V3 pages (components, /v3/status-pages), which the API keeps apart. A
// PAGE argument names either kind and the user never says which: a whole id is tried on /v1
// first, then on /v3; anything else (a prefix of an id, a url, a custom domain, a name) is
// matched among the pages of both lists. The lists are merged newest first (merged-list.ts).
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import { isNotFound } from '../errors/not-found.js';
import type { Context } from '../runtime/context.js';
import { fetchMerged, newestCreatedFirst } from './merged-list.js';
import { fetchPages, type PagingOptions } from './paging.js';
import { type CatalogPage, pageIn } from './service-catalog.js';
import { isWholeId } from './short-ids.js';
import { type AnyStatusPage, isV3, type Page, type V3StatusPage } from './types.js';

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
export async function findPageOfEitherKind(ctx: Context, given: string): Promise<AnyStatusPage> {
  const client = await ctx.client();
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
  const page = await pageAmongBoth(ctx, given);
  // A v2 page is read again for its incidents and keys, as `get` has always shown them.
  return isV3(page) ? page : client.getStatusPage({ params: { statusPageId: page.id } });
}

/**
 * The V3 page `given` names, for the verbs of V3 pages alone (edit, delete, components): a whole
 * id goes to /v3 straight; a v2 page named is a usage error saying the verb is for V3 pages.
 */
export async function findV3Page(ctx: Context, given: string, verb: string): Promise<V3StatusPage> {
  const client = await ctx.client();
  if (isWholeId(given)) {
    try {
      return await client.getV3StatusPage({ params: { statusPageId: given.trim() } });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  const page = await pageAmongBoth(ctx, given);
  if (isV3(page)) return page;
  throw usageError(
    `status page "${given}" (${page.name}, url ${page.url}) is a v2 page of cards and services: ${verb} works on V3 pages (components)`,
    'statusctl status-pages list shows each page with its kind (v2 or v3)',
  );
}

/** Every page of both kinds, as listed, and the one `given` names among them. */
async function pageAmongBoth(ctx: Context, given: string): Promise<AnyStatusPage> {
  const client = await ctx.client();
  const [v2, v3] = await Promise.all([
    fetchPages((query) => client.listStatusPages({ query }), { all: true }),
    fetchPages((query) => client.listV3StatusPages({ query }), { all: true }),
  ]);
  const catalog = [...v2.entries, ...v3.entries].map((page): CatalogPage & { page: AnyStatusPage } => ({
    id: page.id,
    name: page.name,
    url: page.url,
    customDomain: page.customDomain,
    services: [],
    cards: [],
    page,
  }));
  return pageIn(catalog, given).page;
}

// Incidents of both generations of status pages, as the incident verbs see them: a v2 incident
// (/v1/status-pages/incidents) or an incident of a V3 page (/v3/status-pages/{page}/incidents),
// which the API keeps apart and the user never has to name. An incident id is tried on /v1
// first; on a 404, on each of the account's V3 pages at once; the page that holds it is
// remembered (ids-cache.ts) so the next command on it makes one request. A V3 incident is shown
// through the incident view as an incident whose services are its impacted components and whose
// severity is its worst impact, so every format of every incident verb shows both kinds alike.
import type { z } from 'zod';
import type * as schemas from '../../contract/schemas.js';
import type { Client } from '../../client/index.js';
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import { didYouMean } from '../errors/suggest.js';
import { isNotFound } from '../errors/not-found.js';
import { type ComponentImpact, type Impact, worstImpact } from '../input/impacts.js';
import type { Context } from '../runtime/context.js';
import { fetchPages } from '../api/paging.js';
import type { CatalogPage } from './service-catalog.js';
import { forgetPage, IncidentIds, isWholeId, pageOfIncident, rememberPage } from './short-ids.js';
import type { Incident } from '../api/types.js';

export type V3Incident = z.output<typeof schemas.V3Incident>;
export type V3IncidentListItem = z.output<typeof schemas.V3IncidentListItem>;
export type V3IncidentUpdate = z.output<typeof schemas.V3IncidentUpdate>;
export type V3Page = z.output<typeof schemas.V3StatusPage>;
export type V3PageComponent = z.output<typeof schemas.V3Component>;

/** What a V3 incident is shown with: its page and the names of the page's components. */
export interface V3Place {
  page: { id: string; name: string; url: string; customDomain?: string | null };
  components: V3PageComponent[];
}

export type FoundIncident = { kind: 'v2'; id: string; incident: Incident } | ({ kind: 'v3'; id: string; incident: V3Incident } & V3Place);

/** Every V3 page of the account. */
export async function v3Pages(client: Client): Promise<V3Page[]> {
  return (await fetchPages((query) => client.listV3StatusPages({ query }), { all: true })).entries;
}

/** Every component of a V3 page. */
export async function pageComponents(client: Client, statusPageId: string): Promise<V3PageComponent[]> {
  return (await fetchPages((query) => client.listV3Components({ params: { statusPageId }, query }), { all: true })).entries;
}

/** The V3 pages as --status-page finds a page among the v2 ones (no services: their components are read when one is named). */
export async function v3Catalog(ctx: Context): Promise<CatalogPage[]> {
  const pages = await v3Pages(await ctx.client());
  return pages.map((page) => ({ id: page.id, name: page.name, url: page.url, customDomain: page.customDomain, services: [], cards: [] }));
}

/**
 * `--component NAME[=IMPACT]` (and --service on a V3 page): each an id exactly, a name in any case
 * or the unique start of a name, on `page`; a component named without an impact takes
 * `otherwise`. Every bad value is reported at once (exit 2), the closest names first.
 */
export function resolveComponents(
  page: { name: string },
  components: readonly V3PageComponent[],
  given: readonly ComponentImpact[],
  otherwise: Impact,
  label = '--component',
): { componentId: string; status: Impact; name: string }[] {
  const resolved = new Map<string, { componentId: string; status: Impact; name: string }>();
  const problems: string[] = [];
  const list = components.map((component) => `  ${component.name} (${component.type.toLowerCase()}, id ${component.id})`);
  for (const { component: wanted, impact } of given) {
    const lower = wanted.toLowerCase();
    const exact = components.filter((c) => c.id === wanted || c.name.toLowerCase() === lower);
    const hits = exact.length > 0 ? exact : components.filter((c) => c.name.toLowerCase().startsWith(lower));
    if (hits.length === 1) {
      const [hit] = hits;
      resolved.set(hit!.id, { componentId: hit!.id, status: impact ?? otherwise, name: hit!.name });
    } else if (hits.length > 1) {
      problems.push(
        [
          `${label} "${wanted}" fits ${hits.length} components of ${page.name}; give more of the name or the id:`,
          ...hits.map((c) => `  ${c.name} (id ${c.id})`),
        ].join('\n'),
      );
    } else {
      const meant = didYouMean(
        wanted,
        components.map((c) => c.name),
      );
      problems.push(
        [
          `${label} "${wanted}": no such component on status page ${page.name}${meant}; its components:`,
          ...(list.length ? list : ['  (none yet)']),
        ].join('\n'),
      );
    }
  }
  if (problems.length > 0)
    throw usageError([...problems, 'nothing was sent'].join('\n'), `statusctl components list "${page.name}" shows the page's components`);
  return [...resolved.values()];
}

const describe = (page: V3Place['page']) => ({ id: page.id, name: page.name, url: page.url, customDomain: page.customDomain ?? null });

/** The V3 incident `incidentId` of `page`, with the page's components; undefined when the page has no such incident. */
async function onPage(client: Client, page: V3Place['page'], incidentId: string): Promise<FoundIncident | undefined> {
  try {
    const [incident, components] = await Promise.all([
      client.getV3Incident({ params: { statusPageId: page.id, incidentId } }),
      pageComponents(client, page.id),
    ]);
    return { kind: 'v3', id: incident.id, incident, page: describe(page), components };
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * The incident `given` names (a whole id, or a unique prefix of at least six characters), of
 * either kind, read in full. Not found on either kind: exit 4.
 */
export async function findIncident(ctx: Context, given: string): Promise<FoundIncident> {
  const client = await ctx.client();
  const id = isWholeId(given) ? given.trim() : await prefixed(ctx, client, given);
  if (typeof id !== 'string') return id;
  const remembered = await pageOfIncident(ctx, id);
  if (remembered) {
    // The page, its incident and its components at once: the incident's read needs the page's id only.
    const [page, found] = await Promise.all([v3PageById(client, remembered), onPage(client, { id: remembered, name: '', url: '' }, id)]);
    if (page && found?.kind === 'v3') return { ...found, page: describe(page) };
    await forgetPage(ctx, id);
  }
  let notOnV2: unknown;
  try {
    return { kind: 'v2', id, incident: await client.getIncident({ params: { incidentId: id } }) };
  } catch (error) {
    if (!isNotFound(error)) throw error;
    notOnV2 = error;
  }
  const pages = await v3Pages(client);
  const found = (await Promise.all(pages.map((page) => onPage(client, page, id)))).find((hit) => hit !== undefined);
  // On neither kind: the server's own 404, as for an id of the first generation (its status is
  // what a bulk verb's row and a script read).
  if (!found) throw notOnV2;
  await rememberPage(ctx, id, found.kind === 'v3' ? found.page.id : '');
  return found;
}

async function v3PageById(client: Client, statusPageId: string): Promise<V3Page | undefined> {
  try {
    return await client.getV3StatusPage({ params: { statusPageId } });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

interface PrefixLookup {
  readonly firsts: Promise<{ page: V3Page; entries: V3IncidentListItem[] }[]>;
  readonly ids: IncidentIds;
}

// Read once per run (the client is the run's), however many prefixes a command is given.
const prefixLookups = new WeakMap<Client, PrefixLookup>();

function prefixLookup(ctx: Context, client: Client): PrefixLookup {
  let lookup = prefixLookups.get(client);
  if (!lookup) {
    const firsts = v3Pages(client).then((all) =>
      Promise.all(
        all.map(async (page) => ({
          page,
          entries: (await client.listV3Incidents({ params: { statusPageId: page.id }, query: { limit: '100' } })).entries,
        })),
      ),
    );
    lookup = { firsts, ids: new IncidentIds(() => ctx.client()) };
    prefixLookups.set(client, lookup);
  }
  return lookup;
}

/**
 * A prefix: matched among the v2 incidents and the first page of each V3 page's incidents. A v2
 * match is returned as its id (read whole afterwards); a V3 match read whole here.
 */
async function prefixed(ctx: Context, client: Client, given: string): Promise<string | FoundIncident> {
  const { firsts, ids } = prefixLookup(ctx, client);
  const lower = given.trim().toLowerCase();
  // The v2 list and the V3 pages' first pages are read at once.
  ids.prefetch(given);
  const read = await firsts;
  const firstsPages = read.map(({ page }) => page);
  const v3 = read.flatMap(({ page, entries }) =>
    entries.filter((entry) => entry.id.toLowerCase().startsWith(lower)).map((entry) => ({ page, entry })),
  );
  const v3Ids = v3.map(({ entry }) => ({
    id: entry.id,
    line: `${entry.id}  ${entry.name} (${entry.lastUpdateStatus}, on ${page(entry).name})`,
  }));
  function page(entry: V3IncidentListItem) {
    return firstsPages.find((one) => one.id === entry.statusPageId) ?? { name: entry.statusPageId };
  }
  const v2 = await ids.resolve(given, v3Ids);
  // The v2 list holds the whole incident: no second read.
  if (v2 !== undefined) return v2.incident ? { kind: 'v2', id: v2.id, incident: v2.incident } : v2.id;
  const [hit] = v3;
  const found = hit && (await onPage(client, hit.page, hit.entry.id));
  if (!found) throw new CliError(ExitCode.notFound, `incident ${hit?.entry.id ?? given}: gone while it was read`);
  await rememberPage(ctx, found.id, hit.page.id);
  return found;
}

/** The impacts open now on a V3 incident: each impacted component's current status. */
export function openImpacts(incident: Pick<V3Incident, 'componentImpacts'>): Map<string, Impact> {
  const open = new Map<string, Impact>();
  for (const window of incident.componentImpacts) if (window.endedAt === null) open.set(window.componentId, window.status);
  return open;
}

/**
 * What a V3 incident is worst at: its open impacts while it is open, else the worst of its
 * windows (a resolved incident's windows are all ended).
 */
export function incidentImpact(incident: Pick<V3Incident, 'componentImpacts'>): Impact | undefined {
  const open = [...openImpacts(incident).values()];
  return worstImpact(open.length > 0 ? open : incident.componentImpacts.map((window) => window.status));
}

/** The components a V3 incident impacts (open windows first, then those it impacted), once each. */
export function impactedComponents(incident: Pick<V3Incident, 'componentImpacts'>): string[] {
  const open = [...openImpacts(incident).keys()];
  return [...new Set([...open, ...incident.componentImpacts.map((window) => window.componentId)])];
}

/**
 * A V3 incident in the shape the incident view, the timeline and the watch read: its impacted
 * components as its services and its worst impact as its severity (PARTIAL_OUTAGE), its page
 * beside. Only for showing: -o json prints the API's own answer.
 */
export function asIncident(incident: V3Incident | V3IncidentListItem, components: readonly V3PageComponent[]): Incident {
  const names = new Map(components.map((component) => [component.id, component.name]));
  const services = impactedComponents(incident).map((id) => ({ id, name: names.get(id) ?? id }));
  return {
    ...incident,
    severity: incidentImpact(incident) ?? 'OPERATIONAL',
    services,
    incidentUpdates: 'incidentUpdates' in incident ? incident.incidentUpdates : [],
  } as unknown as Incident;
}

/** The incident as the incident view shows it, of either kind. */
export function shownIncident(found: FoundIncident): Incident {
  return found.kind === 'v2' ? found.incident : asIncident(found.incident, found.components);
}

/** The incident read again (after a write), of the kind it is. */
export async function readAgain(client: Client, found: FoundIncident): Promise<FoundIncident> {
  if (found.kind === 'v2') return { ...found, incident: await client.getIncident({ params: { incidentId: found.id } }) };
  return { ...found, incident: await client.getV3Incident({ params: { statusPageId: found.page.id, incidentId: found.id } }) };
}

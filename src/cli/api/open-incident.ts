// `incidents create --if-absent`: the open incident a create would declare a second time. A re-run
// CI or chat-ops job sends the same name again; the incident it declared the first time is still
// open, on the same page, so that one is printed and nothing is declared. An incident is the same
// one by its name (any case, spaces around it dropped), open (its last update is not RESOLVED),
// on the page the new one would be on: a V3 page's own incidents, or for a v2 incident one whose
// services share a status page with the new one's.
import type { Client } from '../../client/index.js';
import type { Context } from '../runtime/context.js';
import type { CatalogPage } from '../lookup/service-catalog.js';
import type { V3Incident } from '../lookup/v3-incidents.js';
import { terminalLine } from '../output/terminal-text.js';
import { fetchPages } from './paging.js';
import type { Incident } from './types.js';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const open = (incident: { lastUpdateStatus?: string | null | undefined }) => incident.lastUpdateStatus !== 'RESOLVED';

/**
 * The open v2 incident named `name` on a status page the new incident's `services` are on (a
 * service on no page counts as its own place), or undefined; the pages read in `catalog`.
 */
export async function openV2Incident(
  client: Client,
  catalog: readonly CatalogPage[],
  name: string,
  services: readonly { id: string }[],
): Promise<Incident | undefined> {
  const ids = new Set(services.map((service) => service.id));
  const pages = catalog.filter((page) => page.services.some((service) => ids.has(service.id)));
  const near = new Set([...ids, ...pages.flatMap((page) => page.services.map((service) => service.id))]);
  // The API filters nothing: every page of the list is read (newest first, so the newest such incident is found first).
  const { entries } = await fetchPages((query) => client.listIncidents({ query }), { all: true });
  return entries.find(
    (incident) => open(incident) && sameName(incident.name, name) && (incident.services ?? []).some((service) => near.has(service.id)),
  );
}

/** The open incident named `name` of the V3 page `statusPageId`, in full, or undefined. */
export async function openV3Incident(client: Client, statusPageId: string, name: string): Promise<V3Incident | undefined> {
  const { entries } = await fetchPages((query) => client.listV3Incidents({ params: { statusPageId }, query }), { all: true });
  const hit = entries.find((incident) => open(incident) && sameName(incident.name, name));
  return hit && client.getV3Incident({ params: { statusPageId, incidentId: hit.id } });
}

/** Said on stderr when --if-absent found the incident: which one, and that nothing was (or would be) declared. */
export function sayFound(ctx: Context, incident: { id: string; name: string }, dryRun: boolean): void {
  ctx.info(
    terminalLine(
      `--if-absent: incident ${incident.id} "${incident.name}" is open already; ${dryRun ? 'nothing would be declared' : 'nothing was declared'}`,
    ),
  );
  if (dryRun) ctx.info('dry run: nothing was sent');
}

/** Said on stderr by a dry run of --if-absent that found none: the create would be sent. */
export function sayAbsent(ctx: Context, name: string, where: string): void {
  ctx.info(terminalLine(`--if-absent: no open incident named "${name}" ${where}; it would be declared`));
}

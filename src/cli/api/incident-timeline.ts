// An incident's timeline: its updates in the order they happened, and what changed between two
// reads of an incident, as events. `incidents watch` reads one incident (getIncident) or the
// account's open incidents (every page of the incident list) a poll at a time with the readers
// below, and prints the events; nothing here prints.
import type { Client } from '../../client/index.js';
import { isOpen } from '../output/cells.js';
import type { Context } from '../runtime/context.js';
import { fetchPages } from './paging.js';
import { isNotFound } from '../errors/not-found.js';
import {
  asIncident,
  findIncident,
  type FoundIncident,
  openImpacts,
  pageComponents,
  readAgain,
  shownIncident,
  type V3Incident,
  v3Pages,
} from '../lookup/v3-incidents.js';
import { isWholeId, pageOfIncident, resolveUpdateId } from '../lookup/short-ids.js';
import type { Incident, IncidentUpdate } from './types.js';

/** Updates in the order they happened (the API does not promise an order). */
export function timeline(incident: Incident): IncidentUpdate[] {
  return [...(incident.incidentUpdates ?? [])].sort(
    (a, b) => Date.parse(a.publicIncidentUpdateDate) - Date.parse(b.publicIncidentUpdateDate),
  );
}

/** One change seen, as printed: a line, or an object of -o json. */
export interface WatchEvent {
  /** ISO time: the update's own date for update events, the moment it was seen for the others. */
  time: string;
  event:
    | 'watching'
    | 'opened'
    | 'update'
    | 'update-edited'
    | 'update-deleted'
    | 'status'
    | 'renamed'
    | 'severity'
    | 'services'
    | 'impacts'
    | 'deleted';
  incidentId: string;
  /** The incident as the API gave it (for `deleted`, as last read). */
  incident: Incident;
  /** update events: the update as the API gave it (for `update-deleted`, as last read). */
  update?: IncidentUpdate;
  from?: string;
  to?: string;
}

export interface Outcome {
  events: WatchEvent[];
  /** The watched incident is resolved (no id: none is open). */
  done: boolean;
  /** The id of the watched incident, when a read found it deleted. */
  deleted?: string;
  firstPoll: boolean;
}

/** One incident, read with getIncident. */
export class OneIncident {
  private last?: Incident;

  private constructor(
    private readonly client: Client,
    readonly label: string,
    private readonly id: string,
    private known: Incident | undefined,
    /** Where a V3 incident is (its page and its components); undefined for a v2 incident. */
    private readonly v3?: FoundIncident,
  ) {}

  static async start(ctx: Context, client: Client, given: string): Promise<OneIncident> {
    // Finding the incident reads it, of either kind: that read is the first poll.
    const found = await findIncident(ctx, given);
    return new OneIncident(client, found.id, found.id, shownIncident(found), found.kind === 'v3' ? found : undefined);
  }

  async poll(now: string, first: boolean): Promise<Outcome> {
    let incident: Incident;
    if (this.known) {
      incident = this.known;
      this.known = undefined;
    } else {
      try {
        incident = this.v3
          ? shownIncident(await readAgain(this.client, this.v3))
          : await this.client.getIncident({ params: { incidentId: this.id } });
      } catch (error) {
        // Seen before and now gone: deleted. Never seen: an unknown id, reported as such.
        if (this.last && (error as { status?: number }).status === 404) {
          return {
            events: [{ time: now, event: 'deleted', incidentId: this.id, incident: this.last }],
            done: false,
            deleted: this.id,
            firstPoll: false,
          };
        }
        throw error;
      }
    }
    const events = this.last ? changes(this.last, incident, now) : [watching(incident, now, 'watching')];
    this.last = incident;
    return { events, done: !isOpen(incident), firstPoll: first };
  }
}

/**
 * Every open incident of both kinds, read from the whole incident list and each V3 page's: the
 * API has no filter for open ones, and an incident left open long ago sits on a later page than
 * the newest hundred. A V3 list gives no updates, so a V3 incident open now or at the last read
 * is read whole (its page's components once, for their names).
 */
export class AllOpen {
  private last?: Map<string, Incident>;
  /** The V3 incidents of the last read that were read whole (the others were seen without their updates). */
  private whole = new Set<string>();
  readonly label = 'open incidents';

  constructor(private readonly client: Client) {}

  async poll(now: string, first: boolean): Promise<Outcome> {
    const [page, v3] = await Promise.all([fetchPages((query) => this.client.listIncidents({ query }), { all: true }), this.v3Incidents()]);
    const entries = [...page.entries, ...v3.incidents];
    const current = new Map(entries.map((incident) => [incident.id, incident]));
    const events: WatchEvent[] = [];
    if (!this.last) {
      for (const incident of entries.filter(isOpen).reverse()) events.push(watching(incident, now, 'watching'));
    } else {
      for (const incident of [...entries].reverse()) {
        const before = this.last.get(incident.id);
        // A V3 incident seen last time without its updates (it was resolved): opened, if it is open again.
        if (!before || (v3.whole.has(incident.id) && !this.whole.has(incident.id))) {
          if (isOpen(incident)) events.push(watching(incident, now, 'opened'));
        } else if (isOpen(before) || isOpen(incident)) {
          events.push(...changes(before, incident, now));
        }
      }
      // Gone from the whole list: deleted.
      for (const [id, before] of this.last) {
        if (!current.has(id) && isOpen(before)) events.push({ time: now, event: 'deleted', incidentId: id, incident: before });
      }
    }
    this.last = current;
    this.whole = v3.whole;
    return { events, done: !entries.some(isOpen), firstPoll: first };
  }

  /** Every V3 page's incidents, shown as incidents; those open now or at the last read, read whole. */
  private async v3Incidents(): Promise<{ incidents: Incident[]; whole: Set<string> }> {
    const whole = new Set<string>();
    const wasOpen = (id: string) => {
      const before = this.last?.get(id);
      return before !== undefined && isOpen(before);
    };
    const lists = await Promise.all(
      (await v3Pages(this.client)).map(async (page) => {
        const params = { statusPageId: page.id };
        try {
          const listed = (await fetchPages((query) => this.client.listV3Incidents({ params, query }), { all: true })).entries;
          const wanted = listed.filter((entry) => entry.lastUpdateStatus !== 'RESOLVED' || wasOpen(entry.id));
          const components = wanted.length > 0 ? await pageComponents(this.client, page.id) : [];
          return await Promise.all(
            listed.map(async (entry) => {
              if (!wanted.includes(entry)) return asIncident(entry, components);
              whole.add(entry.id);
              return asIncident(await this.client.getV3Incident({ params: { ...params, incidentId: entry.id } }), components);
            }),
          );
        } catch (error) {
          // A page (or an incident) deleted while it was read: its incidents are gone from the list.
          if (isNotFound(error)) return [];
          throw error;
        }
      }),
    );
    return { incidents: lists.flat(), whole };
  }
}

function watching(incident: Incident, now: string, event: 'watching' | 'opened'): WatchEvent {
  const latest = timeline(incident).at(-1);
  return { time: latest?.publicIncidentUpdateDate ?? now, event, incidentId: incident.id, incident, ...(latest ? { update: latest } : {}) };
}

/** What differs between two reads of an incident, in the order it happened. */
export function changes(before: Incident, after: Incident, now: string): WatchEvent[] {
  const events: WatchEvent[] = [];
  const base = { incidentId: after.id, incident: after };
  if (before.name !== after.name) events.push({ ...base, time: now, event: 'renamed', from: before.name, to: after.name });
  // A V3 incident's severity and services are its impacts (lookup/v3-incidents.ts): what changed is said of those.
  const impacts = [impactsNow(before), impactsNow(after)] as const;
  if (impacts[1] === undefined) {
    if (before.severity !== after.severity)
      events.push({ ...base, time: now, event: 'severity', from: before.severity, to: after.severity });
    const services = (incident: Incident) => (incident.services ?? []).map((service) => service.name || service.id).join(', ');
    if (services(before) !== services(after))
      events.push({ ...base, time: now, event: 'services', from: services(before), to: services(after) });
  }
  const earlier = new Map((before.incidentUpdates ?? []).map((update) => [update.id, update]));
  const later = new Set((after.incidentUpdates ?? []).map((update) => update.id));
  for (const update of timeline(before)) {
    if (!later.has(update.id)) events.push({ ...base, time: now, event: 'update-deleted', update });
  }
  const added: IncidentUpdate[] = [];
  for (const update of timeline(after)) {
    const old = earlier.get(update.id);
    if (!old) {
      added.push(update);
      events.push({ ...base, time: update.publicIncidentUpdateDate, event: 'update', update });
    } else if (
      old.description !== update.description ||
      old.status !== update.status ||
      old.publicIncidentUpdateDate !== update.publicIncidentUpdateDate
    ) {
      events.push({ ...base, time: now, event: 'update-edited', update });
    }
  }
  // After the updates: a RESOLVED one ends the impacts.
  if (impacts[1] !== undefined && impacts[0] !== impacts[1])
    events.push({ ...base, time: now, event: 'impacts', from: impacts[0] ?? 'none', to: impacts[1] });
  // A status that no new update explains (an update deleted or edited): said on its own line.
  if (before.lastUpdateStatus !== after.lastUpdateStatus && !added.some((update) => update.status === after.lastUpdateStatus)) {
    events.push({ ...base, time: now, event: 'status', from: before.lastUpdateStatus, to: after.lastUpdateStatus });
  }
  return events;
}

/**
 * What a V3 incident impacts now, as a watch line says it (`Webhooks PARTIAL_OUTAGE, Dashboard
 * DEGRADED_PERFORMANCE`, `none`); undefined for a v2 incident, which has no impacts.
 */
function impactsNow(incident: Incident): string | undefined {
  const { componentImpacts } = incident as Partial<Pick<V3Incident, 'componentImpacts'>>;
  if (!componentImpacts) return undefined;
  const names = new Map((incident.services ?? []).map((service) => [service.id, service.name || service.id]));
  const open = [...openImpacts({ componentImpacts })].map(([id, impact]) => `${names.get(id) ?? id} ${impact}`);
  return open.length > 0 ? open.join(', ') : 'none';
}

/**
 * Where an incident's updates are: a v2 incident (read already, or not: a whole id is sent as it
 * is), or an incident of a V3 page, read with its page.
 */
export type UpdatesPlace = { kind: 'v2'; id: string; incident?: Incident } | Extract<FoundIncident, { kind: 'v3' }>;

/**
 * `use` run on the incident `given` names, of either kind. A whole id the id cache does not place
 * on a V3 page goes to /v1 as it is, so it costs no read of its own; a 404 there looks for the
 * incident as every incident verb does (a V3 page holding it, remembered), and a v2 incident
 * found then means the 404 was `use`'s own (its update is not there).
 */
export async function onIncident<T>(ctx: Context, given: string, use: (place: UpdatesPlace) => Promise<T>): Promise<T> {
  if (isWholeId(given) && !(await pageOfIncident(ctx, given.trim()))) {
    try {
      return await use({ kind: 'v2', id: given.trim() });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      const found = await findIncident(ctx, given);
      if (found.kind === 'v2') throw error;
      return use(found);
    }
  }
  return use(await findIncident(ctx, given));
}

/** The whole id of the update `given` names on the incident (a prefix read from its timeline: the one read already when there is one). */
export function updateIdOn(client: Client, place: UpdatesPlace, given: string): Promise<string> {
  return resolveUpdateId(client, place.id, given, place.kind === 'v2' ? place.incident : shownIncident(place));
}

/** One update of the incident, as its API answers it. */
export function readUpdate(client: Client, place: UpdatesPlace, incidentUpdateId: string): Promise<IncidentUpdate> {
  return place.kind === 'v2'
    ? client.getIncidentUpdate({ params: { incidentId: place.id, incidentUpdateId } })
    : client.getV3IncidentUpdate({ params: { statusPageId: place.page.id, incidentId: place.id, incidentUpdateId } });
}

/** The incident's updates, as its API lists them. */
export function listUpdates(client: Client, place: UpdatesPlace): Promise<IncidentUpdate[]> {
  return place.kind === 'v2'
    ? client.listIncidentUpdates({ params: { incidentId: place.id } })
    : client.listV3IncidentUpdates({ params: { statusPageId: place.page.id, incidentId: place.id } });
}

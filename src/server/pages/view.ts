// What a status page shows, derived from the page, the incidents that include its services and
// the maintenances it shows: the overall state, each service's state (under maintenance while a
// maintenance in progress names it, unless an incident makes it worse), the maintenances in
// progress and announced, the open incidents, and those resolved lately.
import type { Incident, IncidentUpdate, Severity } from '../../contract/schemas.js';
import type { ShownMaintenance } from '../maintenance-reach.js';
import type { StoredStatusPage } from '../store.js';

export type ServiceState = 'operational' | 'maintenance' | 'degraded' | 'partial' | 'major';

export const STATE_LABEL: Record<ServiceState, string> = {
  operational: 'Operational',
  maintenance: 'Under maintenance',
  degraded: 'Degraded performance',
  partial: 'Partial outage',
  major: 'Major outage',
};

const STATE_OF_SEVERITY: Record<Severity, ServiceState> = {
  MINOR: 'degraded',
  MEDIUM: 'degraded',
  MAJOR: 'partial',
  CRITICAL: 'major',
};

/** The state an open incident gives the services it includes. */
export function stateOfIncident(incident: Pick<Incident, 'severity'>): ServiceState {
  return STATE_OF_SEVERITY[incident.severity];
}

const STATE_RANK: Record<ServiceState, number> = { operational: 0, maintenance: 1, degraded: 2, partial: 3, major: 4 };

/** Resolved incidents stay on the page this long after their last update. */
export const RESOLVED_SHOWN_MS = 14 * 24 * 3_600_000;

export interface PageView {
  page: StoredStatusPage;
  /** The worst state of any open incident of the page. */
  overall: ServiceState;
  cards: { id: string; name: string; services: { id: string; name: string; state: ServiceState }[] }[];
  /** In progress first, then by start. */
  maintenances: readonly ShownMaintenance[];
  open: Incident[];
  resolved: Incident[];
}

function worse(a: ServiceState, b: ServiceState): ServiceState {
  return STATE_RANK[b] > STATE_RANK[a] ? b : a;
}

/** The time of an incident's latest update (its resolution, for a resolved one). */
export function lastUpdateAt(incident: Incident): number {
  let latest = -Infinity;
  for (const update of incident.incidentUpdates) latest = Math.max(latest, Date.parse(update.publicIncidentUpdateDate));
  return latest;
}

/** Newest first; on equal dates, the one added last first. */
export function timelineNewestFirst(updates: readonly IncidentUpdate[]): IncidentUpdate[] {
  return updates
    .map((update, index) => ({ update, index, at: Date.parse(update.publicIncidentUpdateDate) }))
    .sort((a, b) => b.at - a.at || b.index - a.index)
    .map((entry) => entry.update);
}

/** `incidents`: those that include one of the page's services, newest first; `maintenances`: those the page shows. */
export function pageView(
  page: StoredStatusPage,
  incidents: readonly Incident[],
  now: number,
  maintenances: readonly ShownMaintenance[] = [],
): PageView {
  const stateOfService = new Map<string, ServiceState>();
  const open: Incident[] = [];
  const resolved: Incident[] = [];
  let overall: ServiceState = 'operational';
  for (const shown of maintenances) {
    if (!shown.inProgress) continue;
    overall = worse(overall, 'maintenance');
    for (const id of shown.affected) stateOfService.set(id, 'maintenance');
  }
  for (const incident of incidents) {
    if (incident.lastUpdateStatus === 'RESOLVED') {
      if (now - lastUpdateAt(incident) <= RESOLVED_SHOWN_MS) resolved.push(incident);
      continue;
    }
    open.push(incident);
    const state = STATE_OF_SEVERITY[incident.severity];
    overall = worse(overall, state);
    for (const service of incident.services) stateOfService.set(service.id, worse(stateOfService.get(service.id) ?? 'operational', state));
  }
  return {
    page,
    overall,
    cards: page.cards.map((card) => ({
      id: card.id,
      name: card.name,
      services: card.services.map((service) => ({
        id: service.id,
        name: service.name,
        state: stateOfService.get(service.id) ?? 'operational',
      })),
    })),
    maintenances,
    open,
    resolved,
  };
}

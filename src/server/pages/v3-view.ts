// What a V3 status page shows, derived from the page, its components, its incidents and the
// maintenances it shows: the component tree with each component's current status
// (v3-current-status.ts), the maintenances in progress and announced, the open incidents with the
// components they impact, and those resolved in the last 14 days. Hidden
// components are not shown, nor named as an incident's impacted components.
import type { V3Component, V3ImpactStatus, V3Incident, V3StatusPage } from '../../contract/schemas.js';
import type { ShownMaintenance } from '../maintenance-reach.js';
import { currentStatuses, worstStatus } from './v3-current-status.js';
import { RESOLVED_SHOWN_MS } from './view.js';

/** The state of a component written out in its row, as v2 services' are. */
export const V3_STATUS_LABEL: Record<V3ImpactStatus, string> = {
  OPERATIONAL: 'Operational',
  DEGRADED_PERFORMANCE: 'Degraded performance',
  PARTIAL_OUTAGE: 'Partial outage',
  MAJOR_OUTAGE: 'Major outage',
  UNDER_MAINTENANCE: 'Under maintenance',
};

/** The class a status is drawn with: the v2 states' names, and one for maintenance. */
export const V3_STATUS_CLASS: Record<V3ImpactStatus, string> = {
  OPERATIONAL: 'operational',
  DEGRADED_PERFORMANCE: 'degraded',
  PARTIAL_OUTAGE: 'partial',
  MAJOR_OUTAGE: 'major',
  UNDER_MAINTENANCE: 'maintenance',
};

export interface V3Node {
  component: V3Component;
  status: V3ImpactStatus;
  children: V3Node[];
}

export interface V3ShownIncident {
  incident: V3Incident;
  /** The shown components it impacts (an open window, or for a resolved one any window), each with its worst status. */
  impacted: { name: string; status: V3ImpactStatus }[];
}

export interface V3PageView {
  page: V3StatusPage;
  /** The worst status of any shown component. */
  overall: V3ImpactStatus;
  tree: V3Node[];
  /** In progress first, then by start. */
  maintenances: readonly ShownMaintenance[];
  open: V3ShownIncident[];
  resolved: V3ShownIncident[];
}

/** The time of an incident's latest update (its resolution, for a resolved one). */
function lastUpdateAt(incident: V3Incident): number {
  let latest = -Infinity;
  for (const update of incident.incidentUpdates) latest = Math.max(latest, Date.parse(update.publicIncidentUpdateDate));
  return latest;
}

/** `components` in list order (displayOrder, then name); `incidents` the page's. */
export function v3PageView(
  page: V3StatusPage,
  components: readonly V3Component[],
  incidents: readonly V3Incident[],
  now: number,
  maintenances: readonly ShownMaintenance[] = [],
): V3PageView {
  const underMaintenance = maintenances.filter((shown) => shown.inProgress).flatMap((shown) => shown.affected);
  const statuses = currentStatuses(components, incidents, underMaintenance);
  const shown = components.filter((component) => !component.hidden);
  const shownIds = new Set(shown.map((component) => component.id));
  const byParent = new Map<string | null, V3Component[]>();
  for (const component of shown) {
    // A shown component under a hidden group is shown at the top.
    const parent = component.parentId !== null && shownIds.has(component.parentId) ? component.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), component]);
  }
  const nodes = (parent: string | null, seen: ReadonlySet<string>): V3Node[] =>
    (byParent.get(parent) ?? [])
      .filter((component) => !seen.has(component.id))
      .map((component) => ({
        component,
        status: statuses.get(component.id) ?? 'OPERATIONAL',
        children: component.type === 'GROUP' ? nodes(component.id, new Set([...seen, component.id])) : [],
      }));
  const tree = nodes(null, new Set());
  let overall: V3ImpactStatus = 'OPERATIONAL';
  for (const id of shownIds) overall = worstStatus(overall, statuses.get(id) ?? 'OPERATIONAL');

  const names = new Map(shown.map((component) => [component.id, component.name]));
  const impactedBy = (incident: V3Incident, openOnly: boolean) => {
    const worst = new Map<string, V3ImpactStatus>();
    for (const window of incident.componentImpacts) {
      if ((openOnly && window.endedAt !== null) || !names.has(window.componentId)) continue;
      worst.set(window.componentId, worstStatus(worst.get(window.componentId) ?? 'OPERATIONAL', window.status));
    }
    return [...worst].map(([id, status]) => ({ name: names.get(id)!, status }));
  };
  const newestFirst = [...incidents].sort((a, b) => lastUpdateAt(b) - lastUpdateAt(a));
  const open: V3ShownIncident[] = [];
  const resolved: V3ShownIncident[] = [];
  for (const incident of newestFirst) {
    if (incident.lastUpdateStatus !== 'RESOLVED') open.push({ incident, impacted: impactedBy(incident, true) });
    else if (now - lastUpdateAt(incident) <= RESOLVED_SHOWN_MS) resolved.push({ incident, impacted: impactedBy(incident, false) });
  }
  return { page, overall, tree, maintenances, open, resolved };
}

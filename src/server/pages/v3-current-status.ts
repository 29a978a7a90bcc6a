// A V3 component's current status, as its page shows it: the worst impact still open on it
// across the page's open incidents and in-progress maintenances, in the order MAJOR_OUTAGE > PARTIAL_OUTAGE >
// DEGRADED_PERFORMANCE > UNDER_MAINTENANCE > OPERATIONAL; a group's is the worst of its
// children's (and of any impact named on the group itself). A resolved incident's windows are
// ended, but one is skipped whatever its windows say, so a timeline stored by hand cannot keep
// a resolved incident on the page's statuses.
import type { V3Component, V3ImpactStatus, V3Incident } from '../../contract/schemas.js';

/** Least severe first. */
const RANK: Record<V3ImpactStatus, number> = {
  OPERATIONAL: 0,
  UNDER_MAINTENANCE: 1,
  DEGRADED_PERFORMANCE: 2,
  PARTIAL_OUTAGE: 3,
  MAJOR_OUTAGE: 4,
};

export function worstStatus(a: V3ImpactStatus, b: V3ImpactStatus): V3ImpactStatus {
  return RANK[b] > RANK[a] ? b : a;
}

/** The statuses the open incidents give the components their open windows name, before groups. */
export function openImpacts(incidents: readonly Pick<V3Incident, 'lastUpdateStatus' | 'componentImpacts'>[]): Map<string, V3ImpactStatus> {
  const statuses = new Map<string, V3ImpactStatus>();
  for (const incident of incidents) {
    if (incident.lastUpdateStatus === 'RESOLVED') continue;
    for (const window of incident.componentImpacts) {
      if (window.endedAt !== null) continue;
      statuses.set(window.componentId, worstStatus(statuses.get(window.componentId) ?? 'OPERATIONAL', window.status));
    }
  }
  return statuses;
}

/**
 * Every component's current status, by id: its own open impacts and, for a group, the worst of
 * its children's statuses, down the whole tree. `components` are the page's; `underMaintenance`
 * those a maintenance in progress names.
 */
export function currentStatuses(
  components: readonly Pick<V3Component, 'id' | 'parentId'>[],
  incidents: readonly Pick<V3Incident, 'lastUpdateStatus' | 'componentImpacts'>[],
  underMaintenance: Iterable<string> = [],
): Map<string, V3ImpactStatus> {
  const own = openImpacts(incidents);
  for (const id of underMaintenance) own.set(id, worstStatus(own.get(id) ?? 'OPERATIONAL', 'UNDER_MAINTENANCE'));
  const children = new Map<string, string[]>();
  for (const component of components) {
    if (component.parentId === null) continue;
    children.set(component.parentId, [...(children.get(component.parentId) ?? []), component.id]);
  }
  const statuses = new Map<string, V3ImpactStatus>();
  // The store refuses a cycle; `visiting` keeps a damaged tree from recursing for ever.
  const visiting = new Set<string>();
  const statusOf = (id: string): V3ImpactStatus => {
    const known = statuses.get(id);
    if (known) return known;
    if (visiting.has(id)) return 'OPERATIONAL';
    visiting.add(id);
    let status = own.get(id) ?? 'OPERATIONAL';
    for (const child of children.get(id) ?? []) status = worstStatus(status, statusOf(child));
    visiting.delete(id);
    statuses.set(id, status);
    return status;
  };
  for (const component of components) statusOf(component.id);
  return statuses;
}

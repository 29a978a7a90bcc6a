// CONTRACT-NOTES §4: what an incident's updates say about the incident as a whole.
import type { IncidentStatus, IncidentUpdate } from '../contract/schemas.js';

/** The update with the latest publicIncidentUpdateDate; on a tie, the one stored last. */
export function latestUpdate(updates: readonly IncidentUpdate[]): IncidentUpdate | undefined {
  let latest: IncidentUpdate | undefined;
  let latestAt = -Infinity;
  for (const update of updates) {
    const at = Date.parse(update.publicIncidentUpdateDate);
    if (at >= latestAt) {
      latest = update;
      latestAt = at;
    }
  }
  return latest;
}

export function lastUpdateStatus(updates: readonly IncidentUpdate[]): IncidentStatus {
  return latestUpdate(updates)?.status ?? 'INVESTIGATING';
}

/**
 * Whole seconds from the earliest update to the update that resolved the incident; null while
 * it is not resolved (including after a later update reopened it).
 */
export function duration(updates: readonly IncidentUpdate[]): number | null {
  const latest = latestUpdate(updates);
  if (latest?.status !== 'RESOLVED') return null;
  let earliest = Infinity;
  for (const update of updates) earliest = Math.min(earliest, Date.parse(update.publicIncidentUpdateDate));
  return Math.floor((Date.parse(latest.publicIncidentUpdateDate) - earliest) / 1000);
}

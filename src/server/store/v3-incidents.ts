// The V3 incidents kind: incidents of the current generation's status pages, their component
// impact windows and their updates (docs/api-rules.md#v3-incidents). Each change carries the
// moment it was made, so replaying it does the same again; the derived fields (lastUpdateStatus,
// duration, the windows a resolving update ends) are worked out where a change applies.
import { z } from 'zod';
import type { V3ImpactWindow, V3Incident, V3IncidentUpdate } from '../../contract/schemas.js';
import { IncidentStatus, V3ImpactStatus } from '../../contract/schemas.js';
import { dateOnly, isoUtc } from '../dates.js';
import { FixtureTime, Id, Text } from '../fixtures/fields.js';
import { deriveAll } from '../timeline.js';
import { closeAll, endComponent, type ImpactInput, openWindows, reconcile } from '../v3-impacts.js';
import { recordKind } from './kind.js';
import { V3IncidentRecords } from './v3-incident-records.js';

export { V3IncidentRecords } from './v3-incident-records.js';

/** What a create stores: the incident with its first update and the windows it opened. */
export interface V3IncidentCreated {
  kind: 'v3IncidentCreated';
  incident: Omit<V3Incident, 'lastUpdateStatus' | 'duration'>;
}

/** A PUT: the new name and, when sent, the components' statuses, reconciled at `at`. */
export interface V3IncidentChanged {
  kind: 'v3IncidentChanged';
  incidentId: string;
  name: string;
  impacts?: ImpactInput[];
  at: string;
  today: string;
}

export interface V3IncidentTimelineReplaced {
  kind: 'v3IncidentTimelineReplaced';
  incidentId: string;
  windows: V3ImpactWindow[];
  today: string;
}

export interface V3IncidentDeleted {
  kind: 'v3IncidentDeleted';
  incidentId: string;
}

export interface V3IncidentUpdateAdded {
  kind: 'v3IncidentUpdateAdded';
  incidentId: string;
  update: V3IncidentUpdate;
  today: string;
}

export type V3IncidentUpdateChanges = Partial<
  Pick<V3IncidentUpdate, 'description' | 'status' | 'publicIncidentUpdateDate' | 'notifySubscribers'>
>;

export interface V3IncidentUpdateChanged {
  kind: 'v3IncidentUpdateChanged';
  incidentId: string;
  updateId: string;
  changes: V3IncidentUpdateChanges;
  today: string;
}

export interface V3IncidentUpdateDeleted {
  kind: 'v3IncidentUpdateDeleted';
  incidentId: string;
  updateId: string;
  today: string;
}

/** A component was deleted: its open windows in the page's incidents end at `at`. */
export interface V3ComponentImpactsEnded {
  kind: 'v3ComponentImpactsEnded';
  statusPageId: string;
  componentId: string;
  at: string;
  today: string;
}

/** A page was deleted: its incidents go with it (the page's delete makes this change first). */
export interface V3PageIncidentsDeleted {
  kind: 'v3PageIncidentsDeleted';
  statusPageId: string;
}

/** After a change of its updates or windows: the derived fields, and a resolved incident's windows ended at the resolving update. */
function settle(incident: V3Incident): void {
  const derived = deriveAll(incident.incidentUpdates);
  incident.lastUpdateStatus = derived.lastUpdateStatus;
  incident.duration = derived.duration;
  if (derived.lastUpdateStatus !== 'RESOLVED') return;
  let resolvedAt = incident.incidentUpdates[0]!.publicIncidentUpdateDate;
  for (const update of incident.incidentUpdates)
    if (Date.parse(update.publicIncidentUpdateDate) >= Date.parse(resolvedAt)) resolvedAt = update.publicIncidentUpdateDate;
  incident.componentImpacts = closeAll(incident.componentImpacts, resolvedAt);
}

/**
 * A V3 incident of a fixture file: its page by its fixture key and its components by theirs on
 * that page (each component's `id`), its impacts opened at its first update; a RESOLVED latest update ends them, as it does through the API.
 */
export const V3IncidentFixture = z.strictObject({
  id: Id.optional(),
  statusPage: Id,
  name: Text.max(255),
  componentImpacts: z.array(z.strictObject({ component: Id, status: V3ImpactStatus })).optional(),
  incidentUpdates: z
    .array(
      z.strictObject({
        description: Text,
        status: IncidentStatus,
        publicIncidentUpdateDate: FixtureTime,
        notifySubscribers: z.boolean().optional(),
      }),
    )
    .min(1),
});

function updateOf(incident: V3Incident, updateId: string): V3IncidentUpdate {
  const update = incident.incidentUpdates.find((each) => each.id === updateId);
  if (!update) throw new Error(`incident update ${updateId} is not part of incident ${incident.id}`);
  return update;
}

export const v3Incidents = recordKind({
  name: 'v3Incidents',
  make: () => new V3IncidentRecords(),
  changes: {
    v3IncidentCreated: (part, { incident }: V3IncidentCreated) => {
      const stored: V3Incident = { ...incident, lastUpdateStatus: 'INVESTIGATING', duration: null };
      settle(stored);
      return part.added(stored);
    },
    v3IncidentChanged: (part, change: V3IncidentChanged) =>
      part.changed(change.incidentId, change.today, (incident) => {
        incident.name = change.name;
        // A resolved incident has no open window, and a PUT opens none on it.
        if (change.impacts && incident.lastUpdateStatus !== 'RESOLVED')
          incident.componentImpacts = reconcile(incident.componentImpacts, change.impacts, change.at);
      }),
    v3IncidentTimelineReplaced: (part, change: V3IncidentTimelineReplaced) =>
      part.changed(change.incidentId, change.today, (incident) => {
        incident.componentImpacts = change.windows;
      }),
    v3IncidentDeleted: (part, change: V3IncidentDeleted) => part.deleted(change.incidentId),
    v3IncidentUpdateAdded: (part, change: V3IncidentUpdateAdded) => {
      part.changed(change.incidentId, change.today, (incident) => {
        incident.incidentUpdates.push(change.update);
        settle(incident);
      });
      return change.update;
    },
    v3IncidentUpdateChanged: (part, change: V3IncidentUpdateChanged) => {
      let changed: V3IncidentUpdate | undefined;
      part.changed(change.incidentId, change.today, (incident) => {
        changed = updateOf(incident, change.updateId);
        for (const key of ['description', 'status', 'publicIncidentUpdateDate', 'notifySubscribers'] as const) {
          if (change.changes[key] !== undefined) (changed as Record<typeof key, unknown>)[key] = change.changes[key];
        }
        settle(incident);
      });
      return changed!;
    },
    v3IncidentUpdateDeleted: (part, change: V3IncidentUpdateDeleted) =>
      void part.changed(change.incidentId, change.today, (incident) => {
        const update = updateOf(incident, change.updateId);
        incident.incidentUpdates.splice(incident.incidentUpdates.indexOf(update), 1);
        settle(incident);
      }),
    v3ComponentImpactsEnded: (part, change: V3ComponentImpactsEnded) => {
      for (const incident of part.ofPage(change.statusPageId)) {
        if (!incident.componentImpacts.some((window) => window.componentId === change.componentId && window.endedAt === null)) continue;
        part.changed(incident.id, change.today, (changed) => {
          changed.componentImpacts = endComponent(changed.componentImpacts, change.componentId, change.at);
        });
      }
    },
    v3PageIncidentsDeleted: (part, change: V3PageIncidentsDeleted) => {
      for (const incident of part.ofPage(change.statusPageId)) part.deleted(incident.id);
    },
  },
  snapshot: {
    *write(part) {
      if (part.changes > 0) yield { kind: 'v3IncidentChangeCount' as const, changes: part.changes };
      for (const { incident, changeSeq } of part.inChangeOrder()) yield { kind: 'v3Incident' as const, incident, changeSeq };
    },
    restore: {
      /** How many changes were numbered, so a cursor given out before a restart is still one. */
      v3IncidentChangeCount: (part, entry: { kind: 'v3IncidentChangeCount'; changes: number }) => part.restoreCount(entry.changes),
      /** An incident as stored, with its place in the list (its last change's number), so list cursors mean the same after a restart. */
      v3Incident: (part, entry: { kind: 'v3Incident'; incident: V3Incident; changeSeq: number }) =>
        part.restore(entry.incident, entry.changeSeq),
    },
  },
  fixtures: {
    field: 'v3Incidents',
    item: V3IncidentFixture,
    uniqueIds: true,
    load(items, { id, at, commit }) {
      for (const [index, incident] of items.entries()) {
        const key = incident.id ?? `#${index}`;
        const updates = incident.incidentUpdates.map((update, u) => ({
          id: id('v3-update', `${key}/#${u}`),
          description: update.description,
          status: update.status,
          publicIncidentUpdateDate: isoUtc(at(update.publicIncidentUpdateDate)),
          notifySubscribers: update.notifySubscribers ?? false,
          created_at: dateOnly(at(update.publicIncidentUpdateDate)),
        }));
        const impacts = (incident.componentImpacts ?? []).map((impact) => ({
          componentId: id('v3-component', `${incident.statusPage}/${impact.component}`),
          status: impact.status,
        }));
        const times = updates.map((update) => Date.parse(update.publicIncidentUpdateDate));
        commit<V3IncidentCreated>({
          kind: 'v3IncidentCreated',
          incident: {
            id: id('v3-incident', key),
            statusPageId: id('v3-page', incident.statusPage),
            name: incident.name,
            componentImpacts: openWindows(impacts, updates[0]!.publicIncidentUpdateDate),
            incidentUpdates: updates,
            created_at: dateOnly(Math.min(...times)),
            updated_at: dateOnly(Math.max(...times)),
          },
        });
      }
    },
  },
});

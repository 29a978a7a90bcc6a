// The incidents kind: its changes, its snapshot entries and its fixtures. The records and their
// indexes are IncidentRecords (incident-records.ts).
import { z } from 'zod';
import type { Incident, IncidentUpdate } from '../../contract/schemas.js';
import { IncidentStatus, Severity } from '../../contract/schemas.js';
import { dateOnly, isoUtc } from '../dates.js';
import { FixtureTime, Id, Text } from '../fixtures/fields.js';
import { type IncidentChanges, IncidentRecords, type IncidentUpdateChanges, type NewIncident } from './incident-records.js';
import { recordKind } from './kind.js';
import type { ServiceRecords } from './services.js';

export type { IncidentChanges, IncidentUpdateChanges, NewIncident } from './incident-records.js';
export { IncidentRecords } from './incident-records.js';

export interface IncidentCreated {
  kind: 'incidentCreated';
  incident: NewIncident;
}

/** `today` is the day the change was made: the incident's updated_at. */
export interface IncidentUpdateAdded {
  kind: 'incidentUpdateAdded';
  incidentId: string;
  update: IncidentUpdate;
  today: string;
}

export interface IncidentUpdateChanged {
  kind: 'incidentUpdateChanged';
  incidentId: string;
  updateId: string;
  changes: IncidentUpdateChanges;
  today: string;
}

export interface IncidentChanged {
  kind: 'incidentChanged';
  incidentId: string;
  changes: IncidentChanges;
  today: string;
}

export interface IncidentDeleted {
  kind: 'incidentDeleted';
  incidentId: string;
}

export interface IncidentUpdateDeleted {
  kind: 'incidentUpdateDeleted';
  incidentId: string;
  updateId: string;
  today: string;
}

export const IncidentFixture = z.strictObject({
  id: Id.optional(),
  name: Text.max(255),
  severity: Severity,
  /** Ids of services declared on a card or in the top-level `services`. */
  services: z.array(Id).min(1),
  createdAt: FixtureTime.optional(),
  incidentUpdates: z.array(
    z.strictObject({
      description: Text,
      status: IncidentStatus.optional(),
      publicIncidentUpdateDate: FixtureTime,
      notifySubscribers: z.boolean().optional(),
    }),
  ),
});

export const incidents = recordKind({
  name: 'incidents',
  make: (parts: { readonly services: ServiceRecords }) => new IncidentRecords(parts),
  changes: {
    incidentCreated: (part, change: IncidentCreated) => part.created(change.incident),
    incidentUpdateAdded: (part, change: IncidentUpdateAdded) => part.updateAdded(change.incidentId, change.update, change.today),
    incidentUpdateChanged: (part, change: IncidentUpdateChanged) =>
      part.updateChanged(change.incidentId, change.updateId, change.changes, change.today),
    incidentChanged: (part, change: IncidentChanged) => part.changed(change.incidentId, change.changes, change.today),
    incidentDeleted: (part, change: IncidentDeleted) => part.deleted(change.incidentId),
    incidentUpdateDeleted: (part, change: IncidentUpdateDeleted) => part.updateDeleted(change.incidentId, change.updateId, change.today),
  },
  snapshot: {
    *write(part) {
      for (const [seq, incident] of part.all.entries())
        yield incident ? { kind: 'incident' as const, incident } : { kind: 'deletedIncident' as const, id: `#${seq}` };
    },
    restore: {
      incident: (part, entry: { kind: 'incident'; incident: Incident }) => part.restore(entry.incident),
      /** A deleted incident's place in the list, so list cursors mean the same after a restart. */
      deletedIncident: (part, _entry: { kind: 'deletedIncident'; id: string }) => part.restoreDeleted(),
    },
  },
  fixtures: {
    field: 'incidents',
    item: IncidentFixture,
    uniqueIds: true,
    check(items, names) {
      for (const [i, incident] of items.entries()) {
        for (const [s, serviceId] of incident.services.entries())
          if (!names.has('service', serviceId))
            return { path: ['incidents', i, 'services', s], message: `unknown service ${JSON.stringify(serviceId)}` };
      }
      return undefined;
    },
    load(items, { id, at, now, commit }) {
      // Incidents go in by the time they started, so "newest first" follows the timeline.
      const incidents = items.map((incident, index) => {
        const times = incident.incidentUpdates.map((update) => at(update.publicIncidentUpdateDate));
        const started = incident.createdAt === undefined ? Math.min(now, ...times) : at(incident.createdAt);
        return { incident, key: incident.id ?? `#${index}`, started, lastChange: Math.max(started, ...times) };
      });
      incidents.sort((a, b) => a.started - b.started);
      for (const { incident, key, started, lastChange } of incidents) {
        commit<IncidentCreated>({
          kind: 'incidentCreated',
          incident: {
            id: id('incident', key),
            name: incident.name,
            severity: incident.severity,
            serviceIds: incident.services.map((service) => id('service', service)),
            incidentUpdates: incident.incidentUpdates.map((update, index) => ({
              id: id('update', `${key}/#${index}`),
              description: update.description,
              status: update.status ?? 'INVESTIGATING',
              publicIncidentUpdateDate: isoUtc(at(update.publicIncidentUpdateDate)),
              created_at: dateOnly(at(update.publicIncidentUpdateDate)),
              notifySubscribers: update.notifySubscribers ?? false,
            })),
            created_at: dateOnly(started),
            updated_at: dateOnly(lastChange),
          },
        });
      }
    },
  },
});

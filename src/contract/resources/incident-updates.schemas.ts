// Incident updates: an incident's timeline, and what a client writes in one.
import { z } from 'zod';
import { NonEmpty, Guid, serverSet } from './schema-parts.js';
import { DateOnly, DateTime, IncidentStatus } from './shared.schemas.js';

export const IncidentUpdate = z.object({
  id: z.string(),
  description: z.string(),
  status: IncidentStatus,
  publicIncidentUpdateDate: DateTime,
  created_at: DateOnly,
  notifySubscribers: z.boolean(),
});

/** An incident's updates, newest publicIncidentUpdateDate first. */
export const IncidentUpdateList = z.array(IncidentUpdate);

/** What a client writes in an update. */
export const IncidentUpdateFields = z.strictObject({
  description: NonEmpty.meta({ description: 'the text of the update, shown on the status page' }),
  status: IncidentStatus.optional().meta({
    description: "INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED; default: the incident's current status (INVESTIGATING on create)",
  }),
  publicIncidentUpdateDate: DateTime.optional().meta({ description: 'ISO 8601 date-time shown for the update; default: now' }),
  notifySubscribers: z.boolean().optional().meta({ description: "notify the status page's subscribers; default false" }),
});

export const IncidentUpdateInput = IncidentUpdateFields.extend({
  id: serverSet(Guid),
  created_at: serverSet(DateOnly),
});

export type IncidentUpdate = z.infer<typeof IncidentUpdate>;
export type IncidentUpdateInput = z.input<typeof IncidentUpdateInput>;

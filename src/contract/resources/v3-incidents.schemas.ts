// Incidents of the current generation's status pages (`/v3/status-pages`), their component
// impacts and their updates, as the hosted document states them (docs/api-rules.md#v3-incidents).
// Windows' startedAt and endedAt are full date-times: the document types them `date`, but a
// window is a moment to a moment (docs/api-rules.md#shapes-and-ids).
import { z } from 'zod';
import { Guid, NonEmpty } from './schema-parts.js';
import { DateOnly, DateTime, IncidentStatus, paginated } from './shared.schemas.js';

/** What a component is during an incident, the worst first after OPERATIONAL. */
export const V3_IMPACT_STATUSES = ['OPERATIONAL', 'UNDER_MAINTENANCE', 'DEGRADED_PERFORMANCE', 'PARTIAL_OUTAGE', 'MAJOR_OUTAGE'] as const;

export const V3ImpactStatus = z.enum(V3_IMPACT_STATUSES);
/** A window's status: an impact, so never OPERATIONAL. */
export const V3WindowStatus = z.enum(['UNDER_MAINTENANCE', 'DEGRADED_PERFORMANCE', 'PARTIAL_OUTAGE', 'MAJOR_OUTAGE']);

/** A component's impact window, as answered: endedAt null while the window is open. */
export const V3ImpactWindow = z.object({
  componentId: z.string(),
  status: V3ImpactStatus,
  startedAt: DateTime,
  endedAt: DateTime.nullable(),
});

export const V3IncidentUpdate = z.object({
  id: z.string(),
  description: z.string(),
  status: IncidentStatus,
  publicIncidentUpdateDate: DateTime,
  notifySubscribers: z.boolean(),
  created_at: DateOnly,
});

/** An incident's updates, newest publicIncidentUpdateDate first (at most 100). */
export const V3IncidentUpdateList = z.array(V3IncidentUpdate);

/** An incident as the list shows it: without its updates. */
export const V3IncidentListItem = z.object({
  id: z.string(),
  statusPageId: z.string(),
  name: z.string().max(255),
  lastUpdateStatus: IncidentStatus,
  duration: z.number().int().nullable(),
  componentImpacts: z.array(V3ImpactWindow),
  created_at: DateOnly,
  updated_at: DateOnly,
});

export const V3Incident = V3IncidentListItem.extend({ incidentUpdates: z.array(V3IncidentUpdate) });

export const V3IncidentList = paginated(V3IncidentListItem);

/** What a component is now, as a create or a PUT of an incident says it. */
export const V3ComponentImpactInput = z.strictObject({
  componentId: Guid.meta({ description: "a component of the incident's page" }),
  status: V3ImpactStatus.meta({
    description: 'OPERATIONAL, UNDER_MAINTENANCE, DEGRADED_PERFORMANCE, PARTIAL_OUTAGE or MAJOR_OUTAGE; OPERATIONAL: not impacted',
  }),
});

const componentImpacts = z.array(V3ComponentImpactInput).meta({
  description: 'the current status of each impacted component, each component at most once; a component left out is OPERATIONAL',
});

/** An update as a client writes it (upstream's PublicStatusPageV3IncidentUpdateMutation): its status is required. */
export const V3IncidentUpdateInput = z.strictObject({
  description: NonEmpty.meta({ description: 'the text of the update, shown on the status page' }),
  status: IncidentStatus.meta({ description: 'INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED; RESOLVED closes the incident' }),
  publicIncidentUpdateDate: DateTime.optional().meta({
    description: "ISO 8601 date-time shown for the update, not before the incident's first update; default: now",
  }),
  notifySubscribers: z.boolean().optional().meta({ description: "notify the status page's subscribers; default false" }),
});

const name = NonEmpty.max(255).meta({ description: 'incident name, 1 to 255 characters' });

export const V3IncidentCreateInput = z.strictObject({
  name,
  componentImpacts: componentImpacts.optional(),
  // Upstream `x-constraint: { length: 1 }`: the update that opens the incident, exactly one.
  incidentUpdates: z
    .tuple([V3IncidentUpdateInput], { error: 'expected exactly one update' })
    .meta({ description: 'the first update: exactly one' }),
});

/** A PUT of an incident: its name, and when sent, what its components are now (those left out: OPERATIONAL). */
export const V3IncidentChangeInput = z.strictObject({
  name,
  componentImpacts: componentImpacts.optional(),
});

/** One window of an impact timeline as a client writes it. */
export const V3ImpactWindowInput = z.strictObject({
  componentId: Guid.meta({ description: "a component of the incident's page" }),
  status: V3WindowStatus.meta({ description: 'UNDER_MAINTENANCE, DEGRADED_PERFORMANCE, PARTIAL_OUTAGE or MAJOR_OUTAGE' }),
  startedAt: DateTime.meta({ description: 'ISO 8601 date-time the impact began' }),
  endedAt: DateTime.nullable().meta({
    description: 'ISO 8601 date-time the impact ended, after startedAt; null keeps the window open (open incidents only)',
  }),
});

export const V3ImpactTimelineInput = z.strictObject({
  componentImpacts: z.array(V3ImpactWindowInput).meta({
    description: "the incident's whole impact timeline, replacing the one stored; windows of one component may not overlap",
  }),
});

export type V3ImpactStatus = z.infer<typeof V3ImpactStatus>;
export type V3ImpactWindow = z.infer<typeof V3ImpactWindow>;
export type V3Incident = z.infer<typeof V3Incident>;
export type V3IncidentUpdate = z.infer<typeof V3IncidentUpdate>;

// Incidents, and what a client sends to create or change one.
import { z } from 'zod';
import { requestCheck } from '../request-checks.js';
import { IncidentUpdate, IncidentUpdateFields, IncidentUpdateInput } from './incident-updates.schemas.js';
import { Guid, NonEmpty, serverSet } from './schema-parts.js';
import { Service } from './services.schemas.js';
import { DateOnly, IncidentStatus, paginated, Severity } from './shared.schemas.js';

export const Incident = z.object({
  id: z.string(),
  name: z.string().max(255),
  severity: Severity,
  services: z.array(Service),
  incidentUpdates: z.array(IncidentUpdate),
  lastUpdateStatus: IncidentStatus,
  duration: z.number().int().nullable().optional(),
  created_at: DateOnly,
  updated_at: DateOnly.optional(),
});

export const IncidentList = paginated(Incident);

/** What a client names a service by on a new incident, as upstream's IncidentService requires. */
export const IncidentServiceFields = z.strictObject({
  id: Guid.meta({ description: "an existing service's id, from a status page's cards[].services[]" }),
  name: NonEmpty.meta({ description: 'the service name, as the status page lists it' }),
  accountId: Guid.meta({ description: 'the account the service belongs to, as the status page lists it' }),
});

/** A service named in an incident: the fields above, and the dates a fetched service carries. */
export const IncidentServiceInput = IncidentServiceFields.extend({
  created_at: serverSet(DateOnly),
  updated_at: serverSet(DateOnly.nullable()),
});

const severity = Severity.meta({ description: 'CRITICAL, MAJOR, MEDIUM or MINOR' });
const firstUpdate = 'the first update: exactly one';

/** What a client sends to create an incident, without the fields the server sets. */
export const CreateIncidentFields = z.strictObject({
  name: NonEmpty.max(255).meta({ description: 'incident name, 1 to 255 characters' }),
  severity,
  services: z.array(IncidentServiceFields).min(1).meta({ description: 'the affected services, at least one' }),
  incidentUpdates: z.tuple([IncidentUpdateFields], { error: 'expected exactly one update' }).meta({ description: firstUpdate }),
});

export const CreateIncidentInput = CreateIncidentFields.extend({
  services: z.array(IncidentServiceInput).min(1).meta({ description: 'the affected services, at least one' }),
  // Upstream `x-constraint: { length: 1 }`: the incident's first update, exactly one. A tuple,
  // so a typed caller cannot write none or two.
  incidentUpdates: z.tuple([IncidentUpdateInput], { error: 'expected exactly one update' }).meta({ description: firstUpdate }),
  // Ignored on create (docs/api-rules.md#shapes-and-ids), accepted so a fetched incident can be re-posted.
  id: serverSet(Guid),
  created_at: serverSet(DateOnly),
  updated_at: serverSet(DateOnly),
  lastUpdateStatus: serverSet(IncidentStatus),
  duration: serverSet(z.number().int().nullable()),
});

/** What a client sends to change an incident (upstream's StatusPageV2IncidentCommon), without the fields the server sets. */
export const UpdateIncidentFields = z.strictObject({
  name: NonEmpty.max(255).meta({ description: 'incident name, 1 to 255 characters' }),
  severity,
  services: z
    .array(IncidentServiceFields)
    .min(1)
    .meta({ description: 'the affected services, at least one: the whole list, replacing the one stored' }),
});

export const UpdateIncidentInput = UpdateIncidentFields.extend({
  services: z
    .array(IncidentServiceInput)
    .min(1)
    .meta({ description: 'the affected services, at least one: the whole list, replacing the one stored' }),
  id: serverSet(Guid),
  created_at: serverSet(DateOnly),
  updated_at: serverSet(DateOnly),
  lastUpdateStatus: serverSet(IncidentStatus),
  duration: serverSet(z.number().int().nullable()),
});

/** The PUT's own fields, of which a PATCH names at least one (what it leaves out is kept). */
const someIncidentField = requestCheck('someOf', ['name', 'severity', 'services']);
const someIncidentFieldError = { message: 'expected at least one of name, severity, services' };

/** What a client sends to change some of an incident's fields (beyond the hosted document: the PUT's fields, each optional). */
export const PatchIncidentFields = UpdateIncidentFields.partial().refine(someIncidentField, someIncidentFieldError);

/** The same, with the fields the server sets, accepted and ignored as on PUT. */
export const PatchIncidentInput = UpdateIncidentInput.partial().refine(someIncidentField, someIncidentFieldError);

export type Incident = z.infer<typeof Incident>;
export type CreateIncidentInput = z.input<typeof CreateIncidentInput>;
export type IncidentServiceInput = z.input<typeof IncidentServiceInput>;

// The schemas every resource's schemas build on: the enums, dates, a page of a list, the empty
// answer of a DELETE, a whole number in a query string and the page query of the lists.
import { z } from 'zod';
import { HEARTBEAT_STATES, INCIDENT_STATUSES, RUNTIME_STAGES, SEVERITIES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from '../enums.js';
import { NonEmpty } from './schema-parts.js';

export const IncidentStatus = z.enum(INCIDENT_STATUSES);
export const Severity = z.enum(SEVERITIES);
export const RuntimeStage = z.enum(RUNTIME_STAGES);
export const HeartbeatState = z.enum(HEARTBEAT_STATES);
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export const SubscriptionType = z.enum(SUBSCRIPTION_TYPES);

/** Calendar date, YYYY-MM-DD. */
export const DateOnly = z.iso.date();
/** Full ISO 8601 timestamp; offsets are accepted on input, the server answers in UTC. */
export const DateTime = z.iso.datetime({ offset: true });
/** A startTime/endTime query value: a calendar date or a full timestamp. */
export const DateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export function paginated<T extends z.ZodType>(entry: T) {
  return z.object({
    length: z.number().int(),
    entries: z.array(entry),
    nextId: z.string().nullable(),
  });
}

/** The answer of a DELETE: 204, no body (the client reads an empty body as null). */
export const NoContent = z.null();

/** A whole number in a query string: digits only, so `1.5`, `abc`, `` and `0x10` are refused. */
export function intQuery(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, `expected a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

export const PageQuery = z.strictObject({
  limit: intQuery(1, 100).optional().meta({ description: 'page size, 1 to 100, default 20' }),
  nextId: NonEmpty.optional().meta({ description: "cursor from the previous page's nextId" }),
});

export type IncidentStatus = z.infer<typeof IncidentStatus>;
export type Severity = z.infer<typeof Severity>;

// What the reference server's own routes take and answer (docs/api-rules.md#reference-only-inputs).
import { z } from 'zod';
import { MaintenanceStatus } from './maintenance-windows.schemas.js';
import { NonEmpty } from './schema-parts.js';
import { DateTime, HeartbeatState, IncidentStatus } from './shared.schemas.js';

/**
 * What a status page's subscriber would have been sent (reference server only: nothing is sent).
 * `created_at` is a full date-time: notifications of one day are told apart by it. A scheduled
 * maintenance's notice says `kind: "maintenance"`; its `incidentId` is the maintenance's id (so
 * the list's filter takes it), its `incidentUpdateId` the status update's (null for a reminder).
 */
export const Notification = z.object({
  id: z.string(),
  kind: z.literal('maintenance').optional(),
  statusPageId: z.string(),
  address: z.string(),
  incidentId: z.string(),
  incidentUpdateId: z.string().nullable(),
  maintenanceWindowId: z.number().int().optional(),
  maintenanceId: z.string().optional(),
  /** What a maintenance's notice tells of. */
  maintenanceEvent: z.enum(['reminder', 'started', 'ended', 'update']).optional(),
  status: z.union([IncidentStatus, MaintenanceStatus]),
  description: z.string(),
  created_at: DateTime,
});
export const NotificationList = z.array(Notification);

export const ErrorEventInput = z.strictObject({
  checkId: NonEmpty,
  rawErrorMessage: NonEmpty.max(10_000),
  timestamp: DateTime.optional(),
});

export const HeartbeatEventInput = z.strictObject({
  state: HeartbeatState,
  timestamp: DateTime.optional(),
});

export const NotificationQuery = z.strictObject({
  incidentId: NonEmpty.optional().meta({ description: "only this incident's notifications" }),
});

/** Where the test clock is to go (`--test-clock`): forward only. */
export const ClockInput = z.strictObject({
  now: DateTime.meta({ description: 'the instant the clock moves to, not before where it is' }),
});
export const TestClock = z.object({ now: DateTime });

export type Notification = z.infer<typeof Notification>;

// Heartbeat checks: their pings and availability, and the time window a read takes.
import { z } from 'zod';
import { DateOrDateTime, DateTime, HeartbeatState, intQuery } from './shared.schemas.js';

export const HeartbeatAvailability = z
  .object({
    successRatio: z.object({
      previousPeriod: z.number().min(0).max(100).optional(),
      currentPeriod: z.number().min(0).max(100).optional(),
    }),
    totalEntitiesCurrentPeriod: z.number().int(),
  })
  .nullable();

/**
 * A ping a heartbeat check received. `timestamp` is a full date-time although the hosted
 * document types it as a date: a ping's time of day is the point of it (docs/api-rules.md#heartbeat-events).
 */
export const HeartbeatEvent = z.object({
  id: z.string(),
  checkId: z.string(),
  state: HeartbeatState,
  timestamp: DateTime,
});

/** Availability over the last 24 hours and the last 7 days, each against the period before. */
export const HeartbeatEventStats = z.object({
  last24Hours: HeartbeatAvailability,
  last7Days: HeartbeatAvailability,
});

/** The hosted shape: an array holding one entry, the check's events (newest first) and its stats. */
export const HeartbeatEventList = z.array(z.object({ events: z.array(HeartbeatEvent), stats: HeartbeatEventStats }));
export const HeartbeatEventWithStats = z.object({ event: HeartbeatEvent, stats: HeartbeatEventStats });

export const AvailabilityQuery = z.strictObject({
  startTime: DateOrDateTime.optional().meta({
    description: 'start of the window: YYYY-MM-DD or an ISO 8601 date-time; default: 24 hours before now',
  }),
  endTime: DateOrDateTime.optional().meta({
    description: 'end of the window: YYYY-MM-DD (that whole day) or an ISO 8601 date-time; default: now',
  }),
});

export const HeartbeatEventQuery = AvailabilityQuery.extend({
  limit: intQuery(1, 10).optional().meta({ description: 'events at most, 1 to 10, default 10' }),
});

export type HeartbeatAvailability = z.infer<typeof HeartbeatAvailability>;
export type HeartbeatEvent = z.infer<typeof HeartbeatEvent>;

// Scheduled maintenance (docs/api-rules.md#scheduled-maintenance): windows, each repeating or
// not in its own time zone, their maintenances (one per occurrence) and the status updates of
// each. The hosted document types the instants `date`; they are instants: a date-time with its
// offset, or a bare date (midnight in the window's time zone).
import { z } from 'zod';
import { requestCheck } from '../request-checks.js';
import { Guid, NonEmpty } from './schema-parts.js';
import { DateOnly, DateTime, intQuery } from './shared.schemas.js';

export const REPEAT_UNITS = ['DAY', 'WEEK', 'MONTH'] as const;
export const MAINTENANCE_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'VERIFYING', 'COMPLETED', 'CANCELLED'] as const;
/** A maintenance in one of these takes no further update. */
export const FINAL_MAINTENANCE_STATUSES: readonly MaintenanceStatus[] = ['COMPLETED', 'CANCELLED'];
export const MAINTENANCE_SEVERITIES = ['MINOR', 'MEDIUM', 'MAJOR', 'CRITICAL'] as const;

export const RepeatUnit = z.enum(REPEAT_UNITS);
export const MaintenanceStatus = z.enum(MAINTENANCE_STATUSES);

/** An instant as the API takes it: a date-time with its offset, or a calendar date. */
const Instant = z.union([DateOnly, DateTime]);

/** A named IANA time zone (`Europe/Berlin`, `UTC`), never an offset. */
export const TimeZone = z
  .string()
  .refine(requestCheck('timeZone'), 'expected a named IANA time zone such as Europe/Berlin (not an offset)');

const Reminders = z
  .array(z.number().int().min(60).max(10080))
  .max(3)
  .meta({ description: 'minutes before each maintenance to remind subscribers, 60 to 10080, at most 3' });

const visibilityFields = {
  enabled: z.boolean().optional().meta({ description: 'shown on the linked status pages; default false' }),
  severity: z
    .enum(MAINTENANCE_SEVERITIES)
    .nullable()
    .optional()
    .meta({ description: 'MINOR, MEDIUM, MAJOR or CRITICAL, shown on the pages' }),
  affectAllServices: z.boolean().optional().meta({ description: 'every service (component) of the linked pages; default false' }),
  notifyOnStart: z.boolean().optional().meta({ description: 'notify verified subscribers when it starts; default false' }),
  notifyOnEnd: z.boolean().optional().meta({ description: 'notify verified subscribers when it ends; default false' }),
  suppressAutoIncidents: z.boolean().optional().meta({ description: 'no automatic incidents on its services meanwhile; default false' }),
  reminderMinutesBefore: Reminders.optional(),
  autoStart: z.boolean().optional().meta({ description: 'post IN_PROGRESS at startsAt by itself; default true' }),
  autoEnd: z.boolean().optional().meta({ description: 'post COMPLETED at endsAt by itself; default true' }),
  showAffectedServices: z.boolean().optional().meta({ description: 'the pages name the services it affects; default true' }),
  statusPageIds: z.array(Guid).optional().meta({ description: 'the status pages (v2 or V3) that show it' }),
  serviceIds: z.array(Guid).optional().meta({ description: 'the services (v2) or components (V3) under maintenance' }),
};

export const MaintenanceVisibilityInput = z.strictObject(visibilityFields);

const windowFields = {
  name: NonEmpty.max(200).meta({ description: "the window's name, 1 to 200 characters" }),
  tags: z.array(NonEmpty).optional().meta({ description: 'the checks and groups it applies to, by tag' }),
  startsAt: Instant.meta({ description: 'when the first maintenance starts: a date-time, or a date (midnight in timezone)' }),
  endsAt: Instant.meta({ description: 'when the first maintenance ends, after startsAt' }),
  repeatInterval: z
    .number()
    .int()
    .min(1)
    .max(365)
    .nullable()
    .optional()
    .meta({ description: 'repeats every N repeatUnits, 1 to 365; null: once' }),
  repeatEndsAt: Instant.nullable()
    .optional()
    .meta({ description: "the last day an occurrence may start on (inclusive, in the window's time zone)" }),
  timezone: TimeZone.nullable().optional().meta({ description: 'the IANA time zone occurrences are computed in; default UTC' }),
  pauseAllChecks: z.boolean().optional().meta({ description: 'pause every check of the account meanwhile; default false' }),
  silenceAlertsTags: z.array(NonEmpty).optional().meta({ description: 'checks with these tags raise no alerts meanwhile' }),
  silenceAllAlerts: z.boolean().optional().meta({ description: 'no check raises alerts meanwhile; default false' }),
  description: NonEmpty.max(2000).nullable().optional().meta({ description: 'shown on the status pages, up to 2000 characters' }),
  statusPageVisibility: MaintenanceVisibilityInput.optional().meta({ description: 'how status pages show it and who is notified' }),
};

/** A create: repeatUnit is required even for a window that happens once, as the hosted document says. */
export const MaintenanceWindowCreate = z.strictObject({
  ...windowFields,
  repeatUnit: RepeatUnit.meta({ description: 'DAY, WEEK or MONTH' }),
});

/** A PUT: partial, the fields given replace the window's (statusPageVisibility too, field by field). */
export const MaintenanceWindowUpdate = z.strictObject({
  ...Object.fromEntries(Object.entries(windowFields).map(([name, schema]) => [name, schema.optional()])),
  repeatUnit: RepeatUnit.nullable().optional().meta({ description: 'DAY, WEEK or MONTH; null: once' }),
} as { [K in keyof typeof windowFields]: z.ZodOptional<(typeof windowFields)[K]> } & {
  repeatUnit: z.ZodOptional<z.ZodNullable<typeof RepeatUnit>>;
});

export const MaintenanceVisibility = z.object({
  enabled: z.boolean(),
  severity: z.enum(MAINTENANCE_SEVERITIES).nullable(),
  affectAllServices: z.boolean(),
  suppressAutoIncidents: z.boolean(),
  notifyOnStart: z.boolean(),
  notifyOnEnd: z.boolean(),
  reminderMinutesBefore: z.array(z.number().int()),
  autoStart: z.boolean(),
  autoEnd: z.boolean(),
  showAffectedServices: z.boolean(),
  statusPageIds: z.array(z.string()),
  serviceIds: z.array(z.string()),
});

export const MaintenanceWindow = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  tags: z.array(z.string()),
  startsAt: DateTime,
  endsAt: DateTime,
  repeatInterval: z.number().int().nullable(),
  repeatUnit: RepeatUnit.nullable(),
  repeatEndsAt: DateOnly.nullable(),
  timezone: z.string().nullable(),
  description: z.string().nullable(),
  statusPageVisibility: MaintenanceVisibility,
  pauseAllChecks: z.boolean(),
  silenceAlertsTags: z.array(z.string()),
  silenceAllAlerts: z.boolean(),
  created_at: DateOnly,
  updated_at: DateOnly.nullable(),
});
export const MaintenanceWindowList = z.array(MaintenanceWindow);

export const MaintenanceUpdate = z.object({
  id: z.string(),
  maintenanceWindowId: z.number().int(),
  maintenanceId: z.string(),
  status: MaintenanceStatus,
  description: z.string(),
  notifySubscribers: z.boolean(),
  created_at: DateTime,
  previousStatus: MaintenanceStatus.nullable(),
  previousStartsAt: DateTime.nullable(),
  previousEndsAt: DateTime.nullable(),
  dateAdjustments: z.object({ startsAt: DateTime, endsAt: DateTime }).nullable(),
});

export const Maintenance = z.object({
  id: z.string(),
  maintenanceWindowId: z.number().int(),
  startsAt: DateTime,
  endsAt: DateTime,
  status: MaintenanceStatus,
  created_at: DateOnly,
  updated_at: DateOnly,
  updates: z.array(MaintenanceUpdate),
});
export const MaintenanceList = z.array(Maintenance);

/** A PATCH of one maintenance: this occurrence only moves. */
export const MaintenanceDates = z.strictObject({
  startsAt: Instant.optional().meta({ description: 'when this maintenance starts' }),
  endsAt: Instant.optional().meta({ description: 'when this maintenance ends, after startsAt' }),
});

export const MaintenanceUpdateInput = z.strictObject({
  status: MaintenanceStatus.meta({ description: 'SCHEDULED, IN_PROGRESS, VERIFYING, COMPLETED or CANCELLED (the last two are final)' }),
  description: NonEmpty.max(2000).meta({ description: 'what subscribers read, 1 to 2000 characters' }),
  notifySubscribers: z.boolean().optional().meta({ description: "notify the verified subscribers of the window's pages; default false" }),
});

export const MaintenanceUpdateEdit = z.strictObject({
  status: MaintenanceStatus.optional().meta({ description: 'left out: the status is kept' }),
  description: NonEmpty.max(2000).meta({ description: 'the new text, 1 to 2000 characters' }),
});

/** `startsAt[gt]=2026-03-01T00:00:00Z`: one comparison or more. */
const InstantFilter = z
  .strictObject({
    gt: Instant.optional().meta({ description: 'after this instant' }),
    gte: Instant.optional().meta({ description: 'at or after this instant' }),
    lt: Instant.optional().meta({ description: 'before this instant' }),
    lte: Instant.optional().meta({ description: 'at or before this instant' }),
  })
  .refine(requestCheck('nonEmpty'), 'expected at least one of gt, gte, lt, lte');

export const MaintenanceWindowQuery = z.strictObject({
  limit: intQuery(1, 100).optional().meta({ description: 'page size, 1 to 100, default 10' }),
  page: intQuery(1, Number.MAX_SAFE_INTEGER).optional().meta({ description: 'page number, from 1 (the default); past the end: []' }),
  startsAt: InstantFilter.optional().meta({ description: 'startsAt[gt|gte|lt|lte]=instant: windows whose startsAt compares so' }),
  endsAt: InstantFilter.optional().meta({ description: 'endsAt[gt|gte|lt|lte]=instant: windows whose endsAt compares so' }),
});

export const MaintenanceQuery = z.strictObject({
  page: intQuery(1, Number.MAX_SAFE_INTEGER).optional().meta({ description: 'page number, from 1 (the default); past the end: []' }),
  limit: intQuery(1, 50).optional().meta({ description: 'page size, 1 to 50, default 10' }),
});

export type MaintenanceWindow = z.infer<typeof MaintenanceWindow>;
export type MaintenanceVisibility = z.infer<typeof MaintenanceVisibility>;
export type Maintenance = z.infer<typeof Maintenance>;
export type MaintenanceUpdate = z.infer<typeof MaintenanceUpdate>;
export type MaintenanceStatus = z.infer<typeof MaintenanceStatus>;
export type RepeatUnit = z.infer<typeof RepeatUnit>;

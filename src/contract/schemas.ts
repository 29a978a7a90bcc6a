// The resources of the API, written once. Response schemas describe exactly what the reference
// server sends; request schemas are strict (unknown fields are errors). The client validates
// responses against these but never fails on a mismatch (see client/transport.ts).
import { z } from 'zod';
import { HEARTBEAT_STATES, INCIDENT_STATUSES, RUNTIME_STAGES, SEVERITIES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from './enums.js';

export {
  HEARTBEAT_STATES,
  INCIDENT_STATUSES,
  RUNTIME_STAGES,
  SEVERITIES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  SUCCESS_HEARTBEAT_STATES,
} from './enums.js';

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
const NonEmpty = z.string().min(1);

// ---- responses -------------------------------------------------------------------------

export const Service = z.object({
  name: z.string(),
  id: z.string(),
  accountId: z.string(),
  created_at: DateOnly,
  updated_at: DateOnly.nullable().optional(),
});

export const IncidentUpdate = z.object({
  id: z.string(),
  description: z.string(),
  status: IncidentStatus,
  publicIncidentUpdateDate: DateTime,
  created_at: DateOnly,
  notifySubscribers: z.boolean(),
});

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

const HexColor = z.string().regex(/^#([0-9A-F]{3}|[0-9A-F]{6})$/, 'expected an upper-case hex color like #1A2B3C');
export const THEME_COLOR_FIELDS = [
  'bodyBackgroundColor',
  'headerBackgroundColor',
  'headerFontColor',
  'titleFontColor',
  'bodyFontColor',
  'bodyFontColorMuted',
  'navigationFontColor',
  'linkFontColor',
  'cardBackgroundColor',
  'borderColor',
  'primaryButtonBackgroundColor',
  'primaryButtonFontColor',
] as const;
export const ThemeColors = z.object(
  Object.fromEntries(THEME_COLOR_FIELDS.map((field) => [field, HexColor])) as Record<(typeof THEME_COLOR_FIELDS)[number], typeof HexColor>,
);

export const StatusPageCard = z.object({
  id: z.string(),
  name: z.string(),
  services: z.array(Service),
  created_at: DateOnly,
  updated_at: DateOnly.nullable().optional(),
});

export const StatusPageKey = z.object({
  id: z.string(),
  maskedKey: z.string(),
  created_at: DateOnly,
  updated_at: DateOnly.nullable().optional(),
});

export const StatusPage = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  accountId: z.string(),
  description: z.string().max(500).nullable().optional(),
  customDomain: z.string().nullable().optional(),
  logo: z.string().nullable().optional(),
  favicon: z.string().nullable().optional(),
  redirectTo: z.string().nullable().optional(),
  defaultTheme: z.enum(['LIGHT', 'DARK', 'AUTO']).optional(),
  themeColors: z.object({ light: ThemeColors, dark: ThemeColors }).nullable().optional(),
  cards: z.array(StatusPageCard),
  incidents: z.array(Incident),
  isPrivate: z.boolean(),
  keys: z.array(StatusPageKey),
  created_at: DateOnly,
  updated_at: DateOnly.nullable().optional(),
});

export function paginated<T extends z.ZodType>(entry: T) {
  return z.object({
    length: z.number().int(),
    entries: z.array(entry),
    nextId: z.string().nullable(),
  });
}
export const StatusPageList = paginated(StatusPage);
export const IncidentList = paginated(Incident);
export const ServiceList = paginated(Service);
/** An incident's updates, newest publicIncidentUpdateDate first. */
export const IncidentUpdateList = z.array(IncidentUpdate);

/** The answer of a DELETE: 204, no body (the client reads an empty body as null). */
export const NoContent = z.null();

export const Subscription = z.object({
  id: z.string(),
  type: SubscriptionType,
  address: z.string(),
  status: SubscriptionStatus,
  created_at: DateOnly,
  updated_at: DateOnly,
});
export const SubscriptionList = z.array(Subscription);

export const BulkSubscriptionsResult = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  status: SubscriptionStatus,
});

/**
 * What a status page's subscriber would have been sent (reference server only: nothing is sent).
 * `created_at` is a full date-time: notifications of one day are told apart by it.
 */
export const Notification = z.object({
  id: z.string(),
  statusPageId: z.string(),
  address: z.string(),
  incidentId: z.string(),
  incidentUpdateId: z.string(),
  status: IncidentStatus,
  description: z.string(),
  created_at: DateTime,
});
export const NotificationList = z.array(Notification);

export const Analysis = z.object({
  classification: z.string(),
  userImpact: z.string(),
  rootCause: z.string(),
  codeFix: z.string().nullable().optional(),
  evidence: z
    .array(
      z.object({
        description: z.string(),
        artifacts: z.array(z.object({ name: z.string(), type: z.string() })),
      }),
    )
    .nullable()
    .optional(),
  referenceLinks: z
    .array(z.object({ url: z.string(), title: z.string() }))
    .nullable()
    .optional(),
});

export const RootCauseAnalysis = z.object({
  id: z.string(),
  status: z.literal('COMPLETED'),
  checkType: z.string(),
  provider: z.string(),
  model: z.string(),
  durationMs: z.number(),
  checkId: z.string().nullable().optional(),
  errorGroupId: z.string().nullable().optional(),
  analysis: Analysis.optional(),
  created_at: DateOnly.optional(),
});

export const RootCauseAnalysisPending = z.object({
  id: z.string(),
  status: z.literal('PENDING'),
});

export const ErrorGroup = z.object({
  id: z.string(),
  checkId: z.string(),
  errorHash: z.string(),
  rawErrorMessage: z.string().nullable(),
  cleanedErrorMessage: z.string(),
  firstSeen: DateOnly,
  lastSeen: DateOnly,
  archivedUntilNextEvent: z.boolean(),
  rootCauseAnalyses: z.array(RootCauseAnalysis).optional(),
});
/** Newest lastSeen first, archived ones included. */
export const ErrorGroupList = z.array(ErrorGroup);

export const HeartbeatAvailability = z
  .object({
    successRatio: z.object({
      previousPeriod: z.number().min(0).max(100).optional(),
      currentPeriod: z.number().min(0).max(100).optional(),
    }),
    totalEntitiesCurrentPeriod: z.number().int(),
  })
  .nullable();

export const Runtime = z.object({
  name: z.string().regex(/^\d{4}\.\d{2}$/),
  multiStepSupport: z.boolean(),
  nodeJsVersion: z.string().regex(/^v\d+\.\d+\.\d+$/),
  stage: RuntimeStage,
  runtimeEndOfLife: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/),
  description: z.string().min(1),
  dependencies: z.record(z.string(), z.string().min(1)),
});
export const RuntimeList = z.array(Runtime);

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

// ---- requests --------------------------------------------------------------------------

// Request schemas follow the upstream document field by field (spec/upstream-openapi-subset.json:
// required fields, types, enums, lengths, formats, nullability), plus docs/api-rules.md on top:
// unknown fields are errors, names and descriptions are non-empty. docs/reference-server.md
// lists every rule.

/** Upstream `x-format: { guid: true }`: a UUID string (any version). */
const Guid = z.guid('expected a UUID');

/**
 * A field the server sets: accepted (the API's own responses carry it, so a fetched resource can
 * be sent back) and ignored. The MCP tools leave these out of their inputs.
 */
function serverSet<T extends z.ZodType>(schema: T) {
  return schema.optional().meta({ description: 'set by the server; ignored when sent', serverSet: true });
}

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

export const MAX_SUBSCRIPTIONS_PER_REQUEST = 100;
/** A subscriber's address; `subscriptions add` checks each one with it before anything is sent. */
export const EmailAddress = z.email('expected an email address');

export const BulkSubscriptionsInput = z.strictObject({
  subscriptions: z
    .array(
      z.strictObject({
        type: SubscriptionType.meta({ description: 'EMAIL, the one type there is' }),
        config: EmailAddress.meta({ description: 'the email address to subscribe' }),
      }),
    )
    .min(1)
    .max(MAX_SUBSCRIPTIONS_PER_REQUEST)
    .meta({ description: `the subscribers to add, 1 to ${MAX_SUBSCRIPTIONS_PER_REQUEST}; an address already subscribed is skipped` }),
  autoVerify: z
    .boolean()
    .optional()
    .meta({ description: 'true: subscribed as VERIFIED at once, with no confirmation mail; default false (PENDING)' }),
});

export const RequestAnalysisInput = z
  .strictObject({
    userContext: z
      .string()
      .max(256)
      .nullable()
      .optional()
      .meta({ description: 'what you already know that helps the analysis, up to 256 characters' }),
  })
  .nullable();

export const ErrorGroupPatch = z
  .strictObject({
    archiveForEver: z
      .boolean()
      .optional()
      .meta({ description: 'true: archived for good, even when the error happens again; false: unarchive' }),
    archivedUntilNextEvent: z.boolean().optional().meta({ description: 'true: archived until the error happens again; false: unarchive' }),
  })
  .refine((body) => body.archiveForEver !== undefined || body.archivedUntilNextEvent !== undefined, {
    message: 'expected at least one of archivedUntilNextEvent, archiveForEver',
  });

export const ErrorEventInput = z.strictObject({
  checkId: NonEmpty,
  rawErrorMessage: NonEmpty.max(10_000),
  timestamp: DateTime.optional(),
});

export const HeartbeatEventInput = z.strictObject({
  state: HeartbeatState,
  timestamp: DateTime.optional(),
});

// ---- query parameters ------------------------------------------------------------------

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

export const ServiceQuery = PageQuery.extend({
  paginated: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .meta({ description: 'false: every service in one answer (nextId null); default true' }),
});

export const ErrorGroupQuery = z.strictObject({
  limit: intQuery(1, 100).optional().meta({ description: 'page size, 1 to 100, default 10' }),
  page: intQuery(1, Number.MAX_SAFE_INTEGER).optional().meta({ description: 'page number, from 1 (the default); past the end: []' }),
});

export const NotificationQuery = z.strictObject({
  incidentId: NonEmpty.optional().meta({ description: "only this incident's notifications" }),
});

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

export type Service = z.infer<typeof Service>;
export type Subscription = z.infer<typeof Subscription>;
export type Notification = z.infer<typeof Notification>;
export type IncidentUpdate = z.infer<typeof IncidentUpdate>;
export type Incident = z.infer<typeof Incident>;
export type StatusPage = z.infer<typeof StatusPage>;
export type StatusPageCard = z.infer<typeof StatusPageCard>;
export type RootCauseAnalysis = z.infer<typeof RootCauseAnalysis>;
export type Analysis = z.infer<typeof Analysis>;
export type ErrorGroup = z.infer<typeof ErrorGroup>;
export type HeartbeatAvailability = z.infer<typeof HeartbeatAvailability>;
export type Runtime = z.infer<typeof Runtime>;
export type HeartbeatEvent = z.infer<typeof HeartbeatEvent>;
export type IncidentStatus = z.infer<typeof IncidentStatus>;
export type Severity = z.infer<typeof Severity>;
export type CreateIncidentInput = z.input<typeof CreateIncidentInput>;
export type IncidentUpdateInput = z.input<typeof IncidentUpdateInput>;
export type IncidentServiceInput = z.input<typeof IncidentServiceInput>;

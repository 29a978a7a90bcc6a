// What the hosted read routes of checks answer (docs/api-rules.md#triage): each check's status
// from its latest result, its alerts (a change of state between two consecutive results) and
// its results, newest first, paged by cursor.
import { z } from 'zod';
import { requestCheck } from '../request-checks.js';
import { CheckResult, CheckType } from './checks.schemas.js';
import { DateOnly, DateTime, intQuery } from './shared.schemas.js';

export const CheckStatus = z.object({
  name: z.string(),
  checkId: z.string(),
  hasFailures: z.boolean(),
  hasErrors: z.boolean(),
  isDegraded: z.boolean(),
  longestRun: z.number().nullable(),
  shortestRun: z.number().nullable(),
  lastRunLocation: z.string().nullable(),
  lastCheckRunId: z.string().nullable(),
  sslDaysRemaining: z.number().nullable(),
  created_at: DateOnly,
  updated_at: DateTime.nullable(),
});
// The document makes a check status nullable, in the list and alone: a null is an answer the
// hosted service may give (a check with no status), which a reader skips.
export const NullableCheckStatus = CheckStatus.nullable();
export const CheckStatusList = z.array(NullableCheckStatus);

export const ALERT_TYPES = [
  'NO_ALERT',
  'ALERT_FAILURE',
  'ALERT_FAILURE_REMAIN',
  'ALERT_FAILURE_DEGRADED',
  'ALERT_RECOVERY',
  'ALERT_DEGRADED',
  'ALERT_DEGRADED_REMAIN',
  'ALERT_DEGRADED_FAILURE',
  'ALERT_DEGRADED_RECOVERY',
  'ALERT_SSL',
] as const;

export const CheckAlert = z.object({
  id: z.string(),
  name: z.string(),
  checkId: z.string(),
  alertType: z.enum(ALERT_TYPES),
  checkType: CheckType,
  runLocation: z.string(),
  responseTime: z.number(),
  error: z.string().nullable(),
  statusCode: z.string().nullable(),
  created_at: DateTime,
  startedAt: DateTime,
});
export const CheckAlertList = z.array(CheckAlert);

/** A moment in a query: UNIX seconds (the document's words) or a date (its schema's), both taken. */
const SecondsOrDate = z
  .string()
  .regex(/^(\d{1,12}|\d{4}-\d{2}-\d{2})$/, 'expected UNIX seconds or a date YYYY-MM-DD')
  .refine(requestCheck('matchedIfDashed', z.regexes.date.source), 'expected a valid date YYYY-MM-DD');

/** UNIX seconds in a query, whole or not. */
const Seconds = z
  .string()
  .regex(/^\d{1,12}(\.\d+)?$/, 'expected UNIX seconds')
  .transform(Number);

const BooleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const CheckAlertQuery = z.strictObject({
  limit: intQuery(1, 100).optional().meta({ description: 'page size, 1 to 100, default 10' }),
  page: intQuery(1, Number.MAX_SAFE_INTEGER).optional().meta({ description: 'page number, from 1 (the default); past the end: []' }),
  from: SecondsOrDate.optional().meta({ description: 'from this moment (UNIX seconds or a date), inclusive; default 6 hours before to' }),
  to: SecondsOrDate.optional().meta({
    description: 'up to this moment, exclusive, at most 6 hours after from; default 6 hours after from, or now',
  }),
});

export const RUN_LOCATIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'sa-east-1',
  'eu-west-1',
  'eu-central-1',
  'eu-west-2',
  'eu-west-3',
  'eu-north-1',
  'eu-south-1',
  'me-south-1',
  'ap-southeast-1',
  'ap-northeast-1',
  'ap-east-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-south-1',
  'af-south-1',
] as const;

export const CHECK_RESULT_FIELDS = [
  'id',
  'name',
  'checkId',
  'hasFailures',
  'hasErrors',
  'isDegraded',
  'isCancelled',
  'overMaxResponseTime',
  'runLocation',
  'startedAt',
  'stoppedAt',
  'created_at',
  'createdAt',
  'responseTime',
  'apiCheckResult',
  'browserCheckResult',
  'multiStepCheckResult',
  'agenticCheckResult',
  'playwrightCheckResult',
  'tracerouteCheckResult',
  'grpcCheckResult',
  'sslCheckResult',
  'checkRunId',
  'attempts',
  'resultType',
  'sequenceId',
  'traceId',
  'errorGroupIds',
] as const;

export const CheckResultQuery = z.strictObject({
  limit: intQuery(1, 100).optional().meta({ description: 'page size, 1 to 100, default 10' }),
  location: z.enum(RUN_LOCATIONS).optional().meta({ description: 'only results of this run location' }),
  checkType: CheckType.optional().meta({ description: "only results of checks of this type (the check's own)" }),
  hasFailures: BooleanQuery.optional().meta({ description: 'true: failed results only; false: the others' }),
  resultType: z
    .enum(['FINAL', 'ATTEMPT', 'ALL'])
    .optional()
    .meta({ description: 'FINAL (default) or ALL: every result; ATTEMPT: none (each run is one final attempt)' }),
  from: Seconds.optional().meta({ description: 'from this UNIX time in seconds, inclusive' }),
  to: Seconds.optional().meta({ description: 'before this UNIX time in seconds' }),
  nextId: z.string().min(1).optional().meta({ description: "cursor from the previous page's nextId" }),
  fields: z
    .string()
    .refine(requestCheck('listOf', CHECK_RESULT_FIELDS), {
      message: `expected a comma-separated list of ${CHECK_RESULT_FIELDS.join(', ')}`,
    })
    .transform((value) => value.split(','))
    .optional()
    .meta({ description: 'comma-separated fields each entry keeps; default: all' }),
});

/** The hosted list of results: an entry is a whole result, or the fields asked for. */
export const CheckResultListV2 = z.object({
  length: z.number().int(),
  entries: z.array(z.union([CheckResult, CheckResult.partial()])),
  nextId: z.string().nullable(),
});

export type CheckStatus = z.infer<typeof CheckStatus>;
export type CheckAlert = z.infer<typeof CheckAlert>;

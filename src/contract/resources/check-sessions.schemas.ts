// Check sessions (docs/api-rules.md#check-sessions): a run of checks started on demand, one
// session per matched check, in the hosted shapes, and what the reference server takes to say how
// a check's next run ends.
import { z } from 'zod';
import { CheckOutcome, CheckType } from './checks.schemas.js';
import { Guid, NonEmpty } from './schema-parts.js';
import { DateTime } from './shared.schemas.js';

export const CheckSessionTrigger = z.strictObject({
  target: z
    .strictObject({
      matchTags: z
        .array(z.array(NonEmpty.max(100)).max(50))
        .max(50)
        .optional()
        .meta({ description: 'checks holding every tag of one of these lists' }),
      checkId: z.array(Guid).max(100).optional().meta({ description: 'checks by id' }),
    })
    .optional()
    .meta({ description: 'which checks to run; none given: every activated check' }),
  refreshCache: z.boolean().optional().meta({ description: 'accepted; the reference server caches nothing' }),
});

const CHECK_SESSION_STATUSES = [
  'STARTED',
  'PROGRESS',
  'FAILED',
  'PASSED',
  'DEGRADED',
  'PROGRESS_FAILED',
  'PROGRESS_DEGRADED',
  'TIMED_OUT',
  'CANCELLED',
] as const;

export const CheckSessionSummary = z.object({
  checkSessionId: z.string(),
  checkSessionLink: z.string(),
  checkId: z.string(),
  checkType: CheckType,
  name: z.string(),
  status: z.enum(CHECK_SESSION_STATUSES),
  startedAt: DateTime,
  stoppedAt: DateTime.nullable(),
  timeElapsed: z.number(),
  runLocations: z.array(z.string()),
  runSource: z.literal('TRIGGER_API').nullable(),
});
export const CheckSessionsTriggered = z.object({ sessions: z.array(CheckSessionSummary) });

export const CheckSessionResult = z.object({
  checkResultId: z.string(),
  checkResultLink: z.string(),
  checkId: z.string(),
  checkType: CheckType,
  name: z.string(),
  runLocation: z.string(),
  resultType: z.enum(['FINAL', 'ATTEMPT']).nullable(),
  hasErrors: z.boolean(),
  hasFailures: z.boolean(),
  isDegraded: z.boolean(),
  aborted: z.boolean(),
  isCancelled: z.boolean(),
  responseTime: z.number().nullable(),
  startedAt: DateTime.nullable(),
  stoppedAt: DateTime.nullable(),
});

export const CheckSession = CheckSessionSummary.extend({ results: z.array(CheckSessionResult) });
export const CheckSessionCompleted = CheckSession.extend({
  status: z.enum(['PASSED', 'FAILED', 'DEGRADED', 'TIMED_OUT', 'CANCELLED']),
  stoppedAt: DateTime,
});

export const NextOutcomeInput = z.strictObject({
  outcome: CheckOutcome.meta({ description: "how the check's next run on demand ends" }),
});
export const NextOutcome = z.object({ checkId: z.string(), nextOutcome: CheckOutcome });

export type CheckSession = z.infer<typeof CheckSession>;
export type CheckSessionSummary = z.infer<typeof CheckSessionSummary>;

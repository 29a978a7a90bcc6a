// Checks and their results as the reference server records them (docs/api-rules.md#check-results):
// what `POST /_reference/check-results` takes, and the result in the hosted `CheckResult` shape.
import { z } from 'zod';
import { Guid, NonEmpty } from './schema-parts.js';
import { DateTime } from './shared.schemas.js';

/** The hosted document's check types. */
export const CHECK_TYPES = [
  'AGENTIC',
  'API',
  'BROWSER',
  'HEARTBEAT',
  'ICMP',
  'MULTI_STEP',
  'TCP',
  'PLAYWRIGHT',
  'TRACEROUTE',
  'URL',
  'DNS',
  'SSL',
  'GRPC',
] as const;
export const CheckType = z.enum(CHECK_TYPES);

/** How a run ended: a degraded run passed, over its degradation limit. */
export const CheckOutcome = z.enum(['passed', 'failed', 'degraded']);

export const CheckResultInput = z.strictObject({
  checkId: Guid.meta({ description: 'the check that ran; a new id starts a check (name, checkType and tags then required)' }),
  name: NonEmpty.max(255).optional().meta({ description: "the check's name; given for a known check, it renames it" }),
  checkType: CheckType.optional(),
  tags: z
    .array(NonEmpty.max(100))
    .max(50)
    .optional()
    .meta({ description: "the check's tags; given for a known check, they replace its own" }),
  outcome: CheckOutcome,
  runLocation: NonEmpty.max(100).optional().meta({ description: 'where the check ran; default eu-central-1' }),
  responseTime: z.number().min(0).max(86_400_000).optional().meta({ description: 'milliseconds the run took; default 0' }),
  errorMessage: NonEmpty.max(10_000).optional().meta({ description: "what failed; a failed result's error is grouped" }),
  timestamp: DateTime.optional().meta({ description: 'when the run ended; default now, never in the future' }),
});

/** One run's result, in the hosted shape. */
export const CheckResult = z.object({
  id: z.string(),
  name: z.string(),
  checkId: z.string(),
  hasFailures: z.boolean(),
  hasErrors: z.boolean(),
  isDegraded: z.boolean().nullable(),
  isCancelled: z.boolean(),
  overMaxResponseTime: z.boolean().nullable(),
  runLocation: z.string(),
  startedAt: DateTime.nullable(),
  stoppedAt: DateTime.nullable(),
  created_at: DateTime,
  responseTime: z.number(),
  checkRunId: z.number(),
  attempts: z.number(),
  resultType: z.enum(['FINAL', 'ATTEMPT', 'ALL']),
  sequenceId: z.string().nullable(),
  traceId: z.string().nullable(),
  errorGroupIds: z.array(z.string()).nullable(),
});

export type CheckType = z.infer<typeof CheckType>;
export type CheckOutcome = z.infer<typeof CheckOutcome>;
export type CheckResult = z.infer<typeof CheckResult>;

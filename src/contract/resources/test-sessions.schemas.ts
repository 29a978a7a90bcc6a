// Test sessions (docs/api-rules.md#test-sessions): what a CI run of the test suite records, in the
// hosted shapes, the reference server's input for one, and their error groups.
import { z } from 'zod';
import { requestCheck } from '../request-checks.js';
import { CheckOutcome, CheckType } from './checks.schemas.js';
import { NonEmpty } from './schema-parts.js';
import { DateTime, intQuery } from './shared.schemas.js';

export const TEST_SESSION_STATUSES = ['RUNNING', 'FAILED', 'PASSED', 'CANCELLED'] as const;
export const TestSessionStatus = z.enum(TEST_SESSION_STATUSES);

export const TestSessionInput = z.strictObject({
  name: NonEmpty.max(255).meta({ description: "the session's name (a CI run, a branch)" }),
  status: TestSessionStatus.optional().meta({ description: 'RUNNING keeps it open; default: FAILED if a result failed, else PASSED' }),
  results: z
    .array(
      z.strictObject({
        name: NonEmpty.max(255).meta({ description: 'the check or test that ran' }),
        checkType: CheckType,
        outcome: CheckOutcome,
        errorMessage: NonEmpty.max(10_000).optional().meta({ description: "what failed; a failed result's error is grouped" }),
      }),
    )
    .max(500),
  startedAt: DateTime.optional().meta({ description: 'default now' }),
  stoppedAt: DateTime.optional().meta({ description: 'when it ended; default: now, or none while RUNNING' }),
});

export const TestSessionPatch = z.strictObject({
  status: z.enum(['FAILED', 'PASSED', 'CANCELLED']).meta({ description: 'how the running session ended' }),
});

export const TestSessionResult = z.object({
  testSessionResultId: z.string(),
  testSessionResultLink: z.string(),
  checkId: z.string().nullable(),
  checkType: CheckType,
  name: z.string(),
  runLocation: z.string(),
  errorGroupIds: z.array(z.string()),
  resultType: z.enum(['FINAL', 'ATTEMPT', 'PENDING']),
  status: TestSessionStatus,
  hasErrors: z.boolean(),
  hasFailures: z.boolean(),
  isDegraded: z.boolean(),
  aborted: z.boolean(),
  responseTime: z.number().nullable(),
  startedAt: DateTime.nullable(),
  stoppedAt: DateTime.nullable(),
});

export const TestSessionResultDetail = TestSessionResult.extend({
  id: z.string(),
  privateLocationId: z.string().nullable(),
  filePath: z.string().nullable(),
  isCancelled: z.boolean(),
  overMaxResponseTime: z.boolean(),
  attempts: z.number().int(),
  sequenceId: z.string().nullable(),
  scheduleError: z.string().nullable(),
  traceId: z.string().nullable(),
  created_at: DateTime,
  updated_at: DateTime.nullable(),
});

export const TestSession = z.object({
  testSessionId: z.string(),
  testSessionLink: z.string(),
  name: z.string(),
  status: TestSessionStatus,
  errorGroupIds: z.array(z.string()),
  startedAt: DateTime,
  stoppedAt: DateTime.nullable(),
  timeElapsed: z.number(),
  results: z.array(TestSessionResult),
});

export const TestSessionCompleted = TestSession.extend({
  status: z.enum(['FAILED', 'PASSED', 'CANCELLED']),
  stoppedAt: DateTime,
});

export const TestSessionListEntry = z.object({
  id: z.string(),
  accountId: z.string(),
  projectId: z.string().nullable(),
  name: z.string(),
  provider: z.string(),
  errorGroupIds: z.array(z.string()),
  running: z.array(z.string()),
  passed: z.array(z.string()),
  failed: z.array(z.string()),
  cancelled: z.array(z.string()),
  status: TestSessionStatus,
  region: z.string(),
  privateLocationId: z.string().nullable(),
  invoker: z.null(),
  repoUrl: z.string().nullable(),
  commitId: z.string().nullable(),
  commitOwner: z.string().nullable(),
  commitMessage: z.string().nullable(),
  branchName: z.string().nullable(),
  environment: z.string().nullable(),
  startedAt: DateTime,
  stoppedAt: DateTime.nullable(),
  created_at: DateTime,
  updated_at: DateTime.nullable(),
});
export const TestSessionList = z.object({
  length: z.number().int(),
  entries: z.array(TestSessionListEntry),
  nextId: z.string().nullable(),
});

/** A comma-separated list of values of `values`. */
function listOf<T extends string>(values: readonly T[]) {
  return z
    .string()
    .refine(requestCheck('listOf', values), {
      message: `expected a comma-separated list of ${values.join(', ')}`,
    })
    .transform((text) => text.split(',') as T[]);
}
const Seconds = z
  .string()
  .regex(/^\d{1,12}(\.\d+)?$/, 'expected UNIX seconds')
  .transform(Number);

export const TestSessionQuery = z.strictObject({
  from: Seconds.optional().meta({ description: 'sessions created at or after this UNIX time in seconds' }),
  to: Seconds.optional().meta({ description: 'sessions created before this UNIX time in seconds' }),
  limit: intQuery(1, 100).optional().meta({ description: 'page size, 1 to 100, default 20' }),
  statuses: listOf(TEST_SESSION_STATUSES).optional().meta({ description: 'comma-separated statuses; default all' }),
  branches: NonEmpty.transform((text) => text.split(','))
    .optional()
    .meta({ description: 'comma-separated branch names' }),
  users: NonEmpty.transform((text) => text.split(','))
    .optional()
    .meta({ description: 'comma-separated commit owners or users' }),
  providers: listOf(['GITHUB', 'VERCEL', 'API', 'TRIGGER', 'PW_REPORTER'] as const)
    .optional()
    .meta({ description: 'comma-separated providers' }),
  noUsers: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .meta({ description: 'true: sessions with no commit owner and no user match users too' }),
  nextId: NonEmpty.optional().meta({ description: "cursor from the previous page's nextId" }),
  textSearch: z.string().min(3).max(200).optional().meta({ description: "text the session's name holds (3 to 200 characters)" }),
  errorGroupId: NonEmpty.optional().meta({ description: 'sessions with this test-session error group' }),
});

export const CompletionQuery = z.strictObject({
  maxWaitSeconds: intQuery(1, 30).optional().meta({ description: 'seconds to wait for the end, 1 to 30 (default 30), then 408' }),
});

export const TestSessionErrorGroup = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  environments: z.array(z.string()).nullable(),
  errorHash: z.string(),
  rawErrorMessage: z.string().nullable(),
  cleanedErrorMessage: z.string(),
  firstSeen: DateTime,
  lastSeen: DateTime,
  archivedUntilNextEvent: z.boolean(),
  pwtMetadata: z.null(),
  rootCauseAnalyses: z.array(
    z.object({
      id: z.string(),
      created_at: DateTime,
      analysis: z.unknown(),
      provider: z.string().nullable(),
      model: z.string().nullable(),
      durationMs: z.number().nullable(),
      userContext: z.string().nullable(),
    }),
  ),
});
export const TestSessionErrorGroupList = z.array(TestSessionErrorGroup);

export type TestSession = z.infer<typeof TestSession>;
export type TestSessionStatus = z.infer<typeof TestSessionStatus>;
export type TestSessionErrorGroup = z.infer<typeof TestSessionErrorGroup>;

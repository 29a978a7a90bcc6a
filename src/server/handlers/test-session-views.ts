// Test sessions in the hosted shapes (docs/reference-server.md#triage-fixed-reference-values): what a recorded
// session does not give takes fixed reference values (provider API, region eu-central-1, no
// project, branch or user), and its links are the reference server's own addresses.
import type { z } from 'zod';
import type { TestSession, TestSessionListEntry, TestSessionResult, TestSessionResultDetail } from '../../contract/schemas.js';
import { DEFAULT_BASE_URL } from '../../contract/rules.js';
import type { StoredTestSession, StoredTestSessionResult } from '../store/test-sessions.js';
import type { AppContext } from './types.js';

export const REFERENCE_REGION = 'eu-central-1';
export const REFERENCE_PROVIDER = 'API';

const baseUrl = (app: AppContext) => app.baseUrl?.() || DEFAULT_BASE_URL;

export const sessionLink = (app: AppContext, id: string) => `${baseUrl(app)}/v1/test-sessions/${id}`;

/** A result ends when its session has, or when the session was recorded. */
function times(session: StoredTestSession) {
  const stoppedAt = session.stoppedAt ?? session.created_at;
  return { startedAt: session.startedAt, stoppedAt, responseTime: Math.max(0, Date.parse(stoppedAt) - Date.parse(session.startedAt)) };
}

const resultStatus = (result: StoredTestSessionResult) => (result.outcome === 'failed' ? 'FAILED' : 'PASSED');

export function resultView(
  app: AppContext,
  session: StoredTestSession,
  result: StoredTestSessionResult,
): z.infer<typeof TestSessionResult> {
  return {
    testSessionResultId: result.id,
    testSessionResultLink: `${sessionLink(app, session.id)}/results/${result.id}`,
    checkId: null,
    checkType: result.checkType,
    name: result.name,
    runLocation: REFERENCE_REGION,
    errorGroupIds: [...result.errorGroupIds],
    resultType: 'FINAL',
    status: resultStatus(result),
    hasErrors: false,
    hasFailures: result.outcome === 'failed',
    isDegraded: result.outcome === 'degraded',
    aborted: false,
    ...times(session),
  };
}

export function resultDetail(
  app: AppContext,
  session: StoredTestSession,
  result: StoredTestSessionResult,
): z.infer<typeof TestSessionResultDetail> {
  return {
    ...resultView(app, session, result),
    id: result.id,
    privateLocationId: null,
    filePath: null,
    isCancelled: false,
    overMaxResponseTime: false,
    attempts: 1,
    sequenceId: null,
    scheduleError: null,
    traceId: null,
    created_at: session.created_at,
    updated_at: session.updated_at,
  };
}

export function sessionView(app: AppContext, session: StoredTestSession): TestSession {
  return {
    testSessionId: session.id,
    testSessionLink: sessionLink(app, session.id),
    name: session.name,
    status: session.status,
    errorGroupIds: [...session.errorGroupIds],
    startedAt: session.startedAt,
    stoppedAt: session.stoppedAt,
    timeElapsed: Math.max(0, (session.stoppedAt ? Date.parse(session.stoppedAt) : app.now()) - Date.parse(session.startedAt)),
    results: session.results.map((result) => resultView(app, session, result)),
  };
}

export function listEntry(accountId: string, session: StoredTestSession): z.infer<typeof TestSessionListEntry> {
  const ids = (status: string) => session.results.filter((result) => resultStatus(result) === status).map((result) => result.id);
  return {
    id: session.id,
    accountId,
    projectId: null,
    name: session.name,
    provider: REFERENCE_PROVIDER,
    errorGroupIds: [...session.errorGroupIds],
    running: [],
    passed: ids('PASSED'),
    failed: ids('FAILED'),
    cancelled: [],
    status: session.status,
    region: REFERENCE_REGION,
    privateLocationId: null,
    invoker: null,
    repoUrl: null,
    commitId: null,
    commitOwner: null,
    commitMessage: null,
    branchName: null,
    environment: null,
    startedAt: session.startedAt,
    stoppedAt: session.stoppedAt,
    created_at: session.created_at,
    updated_at: session.updated_at,
  };
}

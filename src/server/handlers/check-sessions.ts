// Check sessions (docs/api-rules.md#check-sessions): a trigger starts a session per matched check
// and has the check "run" after --run-delay (check-runner.ts); the reads answer the hosted shapes,
// the completion once the run has ended, else 408 after maxWaitSeconds on the server's clock.
import type { CheckSession, CheckSessionSummary } from '../../contract/schemas.js';
import { DEFAULT_BASE_URL } from '../../contract/rules.js';
import { isoUtc } from '../dates.js';
import { HttpError, notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import type { Check } from '../store/checks.js';
import type { CheckSessionStarted, StoredCheckSession } from '../store/check-sessions.js';
import { waitUntil } from './test-sessions.js';
import type { AppContext, Handler, HandlerRequest } from './types.js';

const RUN_LOCATION = 'eu-central-1';
const DEFAULT_MAX_WAIT_SECONDS = 30;

type Target = NonNullable<HandlerRequest<'triggerCheckSessions'>['body']['target']>;

/** Activated checks named by id or holding every tag of one of the lists; no filter: all of them. */
function matches(check: Check, target: Target | undefined): boolean {
  if (!check.activated) return false;
  if (!target || (target.checkId === undefined && target.matchTags === undefined)) return true;
  return (
    (target.checkId ?? []).includes(check.id) || (target.matchTags ?? []).some((tags) => tags.every((tag) => check.tags.includes(tag)))
  );
}

const baseUrl = (app: AppContext) => app.baseUrl?.() || DEFAULT_BASE_URL;

function summary(app: AppContext, session: StoredCheckSession): CheckSessionSummary {
  return {
    checkSessionId: session.id,
    checkSessionLink: `${baseUrl(app)}/v2/check-sessions/${session.id}`,
    checkId: session.checkId,
    checkType: session.checkType,
    name: session.name,
    status: session.status,
    startedAt: session.startedAt,
    stoppedAt: session.stoppedAt,
    timeElapsed: Math.max(0, (session.stoppedAt ? Date.parse(session.stoppedAt) : app.now()) - Date.parse(session.startedAt)),
    runLocations: [RUN_LOCATION],
    runSource: 'TRIGGER_API',
  };
}

function sessionView(app: AppContext, store: AccountStore, session: StoredCheckSession): CheckSession {
  const stored = session.resultId === null ? undefined : store.records.checks.result(session.checkId, session.resultId);
  const results = stored
    ? [
        {
          checkResultId: stored.result.id,
          checkResultLink: `${baseUrl(app)}/v1/check-results/${session.checkId}/${stored.result.id}`,
          checkId: session.checkId,
          checkType: session.checkType,
          name: stored.result.name,
          runLocation: stored.result.runLocation,
          resultType: 'FINAL' as const,
          hasErrors: stored.result.hasErrors,
          hasFailures: stored.result.hasFailures,
          isDegraded: stored.result.isDegraded === true,
          aborted: false,
          isCancelled: false,
          responseTime: stored.result.responseTime,
          startedAt: stored.result.startedAt,
          stoppedAt: stored.result.stoppedAt,
        },
      ]
    : [];
  return { ...summary(app, session), results };
}

export const triggerCheckSessions: Handler<'triggerCheckSessions'> = ({ body, account: { store }, app }) => {
  const matched = [...store.records.checks.checks()].filter((check) => matches(check, body.target));
  if (matched.length === 0) throw new HttpError(404, 'no check of the account matches the target');
  const startedAt = isoUtc(app.now());
  const sessions = matched.map((check) =>
    store.commit<CheckSessionStarted>({
      kind: 'checkSessionStarted',
      session: {
        id: app.newId(),
        checkId: check.id,
        name: check.name,
        checkType: check.checkType,
        status: 'STARTED',
        startedAt,
        stoppedAt: null,
        resultId: null,
      },
    }),
  );
  for (const session of sessions) app.scheduleCheckRun?.(store, session.id);
  return { status: 201, body: { sessions: sessions.map((session) => summary(app, session)) } };
};

function sessionOf(store: AccountStore, checkSessionId: string): StoredCheckSession {
  const session = store.records.checkSessions.get(checkSessionId);
  if (!session) throw notFound('check session', checkSessionId);
  return session;
}

export const getCheckSession: Handler<'getCheckSession'> = ({ params, account: { store }, app }) => ({
  status: 200,
  body: sessionView(app, store, sessionOf(store, params.checkSessionId)),
});

export const awaitCheckSession: Handler<'awaitCheckSession'> = async ({ params, query, account: { store }, app }) => {
  const session = sessionOf(store, params.checkSessionId);
  const ended = await waitUntil(
    app,
    query.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS,
    () => session.status !== 'STARTED',
    (listener) => store.records.checkSessions.onFinished(session.id, listener),
  );
  if (!ended) throw new HttpError(408, `check session ${session.id} is still running: call again to wait more`);
  const view = sessionView(app, store, session);
  return { status: 200, body: { ...view, status: session.status as 'PASSED' | 'FAILED' | 'DEGRADED', stoppedAt: view.stoppedAt! } };
};

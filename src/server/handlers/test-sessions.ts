// Test sessions (docs/api-rules.md#test-sessions): recorded by the reference-only routes, each
// failed result's error grouped into a test-session error group, and read by the hosted routes;
// a completion answers once the session has ended, or 408 after maxWaitSeconds.
import { isoUtc } from '../dates.js';
import { badField, HttpError, notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import type { TestSessionErrorRecorded } from '../store/test-session-error-groups.js';
import { derivedStatus, type StoredTestSession, type TestSessionEnded, type TestSessionRecorded } from '../store/test-sessions.js';
import { decodeCursor, encodeCursor } from './pagination.js';
import { listEntry, resultDetail, sessionView } from './test-session-views.js';
import type { AppContext, Handler, HandlerRequest } from './types.js';

const DEFAULT_SESSION_PAGE_SIZE = 20;
const DEFAULT_MAX_WAIT_SECONDS = 30;
const CURSOR = 'testSession';

function moment(app: AppContext, field: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const ms = Date.parse(value);
  if (ms > app.now()) throw badField(field, 'must not be in the future');
  return ms;
}

export const recordTestSession: Handler<'recordTestSession'> = ({ body, account: { store }, app }) => {
  const now = app.now();
  const status = body.status ?? derivedStatus(body.results);
  if (status === 'RUNNING' && body.stoppedAt !== undefined) throw badField('stoppedAt', 'a RUNNING session has not stopped');
  const startedAt = moment(app, 'startedAt', body.startedAt, now);
  const stoppedAt = status === 'RUNNING' ? null : moment(app, 'stoppedAt', body.stoppedAt, now);
  if (stoppedAt !== null && stoppedAt < startedAt) throw badField('stoppedAt', 'must not be before startedAt');
  const errorTime = isoUtc(stoppedAt ?? now);
  const results = body.results.map((result) => {
    const errorGroupIds: string[] = [];
    if (result.outcome === 'failed' && result.errorMessage !== undefined) {
      const group = store.commit<TestSessionErrorRecorded>({
        kind: 'testSessionErrorRecorded',
        newGroupId: app.newId(),
        rawErrorMessage: result.errorMessage,
        timestamp: errorTime,
      });
      errorGroupIds.push(group.id);
    }
    return { id: app.newId(), ...result, errorMessage: result.errorMessage ?? null, errorGroupIds };
  });
  const session = store.commit<TestSessionRecorded>({
    kind: 'testSessionRecorded',
    session: {
      id: app.newId(),
      name: body.name,
      status,
      startedAt: isoUtc(startedAt),
      stoppedAt: stoppedAt === null ? null : isoUtc(stoppedAt),
      created_at: isoUtc(now),
      updated_at: null,
      errorGroupIds: [...new Set(results.flatMap((result) => result.errorGroupIds))],
      results,
    },
  });
  return { status: 201, body: sessionView(app, session) };
};

function sessionOf(store: AccountStore, testSessionId: string): StoredTestSession {
  const session = store.records.testSessions.get(testSessionId);
  if (!session) throw notFound('test session', testSessionId);
  return session;
}

export const endTestSession: Handler<'endTestSession'> = ({ params, body, account: { store }, app }) => {
  const session = sessionOf(store, params.testSessionId);
  if (session.status === body.status) return { status: 200, body: sessionView(app, session) };
  if (session.status !== 'RUNNING') throw badField('status', `the session has ended already (${session.status})`);
  const ended = store.commit<TestSessionEnded>({
    kind: 'testSessionEnded',
    testSessionId: session.id,
    status: body.status,
    stoppedAt: isoUtc(Math.max(app.now(), Date.parse(session.startedAt))),
  });
  return { status: 200, body: sessionView(app, ended) };
};

type ListQuery = HandlerRequest<'listTestSessions'>['query'];

function keeps(query: ListQuery): (session: StoredTestSession) => boolean {
  const text = query.textSearch?.toLowerCase();
  return (session) => {
    const created = Date.parse(session.created_at);
    return (
      (query.from === undefined || created >= query.from * 1000) &&
      (query.to === undefined || created < query.to * 1000) &&
      (query.statuses === undefined || query.statuses.includes(session.status)) &&
      // No recorded session has a branch or a user; each has the provider API.
      (query.branches === undefined || query.branches.length === 0) &&
      (query.users === undefined || query.users.length === 0 || query.noUsers === true) &&
      (query.providers === undefined || query.providers.includes('API')) &&
      (text === undefined || session.name.toLowerCase().includes(text)) &&
      (query.errorGroupId === undefined || session.errorGroupIds.includes(query.errorGroupId))
    );
  };
}

export const listTestSessions: Handler<'listTestSessions'> = ({ query, account: { store, id } }) => {
  const sessions = store.records.testSessions;
  const before = query.nextId === undefined ? undefined : decodeCursor(CURSOR, query.nextId, sessions.count);
  const page = sessions.list(query.limit ?? DEFAULT_SESSION_PAGE_SIZE, before, keeps(query));
  return {
    status: 200,
    body: {
      length: page.entries.length,
      entries: page.entries.map((session) => listEntry(id, session)),
      nextId: page.lastSeq === null ? null : encodeCursor(CURSOR, page.lastSeq),
    },
  };
};

export const getTestSession: Handler<'getTestSession'> = ({ params, account: { store }, app }) => ({
  status: 200,
  body: sessionView(app, sessionOf(store, params.testSessionId)),
});

export const getTestSessionResult: Handler<'getTestSessionResult'> = ({ params, account: { store }, app }) => {
  const session = sessionOf(store, params.testSessionId);
  const result = session.results.find((each) => each.id === params.testSessionResultId);
  if (!result) throw notFound('test session result', params.testSessionResultId);
  return { status: 200, body: resultDetail(app, session, result) };
};

/** Resolves once `done()` holds, checked at each `onChange`, or after `seconds` on the server's clock: whether it was done. */
export async function waitUntil(
  app: AppContext,
  seconds: number,
  done: () => boolean,
  onChange: (listener: () => void) => () => void,
): Promise<boolean> {
  if (done()) return true;
  let stop = () => {};
  const changed = new Promise<void>((resolve) => {
    stop = onChange(resolve);
  });
  const wait = app.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  await Promise.race([changed, wait(seconds * 1000)]);
  stop();
  return done();
}

export const awaitTestSession: Handler<'awaitTestSession'> = async ({ params, query, account: { store }, app }) => {
  const session = sessionOf(store, params.testSessionId);
  const ended = await waitUntil(
    app,
    query.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS,
    () => session.status !== 'RUNNING',
    (listener) => store.records.testSessions.onEnded(session.id, listener),
  );
  if (!ended) throw new HttpError(408, `test session ${session.id} is still running: call again to wait more`);
  const view = sessionView(app, session);
  return { status: 200, body: { ...view, status: session.status as 'FAILED' | 'PASSED' | 'CANCELLED', stoppedAt: view.stoppedAt! } };
};

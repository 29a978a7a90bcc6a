// Root cause analyses (docs/api-rules.md#root-cause-analyses-and-error-groups): accepted at once, generated later by the provider.
// The test-session route takes a test-session error group's id and, as before, a check's error
// group's (kept for existing scripts and data files); the check route takes only a check's.
import { notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import type { AppContext, Handler } from './types.js';

function requestAnalysis(
  store: AccountStore,
  app: AppContext,
  groupId: string,
  userContext: string | null | undefined,
  testSessions = false,
) {
  const known = store.getErrorGroup(groupId) ?? (testSessions ? store.records.testSessionErrorGroups.get(groupId) : undefined);
  if (!known) throw notFound('error group', groupId);
  const pending = store.requestAnalysis({ id: app.newId(), errorGroupId: groupId, userContext: userContext ?? null });
  app.scheduleAnalysis(store, pending.id);
  return { status: 202 as const, body: pending };
}

export const requestRootCauseAnalysis: Handler<'requestRootCauseAnalysis'> = ({ params, body, account: { store }, app }) =>
  requestAnalysis(store, app, params.testSessionErrorGroupId, body?.userContext, true);

export const requestErrorGroupAnalysis: Handler<'requestErrorGroupAnalysis'> = ({ params, body, account: { store }, app }) =>
  requestAnalysis(store, app, params.errorGroupId, body?.userContext);

export const getRootCauseAnalysis: Handler<'getRootCauseAnalysis'> = ({ params, account: { store } }) => {
  const analysis = store.getAnalysis(params.id);
  if (!analysis) throw notFound('root cause analysis', params.id);
  return analysis.status === 'PENDING' ? { status: 202, body: analysis } : { status: 200, body: analysis };
};

// Root cause analyses (docs/api-rules.md#root-cause-analyses-and-error-groups): accepted at once, generated later by the provider.
import { notFound } from '../http-error.js';
import type { Handler } from './types.js';

export const requestRootCauseAnalysis: Handler<'requestRootCauseAnalysis'> = ({ params, body, account: { store }, app }) => {
  const groupId = params.testSessionErrorGroupId;
  if (!store.getErrorGroup(groupId)) throw notFound('error group', groupId);
  const pending = store.requestAnalysis({ id: app.newId(), errorGroupId: groupId, userContext: body?.userContext ?? null });
  app.scheduleAnalysis(store, pending.id);
  return { status: 202, body: pending };
};

export const getRootCauseAnalysis: Handler<'getRootCauseAnalysis'> = ({ params, account: { store } }) => {
  const analysis = store.getAnalysis(params.id);
  if (!analysis) throw notFound('root cause analysis', params.id);
  return analysis.status === 'PENDING' ? { status: 202, body: analysis } : { status: 200, body: analysis };
};

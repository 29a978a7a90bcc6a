// Test-session error groups (docs/api-rules.md#test-sessions): a kind of their own, listed newest
// lastSeen first by page, archived as check error groups are; /v1/error-groups never lists them.
import { notFound } from '../http-error.js';
import type { ArchiveMode } from '../store.js';
import type { TestSessionErrorGroupArchived } from '../store/test-session-error-groups.js';
import { DEFAULT_ERROR_GROUP_PAGE_SIZE } from './error-groups.js';
import type { Handler } from './types.js';

export const listTestSessionErrorGroups: Handler<'listTestSessionErrorGroups'> = ({ query, account: { store } }) => {
  const limit = query.limit ?? DEFAULT_ERROR_GROUP_PAGE_SIZE;
  const start = ((query.page ?? 1) - 1) * limit;
  return { status: 200, body: store.records.testSessionErrorGroups.list().slice(start, start + limit) };
};

/** Every recorded group has no project (projectId null): a project's list is empty. */
export const listProjectTestSessionErrorGroups: Handler<'listProjectTestSessionErrorGroups'> = ({ params, account: { store } }) => ({
  status: 200,
  body: store.records.testSessionErrorGroups.list().filter((group) => group.projectId === params.projectId),
});

export const getTestSessionErrorGroup: Handler<'getTestSessionErrorGroup'> = ({ params, account: { store } }) => {
  const group = store.records.testSessionErrorGroups.get(params.id);
  if (!group) throw notFound('test-session error group', params.id);
  return { status: 200, body: group };
};

export const updateTestSessionErrorGroup: Handler<'updateTestSessionErrorGroup'> = ({ params, body, account: { store } }) => {
  if (!store.records.testSessionErrorGroups.has(params.id)) throw notFound('test-session error group', params.id);
  const mode: ArchiveMode = body.archiveForEver ? 'FOREVER' : body.archivedUntilNextEvent ? 'UNTIL_NEXT_EVENT' : 'NONE';
  return {
    status: 200,
    body: store.commit<TestSessionErrorGroupArchived>({ kind: 'testSessionErrorGroupArchived', errorGroupId: params.id, mode }),
  };
};

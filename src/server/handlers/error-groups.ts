// Error groups (docs/api-rules.md#root-cause-analyses-and-error-groups). Lists are plain arrays by
// page, newest lastSeen first, archived groups included. Each PATCH states the wanted state:
// archiveForEver true wins, then archivedUntilNextEvent true; flags given only as false unarchive.
import type { ErrorGroup } from '../../contract/schemas.js';
import { notFound } from '../http-error.js';
import type { ArchiveMode } from '../store.js';
import type { Handler, HandlerRequest } from './types.js';

export const DEFAULT_ERROR_GROUP_PAGE_SIZE = 10;

function page(groups: ErrorGroup[], query: HandlerRequest<'listErrorGroups'>['query']): ErrorGroup[] {
  const limit = query.limit ?? DEFAULT_ERROR_GROUP_PAGE_SIZE;
  const start = ((query.page ?? 1) - 1) * limit;
  // A page past the end is empty, not an error.
  return groups.slice(start, start + limit);
}

export const listErrorGroups: Handler<'listErrorGroups'> = ({ query, account: { store } }) => ({
  status: 200,
  body: page(store.listErrorGroups(), query),
});

/** A check with no error recorded has no groups: [] (the hosted API declares no 404 here). */
export const listCheckErrorGroups: Handler<'listCheckErrorGroups'> = ({ params, query, account: { store } }) => ({
  status: 200,
  body: page(store.listErrorGroups(params.checkId), query),
});

export const getErrorGroup: Handler<'getErrorGroup'> = ({ params, account: { store } }) => {
  const group = store.getErrorGroup(params.id);
  if (!group) throw notFound('error group', params.id);
  return { status: 200, body: group };
};

export const updateErrorGroup: Handler<'updateErrorGroup'> = ({ params, body, account: { store } }) => {
  if (!store.getErrorGroup(params.id)) throw notFound('error group', params.id);
  const mode: ArchiveMode = body.archiveForEver ? 'FOREVER' : body.archivedUntilNextEvent ? 'UNTIL_NEXT_EVENT' : 'NONE';
  return { status: 200, body: store.archiveErrorGroup(params.id, mode) };
};

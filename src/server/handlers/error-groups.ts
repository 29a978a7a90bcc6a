// PATCH /v1/error-groups/{id} (docs/api-rules.md#root-cause-analyses-and-error-groups). Each PATCH states the wanted state:
// archiveForEver true wins, then archivedUntilNextEvent true; flags given only as false unarchive.
import { notFound } from '../http-error.js';
import type { ArchiveMode } from '../store.js';
import type { Handler } from './types.js';

export const updateErrorGroup: Handler<'updateErrorGroup'> = ({ params, body, account: { store } }) => {
  if (!store.getErrorGroup(params.id)) throw notFound('error group', params.id);
  const mode: ArchiveMode = body.archiveForEver ? 'FOREVER' : body.archivedUntilNextEvent ? 'UNTIL_NEXT_EVENT' : 'NONE';
  return { status: 200, body: store.archiveErrorGroup(params.id, mode) };
};

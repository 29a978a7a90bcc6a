// From the pipeline (http.ts) to the handler of the matched operation, once its ids have the
// form the operations table gives them.
import type { OperationId } from '../../contract/operations.js';
import { type Row, routes } from '../../contract/table.js';
import { isUuid, uuidParams } from '../../contract/rules.js';
import { HttpError } from '../http-error.js';
import type { AccountScope, AppContext, HandlerRequest, HandlerResult, Handlers } from './types.js';

/** The request as the pipeline built it for one operation, before its types are known. */
export interface PipelineRequest {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  account: AccountScope;
  app: AppContext;
}

/** What the pipeline writes, whichever operation answered. */
export interface AnyResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  json?: Buffer;
}

/**
 * Calls the handler of operation `id`. Generic in the id, so `handlers[id]` is that operation's
 * handler and what it returns is checked against that operation's responses where the handler
 * is written; the map itself is never cast.
 */
export function dispatch<Id extends OperationId>(handlers: Handlers, id: Id, request: PipelineRequest): Promise<AnyResult> | AnyResult {
  checkIds(id, request.params);
  const handler = handlers[id];
  const result: HandlerResult<Id> | Promise<HandlerResult<Id>> = handler(requestOf(id, request));
  return result;
}

/**
 * Where the hosted API checks the form of an operation's ids (its row's `checksIdForm`), an id
 * the table says is a UUID and is not one is a 400, as it answers, not a 404: the message in
 * its words, the details naming each id.
 */
function checkIds(id: OperationId, params: Readonly<Record<string, string>>): void {
  const row: Row = routes[id];
  if (!row.checksIdForm) return;
  const bad = uuidParams(row).filter((name) => !isUuid(params[name] ?? ''));
  if (bad.length === 0) return;
  const more = bad.length > 1 ? ` (and ${bad.length - 1} more)` : '';
  throw new HttpError(
    400,
    `"${bad[0]}" must be a valid GUID${more}`,
    bad.map((name) => ({ path: name, message: 'must be a valid GUID' })),
  );
}

/**
 * The pipeline's request typed as operation `id`'s. The one assertion on the way to a handler,
 * and it is the runtime's to make: the query and body are the outputs of that operation's own
 * schemas (parsed in http.ts just before) and the params the names in its path (router.ts).
 * TypeScript cannot follow a run-time id to its row of the table.
 */
function requestOf<Id extends OperationId>(_id: Id, request: PipelineRequest): HandlerRequest<Id> {
  return request as HandlerRequest<Id>;
}

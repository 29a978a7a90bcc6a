// From the pipeline (http.ts) to the handler of the matched operation.
import type { OperationId } from '../../contract/operations.js';
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
  const handler = handlers[id];
  const result: HandlerResult<Id> | Promise<HandlerResult<Id>> = handler(requestOf(id, request));
  return result;
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

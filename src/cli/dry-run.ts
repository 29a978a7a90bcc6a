// --dry-run, the same for every command that changes something: the write is checked as the
// client would check it (a request it would refuse is the same usage error), then printed as
// method, path and body, and not sent. Reads needed to build it are made by the command before.
import { type OperationInput, operations } from '../contract/operations.js';
import { fillPath, type OperationId, routes } from '../contract/routes.js';
import { checkRequest } from '../client/validation.js';
import type { Context } from './context.js';

/** A write as it would go over the wire. `body` is null when the request has none. */
export interface PlannedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** The request `client[id](input)` would send, validated as the client validates it. */
export async function planRequest<Id extends OperationId>(id: Id, input: OperationInput<Id>): Promise<PlannedRequest> {
  const checked = checkRequest(id, operations[id], input as Parameters<typeof checkRequest>[2]);
  return { method: routes[id].method, path: fillPath(routes[id].path, checked.params), body: checked.body ?? null };
}

/**
 * Prints planned writes: `METHOD PATH` and the pretty JSON body for people; with --json the
 * object `{method, path, body}`, or an array of them when the command takes many ids.
 */
export async function printPlanned(ctx: Context, planned: PlannedRequest | PlannedRequest[]): Promise<void> {
  if (ctx.json) await ctx.printJson(planned);
  else {
    for (const request of Array.isArray(planned) ? planned : [planned]) {
      ctx.out(
        request.body === null
          ? `${request.method} ${request.path}`
          : `${request.method} ${request.path}\n${JSON.stringify(request.body, null, 2)}`,
      );
    }
  }
  ctx.info('dry run: nothing was sent');
}

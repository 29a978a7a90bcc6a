// --dry-run, the same for every command that changes something: the write is checked as the
// client would check it (a request it would refuse is the same usage error), then printed as
// method, path and body, and not sent. Reads needed to build it are made by the command before.
// A command that takes ids checks each id in its dry run as the real run does (its syntax, whether
// it exists where a read can tell, whether it is already done) and prints one row per id, for one
// id as for many, as the real run does (src/cli/api/bulk.ts), with the request it would send.
import type { OperationInput } from '../../contract/operations.js';
import { fillPath, type OperationId, routes } from '../../contract/table.js';
import type { z } from 'zod';
import { checkRequest, requestFits } from '../../client/validation.js';
import { fitsRequest } from '../../client/request-check.js';
import { type Done, runBulk } from './bulk.js';
import type { Context } from '../runtime/context.js';

/** A write as it would go over the wire. `body` is null when the request has none. */
export interface PlannedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** The request `client[id](input)` would send, validated as the client validates it. */
export async function planRequest<Id extends OperationId>(id: Id, input: OperationInput<Id>): Promise<PlannedRequest> {
  const given = input as Parameters<typeof checkRequest>[2];
  // As the client checks it: the schemas load only to word a request the derived shapes refuse.
  const checked = requestFits(id, routes[id], given)
    ? checkRequest(id, routes[id], given, true)
    : checkRequest(id, (await import('../../contract/operations.js')).operations[id], given);
  return { method: routes[id].method, path: fillPath(routes[id].path, checked.params), body: checked.body ?? null };
}

/**
 * What is wrong with `body` as the body of operation `id`, each `path: message` as the client
 * words it ([] when nothing): the schemas load only to word a body the derived shapes refuse.
 */
export async function bodyProblems(id: OperationId, body: unknown): Promise<string[]> {
  if (fitsRequest(id, 'body', body)) return [];
  const [{ operations }, { issueDetails }] = await Promise.all([
    import('../../contract/operations.js'),
    import('../../client/validation.js'),
  ]);
  const schema = (operations[id] as { body?: { safeParse(value: unknown): ReturnType<z.ZodType['safeParse']> } }).body;
  const checked = schema?.safeParse(body);
  if (!checked || checked.success) return [];
  return issueDetails(checked.error, 'body').map((detail) => `${detail.path}: ${detail.message}`);
}

/**
 * Prints planned writes: `METHOD PATH` and the pretty JSON body for people; with --json the
 * object `{method, path, body}`, or an array of them when the command plans several writes.
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

/** What a dry run of a command that takes ids adds to each JSON entry: the request, all null when none would be sent. */
export const NOTHING_PLANNED = { method: null, path: null, body: null };

/**
 * One id of a dry run of a command that takes ids: the outcome the real run would have (`would-archive`,
 * `already-resolved`), and the request it would send (none: undefined). `status` is that of the
 * read that decided it, null when no read was needed.
 */
export function plannedOutcome(outcome: string, planned: PlannedRequest | undefined, status: number | null, reason?: string): Done {
  const request = planned ? `${planned.method} ${planned.path}${planned.body === null ? '' : ` ${JSON.stringify(planned.body)}`}` : '';
  return {
    outcome,
    status,
    reason: [reason, request].filter(Boolean).join(': '),
    fields: planned ? { method: planned.method, path: planned.path, body: planned.body } : NOTHING_PLANNED,
  };
}

/**
 * A dry run of a command that takes ids: one row per id under its whole id, for one id as for many (`ID<TAB>OUTCOME<TAB>REASON`;
 * -o json: `{id, ok, status, error, method, path, body}`), the exit code of the worst, as the
 * real run would have, and nothing sent.
 */
export async function runPlannedBulk(
  ctx: Context,
  ids: readonly string[] | AsyncIterable<string>,
  concurrency: number,
  plan: (id: string, found: (wholeId: string) => void) => Promise<Done>,
): Promise<void> {
  try {
    await runBulk(ctx, ids, concurrency, plan, NOTHING_PLANNED);
  } finally {
    ctx.info('dry run: nothing was sent');
  }
}

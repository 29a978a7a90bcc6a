// `checks status`: every check's state from its latest result (failing, error, degraded,
// passing), or with a CHECK one check's status as a record. -o json is the API's answer: the
// array of statuses, or the one status.
import { Option } from '@commander-js/extra-typings';
import type { CheckStatus } from '../../../contract/schemas.js';
import { isNotFound } from '../../errors/not-found.js';
import { checkIdOf, findCheck, listStatuses } from '../../lookup/checks.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { CHECK_STATUS, checkState } from '../../views/check-status.js';
import { renderList, renderRecord } from '../../views/resource.js';

export interface StatusOptions {
  failing?: boolean;
  degraded?: boolean;
}

export function declare(checks: Noun): void {
  examples(
    checks
      .command('status')
      .argument('[check]', `${CHECK_STATUS.argument.help}; without it, every check`)
      .description(
        "Each check's state from its latest result: failing (a failed run), error, degraded (slow), passing, or no runs.\n\n" +
          'Piped: ID, NAME, STATE, LAST RUN (ISO), LOCATION, RESPONSE TIME (the fastest and slowest run), tab-separated. ' +
          'With -o json: the API response (an array; with a CHECK, the one status). A CHECK is its name (any case, or a ' +
          'unique prefix) or its id; an unknown one is exit 4, with the closest names.',
      )
      .addOption(new Option('--failing', 'only the checks failing now (a failure or an error)').conflicts('degraded'))
      .option('--degraded', 'only the checks degraded now')
      .action((check, options, command) => run(Context.fromCommand(command), options, check)),
    [
      'statusctl checks status',
      'statusctl checks status --failing',
      'statusctl checks status --degraded -o md',
      "statusctl checks status 'Payments API'",
      "statusctl checks status --failing --jq '.[].checkId'",
    ],
  );
}

export async function run(ctx: Context, options: StatusOptions, check?: string): Promise<void> {
  const client = await ctx.client();
  if (check !== undefined) {
    if (options.failing || options.degraded) {
      ctx.info(`note: --${options.failing ? 'failing' : 'degraded'} filters the list; one check is shown whatever its state`);
    }
    const status = await readOne(ctx, check);
    if (ctx.json) return ctx.printJson(status);
    return ctx.outPaged(await renderRecord(ctx, CHECK_STATUS, status));
  }
  const all = await listStatuses(client);
  const keep = options.failing
    ? (status: CheckStatus) => ['failing', 'error'].includes(checkState(status))
    : options.degraded
      ? (status: CheckStatus) => checkState(status) === 'degraded'
      : undefined;
  const statuses = keep ? all.filter(keep) : all;
  if (ctx.json) return ctx.printJson(statuses);
  if (statuses.length === 0) {
    ctx.info(options.failing ? 'No failing checks.' : options.degraded ? 'No degraded checks.' : 'No checks.');
    return;
  }
  await ctx.outPaged(await renderList(ctx, CHECK_STATUS, statuses));
}

/** One check's status: by its id, or found by name among every status. */
async function readOne(ctx: Context, given: string): Promise<CheckStatus> {
  const client = await ctx.client();
  const id = await checkIdOf(ctx, given);
  try {
    const status = await client.getCheckStatus({ params: { checkId: id } });
    if (status !== null) return status;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  // An id of no check (a 404, or the null the document allows): say so with the checks there are.
  return findCheck(given, await listStatuses(client));
}

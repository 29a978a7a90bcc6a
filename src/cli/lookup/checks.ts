// Finding the check a command names: its id (whole, or a unique prefix of at least 6
// characters) or its name (any case, whole or a unique prefix), among the account's check
// statuses, the one list of checks the API gives.
import { isUuid } from '../../contract/rules.js';
import type { CheckStatus } from '../../contract/schemas.js';
import { CliError, ExitCode } from '../errors/exit-codes.js';
import { notFoundAmong } from '../errors/not-found.js';
import type { Context } from '../runtime/context.js';

const MIN_PREFIX = 6;
export const CHECK_HINT = 'statusctl checks status lists the checks, with their names and ids';

/** The check `given` names among `checks`. */
export function findCheck(given: string, checks: readonly CheckStatus[]): CheckStatus {
  const wanted = given.trim();
  const lower = wanted.toLowerCase();
  const tiers: ((check: CheckStatus) => boolean)[] = [
    (check) => check.checkId === lower,
    (check) => check.name.toLowerCase() === lower,
    (check) => lower.length >= MIN_PREFIX && check.checkId.startsWith(lower),
    (check) => check.name.toLowerCase().startsWith(lower),
  ];
  for (const matches of tiers) {
    const found = checks.filter(matches);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) {
      throw new CliError(
        ExitCode.usage,
        [`check "${wanted}": matches ${found.length} checks:`, ...found.map((check) => `  ${check.checkId}  ${check.name}`)].join('\n'),
        undefined,
        'give more of the name, or the whole id',
      );
    }
  }
  throw notFoundAmong(
    'check',
    'checks',
    wanted,
    checks.map((check) => ({ names: [check.name], line: `${check.checkId}  ${check.name}` })),
    CHECK_HINT,
  );
}

type Client = Awaited<ReturnType<Context['client']>>;

/** Every check status of the account; a null the API may list (the document allows it) is no check. */
export async function listStatuses(client: Client): Promise<CheckStatus[]> {
  return (await client.listCheckStatuses({})).filter((status): status is CheckStatus => status !== null);
}

/** The id of the check `given` names: a whole UUID is taken as is, anything else looked up. */
export async function checkIdOf(ctx: Context, given: string): Promise<string> {
  const id = given.trim().toLowerCase();
  if (isUuid(id)) return id;
  return findCheck(given, await listStatuses(await ctx.client())).checkId;
}

const RESULTS_HINT = (check: string) => `statusctl checks results ${shellWord(check)} shows the ids of its results`;

/** A check as typed back in a hint: quoted when it is more than one word. */
function shellWord(value: string): string {
  return /^[\w.@%+=:,/-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The whole id of the result `given` names among the results of the check `checkId` (`check`,
 * as the user named it, for messages): a whole UUID is taken as is; a unique prefix of at least
 * 6 characters, as terminal tables show them, is looked for in the check's results, every page.
 */
export async function resultIdOf(ctx: Context, checkId: string, given: string, check: string): Promise<string> {
  const wanted = given.trim().toLowerCase();
  if (isUuid(wanted)) return wanted;
  if (wanted.length < MIN_PREFIX) {
    throw new CliError(
      ExitCode.usage,
      `result "${given}" is too short: give the whole id or at least its first ${MIN_PREFIX} characters`,
      undefined,
      RESULTS_HINT(check),
    );
  }
  const client = await ctx.client();
  const { fetchPages } = await import('../api/paging.js');
  const all = await fetchPages((query) => client.listCheckResults({ params: { checkId }, ...(query ? { query } : {}) }), { all: true });
  const found = all.entries.filter((result) => result.id?.startsWith(wanted));
  if (found.length === 1) return found[0]!.id!;
  if (found.length > 1) {
    throw new CliError(
      ExitCode.usage,
      [`result "${given}": matches ${found.length} results:`, ...found.map((result) => `  ${result.id}  ${result.created_at}`)].join('\n'),
      undefined,
      'give more of the id, or the whole id',
    );
  }
  throw new CliError(ExitCode.notFound, `result "${given}": not found among the results of check ${check}`, undefined, RESULTS_HINT(check));
}

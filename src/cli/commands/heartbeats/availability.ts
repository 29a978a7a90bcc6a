// `heartbeats availability`: success ratio of heartbeat checks now and in the previous period,
// with the change, and a CI gate (--fail-under, exit 5 when any check is under it). One shape
// whatever the number of checks: a row per check (a table on a terminal, with bars where the
// width allows; tab-separated figures piped; Markdown with -o md), -o json an array of
// {checkId, availability, error}; a check that cannot be read is a row with its error.
import { examples, percentage } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { CliError, ExitCode } from '../../errors/exit-codes.js';
import { describeFailure } from '../../errors/failure.js';
import { shortReason } from '../../api/bulk.js';
import type { Noun } from '../../runtime/globals.js';
import { type AvailabilityOptions, type CheckAvailability, renderAvailability, type Row } from '../../views/heartbeat-availability.js';
import { tableFormat } from '../../output/cells.js';
import type { Client } from '../../../client/index.js';
import { checkWindow, WINDOW_HELP, windowOptions, windowQuery } from '../../input/time.js';
import { type IdArgument, sentId } from '../../input/ids.js';

/** Check ids for the examples (the noun's help shows them too). */
const CHECK = '676ca3e3-a836-5d4b-adc0-e52fb2a005d6';
const OTHER_CHECK = 'b90cabd6-b79f-598f-9c6e-bc96ce064a8d';

/** A heartbeat check's id as the verbs of heartbeats take it; the API lists no heartbeat checks to look one up in. */
export const CHECK_ARGUMENT: IdArgument = { name: 'CHECK', hint: "a heartbeat check's id is a UUID, shown on the check's page in the app" };

export function declare(heartbeats: Noun): void {
  const [since, from, to] = windowOptions();
  examples(
    heartbeats
      .command('availability')
      .description(
        'Success ratio now and in the previous period of the same length, and the change, as figures and bars.\n\n' +
          'On a terminal each bar is drawn against the target (--fail-under, else 99%): it runs from a floor (the target ' +
          'less three times its headroom) to 100%, the target marked │ three quarters along, so a check under its target ' +
          'never reaches the mark and 97.6% and 100% look apart; a line under the table gives the scale. Below it, for each ' +
          'check under 100%, its worst UTC hour (a window of up to 2 days) or day (up to 62 days), with the ratio and ' +
          'events then: a request per hour or day, made on a terminal only.\n\n' +
          `${WINDOW_HELP}\n\n` +
          'One row per check, in the order given, however many: -o json prints [{checkId, availability, error}] ' +
          '(availability is the API response; error says why a check could not be read, and its row is still printed).\n\n' +
          '--fail-under takes a percentage (99.5% or 99.5): exit 5 when any check is under it or has no events in the ' +
          'current period. A bare number below 1 (0.995) is refused: write 99.5%.',
      )
      .argument('<check...>', 'ids of heartbeat checks (UUIDs)')
      .addOption(since)
      .addOption(from)
      .addOption(to)
      .option(
        '--fail-under <percent>',
        'exit 5 when a check is under this percentage (99.5%), or has no events in the current period',
        percentage,
      )
      .action((checkIds, options, command) => run(Context.fromCommand(command), checkIds, options)),
    [
      `statusctl heartbeats availability ${CHECK}`,
      `statusctl heartbeats availability ${CHECK} --since 7d`,
      `statusctl heartbeats availability ${CHECK} ${OTHER_CHECK} --since 30d --fail-under 99.5%`,
      `statusctl heartbeats availability ${CHECK} --from 2025-06-01 --to 2025-06-07`,
      `statusctl heartbeats availability ${CHECK} --from 2d --to 1d`,
      `statusctl heartbeats availability ${CHECK} --fail-under 99.5% || echo "heartbeat below 99.5%"`,
      `statusctl heartbeats availability ${CHECK} -o json`,
    ],
  );
}

export async function run(ctx: Context, checkIds: string[], options: AvailabilityOptions): Promise<void> {
  const now = ctx.now();
  await checkWindow(options, now);
  const query = windowQuery(options, now);
  // Every id is checked before the first request: they were typed on the command line.
  const checks = [...new Set(checkIds.map((id) => sentId('getHeartbeatAvailability', 'checkId', id, CHECK_ARGUMENT)))];
  const client = await ctx.client();
  const rows: Row[] = [];
  // One at a time, in the order given: a handful of checks, and a 429 stays simple.
  for (const checkId of checks) {
    try {
      rows.push({ checkId, availability: await client.getHeartbeatAvailability({ params: { checkId }, query }), error: null });
    } catch (error) {
      const failure = describeFailure(error);
      // A bad key fails every check the same way: one error, no rows.
      if (failure.exitCode === ExitCode.auth) throw error;
      // The row names the check: the request's path (with the window) is left out of its error.
      rows.push({
        checkId,
        availability: null,
        error: shortReason(failure.message),
        failure: { exitCode: failure.exitCode, cause: error },
      });
    }
  }
  if (ctx.json) await ctx.printJson(rows.map(({ checkId, availability, error }): CheckAvailability => ({ checkId, availability, error })));
  else {
    if (tableFormat(ctx) === 'terminal') await findWorst(client, rows, query, now);
    await ctx.outPaged(await renderAvailability(ctx, rows, options));
  }
  reportFailures(rows);
  if (options.failUnder !== undefined) enforceThreshold(rows, options.failUnder);
}

/**
 * For people on a terminal: where the window was worst, for each check below 100 %. A period
 * that cannot be read leaves that line out: the figures above are what was asked for.
 */
async function findWorst(client: Client, rows: Row[], query: { startTime?: string; endTime?: string }, now: number): Promise<void> {
  const { worstPeriod } = await import('../../lookup/heartbeat-periods.js');
  for (const row of rows) {
    const current = row.availability?.successRatio.currentPeriod;
    if (row.error !== null || current === undefined || current === null || current >= 100) continue;
    try {
      row.worst = await worstPeriod(client, row.checkId, query, now);
    } catch (error) {
      if (describeFailure(error).exitCode === ExitCode.auth) throw error;
    }
  }
}

/** Checks that could not be read: the error of one as it is (with its hint), a summary of several; the exit code of the worst. */
function reportFailures(rows: Row[]): void {
  const failed = rows.filter((row) => row.failure);
  if (failed.length === 0) return;
  if (failed.length === 1 && rows.length === 1) throw failed[0]!.failure!.cause;
  const worst = failed.some((row) => row.failure!.exitCode !== ExitCode.notFound) ? ExitCode.failure : ExitCode.notFound;
  throw new CliError(
    worst,
    [`${failed.length} of ${rows.length} checks could not be read:`, ...failed.map((row) => `  ${row.checkId}: ${row.error}`)].join('\n'),
  );
}

/**
 * Every check is held to the threshold. No ratio for the current period fails the gate too: a
 * heartbeat that sent nothing is the outage the gate is there to catch, not a pass.
 */
function enforceThreshold(results: CheckAvailability[], failUnder: number): void {
  const failing: string[] = [];
  for (const { checkId, availability } of results) {
    const current = availability?.successRatio.currentPeriod;
    if (current === undefined || current === null) failing.push(`${checkId}: no heartbeat events in the current period`);
    else if (current < failUnder) failing.push(`${checkId}: ${current.toFixed(2)}%`);
  }
  if (failing.length === 0) return;
  if (results.length === 1) {
    const current = results[0]!.availability?.successRatio.currentPeriod;
    throw new CliError(
      ExitCode.threshold,
      current === undefined || current === null
        ? `no heartbeat events in the current period: availability cannot reach --fail-under ${failUnder}%`
        : `availability ${current.toFixed(2)}% is below --fail-under ${failUnder}%`,
    );
  }
  throw new CliError(
    ExitCode.threshold,
    [`${failing.length} of ${results.length} checks below --fail-under ${failUnder}%:`, ...failing.map((line) => `  ${line}`)].join('\n'),
  );
}

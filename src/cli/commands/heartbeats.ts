// heartbeats availability: success ratio of heartbeat checks now and in the previous period,
// with the change, as figures and bars, and a CI gate (--fail-under, exit 5 when any check is
// under it).
import { Option } from '@commander-js/extra-typings';
import { availabilityWindow } from '../../contract/rules.js';
import { examples, percentage } from '../command-kit.js';
import { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../exit-codes.js';
import type { Program } from '../globals.js';
import type { AvailabilityOptions, CheckAvailability } from '../render/availability.js';
import { absoluteTime, relativeSpan, span } from '../time-input.js';

const CHECK = '676ca3e3-a836-5d4b-adc0-e52fb2a005d6';
const OTHER_CHECK = 'b90cabd6-b79f-598f-9c6e-bc96ce064a8d';

export function register(program: Program): void {
  const heartbeats = program.command('heartbeats').description('Heartbeat checks');
  examples(heartbeats, [
    `statusctl heartbeats availability ${CHECK} --since 7d`,
    `statusctl heartbeats availability ${CHECK} --fail-under 99.5%`,
  ]);

  examples(
    heartbeats
      .command('availability')
      .description(
        'Success ratio now and in the previous period of the same length, and the change, as figures and bars.\n\n' +
          'The window: --since 24h|7d|30d (up to now), or --from and --to, each a date (YYYY-MM-DD; --to covers that ' +
          'whole day), an ISO date-time, or a time ago (7d, 2h, 30m); default the last 24 hours.\n\n' +
          'Several checks: one row each. With -o json, one check prints the API response as it is; several print ' +
          '[{checkId, availability}], one entry per check in the order given.\n\n' +
          '--fail-under takes a percentage (99.5% or 99.5): exit 5 when any check is under it or has no events in the ' +
          'current period. A bare number below 1 (0.995) is refused: write 99.5%.',
      )
      .argument('<check...>', 'ids of heartbeat checks')
      .addOption(
        new Option('--since <span>', 'the window up to now: 24h, 7d, 30d (or any count of m, h, d, w)')
          .argParser(span)
          .conflicts(['from', 'to']),
      )
      .option('--from <when>', 'start of the window: YYYY-MM-DD, an ISO date-time, or a time ago: 7d, 2h (default: 24 hours before --to)')
      .option('--to <when>', 'end of the window: YYYY-MM-DD (that whole day), an ISO date-time, or a time ago (default: now)')
      .option(
        '--fail-under <percent>',
        'exit 5 when a check is under this percentage (99.5%), or has no events in the current period',
        percentage,
      )
      .action((checkIds, options, command) => runAvailability(Context.fromCommand(command), checkIds, options)),
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

async function runAvailability(ctx: Context, checkIds: string[], options: AvailabilityOptions): Promise<void> {
  const now = ctx.now();
  await checkWindow(options, now);
  const query = windowQuery(options, now);
  const client = await ctx.client();
  const results: CheckAvailability[] = [];
  // One at a time, in the order given: a handful of checks, and a 429 stays simple.
  for (const checkId of [...new Set(checkIds)]) {
    results.push({ checkId, availability: await client.getHeartbeatAvailability({ params: { checkId }, query }) });
  }
  if (ctx.json) await ctx.printJson(results.length === 1 ? results[0]!.availability : results);
  else {
    const { renderAvailability } = await import('../render/availability.js');
    await ctx.outPaged(await renderAvailability(ctx, results, options));
  }
  if (options.failUnder !== undefined) enforceThreshold(results, options.failUnder);
}

/** The window as the API takes it: relative times turned into timestamps against the run's clock. */
function windowQuery(options: AvailabilityOptions, now: number): { startTime?: string; endTime?: string } {
  if (options.since) return { startTime: new Date(now - options.since.ms).toISOString() };
  return {
    ...(options.from ? { startTime: absoluteTime(options.from, now) } : {}),
    ...(options.to ? { endTime: absoluteTime(options.to, now) } : {}),
  };
}

/**
 * The same rules as the server (the contract's own schema), checked before any request so a
 * typo is a usage error naming the option, not an API failure.
 */
async function checkWindow(options: AvailabilityOptions, now: number): Promise<void> {
  const { DateOrDateTime } = await import('../../contract/schemas.js');
  for (const [name, value] of [
    ['--from', options.from],
    ['--to', options.to],
  ] as const) {
    if (value !== undefined && !relativeSpan(value) && !DateOrDateTime.safeParse(value).success) {
      throw usageError(
        `option '${name} <when>' argument '${value}' is invalid: expected YYYY-MM-DD, an ISO date-time like 2025-06-01T08:00:00Z, or a time ago like 7d or 2h`,
      );
    }
  }
  const { startTime, endTime } = windowQuery(options, now);
  // Without --to the window ends now: a --from after that is refused here, not by the server.
  if (startTime && availabilityWindow(now, startTime, endTime).empty) {
    throw usageError(
      options.to
        ? `option '--from' (${options.from}) must be before '--to' (${options.to})`
        : `option '--from' (${options.from}) is in the future: the window ends now without --to`,
      'the window is [--from, --to); --to defaults to now and --from to 24 hours before --to',
    );
  }
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

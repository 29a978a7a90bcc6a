// heartbeats availability: success ratio of a heartbeat check now and in the previous period,
// as figures and bars, and a CI gate (--fail-under, exit 5).
import type { HeartbeatAvailability } from '../../contract/schemas.js';
import { availabilityWindow, isDateOnly } from '../../contract/rules.js';
import { examples, percentage } from '../command-kit.js';
import { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../exit-codes.js';
import type { Program } from '../globals.js';

interface AvailabilityOptions {
  from?: string;
  to?: string;
  failUnder?: number;
}

const BAR_WIDTH = 30;

export function register(program: Program): void {
  const heartbeats = program.command('heartbeats').description('Heartbeat checks');
  examples(heartbeats, [
    'statusctl heartbeats availability 676ca3e3-a836-5d4b-adc0-e52fb2a005d6',
    'statusctl heartbeats availability 676ca3e3-a836-5d4b-adc0-e52fb2a005d6 --fail-under 99.5',
  ]);

  examples(
    heartbeats
      .command('availability')
      .description('Success ratio now and in the previous period of the same length, as figures and bars')
      .argument('<check>', 'id of the heartbeat check (a UUID)')
      .option('--from <date>', 'start of the window: YYYY-MM-DD or an ISO date-time (default: 24 hours ago)')
      .option('--to <date>', 'end of the window: YYYY-MM-DD (that whole day) or an ISO date-time (default: now)')
      .option(
        '--fail-under <percent>',
        'exit 5 when the current success ratio is below this, or when the current period has no events at all',
        percentage,
      )
      .action((checkId, options, command) => runAvailability(Context.fromCommand(command), checkId, options)),
    [
      'statusctl heartbeats availability 676ca3e3-a836-5d4b-adc0-e52fb2a005d6',
      'statusctl heartbeats availability 676ca3e3-a836-5d4b-adc0-e52fb2a005d6 --from 2025-06-01 --to 2025-06-07',
      'statusctl heartbeats availability 676ca3e3-a836-5d4b-adc0-e52fb2a005d6 --from 2025-06-01T08:00:00Z',
      'statusctl heartbeats availability 676ca3e3-a836-5d4b-adc0-e52fb2a005d6 --fail-under 99.5 || echo "heartbeat below 99.5%"',
      'statusctl heartbeats availability 676ca3e3-a836-5d4b-adc0-e52fb2a005d6 -o json',
    ],
  );
}

async function runAvailability(ctx: Context, checkId: string, options: AvailabilityOptions): Promise<void> {
  await checkWindow(options, ctx.now());
  const client = await ctx.client();
  const query = {
    ...(options.from ? { startTime: options.from } : {}),
    ...(options.to ? { endTime: options.to } : {}),
  };
  const availability = await client.getHeartbeatAvailability({ params: { checkId }, query });
  if (ctx.json) await ctx.printJson(availability);
  else ctx.out(await renderAvailability(ctx, checkId, availability, options));
  if (options.failUnder !== undefined) enforceThreshold(availability, options.failUnder);
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
    if (value !== undefined && !DateOrDateTime.safeParse(value).success) {
      throw usageError(
        `option '${name} <date>' argument '${value}' is invalid: expected YYYY-MM-DD or an ISO date-time like 2025-06-01T08:00:00Z`,
      );
    }
  }
  // Without --to the window ends now: a --from after that is refused here, not by the server.
  if (options.from && availabilityWindow(now, options.from, options.to).empty) {
    throw usageError(
      options.to
        ? `option '--from' (${options.from}) must be before '--to' (${options.to})`
        : `option '--from' (${options.from}) is in the future: the window ends now without --to`,
      'the window is [--from, --to); --to defaults to now and --from to 24 hours before --to',
    );
  }
}

/**
 * No ratio for the current period fails the gate too: a heartbeat that sent nothing is the
 * outage the gate is there to catch, not a pass.
 */
function enforceThreshold(availability: HeartbeatAvailability, failUnder: number): void {
  const current = availability?.successRatio.currentPeriod;
  if (current === undefined || current === null) {
    throw new CliError(
      ExitCode.threshold,
      `no heartbeat events in the current period: availability cannot reach --fail-under ${failUnder}%`,
    );
  }
  if (current < failUnder) {
    throw new CliError(ExitCode.threshold, `availability ${current.toFixed(2)}% is below --fail-under ${failUnder}%`);
  }
}

function describeWindow(options: AvailabilityOptions): string {
  const to = options.to ? (isDateOnly(options.to) ? `the end of ${options.to}` : options.to) : 'now';
  if (!options.from && !options.to) return 'the last 24 hours';
  if (!options.from) return `the 24 hours up to ${to}`;
  return `${options.from} to ${to}`;
}

async function renderAvailability(
  ctx: Context,
  checkId: string,
  availability: HeartbeatAvailability,
  options: AvailabilityOptions,
): Promise<string> {
  if (ctx.globals.output === 'md') return availabilityMarkdown(ctx, checkId, availability, options);
  const { bar } = await import('../render/bar-chart.js');
  const s = ctx.style;
  const label = (text: string) => `  ${s.dim(text.padEnd(10))}`;
  const color = (percent: number) => {
    if (options.failUnder !== undefined) return percent >= options.failUnder ? s.green : s.red;
    return percent >= 99 ? s.green : percent >= 95 ? s.yellow : s.red;
  };
  const row = (name: string, percent: number | null | undefined) => {
    if (percent === undefined || percent === null) return `${label(name)}${s.dim('no events in this period')}`;
    const drawn = bar(percent, BAR_WIDTH);
    const paint = color(percent);
    return `${label(name)}${paint(drawn.filled)}${s.dim(drawn.track)} ${paint(`${percent.toFixed(2).padStart(6)}%`)}`;
  };

  const lines = [`${s.bold('Heartbeat availability')} ${checkId}`, `${label('window')}${describeWindow(options)}`];
  if (availability === null) {
    lines.push(`${label('current')}${s.dim('no events in this period')}`);
    lines.push(`${label('previous')}${s.dim('no events in this period')}`);
    lines.push(`${label('events')}0`);
  } else {
    lines.push(row('current', availability.successRatio.currentPeriod));
    lines.push(row('previous', availability.successRatio.previousPeriod));
    lines.push(`${label('events')}${availability.totalEntitiesCurrentPeriod} in the current period`);
  }
  if (options.failUnder !== undefined) lines.push(`${label('threshold')}${options.failUnder}%`);
  return lines.join('\n');
}

/** -o md: the figures as a table, to paste into a ticket or a chat. */
async function availabilityMarkdown(
  ctx: Context,
  checkId: string,
  availability: HeartbeatAvailability,
  options: AvailabilityOptions,
): Promise<string> {
  const { renderTable } = await import('../output.js');
  const percent = (value: number | null | undefined) => (value === undefined || value === null ? 'no events' : `${value.toFixed(2)}%`);
  const table = await renderTable(
    ctx,
    ['period', 'success ratio'],
    [
      ['current', percent(availability?.successRatio.currentPeriod)],
      ['previous', percent(availability?.successRatio.previousPeriod)],
    ],
  );
  const fields = [
    `- **window:** ${describeWindow(options)}`,
    `- **events in the current period:** ${availability?.totalEntitiesCurrentPeriod ?? 0}`,
    ...(options.failUnder !== undefined ? [`- **threshold:** ${options.failUnder}%`] : []),
  ];
  return [`### Heartbeat availability \`${checkId}\``, fields.join('\n'), table].join('\n\n');
}

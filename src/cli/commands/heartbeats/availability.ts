// `heartbeats availability`: success ratio of heartbeat checks now and in the previous period,
// with the change, as figures and bars, and a CI gate (--fail-under, exit 5 when any check is
// under it). For people, one check is labelled lines with bars, several a table with one row each
// (bars on a terminal; tab-separated figures piped; Markdown with -o md).
import type { HeartbeatAvailability } from '../../../contract/schemas.js';
import { examples, percentage } from '../../command-kit.js';
import { Context } from '../../context.js';
import { CliError, ExitCode } from '../../exit-codes.js';
import type { Noun } from '../../globals.js';
import { bar } from '../../output/bar-chart.js';
import { renderTable, tableFormat } from '../../output/cells.js';
import { checkWindow, describeWindow, WINDOW_HELP, type WindowOptions, windowOptions, windowQuery } from '../../time-input.js';

/** Check ids for the examples (the noun's help shows them too). */
export const CHECK = '676ca3e3-a836-5d4b-adc0-e52fb2a005d6';
const OTHER_CHECK = 'b90cabd6-b79f-598f-9c6e-bc96ce064a8d';

export interface AvailabilityOptions extends WindowOptions {
  failUnder?: number;
}

/** One check's answer. */
export interface CheckAvailability {
  checkId: string;
  availability: HeartbeatAvailability;
}

export function declare(heartbeats: Noun): void {
  const [since, from, to] = windowOptions();
  examples(
    heartbeats
      .command('availability')
      .description(
        'Success ratio now and in the previous period of the same length, and the change, as figures and bars.\n\n' +
          `${WINDOW_HELP}\n\n` +
          'Several checks: one row each. With -o json, one check prints the API response as it is; several print ' +
          '[{checkId, availability}], one entry per check in the order given.\n\n' +
          '--fail-under takes a percentage (99.5% or 99.5): exit 5 when any check is under it or has no events in the ' +
          'current period. A bare number below 1 (0.995) is refused: write 99.5%.',
      )
      .argument('<check...>', 'ids of heartbeat checks')
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
  const client = await ctx.client();
  const results: CheckAvailability[] = [];
  // One at a time, in the order given: a handful of checks, and a 429 stays simple.
  for (const checkId of [...new Set(checkIds)]) {
    results.push({ checkId, availability: await client.getHeartbeatAvailability({ params: { checkId }, query }) });
  }
  if (ctx.json) await ctx.printJson(results.length === 1 ? results[0]!.availability : results);
  else await ctx.outPaged(await renderAvailability(ctx, results, options));
  if (options.failUnder !== undefined) enforceThreshold(results, options.failUnder);
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

const BAR_WIDTH = 30;
const ROW_BAR_WIDTH = 12;

type Ratio = number | null | undefined;
const has = (value: Ratio): value is number => value !== undefined && value !== null;

/** The change from the previous period in percentage points: `+1.25 pts`, `-3.10 pts`, `-` without both figures. */
function change(current: Ratio, previous: Ratio): string {
  if (!has(current) || !has(previous)) return '-';
  const delta = current - previous;
  const sign = delta > 0 ? '+' : delta < 0 ? '-' : '±';
  return `${sign}${Math.abs(delta).toFixed(2)} pts`;
}

const percent = (value: Ratio) => (has(value) ? `${value.toFixed(2)}%` : 'no events');

export async function renderAvailability(ctx: Context, results: CheckAvailability[], options: AvailabilityOptions): Promise<string> {
  const format = tableFormat(ctx);
  if (format === 'md') return markdown(ctx, results, options);
  if (results.length === 1) return oneCheck(ctx, results[0]!, options);
  return severalChecks(ctx, results, options);
}

function paintFor(ctx: Context, options: AvailabilityOptions) {
  const s = ctx.style;
  return (value: number) => {
    if (options.failUnder !== undefined) return value >= options.failUnder ? s.green : s.red;
    return value >= 99 ? s.green : value >= 95 ? s.yellow : s.red;
  };
}

/** One check: labelled lines with a bar for each period (the form scripts of one check already read). */
function oneCheck(ctx: Context, { checkId, availability }: CheckAvailability, options: AvailabilityOptions): string {
  const s = ctx.style;
  const color = paintFor(ctx, options);
  const label = (text: string) => `  ${s.dim(text.padEnd(10))}`;
  const row = (name: string, value: Ratio) => {
    if (!has(value)) return `${label(name)}${s.dim('no events in this period')}`;
    const drawn = bar(value, BAR_WIDTH);
    const paint = color(value);
    return `${label(name)}${paint(drawn.filled)}${s.dim(drawn.track)} ${paint(`${value.toFixed(2).padStart(6)}%`)}`;
  };
  const current = availability?.successRatio.currentPeriod;
  const previous = availability?.successRatio.previousPeriod;
  const lines = [`${s.bold('Heartbeat availability')} ${checkId}`, `${label('window')}${describeWindow(options)}`];
  lines.push(row('current', current));
  lines.push(row('previous', previous));
  lines.push(`${label('change')}${change(current, previous)}`);
  lines.push(`${label('events')}${availability?.totalEntitiesCurrentPeriod ?? 0} in the current period`);
  if (options.failUnder !== undefined) lines.push(`${label('threshold')}${options.failUnder}%`);
  return lines.join('\n');
}

/** Several checks: a row each. Piped, the figures alone (id, current, previous, change, events), tab-separated. */
async function severalChecks(ctx: Context, results: CheckAvailability[], options: AvailabilityOptions): Promise<string> {
  const color = paintFor(ctx, options);
  const table = await renderTable(
    ctx,
    [{ header: 'check', id: true }, 'current', 'previous', 'change', 'events'],
    results.map(({ checkId, availability }) => {
      const current = availability?.successRatio.currentPeriod;
      const previous = availability?.successRatio.previousPeriod;
      const drawn = has(current) ? bar(current, ROW_BAR_WIDTH) : undefined;
      return [
        checkId,
        {
          text: has(current) ? current.toFixed(2) : '',
          short: drawn ? `${drawn.filled}${drawn.track} ${percent(current).padStart(7)}` : 'no events',
          ...(has(current) ? { paint: color(current) } : {}),
        },
        { text: has(previous) ? previous.toFixed(2) : '', short: percent(previous) },
        change(current, previous),
        String(availability?.totalEntitiesCurrentPeriod ?? 0),
      ];
    }),
  );
  if (tableFormat(ctx) !== 'terminal') return table;
  const threshold = options.failUnder !== undefined ? `, threshold ${options.failUnder}%` : '';
  return `${ctx.style.bold('Heartbeat availability')} ${describeWindow(options)}${threshold}\n${table}`;
}

/** -o md: the figures as a table, to paste into a ticket or a chat. */
async function markdown(ctx: Context, results: CheckAvailability[], options: AvailabilityOptions): Promise<string> {
  const fields = [
    `- **window:** ${describeWindow(options)}`,
    ...(options.failUnder !== undefined ? [`- **threshold:** ${options.failUnder}%`] : []),
  ];
  if (results.length === 1) {
    const { checkId, availability } = results[0]!;
    const current = availability?.successRatio.currentPeriod;
    const previous = availability?.successRatio.previousPeriod;
    const table = await renderTable(
      ctx,
      ['period', 'success ratio'],
      [
        ['current', percent(current)],
        ['previous', percent(previous)],
        ['change', change(current, previous)],
      ],
    );
    fields.splice(1, 0, `- **events in the current period:** ${availability?.totalEntitiesCurrentPeriod ?? 0}`);
    return [`### Heartbeat availability \`${checkId}\``, fields.join('\n'), table].join('\n\n');
  }
  const table = await renderTable(
    ctx,
    [{ header: 'check', id: true }, 'current', 'previous', 'change', 'events'],
    results.map(({ checkId, availability }) => [
      checkId,
      percent(availability?.successRatio.currentPeriod),
      percent(availability?.successRatio.previousPeriod),
      change(availability?.successRatio.currentPeriod, availability?.successRatio.previousPeriod),
      String(availability?.totalEntitiesCurrentPeriod ?? 0),
    ]),
  );
  return ['### Heartbeat availability', fields.join('\n'), table].join('\n\n');
}

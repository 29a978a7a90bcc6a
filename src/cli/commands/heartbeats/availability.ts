// `heartbeats availability`: success ratio of heartbeat checks now and in the previous period,
// with the change, and a CI gate (--fail-under, exit 5 when any check is under it). One shape
// whatever the number of checks: a row per check (a table on a terminal, with bars where the
// width allows; tab-separated figures piped; Markdown with -o md), -o json an array of
// {checkId, availability, error}; a check that cannot be read is a row with its error.
import type { HeartbeatAvailability } from '../../../contract/schemas.js';
import { examples, percentage } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { CliError, ExitCode } from '../../errors/exit-codes.js';
import { describeFailure } from '../../errors/failure.js';
import { shortReason } from '../../api/bulk.js';
import type { Noun } from '../../runtime/globals.js';
import { bar } from '../../output/bar-chart.js';
import { type Cell, type ColumnSpec, renderFields, renderTable, tableFormat, terminalWidth } from '../../output/cells.js';
import { checkWindow, describeWindow, WINDOW_HELP, type WindowOptions, windowOptions, windowQuery } from '../../input/time.js';
import { type IdArgument, sentId } from '../../input/ids.js';

/** Check ids for the examples (the noun's help shows them too). */
const CHECK = '676ca3e3-a836-5d4b-adc0-e52fb2a005d6';
const OTHER_CHECK = 'b90cabd6-b79f-598f-9c6e-bc96ce064a8d';

/** A heartbeat check's id as the verbs of heartbeats take it; the API lists no heartbeat checks to look one up in. */
export const CHECK_ARGUMENT: IdArgument = { name: 'CHECK', hint: "a heartbeat check's id is a UUID, shown on the check's page in the app" };

export interface AvailabilityOptions extends WindowOptions {
  failUnder?: number;
}

/** One check's row: the API's answer, or why there is none. */
export interface CheckAvailability {
  checkId: string;
  /** The API's answer (null also when neither period has events); null when the read failed. */
  availability: HeartbeatAvailability;
  /** Why the read failed; null when it did not. */
  error: string | null;
}

interface Row extends CheckAvailability {
  /** The exit code of the failure, the hint and the error itself, when the read failed. */
  failure?: { exitCode: ExitCode; cause: unknown };
}

export function declare(heartbeats: Noun): void {
  const [since, from, to] = windowOptions();
  examples(
    heartbeats
      .command('availability')
      .description(
        'Success ratio now and in the previous period of the same length, and the change, as figures and bars.\n\n' +
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
  else await ctx.outPaged(await renderAvailability(ctx, rows, options));
  reportFailures(rows);
  if (options.failUnder !== undefined) enforceThreshold(rows, options.failUnder);
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

/** The widest bar drawn, and the narrowest worth drawing: below it the bar is left out. */
const BAR_WIDTH = 12;
const MIN_BAR_WIDTH = 4;

type Ratio = number | null | undefined;
const has = (value: Ratio): value is number => value !== undefined && value !== null;

/** The change from the previous period in percentage points: `+1.25`, `-3.10`, `0.00`; undefined without both figures. */
function delta(current: Ratio, previous: Ratio): string | undefined {
  if (!has(current) || !has(previous)) return undefined;
  const points = current - previous;
  return `${points > 0 ? '+' : points < 0 ? '-' : ''}${Math.abs(points).toFixed(2)}`;
}

/** For people: `+1.25 pts`, `±0.00 pts`, `-` without both figures. */
function change(current: Ratio, previous: Ratio): string {
  const points = delta(current, previous);
  if (points === undefined) return '-';
  return `${/^[+-]/.test(points) ? points : `±${points}`} pts`;
}

const percent = (value: Ratio) => (has(value) ? `${value.toFixed(2)}%` : 'no events');

/** What a failed row shows in its figures on a terminal: the kind of failure, in a word or two. */
function failedWord(row: Row): string {
  return row.failure?.exitCode === ExitCode.notFound ? 'not found' : 'failed';
}

export async function renderAvailability(ctx: Context, rows: Row[], options: AvailabilityOptions): Promise<string> {
  const format = tableFormat(ctx);
  if (format === 'md') return markdown(ctx, rows, options);
  if (format === 'tsv') return piped(ctx, rows);
  return terminal(ctx, rows, options);
}

function paintFor(ctx: Context, options: AvailabilityOptions) {
  const s = ctx.style;
  return (value: number) => {
    if (options.failUnder !== undefined) return value >= options.failUnder ? s.green : s.red;
    return value >= 99 ? s.green : value >= 95 ? s.yellow : s.red;
  };
}

/**
 * Piped: `CHECK CURRENT PREVIOUS CHANGE EVENTS ERROR`, tab-separated, one row per check however
 * many: the figures as plain numbers (percent and percentage points, two decimals), empty where
 * there is none; ERROR empty unless the check could not be read.
 */
function piped(ctx: Context, rows: Row[]): Promise<string> {
  return renderTable(
    ctx,
    ['check', 'current', 'previous', 'change', 'events', 'error'],
    rows.map(({ checkId, availability, error }) => {
      const current = availability?.successRatio.currentPeriod;
      const previous = availability?.successRatio.previousPeriod;
      return [
        checkId,
        has(current) ? current.toFixed(2) : '',
        has(previous) ? previous.toFixed(2) : '',
        delta(current, previous) ?? '',
        error === null ? String(availability?.totalEntitiesCurrentPeriod ?? 0) : '',
        error ?? '',
      ];
    }),
  );
}

/**
 * On a terminal: a title, then a row per check. Ids and figures are never cut: a narrow terminal
 * first loses the bars, then the error column (cut, then left out), then EVENTS and CHANGE.
 */
async function terminal(ctx: Context, rows: Row[], options: AvailabilityOptions): Promise<string> {
  const color = paintFor(ctx, options);
  const anyFailed = rows.some((row) => row.error !== null);
  const cells = rows.map((row) => {
    const current = row.availability?.successRatio.currentPeriod;
    const previous = row.availability?.successRatio.previousPeriod;
    const failed = row.error !== null;
    const currentCell: Cell = {
      text: failed ? failedWord(row) : percent(current),
      ...(has(current) ? { paint: color(current) } : failed ? { paint: ctx.style.red } : {}),
    };
    return {
      current,
      cells: [
        row.checkId,
        currentCell,
        failed ? '-' : percent(previous),
        failed ? '-' : change(current, previous),
        failed ? '-' : String(row.availability?.totalEntitiesCurrentPeriod ?? 0),
        ...(anyFailed ? [row.error ?? ''] : []),
      ] as (string | Cell)[],
    };
  });
  const columns: ColumnSpec[] = [
    { header: 'check', id: true },
    'current',
    'previous',
    { header: 'change', optional: 3 },
    { header: 'events', optional: 2 },
    ...(anyFailed ? [{ header: 'error', optional: 1 }] : []),
  ];
  // The bar is drawn only in the room the figures leave: it never pushes a number off the line.
  // Measured as the table shows them: an error's escaped controls and wide characters included.
  const { shownWidth } = await import('../../output/table.js');
  const widths = columns.map((spec, i) =>
    Math.max(shownWidth(typeof spec === 'string' ? spec : spec.header), ...cells.map((row) => shownWidth(cellText(row.cells[i]!)))),
  );
  const room = terminalWidth(ctx) - widths.reduce((sum, width) => sum + width, 0) - 2 * (columns.length - 1) - 2;
  const barWidth = Math.min(BAR_WIDTH, room);
  if (barWidth >= MIN_BAR_WIDTH) {
    columns.splice(2, 0, '');
    for (const row of cells) {
      const drawn = has(row.current) ? bar(row.current, barWidth) : undefined;
      row.cells.splice(2, 0, drawn ? { text: `${drawn.filled}${drawn.track}`, paint: color(row.current!) } : '');
    }
  }
  const table = await renderTable(
    ctx,
    columns,
    cells.map((row) => row.cells),
  );
  const threshold = options.failUnder !== undefined ? `, threshold ${options.failUnder}%` : '';
  return `${ctx.style.bold('Heartbeat availability')} ${describeWindow(options)}${threshold}\n${table}`;
}

const cellText = (value: string | Cell) => (typeof value === 'string' ? value : (value.short ?? value.text));

/** -o md: the window, then the figures as a table, a row per check, to paste into a ticket or a chat. */
async function markdown(ctx: Context, rows: Row[], options: AvailabilityOptions): Promise<string> {
  const fields = await renderFields(ctx, [
    ['window', describeWindow(options)],
    ...(options.failUnder !== undefined ? [['threshold', `${options.failUnder}%`] as [string, string]] : []),
  ]);
  const anyFailed = rows.some((row) => row.error !== null);
  const table = await renderTable(
    ctx,
    [{ header: 'check', id: true }, 'current', 'previous', 'change', 'events', ...(anyFailed ? ['error'] : [])],
    rows.map(({ checkId, availability, error }) => [
      checkId,
      error === null ? percent(availability?.successRatio.currentPeriod) : '-',
      error === null ? percent(availability?.successRatio.previousPeriod) : '-',
      error === null ? change(availability?.successRatio.currentPeriod, availability?.successRatio.previousPeriod) : '-',
      error === null ? String(availability?.totalEntitiesCurrentPeriod ?? 0) : '-',
      ...(anyFailed ? [error ?? ''] : []),
    ]),
  );
  return ['### Heartbeat availability', fields, table].join('\n\n');
}

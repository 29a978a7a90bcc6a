// The views of `heartbeats availability`: a row per check, as a table on a terminal (with bars
// against the target where the width allows), tab-separated figures piped, a table in Markdown.
import type { HeartbeatAvailability } from '../../contract/schemas.js';
import type { View } from '../output/view.js';
import { ExitCode } from '../errors/exit-codes.js';
import { scaleFigure, scaleFor, TARGET_MARK, targetBar } from '../output/bar-chart.js';
import { type Cell, type ColumnSpec, renderFields, renderTable, tableFormat, terminalWidth } from '../output/cells.js';
import { describeWindow, type WindowOptions } from '../input/time.js';

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

export interface WorstPeriod {
  unit: 'hour' | 'day';
  /** The period's start, ISO: a UTC hour or day (or the window's start, when that is later). */
  start: string;
  ratio: number;
  events: number;
}

export interface Row extends CheckAvailability {
  /** Where the window was worst (on a terminal, for a check below 100 %). */
  worst?: WorstPeriod | undefined;
  /** The exit code of the failure, the hint and the error itself, when the read failed. */
  failure?: { exitCode: ExitCode; cause: unknown };
}

/** The widest bar drawn, and the narrowest worth drawing: below it the bar is left out. */
const BAR_WIDTH = 12;
const MIN_BAR_WIDTH = 6;
/** The target the bars are drawn against without --fail-under: where the figures turn from yellow to green. */
export const DEFAULT_TARGET = 99;

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

export async function renderAvailability(ctx: View, rows: Row[], options: AvailabilityOptions): Promise<string> {
  const format = tableFormat(ctx);
  if (format === 'md') return markdown(ctx, rows, options);
  if (format === 'tsv') return piped(ctx, rows);
  return terminal(ctx, rows, options);
}

function paintFor(ctx: View, options: AvailabilityOptions) {
  const s = ctx.io.style;
  return (value: number) => {
    if (options.failUnder !== undefined) return value >= options.failUnder ? s.green : s.red;
    return value >= DEFAULT_TARGET ? s.green : value >= 95 ? s.yellow : s.red;
  };
}

/**
 * Piped: `CHECK CURRENT PREVIOUS CHANGE EVENTS ERROR`, tab-separated, one row per check however
 * many: the figures as plain numbers (percent and percentage points, two decimals), empty where
 * there is none; ERROR empty unless the check could not be read.
 */
function piped(ctx: View, rows: Row[]): Promise<string> {
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
 * On a terminal: a title, then a row per check. Ids and figures are never cut. The bar, drawn
 * against the target (--fail-under, else DEFAULT_TARGET), takes the room the figures leave; a
 * terminal too narrow for it leaves out EVENTS, then CHANGE, to make room, and narrower still
 * leaves out the bar (the error column is cut, then left out, before any figure).
 */
async function terminal(ctx: View, rows: Row[], options: AvailabilityOptions): Promise<string> {
  const color = paintFor(ctx, options);
  const anyFailed = rows.some((row) => row.error !== null);
  const cells = rows.map((row) => {
    const current = row.availability?.successRatio.currentPeriod;
    const previous = row.availability?.successRatio.previousPeriod;
    const failed = row.error !== null;
    const currentCell: Cell = {
      text: failed ? failedWord(row) : percent(current),
      ...(has(current) ? { paint: color(current) } : failed ? { paint: ctx.io.style.red } : {}),
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
  // Measured as the table shows them: an error's escaped controls and wide characters included.
  const { shownWidth } = await import('../output/table.js');
  const widthOf = (i: number) => {
    const spec = columns[i]!;
    return Math.max(shownWidth(typeof spec === 'string' ? spec : spec.header), ...cells.map((row) => shownWidth(cellText(row.cells[i]!))));
  };
  const widths = columns.map((_, i) => widthOf(i));
  const roomLeft = () => terminalWidth(ctx) - widths.reduce((sum, width) => sum + width, 0) - 2 * columns.length;
  // EVENTS (index 4), then CHANGE (3), give way to the bar when that makes room for it: where the
  // ratio sits against the target is what the row is read for. The error column stays: it says
  // why a row has no figures.
  if (cells.some((row) => has(row.current)) && roomLeft() < MIN_BAR_WIDTH) {
    const freed = (index: number) => widths[index]! + 2;
    const drop = roomLeft() + freed(4) >= MIN_BAR_WIDTH ? [4] : roomLeft() + freed(4) + freed(3) >= MIN_BAR_WIDTH ? [4, 3] : [];
    for (const index of drop) {
      columns.splice(index, 1);
      widths.splice(index, 1);
      for (const row of cells) row.cells.splice(index, 1);
    }
  }
  const barWidth = Math.min(BAR_WIDTH, roomLeft());
  const scale = scaleFor(options.failUnder ?? DEFAULT_TARGET);
  const drawn = barWidth >= MIN_BAR_WIDTH && cells.some((row) => has(row.current));
  if (drawn) {
    columns.splice(2, 0, '');
    for (const row of cells) {
      row.cells.splice(2, 0, has(row.current) ? { text: targetBar(row.current, scale, barWidth), paint: color(row.current) } : '');
    }
  }
  const table = await renderTable(
    ctx,
    columns,
    cells.map((row) => row.cells),
  );
  const threshold = options.failUnder !== undefined ? `, threshold ${options.failUnder}%` : '';
  const legend = drawn
    ? `\n${ctx.io.style.dim(`Bars run from ${scaleFigure(scale.floor)} to 100%; ${TARGET_MARK} marks the target, ${scaleFigure(scale.target)}.`)}`
    : '';
  return `${ctx.io.style.bold('Heartbeat availability')} ${describeWindow(options)}${threshold}\n${table}${legend}${await worstTable(ctx, rows, color)}`;
}

/** Where each check below 100 % was worst: its hour or day of the window (UTC), the ratio then and the events. */
async function worstTable(ctx: View, rows: Row[], color: (value: number) => (text: string) => string): Promise<string> {
  const worst = rows.filter((row) => row.worst);
  if (worst.length === 0) return '';
  const units = new Set(worst.map((row) => row.worst!.unit));
  const unit = units.size === 1 ? [...units][0]! : 'period';
  const when = (period: WorstPeriod) => (period.unit === 'hour' ? period.start.slice(0, 16).replace('T', ' ') : period.start.slice(0, 10));
  const headers = ['check', `worst ${unit} (UTC)`, 'success', 'events'];
  const texts = worst.map(({ checkId, worst: period }) => [checkId, when(period!), `${period!.ratio.toFixed(2)}%`, String(period!.events)]);
  const width = headers.reduce((sum, header, i) => sum + 2 + Math.max(header.length, ...texts.map((row) => row[i]!.length)), -2);
  // Too narrow for the row of a whole id and a whole time: each check's worst period goes under its id, whole too.
  if (width > terminalWidth(ctx)) {
    const lines = worst.map(({ checkId, worst: period }) => {
      const events = `${period!.events} event${period!.events === 1 ? '' : 's'}`;
      const ratio = color(period!.ratio)(`${period!.ratio.toFixed(2)}%`);
      return `${checkId}\n  worst ${period!.unit} ${when(period!)} UTC: ${ratio} (${events})`;
    });
    return `\n\n${lines.join('\n')}`;
  }
  const table = await renderTable(
    ctx,
    [{ header: 'check', id: true }, headers[1]!, 'success', 'events'],
    worst.map(({ checkId, worst: period }, i) => [
      checkId,
      texts[i]![1]!,
      { text: texts[i]![2]!, paint: color(period!.ratio) },
      texts[i]![3]!,
    ]),
  );
  return `\n\n${table}`;
}

const cellText = (value: string | Cell) => (typeof value === 'string' ? value : (value.short ?? value.text));

/** -o md: the window, then the figures as a table, a row per check, to paste into a ticket or a chat. */
async function markdown(ctx: View, rows: Row[], options: AvailabilityOptions): Promise<string> {
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

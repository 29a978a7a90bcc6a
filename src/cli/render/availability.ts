// How heartbeat availability looks to people: one check as labelled lines with bars, several as
// a table with one row each (bars on a terminal; tab-separated figures piped; Markdown with -o md).
// Loaded only when availability is printed for people.
import { isDateOnly } from '../../contract/rules.js';
import type { HeartbeatAvailability } from '../../contract/schemas.js';
import type { Context } from '../context.js';
import { renderTable, tableFormat } from '../output/cells.js';
import type { Span } from '../time-input.js';
import { bar } from '../output/bar-chart.js';

export interface AvailabilityOptions {
  since?: Span;
  from?: string;
  to?: string;
  failUnder?: number;
}

/** One check's answer. */
export interface CheckAvailability {
  checkId: string;
  availability: HeartbeatAvailability;
}

const BAR_WIDTH = 30;
const ROW_BAR_WIDTH = 12;

type Ratio = number | null | undefined;
const has = (value: Ratio): value is number => value !== undefined && value !== null;

export function describeWindow(options: AvailabilityOptions): string {
  if (options.since) return `the last ${options.since.words}`;
  const when = (value: string) => (/^\d+[mhdw]$/i.test(value.trim()) ? `${value.trim()} ago` : value);
  const to = options.to ? (isDateOnly(options.to) ? `the end of ${options.to}` : when(options.to)) : 'now';
  if (!options.from && !options.to) return 'the last 24 hours';
  if (!options.from) return `the 24 hours up to ${to}`;
  return `${when(options.from)} to ${to}`;
}

/** The change from the previous period in percentage points: `+1.25 pts`, `-3.10 pts`, `-` without both figures. */
export function change(current: Ratio, previous: Ratio): string {
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

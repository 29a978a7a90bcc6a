// Shared renderers for people: tables, colored severity/status, relative times. The table
// code (table.ts) is loaded only when a table is actually printed.
import type { Incident, Service } from '../api/types.js';
import type { View } from './view.js';
import type { Cell, CellValue, ColumnSpec, Paint, TableFormat } from './table.js';
import { shortIds } from '../lookup/short-ids.js';

export type { Cell, CellValue, ColumnSpec, TableFormat };

/** Open is anything not RESOLVED (status pages show these, `incidents list --status open` keeps them). */
export function isOpen(incident: Pick<Incident, 'lastUpdateStatus'>): boolean {
  return incident.lastUpdateStatus !== 'RESOLVED';
}

/** Service names, comma separated; a service without a name shows its id. */
export function serviceNames(services: Service[] | undefined): string {
  return (services ?? []).map((service) => service.name || service.id).join(', ') || '-';
}

/**
 * How people-facing output is laid out: Markdown with -o md; otherwise aligned for a terminal,
 * tab-separated when stdout is not one (FORCE_COLOR adds colors to it, never the terminal layout).
 */
export function tableFormat(ctx: View): TableFormat {
  if (ctx.globals.output === 'md') return 'md';
  return ctx.io.stdout.isTTY ? 'terminal' : 'tsv';
}

/** Terminal width: COLUMNS when it is a positive number (so a script or test can set it), else the terminal's, else 80. */
export function terminalWidth(ctx: View): number {
  return ctx.io.terminalWidth;
}

function tableStyle(ctx: View) {
  return {
    format: tableFormat(ctx),
    width: terminalWidth(ctx),
    wide: ctx.globals.wide === true,
    bold: ctx.io.style.bold,
    dim: ctx.io.style.dim,
  };
}

export async function renderTable(ctx: View, columns: ColumnSpec[], rows: CellValue[][]): Promise<string> {
  const { formatTable } = await import('./table.js');
  return formatTable(tableStyle(ctx), columns, rows);
}

/** Labelled values, in the layout of `format` (stdout's, unless said: a question's summary on stderr is a terminal's). */
export async function renderFields(ctx: View, rows: [string, CellValue][], format = tableFormat(ctx)): Promise<string> {
  const { formatFields } = await import('./table.js');
  return formatFields({ ...tableStyle(ctx), format }, rows);
}

/**
 * Cells for incident and update ids (which commands take by prefix): the first 8 characters on
 * a terminal, longer where two of `ids` share them, so each can be pasted back; piped and
 * Markdown output keep the whole id.
 */
export function idCells(ids: readonly string[]): (id: string) => Cell {
  const short = shortIds(ids);
  return (id) => ({ text: id, short: short.get(id) ?? id });
}

/** A time as a cell: the API's ISO value for scripts and Markdown, "3 hours ago" on a terminal. */
export function timeCell(value: string | null | undefined, now: number): Cell {
  if (!value) return { text: '-' };
  // Worked out when a terminal shows it: the first relative time loads ICU's data, which piped
  // output and Markdown, showing the ISO value, need not pay for.
  return {
    text: value,
    get short() {
      return relativeTime(value, now);
    },
  };
}

/** `2025-05-01 10:00:00` in UTC. */
export function utc(time: number): string {
  return new Date(time)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '');
}

/**
 * The zone terminal output shows times in: UTC with --utc, else the run's TZ (an IANA name such
 * as America/New_York, the form Intl takes), else the system's zone. Piped output, Markdown and
 * JSON keep the API's UTC ISO values whatever this says.
 */
export function displayZone(ctx: Pick<View, 'globals' | 'io'>): string | undefined {
  if (ctx.globals.utc) return 'UTC';
  // A leading colon is POSIX's "a zone file named so" (TZ=:America/New_York).
  const named = ctx.io.env.TZ?.replace(/^:/, '');
  return named && zoneFormat(named, 'second') ? named : undefined;
}

type Precision = 'minute' | 'second';
// One formatter per zone and precision, made on first use (creating one loads ICU data).
const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();

function zoneFormat(zone: string | undefined, precision: Precision): Intl.DateTimeFormat | null {
  const key = `${zone ?? ''} ${precision}`;
  let format = zoneFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        ...(precision === 'second' ? { second: '2-digit' } : {}),
        hourCycle: 'h23',
        timeZoneName: 'short',
      });
    } catch {
      // Not a zone Intl knows (a POSIX rule such as EST5EDT): the system's zone is used.
      format = null;
    }
    zoneFormats.set(key, format);
  }
  return format;
}

/** A moment in the display zone: the clock time (`2025-05-01 06:00:00`) and the zone's short name (`EDT`). */
export function zonedTime(zone: string | undefined, time: number, precision: Precision = 'second'): { clock: string; zone: string } {
  const format = zoneFormat(zone, precision) ?? zoneFormat(undefined, precision)!;
  const part = Object.fromEntries(format.formatToParts(time).map(({ type, value }) => [type, value]));
  const seconds = precision === 'second' ? `:${part.second}` : '';
  return {
    clock: `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}${seconds}`,
    zone: part.timeZoneName ?? 'UTC',
  };
}

/** `2025-05-01 06:00:00 EDT` in the display zone (`... UTC` with --utc). */
export function localTime(ctx: Pick<View, 'globals' | 'io'>, time: number, precision: Precision = 'second'): string {
  const { clock, zone } = zonedTime(displayZone(ctx), time, precision);
  return `${clock} ${zone}`;
}

/**
 * The header of a column of times shown as clock times without a zone: `time (EDT)` on a
 * terminal (`time (EST/EDT)` when the rows span a change of offset), `time (UTC)` piped and in
 * Markdown, where the cells are the API's UTC values.
 */
export function timeHeader(ctx: View, values: readonly (string | null | undefined)[], name = 'time'): string {
  if (tableFormat(ctx) !== 'terminal') return `${name} (UTC)`;
  const zone = displayZone(ctx);
  const names = new Set<string>();
  for (const value of values) {
    const time = value ? Date.parse(value) : Number.NaN;
    if (!Number.isNaN(time)) names.add(zonedTime(zone, time).zone);
  }
  return `${name} (${[...names].join('/') || zonedTime(zone, ctx.now()).zone})`;
}

/** A time as a clock time in the display zone on a terminal (no zone: the header names it), the ISO value otherwise. */
export function clockTimeCell(ctx: View, value: string | null | undefined, precision: Precision = 'second'): Cell {
  if (!value) return { text: '-' };
  const time = Date.parse(value);
  return { text: value, short: Number.isNaN(time) ? value : zonedTime(displayZone(ctx), time, precision).clock };
}

/** `2025-05-01 06:00:00 EDT (3 hours ago)`: exact for the record, in the display zone, relative for a glance. */
function exactTime(ctx: View, value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time) || /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return `${localTime(ctx, time)} (${relativeTime(value, ctx.now())})`;
}

/** A time field of a record: the ISO value piped and in Markdown, exact (display zone) and relative on a terminal. */
export function exactTimeCell(ctx: View, value: string | null | undefined): Cell {
  return value ? { text: value, short: exactTime(ctx, value) } : { text: '-' };
}

/** A severity as a cell, colored on a terminal (the CRITICAL badge without its padding, to stay aligned). */
export function severityCell(ctx: View, severity: string | undefined): Cell {
  const s = ctx.io.style;
  const paints: Record<string, Paint> = { CRITICAL: s.bgRed.white.bold, MAJOR: s.red.bold, MEDIUM: s.yellow, MINOR: s.cyan };
  return { text: severity ?? '-', paint: severity ? paints[severity] : undefined };
}

function statusPaint(ctx: View, status: string | undefined): Paint | undefined {
  const s = ctx.io.style;
  const paints: Record<string, Paint> = { INVESTIGATING: s.red, IDENTIFIED: s.yellow, MONITORING: s.blue, RESOLVED: s.green };
  return status ? paints[status] : undefined;
}

/** An incident status as a cell, colored on a terminal. */
export function statusCell(ctx: View, status: string | undefined): Cell {
  return { text: status ?? '-', paint: statusPaint(ctx, status) };
}

export function statusText(ctx: View, status: string | undefined): string {
  const paint = statusPaint(ctx, status);
  return paint ? paint(status!) : (status ?? '-');
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
// Made on first use: creating it loads ICU data, which every command that merely imports this
// module would pay for at its start.
let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** "3 hours ago"; a date-only value (YYYY-MM-DD) is shown as it is. */
export function relativeTime(value: string | null | undefined, now: number): string {
  if (!value) return '-';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const delta = time - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(delta) >= ms) {
      relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
      return relativeFormat.format(Math.round(delta / ms), unit);
    }
  }
  return 'just now';
}

/** 3725 -> "1h 2m"; null -> "-". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '-';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h) return `${h}h ${m}m`;
  if (m) return `${m}m ${s}s`;
  return `${s}s`;
}

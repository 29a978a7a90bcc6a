// Shared renderers for people: tables, colored severity/status, relative times. The table
// code (table.ts) is loaded only when a table is actually printed.
import type { Incident, Service } from '../api-types.js';
import type { Context } from '../context.js';
import type { Cell, CellValue, ColumnSpec, Paint, TableFormat } from './table.js';
import { shortIds } from '../short-ids.js';
import { formatTable, formatFields } from './table.js';

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
export function tableFormat(ctx: Context): TableFormat {
  if (ctx.globals.output === 'md') return 'md';
  return ctx.io.stdout.isTTY ? 'terminal' : 'tsv';
}

/** Terminal width: COLUMNS when it is a positive number (so a script or test can set it), else the terminal's, else 80. */
export function terminalWidth(ctx: Context): number {
  const fromEnv = Number(ctx.env.COLUMNS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return ctx.io.stdout.columns || 80;
}

function tableStyle(ctx: Context) {
  return { format: tableFormat(ctx), width: terminalWidth(ctx), bold: ctx.style.bold, dim: ctx.style.dim };
}

export async function renderTable(ctx: Context, columns: ColumnSpec[], rows: CellValue[][]): Promise<string> {
  return formatTable(tableStyle(ctx), columns, rows);
}

export async function renderFields(ctx: Context, rows: [string, CellValue][]): Promise<string> {
  return formatFields(tableStyle(ctx), rows);
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
  return { text: value, short: relativeTime(value, now) };
}

/** `2025-05-01 10:00:00` in UTC. */
export function utc(time: number): string {
  return new Date(time)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '');
}

/** `2025-05-01 10:00:00 UTC (3 hours ago)`: exact for the record, relative for a glance. */
function exactTime(value: string, now: number): string {
  const time = Date.parse(value);
  if (Number.isNaN(time) || /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return `${utc(time)} UTC (${relativeTime(value, now)})`;
}

/** A time field of a record: the ISO value piped and in Markdown, exact and relative on a terminal. */
export function exactTimeCell(value: string | null | undefined, now: number): Cell {
  return value ? { text: value, short: exactTime(value, now) } : { text: '-' };
}

/** A severity as a cell, colored on a terminal (the CRITICAL badge without its padding, to stay aligned). */
export function severityCell(ctx: Context, severity: string | undefined): Cell {
  const s = ctx.style;
  const paints: Record<string, Paint> = { CRITICAL: s.bgRed.white.bold, MAJOR: s.red.bold, MEDIUM: s.yellow, MINOR: s.cyan };
  return { text: severity ?? '-', paint: severity ? paints[severity] : undefined };
}

function statusPaint(ctx: Context, status: string | undefined): Paint | undefined {
  const s = ctx.style;
  const paints: Record<string, Paint> = { INVESTIGATING: s.red, IDENTIFIED: s.yellow, MONITORING: s.blue, RESOLVED: s.green };
  return status ? paints[status] : undefined;
}

/** An incident status as a cell, colored on a terminal. */
export function statusCell(ctx: Context, status: string | undefined): Cell {
  return { text: status ?? '-', paint: statusPaint(ctx, status) };
}

export function statusText(ctx: Context, status: string | undefined): string {
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

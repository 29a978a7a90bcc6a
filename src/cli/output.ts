// Shared renderers for people: tables, colored severity/status, relative times. cli-table3 is
// loaded only when a table is actually printed.
import type { Incident, Service } from './api-types.js';
import type { Context } from './context.js';

/** Open is anything not RESOLVED (status pages show these, `incidents list --status open` keeps them). */
export function isOpen(incident: Pick<Incident, 'lastUpdateStatus'>): boolean {
  return incident.lastUpdateStatus !== 'RESOLVED';
}

/** Service names, comma separated; a service without a name shows its id. */
export function serviceNames(services: Service[] | undefined): string {
  return (services ?? []).map((service) => service.name || service.id).join(', ') || '-';
}

export async function renderTable(ctx: Context, head: string[], rows: string[][]): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const table = new Table({
    head: head.map((title) => ctx.style.bold(title)),
    style: { head: [], border: [] },
    wordWrap: true,
  });
  table.push(...rows);
  return table.toString();
}

export function severityText(ctx: Context, severity: string | undefined): string {
  const s = ctx.style;
  switch (severity) {
    case 'CRITICAL':
      // The padding makes a readable badge of the background; without colors it is only noise.
      return s.level > 0 ? s.bgRed.white.bold(` ${severity} `) : severity;
    case 'MAJOR':
      return s.red.bold(severity);
    case 'MEDIUM':
      return s.yellow(severity);
    case 'MINOR':
      return s.cyan(severity);
    default:
      return severity ?? '-';
  }
}

export function statusText(ctx: Context, status: string | undefined): string {
  const s = ctx.style;
  switch (status) {
    case 'INVESTIGATING':
      return s.red(status);
    case 'IDENTIFIED':
      return s.yellow(status);
    case 'MONITORING':
      return s.blue(status);
    case 'RESOLVED':
      return s.green(status);
    default:
      return status ?? '-';
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
// Made on first use: creating it loads ICU data, tens of milliseconds at the start of every
// command that merely imports this module.
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

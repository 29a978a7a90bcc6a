// A maintenance window as the CLI shows it: the rows of `maintenance list` (each window with its
// next occurrence and that occurrence's status) and the fields of `maintenance get`.
import type { Maintenance, MaintenanceStatus, MaintenanceWindow } from '../../contract/schemas.js';
import type { Cell } from '../output/cells.js';
import { localTime } from '../output/cells.js';
import type { Paint } from '../output/table.js';
import type { View } from '../output/view.js';
import type { ResourceView } from './resource.js';

/** A window with its occurrences (soonest first) and the one shown as its next. */
export interface WindowEntry {
  readonly window: MaintenanceWindow;
  readonly maintenances: readonly Maintenance[];
  readonly next: Maintenance | undefined;
}

const FINAL: ReadonlySet<MaintenanceStatus> = new Set(['COMPLETED', 'CANCELLED']);

/** Completed and cancelled occurrences take no further update. */
export function isFinal(status: MaintenanceStatus): boolean {
  return FINAL.has(status);
}

/** The next occurrence not completed (nor cancelled), else the last one, so a past window shows how it ended. */
export function nextOccurrence(maintenances: readonly Maintenance[]): Maintenance | undefined {
  return maintenances.find((maintenance) => !isFinal(maintenance.status)) ?? maintenances.at(-1);
}

export function maintenanceStatusPaint(ctx: View, status: string | undefined): Paint | undefined {
  const s = ctx.io.style;
  const paints: Record<string, Paint> = {
    SCHEDULED: s.cyan,
    IN_PROGRESS: s.yellow.bold,
    VERIFYING: s.blue,
    COMPLETED: s.green,
    CANCELLED: s.dim,
  };
  return status ? paints[status] : undefined;
}

/** A moment: the API's ISO value piped and in Markdown, `2025-05-01 06:00 EDT` in the display zone on a terminal. */
export function momentCell(ctx: View, value: string | null | undefined): Cell {
  if (!value) return { text: '-' };
  const time = Date.parse(value);
  return { text: value, short: Number.isNaN(time) ? value : localTime(ctx, time, 'minute') };
}

/** `once`, `every week`, `every 2 days until 2025-06-29`. */
export function repeats(window: MaintenanceWindow): string {
  if (!window.repeatInterval || !window.repeatUnit) return 'once';
  const unit = window.repeatUnit.toLowerCase();
  const every = window.repeatInterval === 1 ? `every ${unit}` : `every ${window.repeatInterval} ${unit}s`;
  return window.repeatEndsAt ? `${every} until ${window.repeatEndsAt}` : every;
}

export const MAINTENANCE_WINDOW: ResourceView<WindowEntry> = {
  title: 'Maintenance window',
  argument: { name: 'window', help: 'number of the maintenance window (maintenance list shows them)', kind: 'maintenance-window' },
  id: (entry) => String(entry.window.id),
  idLabel: 'window',
  markdownHeading: (entry) => `### Maintenance window \`${entry.window.id}\` ${entry.window.name}`,
  columns: [{ header: 'window', id: true }, 'status', 'starts', 'ends', 'repeats', 'name'],
  rows: (ctx, entries) =>
    entries.map(({ window, next }) => [
      { text: String(window.id), paint: ctx.io.style.bold },
      { text: next?.status ?? '-', paint: maintenanceStatusPaint(ctx, next?.status) },
      momentCell(ctx, next?.startsAt),
      momentCell(ctx, next?.endsAt),
      repeats(window),
      window.name,
    ]),
  fields: (ctx, { window, next }) => [
    ['name', window.name],
    ['status', { text: next?.status ?? '-', paint: maintenanceStatusPaint(ctx, next?.status) }],
    ['next starts', momentCell(ctx, next?.startsAt)],
    ['next ends', momentCell(ctx, next?.endsAt)],
    ['repeats', repeats(window)],
    ['timezone', window.timezone ?? 'UTC'],
    ['status pages', window.statusPageVisibility.enabled ? window.statusPageVisibility.statusPageIds.join(', ') || '-' : 'not shown'],
    ['tags', window.tags.join(', ') || '-'],
    ['description', window.description ?? '-'],
  ],
};

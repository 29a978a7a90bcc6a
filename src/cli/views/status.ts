// The screen `statusctl status` prints: a part per kind of trouble (open incidents, maintenances
// in progress or due, checks not passing, heartbeats below target, new error groups), each a
// heading with its count, its rows through the resource's own view, and the command that shows
// more. A part that could not be read says why in its place. On a terminal the headings are bold
// and the tables fit its width; piped, the tables are tab-separated under plain headings (-o json
// is the form for scripts); -o md gives a heading and a Markdown table per part.
import { describeFailure } from '../errors/failure.js';
import { shortReason } from '../api/bulk.js';
import type { Part, StatusReport } from '../api/status-reads.js';
import { renderTable, tableFormat } from '../output/cells.js';
import { terminalLine } from '../output/terminal-text.js';
import { cellWidth, wrapWords } from '../output/wrap.js';
import type { View } from '../output/view.js';
import { CHECK_STATUS, checkState } from './check-status.js';
import { ERROR_GROUP } from './error-group.js';
import { INCIDENT } from './incident.js';
import { MAINTENANCE_WINDOW } from './maintenance-window.js';
import { renderList } from './resource.js';

export interface StatusScreenOptions {
  /** The heartbeat checks held to the target; none: the part says how to name some. */
  heartbeats: readonly string[];
  failUnder: number;
}

/** The arrow in front of a command that shows more. */
const MORE = '→';

export async function renderStatus(ctx: View, report: StatusReport, options: StatusScreenOptions): Promise<string> {
  const incidents = report.incidents;
  const shownIncidents = incidents.ok ? (incidents.shown ?? []) : [];
  const checks = report.checks;
  const failing = checks.ok && checks.items.some((status) => checkState(status) !== 'degraded');
  const percent = `${options.failUnder}%`;
  const parts = await Promise.all([
    part(ctx, 'Open incidents', incidents, () => renderList(ctx, INCIDENT, shownIncidents), 'statusctl incidents list --status open'),
    part(
      ctx,
      'Maintenance in progress or due within 24 h',
      report.maintenances,
      (items) =>
        renderList(
          ctx,
          MAINTENANCE_WINDOW,
          items.map(({ window, maintenance }) => ({ window, maintenances: [maintenance], next: maintenance })),
        ),
      (items) => (items.length === 1 ? `statusctl maintenance get ${items[0]!.window.id}` : 'statusctl maintenance list'),
    ),
    part(
      ctx,
      'Failing and degraded checks',
      checks,
      (items) => renderList(ctx, CHECK_STATUS, items),
      failing ? 'statusctl checks status --failing' : 'statusctl checks status --degraded',
    ),
    options.heartbeats.length === 0
      ? `${title(ctx, `Heartbeats below ${percent}`)}: none named\n${moreLine(ctx, 'statusctl status --heartbeat CHECK, or statusctl config set heartbeats CHECK,CHECK')}`
      : part(
          ctx,
          `Heartbeats below ${percent}`,
          report.heartbeats,
          (items) =>
            renderTable(
              ctx,
              [{ header: 'check', id: true }, 'last 24 h', 'events'],
              items.map(({ checkId, availability }) => {
                const current = availability?.successRatio.currentPeriod;
                return [
                  checkId,
                  { text: current === undefined || current === null ? 'no events' : `${current.toFixed(2)}%`, paint: ctx.io.style.red },
                  String(availability?.totalEntitiesCurrentPeriod ?? 0),
                ];
              }),
            ),
          `statusctl heartbeats availability ${options.heartbeats.join(' ')} --fail-under ${percent}`,
        ),
    part(
      ctx,
      'Error groups first seen today or yesterday',
      report.errorGroups,
      (items) => renderList(ctx, ERROR_GROUP, items),
      'statusctl error-groups list --active',
    ),
  ]);
  return parts.join('\n\n');
}

/** A part: its heading and count, its table and the command showing more; `none` when empty; its error when unread. */
async function part<T>(
  ctx: View,
  name: string,
  read: Part<T>,
  table: (items: T[]) => Promise<string>,
  more: string | ((items: T[]) => string),
): Promise<string> {
  const s = ctx.io.style;
  if (!read.ok) {
    const reason = terminalLine(shortReason(describeFailure(read.error).message));
    return `${title(ctx, name)}: ${s.red('could not be read')}\n${indented(ctx, reason, '  ')
      .map((line) => s.red(line))
      .join('\n')}`;
  }
  if (read.items.length === 0) return `${title(ctx, name)}: ${s.green('none')}`;
  const command = typeof more === 'string' ? more : more(read.items);
  return [`${title(ctx, name)} (${read.items.length})`, (await table(read.items)).trimEnd(), moreLine(ctx, command)].join(
    tableFormat(ctx) === 'md' ? '\n\n' : '\n',
  );
}

/** `→ statusctl ...`: the command showing more, wrapped at words on a terminal (its continuation indented). */
function moreLine(ctx: View, command: string): string {
  if (tableFormat(ctx) === 'md') return `${MORE} \`${command}\``;
  return indented(ctx, command, `${MORE} `)
    .map((line) => ctx.io.style.dim(line))
    .join('\n');
}

/** `text` after `lead`, in lines that fit a terminal (continuations under the text); one line off a terminal. */
function indented(ctx: View, text: string, lead: string): string[] {
  if (tableFormat(ctx) !== 'terminal') return [`${lead}${text}`];
  const pad = ' '.repeat(cellWidth(lead));
  return wrapWords(text, Math.max(20, ctx.io.terminalWidth - pad.length)).map((line, i) => `${i === 0 ? lead : pad}${line}`);
}

function title(ctx: View, name: string): string {
  const format = tableFormat(ctx);
  if (format === 'md') return `### ${name}`;
  return format === 'terminal' ? ctx.io.style.bold(name) : name;
}

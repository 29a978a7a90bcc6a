// The views of `heartbeats events`: the events of a window as a table (under the window's counts
// and the check's availability, for people), and one event's fields.
import { SUCCESS_HEARTBEAT_STATES } from '../../contract/enums.js';
import type { HeartbeatAvailability } from '../../contract/schemas.js';
import type { View } from '../output/view.js';
import { type Cell, clockTimeCell, exactTimeCell, renderFields, renderTable, tableFormat, timeHeader } from '../output/cells.js';
import { heading } from '../output/sections.js';
import { describeWindow, type WindowOptions } from '../input/time.js';

/** A ping as the API gives it; `source` and `userAgent` are sent by the hosted API only. */
export interface Ping {
  id: string;
  state?: string | undefined;
  timestamp?: string | undefined;
  source?: string | null | undefined;
  userAgent?: string | null | undefined;
}
export interface Stats {
  last24Hours?: HeartbeatAvailability | undefined;
  last7Days?: HeartbeatAvailability | undefined;
}

/** What the events shown were chosen from, when --state left some out: the events read. */
export interface Chosen {
  states?: readonly string[] | undefined;
  read?: number | undefined;
}

function statePaint(ctx: View, state: string | undefined) {
  const s = ctx.io.style;
  if (state === undefined) return undefined;
  if (state === 'RECEIVED') return s.green;
  if (SUCCESS_HEARTBEAT_STATES.has(state)) return s.cyan;
  return state === 'LATE' ? s.yellow : s.red;
}

/** `97.60% of 24 events (previous 100.00%)`, or that there were none. */
function ratio(availability: HeartbeatAvailability | undefined): string {
  if (!availability) return 'no events';
  const { currentPeriod, previousPeriod } = availability.successRatio;
  const count = availability.totalEntitiesCurrentPeriod;
  if (currentPeriod === undefined || currentPeriod === null) return 'no events';
  const previous = previousPeriod === undefined || previousPeriod === null ? '' : ` (previous period ${previousPeriod.toFixed(2)}%)`;
  return `${currentPeriod.toFixed(2)}% of ${count} event${count === 1 ? '' : 's'}${previous}`;
}

/** `10 events: 8 RECEIVED, 1 LATE, 1 FAILING`. */
function counts(events: readonly Ping[]): string {
  const byState = new Map<string, number>();
  for (const event of events) byState.set(event.state ?? '-', (byState.get(event.state ?? '-') ?? 0) + 1);
  const parts = [...byState].map(([state, count]) => `${count} ${state}`);
  return `${events.length} event${events.length === 1 ? '' : 's'}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/** The events as a table; on a terminal and in Markdown under the window's counts and the check's availability. */
export async function renderEvents(
  ctx: View,
  checkId: string,
  events: readonly Ping[],
  stats: Stats | undefined,
  options: WindowOptions,
  chosen: Chosen = {},
): Promise<string> {
  const format = tableFormat(ctx);
  const table = events.length
    ? await renderTable(
        ctx,
        [
          timeHeader(
            ctx,
            events.map((event) => event.timestamp),
          ),
          'state',
          { header: 'source', optional: 1 },
          { header: 'event id', id: true },
        ],
        events.map((event) => [
          clockTimeCell(ctx, event.timestamp),
          { text: event.state ?? '-', paint: statePaint(ctx, event.state) },
          event.source ?? '-',
          event.id,
        ]),
      )
    : 'No events in this window.';
  if (format === 'tsv') return table;
  // The window, the counts and the ratios: fields, laid out as every record's are.
  const summary = await renderFields(ctx, [
    ['window', describeWindow(options)],
    ['shown', counts(events)],
    ...(chosen.states
      ? [['state', `${chosen.states.join(' or ')}: ${events.length} of ${chosen.read ?? 0} read`] as [string, string]]
      : []),
    ['last 24 hours', ratio(stats?.last24Hours ?? undefined)],
    ['last 7 days', ratio(stats?.last7Days ?? undefined)],
  ]);
  if (format === 'md') return [heading(ctx, 'Heartbeat events', checkId), summary, table].join('\n\n');
  return [`${heading(ctx, 'Heartbeat events', checkId)}\n${summary}`, table].join('\n\n');
}

/** One event: its fields, then the check's availability. */
export async function renderEvent(ctx: View, checkId: string, event: Ping | undefined, stats: Stats | undefined): Promise<string> {
  const format = tableFormat(ctx);
  const head = heading(ctx, 'Heartbeat event', event?.id ?? '-');
  const rows: [string, Cell | string][] = [
    ...(format === 'terminal' ? [] : [['id', { text: event?.id ?? '-', code: true }] as [string, Cell]]),
    ['check', { text: checkId, code: true }],
    ['state', { text: event?.state ?? '-', paint: statePaint(ctx, event?.state) }],
    ['time', exactTimeCell(ctx, event?.timestamp)],
    ['source', event?.source ?? '-'],
    ['user agent', event?.userAgent ?? '-'],
    ['last 24 hours', ratio(stats?.last24Hours ?? undefined)],
    ['last 7 days', ratio(stats?.last7Days ?? undefined)],
  ];
  const fields = await renderFields(ctx, rows);
  return head ? `${head}\n${fields}` : fields;
}

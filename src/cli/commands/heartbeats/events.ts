// `heartbeats events`: the pings behind a success ratio, newest first: when each came and in what
// state, with the check's availability over the last 24 hours and 7 days that the answer carries.
// With an event id, that one ping. The window is the one `heartbeats availability` takes
// (src/cli/input/time.ts); the API gives at most 10 events a request and no cursor.
import { SUCCESS_HEARTBEAT_STATES } from '../../../contract/enums.js';
import type { HeartbeatAvailability } from '../../../contract/schemas.js';
import { examples, positiveInt } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { type Cell, clockTimeCell, exactTimeCell, renderFields, renderTable, tableFormat, timeHeader } from '../../output/cells.js';
import { heading } from '../../output/sections.js';
import { checkWindow, describeWindow, WINDOW_HELP, type WindowOptions, windowOptions, windowQuery } from '../../input/time.js';
import { sentId } from '../../input/ids.js';
import { CHECK_ARGUMENT } from './availability.js';

const MAX_LIMIT = 10;
const CHECK = '676ca3e3-a836-5d4b-adc0-e52fb2a005d6';

export interface EventsOptions extends WindowOptions {
  limit?: number;
}

/** A ping as the API gives it; `source` and `userAgent` are sent by the hosted API only. */
interface Ping {
  id: string;
  state?: string | undefined;
  timestamp?: string | undefined;
  source?: string | null | undefined;
  userAgent?: string | null | undefined;
}
interface Stats {
  last24Hours?: HeartbeatAvailability | undefined;
  last7Days?: HeartbeatAvailability | undefined;
}

export function declare(heartbeats: Noun): void {
  const [since, from, to] = windowOptions();
  examples(
    heartbeats
      .command('events')
      .description(
        'The pings behind a success ratio, newest first: the time and state of each (RECEIVED, EARLY and GRACE count as ' +
          'successes, LATE and FAILING as failures), with the counts of the window and the availability over the last 24 ' +
          'hours and 7 days. With an EVENT id: that one ping.\n\n' +
          `${WINDOW_HELP} The API gives at most ${MAX_LIMIT} events a request (--limit).\n\n` +
          'Piped: TIME (ISO), STATE, SOURCE, EVENT ID, tab-separated, one row per event (one event: label<TAB>value lines). ' +
          'With -o json: the API response as it is ([{events, stats}], or {event, stats} for one event).',
      )
      .argument('<check>', 'id of the heartbeat check (a UUID)')
      .argument('[event]', 'id of one event of that check (a UUID: the fourth column of the list)')
      .addOption(since)
      .addOption(from)
      .addOption(to)
      .option('-L, --limit <n>', `events at most, 1 to ${MAX_LIMIT} (default ${MAX_LIMIT})`, positiveInt(1, MAX_LIMIT))
      .action((checkId, eventId, options, command) => run(Context.fromCommand(command), checkId, eventId, options)),
    [
      `statusctl heartbeats events ${CHECK}`,
      `statusctl heartbeats events ${CHECK} --since 7d --limit 5`,
      `statusctl heartbeats events ${CHECK} --from 3d --to 2d`,
      `statusctl heartbeats events ${CHECK} --jq '.[0].events[] | select(.state == "LATE") | .timestamp'`,
      `statusctl heartbeats events ${CHECK} "$(statusctl heartbeats events ${CHECK} --limit 1 | cut -f4)"`,
      `statusctl heartbeats events ${CHECK} -o md`,
    ],
  );
}

export async function run(ctx: Context, checkId: string, eventId: string | undefined, options: EventsOptions): Promise<void> {
  if (eventId !== undefined) {
    const given = (['since', 'from', 'to', 'limit'] as const).filter((name) => options[name] !== undefined);
    if (given.length > 0) {
      throw usageError(
        `${given.map((name) => `--${name}`).join(', ')} ${given.length === 1 ? 'chooses' : 'choose'} events of a list, not one event`,
        `leave out the event id to list the events, or ${given.length === 1 ? 'the option' : 'the options'} to read event ${eventId}`,
      );
    }
    const params = {
      checkId: sentId('getHeartbeatEvent', 'checkId', checkId, CHECK_ARGUMENT),
      id: sentId('getHeartbeatEvent', 'id', eventId, {
        name: 'EVENT',
        hint: `statusctl heartbeats events ${checkId} lists the check's events, their ids in the fourth column`,
      }),
    };
    const client = await ctx.client();
    const one = await client.getHeartbeatEvent({ params });
    if (ctx.json) return ctx.printJson(one);
    return ctx.outPaged(await renderEvent(ctx, checkId, one.event, one.stats));
  }
  const check = sentId('listHeartbeatEvents', 'checkId', checkId, CHECK_ARGUMENT);
  const now = ctx.now();
  await checkWindow(options, now);
  const query = { ...windowQuery(options, now), ...(options.limit !== undefined ? { limit: String(options.limit) } : {}) };
  const client = await ctx.client();
  const answer = await client.listHeartbeatEvents({ params: { checkId: check }, ...(Object.keys(query).length > 0 ? { query } : {}) });
  if (ctx.json) return ctx.printJson(answer);
  const events = answer.flatMap((entry) => entry.events ?? []);
  const stats = answer[0]?.stats;
  if (events.length === 0 && tableFormat(ctx) === 'tsv') {
    ctx.info(`No heartbeat events for check ${checkId} in ${describeWindow(options)}.`);
    return;
  }
  await ctx.outPaged(await renderEvents(ctx, checkId, events, stats, options));
}

function statePaint(ctx: Context, state: string | undefined) {
  const s = ctx.style;
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
  ctx: Context,
  checkId: string,
  events: readonly Ping[],
  stats: Stats | undefined,
  options: WindowOptions,
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
    ['last 24 hours', ratio(stats?.last24Hours ?? undefined)],
    ['last 7 days', ratio(stats?.last7Days ?? undefined)],
  ]);
  if (format === 'md') return [heading(ctx, 'Heartbeat events', checkId), summary, table].join('\n\n');
  return [`${heading(ctx, 'Heartbeat events', checkId)}\n${summary}`, table].join('\n\n');
}

/** One event: its fields, then the check's availability. */
export async function renderEvent(ctx: Context, checkId: string, event: Ping | undefined, stats: Stats | undefined): Promise<string> {
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

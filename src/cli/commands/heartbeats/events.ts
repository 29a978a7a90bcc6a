// `heartbeats events`: the pings behind a success ratio, newest first: when each came and in what
// state, with the check's availability over the last 24 hours and 7 days that the answer carries.
// With an event id, that one ping. The window is the one `heartbeats availability` takes
// (src/cli/input/time.ts); the API gives at most 10 events a request and no cursor, so --all,
// --state and a --limit above 10 walk the window back by time (lookup/heartbeat-events.ts).
import { HEARTBEAT_STATES } from '../../../contract/enums.js';
import { collect, examples, positiveInt } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import { didYouMean } from '../../errors/suggest.js';
import type { Noun } from '../../runtime/globals.js';
import { tableFormat } from '../../output/cells.js';
import { checkWindow, describeWindow, WINDOW_HELP, type WindowOptions, windowOptions, windowQuery } from '../../input/time.js';
import { sentId } from '../../input/ids.js';
import { DEFAULT_MAX_WAIT_S } from '../../api/bulk.js';
import { renderEvent, renderEvents } from '../../views/heartbeat-events.js';
import { CHECK_ARGUMENT } from './availability.js';
import { EVENTS_PER_REQUEST, walkEvents } from '../../lookup/heartbeat-events.js';

const CHECK = '676ca3e3-a836-5d4b-adc0-e52fb2a005d6';
/** Events shown without --limit or --all. */
const DEFAULT_LIMIT = EVENTS_PER_REQUEST;

export interface EventsOptions extends WindowOptions {
  limit?: number;
  all?: boolean;
  state?: string[];
  maxWait?: number;
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
          `${WINDOW_HELP}\n\n` +
          `The API gives at most ${EVENTS_PER_REQUEST} events a request: --all reads every event of the window, walking it ` +
          'back by time (each request ends just before the oldest event read), and so does a --limit above ' +
          `${EVENTS_PER_REQUEST}; progress shows on a terminal, and a 429 pauses the walk until its Retry-After ` +
          '(--max-wait). --state keeps the events in those states (read until --limit of them are found, or with --all every one).\n\n' +
          'Piped: TIME (ISO), STATE, SOURCE, EVENT ID, tab-separated, one row per event (one event: label<TAB>value lines). ' +
          'With -o json: the API response as it is ([{events, stats}], or {event, stats} for one event); with --all, ' +
          '--state or a larger --limit, one entry holding every event kept.',
      )
      .argument('<check>', 'id of the heartbeat check (a UUID)')
      .argument('[event]', 'id of one event of that check (a UUID: the fourth column of the list)')
      .addOption(since)
      .addOption(from)
      .addOption(to)
      .option(
        '--state <states>',
        `only events in these states (any case; comma-separated or repeated): ${HEARTBEAT_STATES.join(', ')}`,
        collect,
      )
      .option('--all', 'every event of the window, however many requests it takes')
      .option(
        '-L, --limit <n>',
        `events at most (default ${DEFAULT_LIMIT}); above ${EVENTS_PER_REQUEST}, read by several requests`,
        positiveInt(1),
      )
      .option('--max-wait <seconds>', 'how long a 429 is waited out before the walk fails', positiveInt(0, 86_400), DEFAULT_MAX_WAIT_S)
      .action((checkId, eventId, options, command) => run(Context.fromCommand(command), checkId, eventId, options)),
    [
      `statusctl heartbeats events ${CHECK}`,
      `statusctl heartbeats events ${CHECK} --since 7d --limit 5`,
      `statusctl heartbeats events ${CHECK} --since 7d --state late,failing --all`,
      `statusctl heartbeats events ${CHECK} --since 7d --all | wc -l`,
      `statusctl heartbeats events ${CHECK} --from 3d --to 2d`,
      `statusctl heartbeats events ${CHECK} --jq '.[0].events[] | select(.state == "LATE") | .timestamp'`,
      `statusctl heartbeats events ${CHECK} "$(statusctl heartbeats events ${CHECK} --limit 1 | cut -f4)"`,
      `statusctl heartbeats events ${CHECK} -o md`,
    ],
  );
}

/** --state's values, each one of the API's states in any case; a bad one is a usage error naming them all. */
export function parseStates(given: readonly string[] | undefined): string[] | undefined {
  if (given === undefined) return undefined;
  const states = [...new Set(given.map((state) => state.toUpperCase()))];
  const wrong = states.filter((state) => !(HEARTBEAT_STATES as readonly string[]).includes(state));
  if (states.length === 0 || wrong.length > 0) {
    const shown = wrong.length > 0 ? wrong.map((state) => `'${state.toLowerCase()}'`).join(', ') : 'nothing';
    throw usageError(
      `option '--state <states>': ${shown} ${wrong.length > 1 ? 'are not states' : 'is not a state'}${didYouMean(wrong[0] ?? '', HEARTBEAT_STATES)}; expected one or more of ${HEARTBEAT_STATES.join(', ')}`,
      'failures are --state late,failing; successes --state received,early,grace',
    );
  }
  return states;
}

export async function run(ctx: Context, checkId: string, eventId: string | undefined, options: EventsOptions): Promise<void> {
  if (eventId !== undefined) return runOne(ctx, checkId, eventId, options);
  const states = parseStates(options.state);
  if (options.all && options.limit !== undefined) {
    throw usageError(
      '--all and --limit both say how many events to read',
      'give --all for every event of the window, or --limit N for the newest N',
    );
  }
  const check = sentId('listHeartbeatEvents', 'checkId', checkId, CHECK_ARGUMENT);
  const now = ctx.now();
  await checkWindow(options, now);
  const window = windowQuery(options, now);
  const client = await ctx.client({ maxWaitMs: (options.maxWait ?? DEFAULT_MAX_WAIT_S) * 1000 });
  const walks = options.all || states !== undefined || (options.limit ?? DEFAULT_LIMIT) > EVENTS_PER_REQUEST;
  if (!walks) {
    const query = { ...window, ...(options.limit !== undefined ? { limit: String(options.limit) } : {}) };
    const answer = await client.listHeartbeatEvents({ params: { checkId: check }, ...(Object.keys(query).length > 0 ? { query } : {}) });
    if (ctx.json) return ctx.printJson(answer);
    const events = answer.flatMap((entry) => entry.events ?? []);
    return show(ctx, checkId, events, answer[0]?.stats ?? undefined, options);
  }
  const keep = states ? new Set(states) : undefined;
  const progress = ctx.showProgress ? await import('../../output/progress.js') : undefined;
  let spinner: Awaited<ReturnType<NonNullable<typeof progress>['startProgress']>> | undefined;
  const walked = await walkEvents(client, {
    checkId: check,
    window,
    now,
    wanted: options.all ? Number.POSITIVE_INFINITY : (options.limit ?? DEFAULT_LIMIT),
    keep: (event) => !keep || keep.has(event.state ?? ''),
    onStep: async (kept, back) => {
      const text = `Reading heartbeat events back to ${back}: ${kept} ${keep ? 'kept' : 'read'} so far…`;
      if (spinner) spinner.update(text);
      else if (progress) spinner = await progress.startProgress(ctx, text);
    },
  }).finally(() => spinner?.stop());
  if (ctx.json) return ctx.printJson([{ events: walked.events, stats: walked.stats ?? null }]);
  await show(ctx, checkId, walked.events, walked.stats ?? undefined, options, states ? { states, read: walked.read } : {});
  if (!walked.complete && !options.all) ctx.info('more: --all reads every event of the window');
}

async function show(
  ctx: Context,
  checkId: string,
  events: Parameters<typeof renderEvents>[2],
  stats: Parameters<typeof renderEvents>[3],
  options: EventsOptions,
  chosen: Parameters<typeof renderEvents>[5] = {},
): Promise<void> {
  if (events.length === 0 && tableFormat(ctx) === 'tsv') {
    ctx.info(
      `No heartbeat events${chosen.states ? ` in state ${chosen.states.join(' or ')}` : ''} for check ${checkId} in ${describeWindow(options)}.`,
    );
    return;
  }
  await ctx.outPaged(await renderEvents(ctx, checkId, events, stats, options, chosen));
}

async function runOne(ctx: Context, checkId: string, eventId: string, options: EventsOptions): Promise<void> {
  const given = (['since', 'from', 'to', 'limit', 'state', 'all'] as const).filter((name) => options[name] !== undefined);
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

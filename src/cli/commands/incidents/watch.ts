// `incidents watch [ID]`: follows one incident, or the account's open incidents, printing a line
// per change as it is seen (gh's `run watch`: the state first, then each change). A poll is
// getIncident for one incident; for all, the whole incident list (each incident with its updates,
// a request per 100), since an open incident may be older than any page of newer ones. What
// changed is found by comparing two reads, so an event is printed once however often it is read
// again.
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { CliError, ExitCode, usageError } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { displayZone, statusText, tableFormat, zonedTime } from '../../output/cells.js';
import { jsonEscaped, terminalLine } from '../../output/terminal-text.js';
import { MIN_PREFIX, shortIds } from '../../lookup/short-ids.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { AllOpen, OneIncident, type Outcome, type WatchEvent } from '../../api/incident-timeline.js';

export const DEFAULT_INTERVAL_SECONDS = 10;
export const MIN_INTERVAL_SECONDS = 1;
/** Failed polls back off, doubling, to this at most. */
const MAX_BACKOFF_MS = 5 * 60_000;

export interface WatchOptions {
  exitStatus?: boolean;
  interval: number;
  maxTime?: number;
}

export function declare(incidents: Noun): void {
  examples(
    incidents
      .command('watch')
      .argument('[id]', `incident id, or its first ${MIN_PREFIX} or more characters; none: every open incident`)
      .description(
        'Follow an incident (or, with no id, the open incidents of the account): its state first, then a line per change as it appears ' +
          '(a new, edited or deleted update, a status, name, severity or services change, a new incident, a deletion). ' +
          'A read every --interval: with an id one request; without, the whole incident list, a request per 100 incidents. ' +
          'A failed read is retried, backing off, and a 429 is waited out.\n\n' +
          'Each line: time, incident, event, what changed (tab-separated when piped; -o json: one JSON object per line). ' +
          'Ctrl-C stops (exit 130). --exit-status: exit 0 once the incident is resolved (no id: once none is open), ' +
          '5 if --max-time passes first. A watched incident that is deleted ends the watch with exit 4.',
      )
      .option('--exit-status', 'exit 0 once the incident is resolved (no id: once no incident is open); 5 if --max-time passes first')
      .option(
        '--interval <seconds>',
        `seconds between two reads, at least ${MIN_INTERVAL_SECONDS} (default ${DEFAULT_INTERVAL_SECONDS})`,
        atLeast(MIN_INTERVAL_SECONDS),
        DEFAULT_INTERVAL_SECONDS,
      )
      .option('--max-time <seconds>', 'stop watching after this long (exit 5 with --exit-status, else 0)', atLeast(1))
      .action((id, options, command) => run(Context.fromCommand(command), id, options)),
    [
      'statusctl incidents watch 5e093152-3e64-57b4-9f50-7162aba7ae1f --exit-status   # resolved already: its state, then exit 0',
      'statusctl incidents watch 5e093152 --exit-status -o json | jq -r .event       # a unique prefix of the id; one JSON object per line',
      'statusctl incidents watch 7385595c --interval 2 --max-time 4                 # Ctrl-C stops it sooner (exit 130)',
      "statusctl incidents watch --max-time 4 -o json | jq -c '{event, incidentId}'  # every open incident",
    ],
  );
  valueKinds(incidents, 'watch', { id: 'incident' });
}

function atLeast(min: number) {
  return (value: string): number => {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number) || number < min) {
      throw new InvalidArgumentError(`expected a number of seconds, at least ${min}`);
    }
    return number;
  };
}

export async function run(ctx: Context, given: string | undefined, options: WatchOptions): Promise<void> {
  if (ctx.globals.output === 'md') {
    throw usageError(
      '-o md: a watch prints a stream of events, which has no Markdown form',
      'use the default lines, or -o json (one object per line)',
    );
  }
  const client = await ctx.client();
  const interval = options.interval * 1000;
  const deadline = options.maxTime !== undefined ? ctx.monotonicNow() + options.maxTime * 1000 : undefined;
  const print = printer(ctx);

  let interrupt: (error: CliError) => void = () => {};
  const interrupted = new Promise<never>((_, reject) => (interrupt = reject));
  interrupted.catch(() => {});
  const what = given === undefined ? 'the open incidents' : `incident ${given}`;
  const onSigint = () => {
    // The terminal has echoed ^C: the message goes on a line of its own.
    if (ctx.io.stderr.isTTY) ctx.info('');
    interrupt(new CliError(ExitCode.interrupted, `interrupted: stopped watching ${what}`));
  };
  process.once('SIGINT', onSigint);
  // Ends the wait between reads when the watch ends, so that it never holds the process open.
  const stop = new AbortController();
  try {
    // Finding the incident (on either kind of page) may wait out a 429 too: Ctrl-C ends that wait.
    const watcher = given === undefined ? new AllOpen(client) : await Promise.race([OneIncident.start(ctx, client, given), interrupted]);
    let delay = interval;
    let failures = 0;
    let first = true;
    for (;;) {
      if (!first) {
        const wait = deadline === undefined ? delay : Math.min(delay, Math.max(0, deadline - ctx.monotonicNow()));
        await Promise.race([ctx.sleep(wait, stop.signal), interrupted]);
        if (deadline !== undefined && ctx.monotonicNow() >= deadline) {
          if (options.exitStatus) {
            throw new CliError(
              ExitCode.threshold,
              given === undefined
                ? `incidents were still open after --max-time ${options.maxTime} s`
                : `${what} was not resolved after --max-time ${options.maxTime} s`,
            );
          }
          ctx.info(`stopped watching ${what} after --max-time ${options.maxTime} s`);
          return;
        }
      }
      let outcome: Outcome;
      try {
        outcome = await Promise.race([watcher.poll(new Date(ctx.now()).toISOString(), first), interrupted]);
      } catch (error) {
        const retryIn = retryDelay(error, delay, interval);
        if (retryIn === undefined || first) throw error;
        failures++;
        delay = retryIn;
        ctx.info(`warning: ${terminalLine((error as Error).message)}; trying again in ${Math.round(delay / 1000)} s`);
        continue;
      }
      if (failures) ctx.info('reading again');
      failures = 0;
      delay = interval;
      first = false;
      for (const event of outcome.events) await print(event);
      if (outcome.deleted) {
        throw new CliError(ExitCode.notFound, `incident ${outcome.deleted} was deleted; nothing left to watch`);
      }
      if (options.exitStatus && outcome.done) {
        ctx.info(given === undefined ? 'No incident is open.' : `Incident ${watcher.label} is resolved.`);
        return;
      }
      if (outcome.firstPoll && ctx.io.stderr.isTTY) {
        ctx.info(`Watching ${what}, every ${options.interval} s; Ctrl-C to stop`);
      }
    }
  } finally {
    stop.abort();
    process.removeListener('SIGINT', onSigint);
  }
}

/**
 * How long to wait before reading again after a failed read, or undefined when trying again
 * cannot help (a refused key, a request the server rejects). A 429 the client could not wait
 * out waits its Retry-After; a network failure, a timeout or a 5xx backs off, doubling.
 */
function retryDelay(error: unknown, delay: number, interval: number): number | undefined {
  if (!(error instanceof Error) || error.name !== 'ApiError') return undefined;
  const { kind, status, retryAfter } = error as Error & { kind: string; status?: number; retryAfter?: number };
  if (status === 429) return Math.max(interval, (retryAfter ?? 0) * 1000);
  if (kind === 'network' || kind === 'timeout' || (status !== undefined && status >= 500)) return Math.min(delay * 2, MAX_BACKOFF_MS);
  return undefined;
}

/**
 * Prints events as they come: piped, tab-separated (time, incident id, event, what); on a
 * terminal the same lines with the time of day in the local zone, a short id and colors; -o json one
 * compact object per line (--jq applied to each).
 */
function printer(ctx: Context): (event: WatchEvent) => Promise<void> {
  const terminal = tableFormat(ctx) === 'terminal';
  // Short ids are kept unique among every incident shown so far.
  const seen = new Set<string>();
  return async (event) => {
    if (ctx.json) {
      if (ctx.globals.jq === undefined) ctx.out(jsonEscaped(JSON.stringify(event)));
      else await ctx.printJson(event);
      return;
    }
    const time = terminal ? timeOfDay(ctx, event.time) : event.time;
    seen.add(event.incidentId);
    const id = terminal ? shortIds([...seen]).get(event.incidentId)! : event.incidentId;
    const fields = [clean(time), clean(id), event.event, describe(ctx, event, terminal)];
    ctx.out(terminal ? fields.join('  ') : fields.join('\t'));
  };
}

/** `10:02:11 EDT`: the time of day in the zone terminal output shows (UTC with --utc). */
function timeOfDay(ctx: Context, value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const { clock, zone } = zonedTime(displayZone(ctx), time);
  return `${clock.slice(11)} ${zone}`;
}

/** Text from the data on a watch line: one line, nothing that steers the terminal (output/terminal-text.ts). */
const clean = terminalLine;

function describe(ctx: Context, event: WatchEvent, terminal: boolean): string {
  const status = (value: string | undefined) => (terminal ? statusText(ctx, value && clean(value)) : clean(value ?? '-'));
  const incident = { ...event.incident, name: clean(event.incident.name), severity: clean(event.incident.severity) };
  switch (event.event) {
    case 'watching':
    case 'opened': {
      const count = (incident.incidentUpdates ?? []).length;
      return `${status(incident.lastUpdateStatus)} ${incident.severity} ${incident.name} (${count} update${count === 1 ? '' : 's'})`;
    }
    case 'update':
    case 'update-edited':
    case 'update-deleted':
      return `${status(event.update?.status)} ${clean(event.update?.description ?? '')}`;
    case 'status':
      return `${status(event.from)} -> ${status(event.to)}`;
    case 'deleted':
      return `${incident.name} was deleted`;
    default:
      return clean(`${event.from} -> ${event.to}`);
  }
}

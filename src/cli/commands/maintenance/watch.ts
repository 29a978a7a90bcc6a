// `maintenance watch WINDOW [OCCURRENCE]`: follows one occurrence as `incidents watch` follows an
// incident: its state first, then a line per change (a status update posted, edited or deleted,
// a change of status, a move), until it is completed or cancelled. A poll is one getMaintenance;
// what changed is found by comparing two reads, so each change is printed once.
import { InvalidArgumentError } from '@commander-js/extra-typings';
import type { Maintenance, MaintenanceUpdate } from '../../../contract/schemas.js';
import { CliError, ExitCode, usageError } from '../../errors/exit-codes.js';
import { isNotFound } from '../../errors/not-found.js';
import { findOccurrence, readWindow } from '../../lookup/maintenance-windows.js';
import { displayZone, tableFormat, zonedTime } from '../../output/cells.js';
import { jsonEscaped, terminalLine } from '../../output/terminal-text.js';
import { examples } from '../../runtime/command-kit.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { OCCURRENCE_ARG } from '../../views/maintenance-update.js';
import { isFinal, MAINTENANCE_WINDOW, maintenanceStatusPaint } from '../../views/maintenance-window.js';

export interface WatchOptions {
  exitStatus?: boolean;
  interval: number;
  maxTime?: number;
}

export interface MaintenanceEvent {
  time: string;
  event: 'watching' | 'update' | 'update-edited' | 'update-deleted' | 'status' | 'moved';
  windowId: number;
  maintenanceId: string;
  status: string;
  update?: MaintenanceUpdate;
  from?: string;
  to?: string;
}

const atLeastOne = (value: string): number => {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 1)
    throw new InvalidArgumentError('expected a number of seconds, at least 1');
  return number;
};

export function declare(maintenance: Noun): void {
  examples(
    maintenance
      .command('watch')
      .argument('<window>', MAINTENANCE_WINDOW.argument.help)
      .argument('[occurrence]', OCCURRENCE_ARG)
      .description(
        'Follow one occurrence of a maintenance window (default: the next one neither completed nor cancelled): its state first, ' +
          'then a line per change as it appears (a status update posted, edited or deleted, a change of status, a move), ' +
          'until it is completed or cancelled. A read every --interval.\n\n' +
          'Each line: time, occurrence, event, what changed (tab-separated when piped; -o json: one JSON object per line). ' +
          'Ctrl-C stops (exit 130). Ends by itself once the occurrence is over: exit 0; with --exit-status, 5 when it was ' +
          'cancelled or --max-time passed first. An occurrence deleted meanwhile ends the watch with exit 4.',
      )
      .option('--exit-status', 'exit 5 when the occurrence is cancelled, or --max-time passes before it is completed')
      .option('--interval <seconds>', 'seconds between two reads, at least 1 (default 10)', atLeastOne, 10)
      .option('--max-time <seconds>', 'stop watching after this long (exit 5 with --exit-status, else 0)', atLeastOne)
      .action((window, occurrence, options, command) => run(Context.fromCommand(command), window, occurrence, options)),
    [
      'statusctl maintenance watch 5219801255 --interval 1 --max-time 2',
      'statusctl maintenance watch 5219801255 next --max-time 2 -o json | jq -r .event',
    ],
  );
  valueKinds(maintenance, 'watch', { window: 'maintenance-window', occurrence: 'maintenance' });
}

export async function run(ctx: Context, givenWindow: string, givenOccurrence: string | undefined, options: WatchOptions): Promise<void> {
  if (ctx.globals.output === 'md') {
    throw usageError(
      '-o md: a watch prints a stream of events, which has no Markdown form',
      'use the default lines, or -o json (one object per line)',
    );
  }
  const entry = await readWindow(ctx, givenWindow);
  let current = findOccurrence(entry, givenOccurrence ?? 'next');
  const params = { id: String(entry.window.id), maintenanceId: current.id };
  const what = `occurrence ${current.id.slice(0, 8)} of window ${entry.window.id}`;
  const client = await ctx.client();
  const print = printer(ctx);
  const deadline = options.maxTime !== undefined ? ctx.monotonicNow() + options.maxTime * 1000 : undefined;
  const stop = new AbortController();
  let interrupt: (error: CliError) => void = () => {};
  const interrupted = new Promise<never>((_, reject) => (interrupt = reject));
  interrupted.catch(() => {});
  const onSigint = () => {
    if (ctx.io.stderr.isTTY) ctx.info('');
    interrupt(new CliError(ExitCode.interrupted, `interrupted: stopped watching ${what}`));
  };
  process.once('SIGINT', onSigint);
  try {
    await print(event(ctx, current, 'watching'));
    if (ctx.io.stderr.isTTY && !isFinal(current.status)) ctx.info(`Watching ${what}, every ${options.interval} s; Ctrl-C to stop`);
    while (!isFinal(current.status)) {
      const wait =
        deadline === undefined ? options.interval * 1000 : Math.min(options.interval * 1000, Math.max(0, deadline - ctx.monotonicNow()));
      await Promise.race([ctx.sleep(wait, stop.signal), interrupted]);
      if (deadline !== undefined && ctx.monotonicNow() >= deadline) {
        if (options.exitStatus) throw new CliError(ExitCode.threshold, `${what} was not over after --max-time ${options.maxTime} s`);
        ctx.info(`stopped watching ${what} after --max-time ${options.maxTime} s`);
        return;
      }
      let next: Maintenance;
      try {
        next = await Promise.race([client.getMaintenance({ params }), interrupted]);
      } catch (error) {
        if (isNotFound(error)) throw new CliError(ExitCode.notFound, `${what} was deleted; nothing left to watch`);
        throw error;
      }
      for (const change of changes(ctx, current, next)) await print(change);
      current = next;
    }
    if (options.exitStatus && current.status === 'CANCELLED') throw new CliError(ExitCode.threshold, `${what} was cancelled`);
    ctx.info(`Maintenance ${what} is ${current.status.toLowerCase()}.`);
  } finally {
    stop.abort();
    process.removeListener('SIGINT', onSigint);
  }
}

function event(
  ctx: Context,
  maintenance: Maintenance,
  kind: MaintenanceEvent['event'],
  extra: Partial<MaintenanceEvent> = {},
): MaintenanceEvent {
  return {
    time: extra.update?.created_at ?? new Date(ctx.now()).toISOString(),
    event: kind,
    windowId: maintenance.maintenanceWindowId,
    maintenanceId: maintenance.id,
    status: maintenance.status,
    ...extra,
  };
}

/** What differs between two reads of the occurrence, in the order it happened: updates, then status, then a move. */
function changes(ctx: Context, before: Maintenance, after: Maintenance): MaintenanceEvent[] {
  const found: MaintenanceEvent[] = [];
  const old = new Map(before.updates.map((update) => [update.id, update]));
  const kept = new Set(after.updates.map((update) => update.id));
  for (const update of before.updates)
    if (!kept.has(update.id))
      found.push(event(ctx, after, 'update-deleted', { update: { ...update, created_at: new Date(ctx.now()).toISOString() } }));
  for (const update of after.updates) {
    const was = old.get(update.id);
    if (!was) found.push(event(ctx, after, 'update', { update }));
    else if (was.description !== update.description || was.status !== update.status)
      found.push(event(ctx, after, 'update-edited', { update }));
  }
  if (before.status !== after.status) found.push(event(ctx, after, 'status', { from: before.status, to: after.status }));
  if (before.startsAt !== after.startsAt || before.endsAt !== after.endsAt) {
    found.push(event(ctx, after, 'moved', { from: `${before.startsAt}..${before.endsAt}`, to: `${after.startsAt}..${after.endsAt}` }));
  }
  return found;
}

/** Lines as `incidents watch` prints them: tab-separated piped, the time of day and a short id on a terminal, JSON per line. */
function printer(ctx: Context): (event: MaintenanceEvent) => Promise<void> {
  const terminal = tableFormat(ctx) === 'terminal';
  const status = (value: string | undefined) => {
    const text = terminalLine(value ?? '-');
    const paint = terminal ? maintenanceStatusPaint(ctx, value) : undefined;
    return paint ? paint(text) : text;
  };
  return async (change) => {
    if (ctx.json) {
      if (ctx.globals.jq === undefined) ctx.out(jsonEscaped(JSON.stringify(change)));
      else await ctx.printJson(change);
      return;
    }
    const time = terminal ? timeOfDay(ctx, change.time) : change.time;
    const id = terminal ? change.maintenanceId.slice(0, 8) : change.maintenanceId;
    const said =
      change.event === 'watching'
        ? `${status(change.status)} window ${change.windowId}`
        : change.event === 'status'
          ? `${status(change.from)} -> ${status(change.to)}`
          : change.update
            ? `${status(change.update.status)} ${terminalLine(change.update.description)}`
            : terminalLine(`${change.from} -> ${change.to}`);
    const fields = [terminalLine(time), id, change.event, said];
    ctx.out(terminal ? fields.join('  ') : fields.join('\t'));
  };
}

function timeOfDay(ctx: Context, value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const { clock, zone } = zonedTime(displayZone(ctx), time);
  return `${clock.slice(11)} ${zone}`;
}

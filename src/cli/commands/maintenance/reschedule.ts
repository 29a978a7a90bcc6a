// `maintenance reschedule WINDOW OCCURRENCE --starts WHEN`: moves that one occurrence (the API's
// PATCH of a maintenance); the window's schedule and its other occurrences stay.
import { runBulk } from '../../api/bulk.js';
import { usageError } from '../../errors/exit-codes.js';
import { duration, timeZoneOption, WHEN_HELP, whenOf, withOffset } from '../../input/maintenance-times.js';
import { findOccurrence, readWindow } from '../../lookup/maintenance-windows.js';
import { localTime, tableFormat } from '../../output/cells.js';
import { examples } from '../../runtime/command-kit.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { OCCURRENCE_ARG } from '../../views/maintenance-update.js';
import { MAINTENANCE_WINDOW } from '../../views/maintenance-window.js';

export interface RescheduleOptions {
  starts: string;
  ends?: string;
  duration?: number;
  timezone?: string;
  dryRun?: boolean;
}

export function declare(maintenance: Noun): void {
  examples(
    maintenance
      .command('reschedule')
      .description(
        "Move one occurrence of a window: its start and end (this occurrence only; the window's schedule and its other " +
          "occurrences stay). WHEN is read in the window's time zone unless --timezone is given; without --ends or " +
          '--duration it keeps its length.\n\n' +
          'Prints one sentence on a terminal, else OCCURRENCE<TAB>moved<TAB>REASON; -o json: [{id, ok, status, error, window, startsAt, endsAt}].',
      )
      .argument('<window>', MAINTENANCE_WINDOW.argument.help)
      .argument('<occurrence>', OCCURRENCE_ARG)
      .requiredOption('--starts <when>', `when it starts now: ${WHEN_HELP}`)
      .option('--ends <when>', `when it ends now: ${WHEN_HELP}`)
      .option('--duration <length>', 'how long it lasts instead of --ends: 30m, 2h, 1d', duration)
      .option('--timezone <zone>', "IANA time zone WHEN is read in (default: the window's)", timeZoneOption)
      .option('--dry-run', 'read the window and print the request (method, path, JSON body) instead of sending it')
      .action((window, occurrence, options, command) => run(Context.fromCommand(command), window, occurrence, options)),
    [
      'statusctl maintenance reschedule 5219801255 next --starts +4d --duration 3h --dry-run',
      'statusctl maintenance reschedule 5219801255 next --starts "2030-03-17 03:00" --ends "2030-03-17 05:00" --timezone Europe/Berlin --dry-run',
    ],
  );
  valueKinds(maintenance, 'reschedule', { window: 'maintenance-window', occurrence: 'maintenance' });
}

export async function run(ctx: Context, givenWindow: string, givenOccurrence: string, options: RescheduleOptions): Promise<void> {
  if (options.ends && options.duration !== undefined) {
    throw usageError('--ends and --duration: expected one of them, not both', 'give --ends WHEN or --duration 2h');
  }
  const entry = await readWindow(ctx, givenWindow);
  const occurrence = findOccurrence(entry, givenOccurrence);
  const { window } = entry;
  const zone = options.timezone ?? window.timezone ?? 'UTC';
  const now = ctx.now();
  const starts = whenOf('--starts', options.starts, zone, now);
  const length = options.duration ?? Date.parse(occurrence.endsAt) - Date.parse(occurrence.startsAt);
  const ends = options.ends
    ? whenOf('--ends', options.ends, zone, now)
    : { at: starts.at + length, sent: withOffset(starts.at + length, zone) };
  if (ends.at <= starts.at) {
    throw usageError(
      `--ends "${options.ends}": expected a time after --starts`,
      'give a later --ends, or --duration for how long it lasts',
    );
  }
  const input = { params: { id: String(window.id), maintenanceId: occurrence.id }, body: { startsAt: starts.sent, endsAt: ends.sent } };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('updateMaintenance', input));
  }
  const client = await ctx.client();
  const shown = (value: string) => (tableFormat(ctx) === 'terminal' ? localTime(ctx, Date.parse(value), 'minute') : value);
  await runBulk(
    ctx,
    [occurrence.id],
    1,
    async () => {
      const moved = await client.updateMaintenance(input);
      return {
        outcome: 'moved',
        status: 200,
        reason: `window ${window.id} ${window.name}: ${shown(moved.startsAt)} to ${shown(moved.endsAt)}`,
        fields: { window: window.id, startsAt: moved.startsAt, endsAt: moved.endsAt },
      };
    },
    { window: null, startsAt: null, endsAt: null },
    { noun: 'maintenance' },
  );
}

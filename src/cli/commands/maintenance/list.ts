// `maintenance list`: the account's maintenance windows, each with its next occurrence (start,
// end, status), soonest first; filtered to those to come, in progress or over.
import type { MaintenanceWindow } from '../../../contract/schemas.js';
import { usageError } from '../../errors/exit-codes.js';
import { listVerb } from '../../verbs/list.js';
import { isFinal, MAINTENANCE_WINDOW, type WindowEntry } from '../../views/maintenance-window.js';
import { allWindows, entryWithOccurrences } from '../../lookup/maintenance-windows.js';

export interface ListOptions {
  upcoming?: boolean;
  active?: boolean;
  past?: boolean;
}

type When = 'upcoming' | 'active' | 'past';

const IS: Record<When, (entry: WindowEntry, now: number) => boolean> = {
  upcoming: ({ next }, now) => next?.status === 'SCHEDULED' && Date.parse(next.startsAt) > now,
  active: ({ next }) => next?.status === 'IN_PROGRESS' || next?.status === 'VERIFYING',
  past: ({ next }) => next === undefined || isFinal(next.status),
};

export const { declare, run } = listVerb<WindowEntry, ListOptions>(MAINTENANCE_WINDOW, {
  description:
    'List maintenance windows, each with its next occurrence (not completed nor cancelled; for a window that is over, its last) and that ' +
    "occurrence's status, soonest first.\n\n" +
    "Times are in the local zone on a terminal (TZ, or --utc), the API's ISO values piped and in Markdown. " +
    'Piped: WINDOW<TAB>STATUS<TAB>STARTS<TAB>ENDS<TAB>REPEATS<TAB>NAME. With -o json: the windows as the API gives them.',
  examples: ['statusctl maintenance list', 'statusctl maintenance list --upcoming', 'statusctl maintenance list --past -o json'],
  options: (command) =>
    command
      .option('--upcoming', 'only windows whose next occurrence is scheduled and still to start')
      .option('--active', 'only windows with an occurrence in progress or being verified')
      .option('--past', 'only windows that are over: every occurrence completed or cancelled'),
  async fetch(ctx, options) {
    const chosen = (['upcoming', 'active', 'past'] as const).filter((when) => options[when]);
    if (chosen.length > 1) {
      throw usageError(
        `--${chosen.join(' and --')}: expected one of --upcoming, --active, --past`,
        'give one of them, or none for every window',
      );
    }
    const client = await ctx.client();
    const windows = await allWindows(client);
    const entries = await Promise.all(windows.map((window) => entryWithOccurrences(ctx, client, window)));
    const now = ctx.now();
    const when = chosen[0];
    const kept = (when ? entries.filter((entry) => IS[when](entry, now)) : entries).sort(bySoonest);
    const json: MaintenanceWindow[] = kept.map((entry) => entry.window);
    return {
      json,
      entries: kept,
      none: when ? `No ${when === 'active' ? 'active' : when} maintenance windows.` : 'No maintenance windows.',
    };
  },
});

/** By the next occurrence's start; a window without one last. */
function bySoonest(a: WindowEntry, b: WindowEntry): number {
  const start = (entry: WindowEntry) => (entry.next ? Date.parse(entry.next.startsAt) : Number.POSITIVE_INFINITY);
  return start(a) - start(b) || a.window.id - b.window.id;
}

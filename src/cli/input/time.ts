// Times as people say them on the command line: `7d`, `2h`, `30m` (that long ago), a calendar
// date, or an ISO date-time. Relative values are turned into a UTC timestamp against the run's
// clock, so the API gets the absolute time it takes and the run can be replayed in tests.
import { fitsSchema } from '../../client/request-check.js';
import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { availabilityWindow, isDateOnly } from '../../contract/rules.js';
import { usageError } from '../errors/exit-codes.js';

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;
const UNIT_WORDS = { m: 'minute', h: 'hour', d: 'day', w: 'week' } as const;
const DURATION = /^(\d{1,5})(m|h|d|w)$/;

export interface Span {
  /** As typed: `7d`. */
  text: string;
  ms: number;
  /** `7 days`. */
  words: string;
}

/** `24h`, `7d`, `30d`, `90m`, `2w`: a length of time, as --since takes it. */
export function span(value: string): Span {
  const match = DURATION.exec(value.trim().toLowerCase());
  if (!match || Number(match[1]) === 0) {
    throw new InvalidArgumentError('expected a length of time such as 24h, 7d, 30d, 90m or 2w');
  }
  const count = Number(match[1]);
  const unit = match[2] as keyof typeof UNIT_MS;
  return { text: value.trim(), ms: count * UNIT_MS[unit], words: `${count} ${UNIT_WORDS[unit]}${count === 1 ? '' : 's'}` };
}

/** A relative time (`7d` ago) if `value` is one, else undefined. */
export function relativeSpan(value: string): Span | undefined {
  return DURATION.test(value.trim().toLowerCase()) ? span(value) : undefined;
}

/** `value` as the API takes it: a relative time becomes the ISO timestamp that long before `now`; others stay as typed. */
export function absoluteTime(value: string, now: number): string {
  const relative = relativeSpan(value);
  return relative ? new Date(now - relative.ms).toISOString() : value;
}

// ---- a window of time: --since, or --from and --to (heartbeats availability and events) ------

export interface WindowOptions {
  since?: Span;
  from?: string;
  to?: string;
}

export const WINDOW_HELP =
  'The window: --since 24h|7d|30d (up to now), or --from and --to, each a date (YYYY-MM-DD; --to covers that ' +
  'whole day), an ISO date-time, or a time ago (7d, 2h, 30m); default the last 24 hours.';

/** The options that choose a window: --since, or --from and --to. */
export function windowOptions() {
  return [
    new Option('--since <span>', 'the window up to now: 24h, 7d, 30d (or any count of m, h, d, w)')
      .argParser(span)
      .conflicts(['from', 'to']),
    new Option('--from <when>', 'start of the window: YYYY-MM-DD, an ISO date-time, or a time ago: 7d, 2h (default: 24 hours before --to)'),
    new Option('--to <when>', 'end of the window: YYYY-MM-DD (that whole day), an ISO date-time, or a time ago (default: now)'),
  ] as const;
}

/** The window as the API takes it: relative times turned into timestamps against the run's clock. */
export function windowQuery(options: WindowOptions, now: number): { startTime?: string; endTime?: string } {
  if (options.since) return { startTime: new Date(now - options.since.ms).toISOString() };
  return {
    ...(options.from ? { startTime: absoluteTime(options.from, now) } : {}),
    ...(options.to ? { endTime: absoluteTime(options.to, now) } : {}),
  };
}

/**
 * The same rules as the server (the contract's own schema), checked before any request so a
 * typo is a usage error naming the option, not an API failure.
 */
export async function checkWindow(options: WindowOptions, now: number): Promise<void> {
  for (const [name, value] of [
    ['--from', options.from],
    ['--to', options.to],
  ] as const) {
    if (value !== undefined && !relativeSpan(value) && !(await isDateOrDateTime(value))) {
      throw usageError(
        `option '${name} <when>' argument '${value}' is invalid: expected YYYY-MM-DD, an ISO date-time like 2025-06-01T08:00:00Z, or a time ago like 7d or 2h`,
      );
    }
  }
  const { startTime, endTime } = windowQuery(options, now);
  // Without --to the window ends now: a --from after that is refused here, not by the server.
  if (startTime && availabilityWindow(now, startTime, endTime).empty) {
    throw usageError(
      options.to
        ? `option '--from' (${options.from}) must be before '--to' (${options.to})`
        : `option '--from' (${options.from}) is in the future: the window ends now without --to`,
      'the window is [--from, --to); --to defaults to now and --from to 24 hours before --to',
    );
  }
}

/** The window in words: `the last 7 days`, `3d ago to now`. */
export function describeWindow(options: WindowOptions): string {
  if (options.since) return `the last ${options.since.words}`;
  const when = (value: string) => (/^\d+[mhdw]$/i.test(value.trim()) ? `${value.trim()} ago` : value);
  const to = options.to ? (isDateOnly(options.to) ? `the end of ${options.to}` : when(options.to)) : 'now';
  if (!options.from && !options.to) return 'the last 24 hours';
  if (!options.from) return `the 24 hours up to ${to}`;
  return `${when(options.from)} to ${to}`;
}

/**
 * A moment as --since takes it: a time ago (`7d`) against `now`, a date (midnight UTC) or an ISO
 * date-time, checked by the contract's own schema; undefined when `value` is none of these.
 */
export async function momentOf(value: string, now: number): Promise<number | undefined> {
  // A span of nothing (`0d`) is refused by span() with commander's error, which only the parser prints.
  const spans = () => {
    try {
      return relativeSpan(value) !== undefined;
    } catch {
      return false;
    }
  };
  if (!spans() && !(await isDateOrDateTime(value.trim()))) return undefined;
  const time = Date.parse(absoluteTime(value.trim(), now));
  return Number.isNaN(time) ? undefined : time;
}

/**
 * The contract's own rule for a date or date-time (its schema DateOrDateTime), on the shape the
 * build derives from it: the schema itself loads only for a value that shape refuses.
 */
async function isDateOrDateTime(value: string): Promise<boolean> {
  if (fitsSchema('DateOrDateTime', value)) return true;
  const { DateOrDateTime } = await import('../../contract/schemas.js');
  return DateOrDateTime.safeParse(value).success;
}

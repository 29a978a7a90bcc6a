// Local time in a named time zone, read from Intl: the wall clock of an instant there, and the
// instant of a wall clock time there, for a maintenance that repeats at the same local time
// whatever the zone's offset does. Calendar steps (a day, a week, a month on) are done by Date's
// own UTC fields, which carry a day past a month's end into the next month.
export interface Wall {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly ms: number;
}

export type CalendarUnit = 'DAY' | 'WEEK' | 'MONTH';

const HOUR_MS = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The instant whose UTC fields are these (years below 100 are years, not 19xx). */
function utc(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

const asUtc = (wall: Wall) => utc(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.ms);

/** The wall clock of an instant in the zone. */
export function wallOf(instant: number, timeZone: string): Wall {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = Number(parts.year);
  return {
    year: parts.era === 'BC' || parts.era === 'B' ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    ms: ((instant % 1000) + 1000) % 1000,
  };
}

/** How far the zone's wall clock is ahead of UTC at the instant. */
function offsetAt(instant: number, timeZone: string): number {
  return asUtc(wallOf(instant, timeZone)) - instant;
}

/**
 * The instant of a wall clock time in the zone. A time the clock shows twice (when it is set
 * back) is its first; a time it skips (when it is set forward) is read with the offset before
 * the change, so it falls as much later as the clock skipped, as Temporal's "compatible" does.
 */
export function instantOf(wall: Wall, timeZone: string): number {
  const local = asUtc(wall);
  const before = offsetAt(local - 24 * HOUR_MS, timeZone);
  const after = offsetAt(local + 24 * HOUR_MS, timeZone);
  const fits = [local - before, local - after].filter((instant) => asUtc(wallOf(instant, timeZone)) === local).sort((a, b) => a - b);
  return fits[0] ?? local - before;
}

/** The same wall clock time `count` units on; a month on from the 31st is the month's last day. */
export function addToWall(wall: Wall, unit: CalendarUnit, count: number): Wall {
  let date: Date;
  if (unit === 'MONTH') {
    const monthIndex = wall.month - 1 + count;
    const lastDay = new Date(utc(wall.year, monthIndex + 1, 0)).getUTCDate();
    date = new Date(utc(wall.year, monthIndex, Math.min(wall.day, lastDay)));
  } else {
    date = new Date(utc(wall.year, wall.month - 1, wall.day + count * (unit === 'WEEK' ? 7 : 1)));
  }
  return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** YYYY-MM-DD of a wall clock time. */
export function dayOf(wall: Wall): string {
  return new Date(utc(wall.year, wall.month - 1, wall.day)).toISOString().slice(0, 10);
}

/** Midnight of a calendar date (YYYY-MM-DD) in the zone. */
export function midnightOf(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return instantOf({ year, month, day: date, hour: 0, minute: 0, second: 0, ms: 0 }, timeZone);
}

// Times of scheduled maintenance as people type them: WHEN is an ISO date-time (its offset, or
// none: in the zone), `YYYY-MM-DD HH:MM` in the zone, a date (midnight in the zone) or `+2h` /
// `+1d` from now; a length is `2h`, `90m`, `1d`. Each WHEN becomes the API's instant with the
// zone's offset at that moment (`2026-03-15T02:00:00+01:00`), so the request reads as typed.
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { usageError } from '../errors/exit-codes.js';

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;
const LENGTH = /^(\d{1,5})(m|h|d|w)$/;
const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;

export const WHEN_HELP = 'an ISO date-time, YYYY-MM-DD HH:MM in the time zone, or +2h / +1d from now';

/** `2h`, `90m`, `1d`, `1w` in ms; undefined when `value` is no length. */
function lengthMs(value: string): number | undefined {
  const match = LENGTH.exec(value.trim().toLowerCase());
  if (!match || Number(match[1]) === 0) return undefined;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** `--duration 2h`: a length of time, as commander's parser of the option. */
export function duration(value: string): number {
  const ms = lengthMs(value);
  if (ms === undefined) throw new InvalidArgumentError('expected a length of time such as 30m, 2h or 1d');
  return ms;
}

/** `--remind 1h`: minutes before, 60 to 10080 (1h to 7d) as the API takes them. */
export function reminder(value: string, previous: number[] = []): number[] {
  const ms = lengthMs(value);
  const minutes = ms === undefined ? Number.NaN : ms / 60_000;
  if (!(minutes >= 60 && minutes <= 10_080)) {
    throw new InvalidArgumentError('expected how long before it to remind subscribers, 1h to 7d, such as 1h, 24h or 2d');
  }
  return [...previous, minutes];
}

/** Whether `zone` is a named IANA time zone (an offset such as +05:00 is not, as the API says). */
export function isTimeZone(zone: string): boolean {
  if (/^[+-]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `--timezone`: a named zone, as commander's parser of the option. */
export function timeZoneOption(value: string): string {
  const zone = value.trim();
  if (!isTimeZone(zone)) throw new InvalidArgumentError('expected a named IANA time zone such as Europe/Berlin or UTC (not an offset)');
  return zone;
}

/** The run's own zone: TZ when it names one, else the system's, else UTC. */
export function localZone(env: Readonly<Record<string, string | undefined>>): string {
  const named = env.TZ?.replace(/^:/, '');
  if (named && isTimeZone(named)) return named;
  const system = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return system && isTimeZone(system) ? system : 'UTC';
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map(({ type, value }) => [type, Number(value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant a wall clock time (given as if it were UTC) shows in the zone; a skipped time falls later. */
function instantOfWall(wall: number, zone: string): number {
  const before = offsetAt(wall - 86_400_000, zone);
  const after = offsetAt(wall + 86_400_000, zone);
  const fits = [wall - before, wall - after].filter((instant) => instant + offsetAt(instant, zone) === wall).sort((a, b) => a - b);
  return fits[0] ?? wall - before;
}

/** `2026-03-15T02:00:00+01:00`: the instant with the zone's offset then. */
export function withOffset(instant: number, zone: string): string {
  const offset = offsetAt(instant, zone);
  const local = new Date(instant + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / 60_000;
  return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * WHEN of option `name` as the API takes it, in ms and as sent; a value that is none of the
 * forms is a usage error naming the option and the forms.
 */
export function whenOf(name: string, value: string, zone: string, now: number): { at: number; sent: string } {
  const text = value.trim();
  if (text.startsWith('+')) {
    const ms = lengthMs(text.slice(1));
    if (ms !== undefined) return { at: now + ms, sent: withOffset(now + ms, zone) };
  } else if (WITH_OFFSET.test(text) && !Number.isNaN(Date.parse(text))) {
    return { at: Date.parse(text), sent: text };
  } else {
    const match = WALL.exec(text);
    if (match) {
      const [, year, month, day, hour, minute, second] = match.map((part) => Number(part ?? 0));
      const wall = Date.UTC(year!, month! - 1, day!, hour, minute, second);
      const check = new Date(wall);
      if (check.getUTCMonth() === month! - 1 && check.getUTCDate() === day && hour! < 24 && minute! < 60) {
        const at = instantOfWall(wall, zone);
        return { at, sent: withOffset(at, zone) };
      }
    }
  }
  throw usageError(
    `${name} "${value}": expected ${WHEN_HELP}`,
    `for example ${name} "2026-03-15 02:00" (in ${zone}), ${name} 2026-03-15T02:00:00Z or ${name} +2h`,
  );
}

/** `--until DATE`: the last day an occurrence may start on, YYYY-MM-DD. */
export function untilDate(value: string): string {
  const text = value.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(`${text}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new InvalidArgumentError('expected a date, YYYY-MM-DD: the last day an occurrence may start on');
  }
  return text;
}

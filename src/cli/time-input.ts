// Times as people say them on the command line: `7d`, `2h`, `30m` (that long ago), a calendar
// date, or an ISO date-time. Relative values are turned into a UTC timestamp against the run's
// clock, so the API gets the absolute time it takes and the run can be replayed in tests.
import { InvalidArgumentError } from '@commander-js/extra-typings';

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

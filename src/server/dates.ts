// Date helpers shared by the store, handlers and fixtures. Everything the server answers is UTC:
// date-typed fields are YYYY-MM-DD, date-time fields full ISO 8601 with milliseconds and `Z`.
import { DAY_MS } from '../contract/rules.js';

export { DAY_MS, isDateOnly, toMillis } from '../contract/rules.js';

/** YYYY-MM-DD of an instant, in UTC. */
export function dateOnly(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** An ISO 8601 timestamp (any offset) rewritten in UTC, e.g. `2025-03-01T10:00:00.000Z`. */
export function isoUtc(value: string | Date | number): string {
  return new Date(value).toISOString();
}

const RELATIVE = /^-(?:\d+[dhms])+$/;
const UNIT_MS: Record<string, number> = { d: DAY_MS, h: 3_600_000, m: 60_000, s: 1000 };

/**
 * Fixture timestamps may be relative to the start of the server (`now`, `-90m`, `-2d3h`) so a
 * hand-written fixture file looks as fresh as the built-in demo data. Returns null if invalid.
 */
export function resolveFixtureTime(value: string, now: number): number | null {
  if (value === 'now') return now;
  if (RELATIVE.test(value)) {
    let offset = 0;
    for (const [, amount, unit] of value.matchAll(/(\d+)([dhms])/g)) offset += Number(amount) * UNIT_MS[unit!]!;
    return now - offset;
  }
  const parsed = Date.parse(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(parsed) ? parsed : null;
}

export function isFixtureTime(value: string): boolean {
  return resolveFixtureTime(value, 0) !== null;
}

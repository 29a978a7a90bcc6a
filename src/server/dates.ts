// Date helpers shared by the store, handlers and fixtures. Everything the server answers is UTC:
// date-typed fields are YYYY-MM-DD, date-time fields full ISO 8601 with milliseconds and `Z`.
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export { DAY_MS };

/** YYYY-MM-DD of an instant, in UTC. */
export function dateOnly(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** An ISO 8601 timestamp (any offset) rewritten in UTC, e.g. `2025-03-01T10:00:00.000Z`. */
export function isoUtc(value: string | Date | number): string {
  return new Date(value).toISOString();
}

export function isDateOnly(value: string): boolean {
  return DATE_ONLY.test(value);
}

/** Milliseconds since the epoch of a `YYYY-MM-DD` (its midnight UTC) or a full timestamp. */
export function toMillis(value: string): number {
  return isDateOnly(value) ? Date.parse(`${value}T00:00:00.000Z`) : Date.parse(value);
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

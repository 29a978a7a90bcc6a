// The reference server's time: one clock, read by the handlers, the status pages and the demo
// data. `--test-clock` makes it a clock of its own that stands still where it was started and
// moves only when told to (`POST /_reference/clock`), so what depends on time (a maintenance's
// start, a reminder) is tried without waiting for it. Rate limits and the data file's retry
// back-off measure real intervals and keep the real clock (start.ts).

export interface ServerClock {
  now(): number;
  /** Only with --test-clock: moves the clock to `ms`, never back. */
  readonly test?: { moveTo(ms: number): void };
}

/** What a move the clock refuses says. */
export class ClockMoveRefused extends Error {}

/**
 * `testClock`: the instant a test clock starts at (ISO 8601 with an offset), or true for the
 * real clock's now; absent, the server's time is `now`'s.
 */
export function serverClock(now: () => number, testClock?: string | true): ServerClock {
  if (testClock === undefined) return { now };
  let time = testClock === true ? now() : parseInstant(testClock);
  return {
    now: () => time,
    test: {
      moveTo(ms) {
        if (ms < time) throw new ClockMoveRefused(`the clock is at ${new Date(time).toISOString()}: it moves forward only`);
        time = ms;
      },
    },
  };
}

function parseInstant(value: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new Error(`testClock: ${JSON.stringify(value)} is not a date-time such as 2026-03-01T09:00:00Z`);
  return ms;
}

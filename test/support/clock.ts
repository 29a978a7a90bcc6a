// A clock the test moves by hand, for rate limits and anything else timed: give `now` to the
// server (ServerOptions.now) or to an in-process CLI run, `sleep` to a client that would wait
// (the clock moves by the wait instead), and `advance` it from the test. Nothing depends on
// the wall clock, so a slow machine cannot change what a test sees.
/** The instant test clocks start at, unless told otherwise. */
export const NOW = Date.parse('2025-03-10T12:00:00.000Z');

export interface TestClock {
  now(): number;
  advance(ms: number): void;
  /** Moves the clock by `ms` and resolves at once; `slept` lists every wait. */
  sleep(ms: number): Promise<void>;
  readonly slept: number[];
}

export function testClock(start = NOW): TestClock {
  let time = start;
  const slept: number[] = [];
  return {
    now: () => time,
    advance(ms) {
      time += ms;
    },
    async sleep(ms) {
      slept.push(ms);
      time += ms;
    },
    slept,
  };
}

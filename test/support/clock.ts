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

/**
 * A clock whose waits wait for the test: `sleep` resolves only once `advance` has moved the clock
 * to its end, so a command that polls (a watch) reads again only when the test says so, after it
 * has changed what the command reads. `sleeping` tells the test that the command has done what it
 * does before a wait, and how long that wait is.
 */
export interface ManualClock extends TestClock {
  /** Ends any sleep whose time has come (at once, before advance returns). */
  advance(ms: number): void;
  /** Resolves once `ms` has passed on the clock; a wait of 0 or less resolves at once; an aborted `signal` rejects it. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Resolves when something waits (at once if something does), with the time left until the first wait ends. */
  sleeping(): Promise<number>;
}

export function manualClock(start = NOW): ManualClock {
  let time = start;
  const slept: number[] = [];
  const sleepers = new Set<{ until: number; wake: () => void }>();
  const watchers: (() => void)[] = [];
  return {
    now: () => time,
    slept,
    advance(ms) {
      time += ms;
      for (const sleeper of sleepers) {
        if (sleeper.until > time) continue;
        sleepers.delete(sleeper);
        sleeper.wake();
      }
    },
    sleep(ms, signal) {
      slept.push(ms);
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (ms <= 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const sleeper = { until: time + ms, wake: resolve };
        sleepers.add(sleeper);
        signal?.addEventListener(
          'abort',
          () => {
            sleepers.delete(sleeper);
            reject(signal.reason);
          },
          { once: true },
        );
        for (const watcher of watchers.splice(0)) watcher();
      });
    },
    async sleeping() {
      while (sleepers.size === 0) await new Promise<void>((resolve) => watchers.push(resolve));
      return Math.min(...[...sleepers].map((sleeper) => sleeper.until)) - time;
    },
  };
}

// The shared rate-limit state on a clock of the test's own: pauses, the window's backoff and
// recovery, with no real waiting. The end-to-end runs against a real rate limit are in
// test/cli/bulk.test.ts.
import { describe, expect, it } from 'vitest';
import { RateLimitState, type Clock } from '../../src/client/rate-limit.js';

/** Time moves only when the test says so; sleepers wake in order of their deadline. */
class ManualClock implements Clock {
  private time = 0;
  private readonly sleepers: { at: number; wake: () => void }[] = [];

  now = (): number => this.time;

  /** An aborted `signal` ends the sleep: it rejects with the signal's reason. */
  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((wake, fail) => {
      const sleeper = { at: this.time + ms, wake };
      this.sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers.splice(this.sleepers.indexOf(sleeper), 1);
          fail(signal.reason);
        },
        { once: true },
      );
    });

  /** Moves the clock forward, waking each sleeper at its time and letting it run. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      this.sleepers.sort((a, b) => a.at - b.at);
      const next = this.sleepers[0];
      if (!next || next.at > end) break;
      this.sleepers.shift();
      this.time = next.at;
      next.wake();
      await settle();
    }
    this.time = end;
    await settle();
  }
}

/** Lets every promise that can move do so. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Tracks whether a promise has settled, without awaiting it. */
function track<T>(promise: Promise<T>): { done: boolean; value?: T } {
  const state: { done: boolean; value?: T } = { done: false };
  void promise.then((value) => {
    state.done = true;
    state.value = value;
  });
  return state;
}

describe('RateLimitState', () => {
  it('starts requests at once, any number of them, while nothing was refused', async () => {
    const state = new RateLimitState(new ManualClock());
    const slots = await Promise.all(Array.from({ length: 16 }, () => state.acquire()));
    expect(slots).toHaveLength(16);
    expect(state.concurrency).toBe(Number.POSITIVE_INFINITY);
  });

  it('a 429 pauses every request, not only the one refused, until its Retry-After', async () => {
    const clock = new ManualClock();
    const state = new RateLimitState(clock);
    const [other, refused] = [await state.acquire(), await state.acquire()];
    state.limited(refused, 2000);
    // The window is halved to 1; the other request's success makes room for two again.
    state.succeeded(other, true);
    expect(state.concurrency).toBe(2);
    // Another worker's next request, and the refused one's retry, both wait.
    const next = track(state.acquire());
    const retry = track(state.acquire());
    await clock.advance(1999);
    expect([next.done, retry.done]).toEqual([false, false]);
    await clock.advance(1);
    expect([next.done, retry.done]).toEqual([true, true]);
  });

  it('an aborted signal ends the wait for a pause: acquire rejects, and takes no slot', async () => {
    const clock = new ManualClock();
    const state = new RateLimitState(clock);
    // A 429 of the only request: a pause, and a window of one.
    state.limited(await state.acquire(), 2000);
    const stop = new AbortController();
    const waiting = state.acquire(stop.signal);
    stop.abort(new Error('the run is over'));
    await expect(waiting).rejects.toThrow('the run is over');
    await clock.advance(2000);
    // The window's one slot is free: the aborted wait never took it.
    const next = track(state.acquire());
    await settle();
    expect(next.done).toBe(true);
  });

  it('a pause lengthened by a later 429 is waited out to its new end', async () => {
    const clock = new ManualClock();
    const state = new RateLimitState(clock);
    const [a, b] = [await state.acquire(), await state.acquire()];
    state.limited(a, 1000);
    const waiting = track(state.acquire());
    await clock.advance(500);
    state.limited(b, 3000);
    await clock.advance(1000);
    expect(waiting.done).toBe(false);
    await clock.advance(2000);
    expect(waiting.done).toBe(true);
    expect(state.resumesAt).toBe(3500);
  });

  it('a shorter Retry-After never cuts a pause short', async () => {
    const clock = new ManualClock();
    const state = new RateLimitState(clock);
    const [a, b] = [await state.acquire(), await state.acquire()];
    state.limited(a, 5000);
    state.limited(b, 1000);
    expect(state.resumesAt).toBe(5000);
  });

  it('halves the window once for a burst of 429s (requests sent before the halving), again for a later one', async () => {
    const clock = new ManualClock();
    const state = new RateLimitState(clock);
    const burst = await Promise.all(Array.from({ length: 12 }, () => state.acquire()));
    // 4 get through, 8 are refused: one halving, from the 12 that were in flight.
    for (const slot of burst.slice(0, 4)) state.succeeded(slot, true);
    for (const slot of burst.slice(4)) state.limited(slot, 1000);
    expect(state.concurrency).toBe(6);
    await clock.advance(1000);
    const next = await Promise.all(Array.from({ length: 6 }, () => state.acquire()));
    state.limited(next[5]!, 1000);
    expect(state.concurrency).toBe(3);
    state.limited(next[4]!, 1000);
    expect(state.concurrency).toBe(3);
    for (const slot of next.slice(0, 4)) state.succeeded(slot, true);
  });

  it('never goes below one request at a time, and recovers one request per window of successes', async () => {
    const clock = new ManualClock();
    const state = new RateLimitState(clock);
    const refuse = async () => {
      const slot = await state.acquire();
      state.limited(slot, 100);
      await clock.advance(100);
    };
    for (let i = 0; i < 5; i++) await refuse();
    expect(state.concurrency).toBe(1);
    const succeed = async () => state.succeeded(await state.acquire(), true);
    await succeed();
    expect(state.concurrency).toBe(2);
    await succeed();
    await succeed();
    expect(state.concurrency).toBeCloseTo(2.9, 5);
    // A failure that is not a 429 (a 404, no answer) leaves the window as it is.
    state.succeeded(await state.acquire(), false);
    expect(state.concurrency).toBeCloseTo(2.9, 5);
  });

  it('a full window makes the next request wait for a slot, which the first outcome frees', async () => {
    const clock = new ManualClock();
    const state = new RateLimitState(clock);
    const first = await state.acquire();
    const second = await state.acquire();
    state.limited(second, 0);
    expect(state.concurrency).toBe(1);
    const third = track(state.acquire());
    await clock.advance(0);
    expect(third.done).toBe(false);
    state.succeeded(first, true);
    await settle();
    expect(third.done).toBe(true);
  });

  it('does not spin when a sleep returns early: a pause is slept once unless a 429 lengthens it', async () => {
    let sleeps = 0;
    const state = new RateLimitState({ now: () => 0, sleep: async () => void sleeps++ });
    state.limited(await state.acquire(), 1000);
    await state.acquire();
    expect(sleeps).toBe(1);
  });
});

// One rate-limit state for every request a client sends, whoever sends it: the workers of a bulk
// command share it. A 429 pauses every request until its Retry-After (the limit is the key's,
// not the request's), and the number of requests in flight backs off and recovers (AIMD, as TCP
// does: halved on a 429, one more for each window's worth of successes). The clock is injected,
// so tests drive the logic without waiting.

export interface Clock {
  /** Milliseconds on a monotonic scale; only differences matter. */
  now(): number;
  /** Rejects once `signal` is aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What the state needs to know about a request when its outcome comes. */
export interface Slot {
  /** Which backoff the request was sent under: one burst of 429s halves the window once. */
  readonly epoch: number;
}

export class RateLimitState {
  /** Requests allowed in flight at once; unbounded until the first 429. */
  private window = Number.POSITIVE_INFINITY;
  private inFlight = 0;
  /** The most requests in flight at once since the window was last halved. */
  private highest = 0;
  private epoch = 0;
  /** No request starts before this instant (clock.now scale). */
  private pausedUntil = Number.NEGATIVE_INFINITY;
  /** Bumped by every 429, so a request that slept through a pause knows whether it was extended. */
  private pauses = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly clock: Clock) {}

  /** The requests allowed in flight at once (Infinity while nothing was refused). */
  get concurrency(): number {
    return this.window;
  }

  /** When requests may start again; in the past when they may now. */
  get resumesAt(): number {
    return this.pausedUntil;
  }

  /**
   * Waits until a request may start (the pause, if any, is over and the window has room), and
   * counts it in flight. Every slot is handed back once, with succeeded() or limited(). An aborted
   * `signal` ends the pause (it rejects, and no slot is taken).
   */
  async acquire(signal?: AbortSignal): Promise<Slot> {
    for (;;) {
      const pauses = this.pauses;
      const wait = this.pausedUntil - this.clock.now();
      if (wait > 0) {
        await this.clock.sleep(wait, signal);
        // Slept through the pause: go unless another 429 extended it meanwhile. (Not read from
        // the clock again, so a sleep that returns early in a test cannot make this spin.)
        if (this.pauses !== pauses) continue;
      }
      if (this.inFlight < this.window) break;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.inFlight++;
    this.highest = Math.max(this.highest, this.inFlight);
    return { epoch: this.epoch };
  }

  /** An answer other than a 429 (or no answer): the slot is free; a 2xx widens the window. */
  succeeded(_slot: Slot, ok: boolean): void {
    if (ok && Number.isFinite(this.window)) this.window += 1 / this.window;
    this.release();
  }

  /**
   * A 429: every request waits `waitMs` from now (or longer, if another 429 asked for more),
   * and the window is halved (from what was really in flight, when that is less), once for all
   * the 429s of requests sent before the last halving.
   */
  limited(slot: Slot, waitMs: number): void {
    if (slot.epoch === this.epoch) {
      this.epoch++;
      this.window = Math.max(1, Math.floor(Math.min(this.window, this.highest) / 2));
      this.highest = this.inFlight;
    }
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + waitMs);
    this.pauses++;
    this.release();
  }

  private release(): void {
    this.inFlight--;
    // Whoever waits for room checks again (a halved window may still have none).
    for (const wake of this.waiting.splice(0)) wake();
  }
}

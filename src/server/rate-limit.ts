// Token buckets: `perSecond` requests in a burst, refilled continuously at `perSecond` a second.
// One limiter counts the requests of each API key (keyed by account, since a key belongs to
// exactly one account); another counts the failed authentications of each client address, so
// that guessing keys is as slow as using one (docs/api-rules.md#failed-authentications).
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number,
    /** Buckets kept at most before the full ones are forgotten (a full bucket is a new one). */
    private readonly maxBuckets = 10_000,
  ) {}

  /** 0 if the request may go ahead, otherwise the whole seconds to wait (at least 1). */
  take(key: string): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.perSecond, at: now };
    bucket.tokens = Math.min(this.perSecond, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (!this.buckets.has(key) && this.buckets.size >= this.maxBuckets) this.forgetFull(now);
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }

  /** How many keys have a bucket (for tests of the bound). */
  get size(): number {
    return this.buckets.size;
  }

  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.perSecond) this.buckets.delete(key);
    }
  }
}

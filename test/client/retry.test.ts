// The retry policy's pure parts: Retry-After parsing and the backoff curve.
import { describe, expect, it } from 'vitest';
import { MAX_BACKOFF_MS, backoffDelayMs, isIdempotentMethod, isRetryableStatus, parseRetryAfter } from '../../src/client/retry.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-01T10:00:00Z');

  it.each([
    ['0', 0],
    ['7', 7],
    [' 12 ', 12],
    ['Sat, 01 Mar 2025 10:00:30 GMT', 30],
    ['Sat, 01 Mar 2025 09:00:00 GMT', 0],
  ])('reads %j as %i seconds', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });

  it.each([undefined, '', '-3', '1.5', 'soon'])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });

  it('takes the first of repeated headers', () => {
    expect(parseRetryAfter(['4', '9'], now)).toBe(4);
  });
});

describe('backoffDelayMs', () => {
  it('doubles from the base with equal jitter', () => {
    expect(backoffDelayMs(1, 250, () => 0)).toBe(125);
    expect(backoffDelayMs(1, 250, () => 1)).toBe(250);
    expect(backoffDelayMs(3, 250, () => 0.5)).toBe(750);
  });

  it('is capped', () => {
    expect(backoffDelayMs(30, 250, () => 1)).toBe(MAX_BACKOFF_MS);
  });
});

describe('what is retried', () => {
  it('idempotent methods: GET, PUT, DELETE; not POST, nor PATCH (a route says when its PATCH is)', () => {
    expect(['GET', 'PUT', 'get', 'DELETE'].map(isIdempotentMethod)).toEqual([true, true, true, true]);
    expect(['POST', 'PATCH'].map(isIdempotentMethod)).toEqual([false, false]);
  });

  it('429 whatever the method; 502/503/504 for idempotent requests only; nothing else', () => {
    expect([429, 502, 503, 504].map((status) => isRetryableStatus(status, true))).toEqual([true, true, true, true]);
    expect([429, 502, 503, 504].map((status) => isRetryableStatus(status, false))).toEqual([true, false, false, false]);
    expect([400, 401, 404, 409, 500, 501].map((status) => isRetryableStatus(status, true))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

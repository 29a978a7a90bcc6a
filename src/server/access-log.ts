// The access log: one line per answered request, text (`GET /v1/runtimes 200 0.412ms`) or JSON
// lines for people who ship logs, or none (`statusctl server --quiet`). Lines are buffered and
// written together a moment later (or at 64 KiB), so a request never waits for a write to
// stderr, which is synchronous for pipes and files, and a busy server writes once per batch.
// A line is written at every request the server answers, so it is built with little work: the
// request's fields are passed as they are (no entry object), the duration is formatted from
// whole microseconds, the JSON line's time reuses its second's text, and the batch is a buffer of bytes.

import { performance } from 'node:perf_hooks';

export type AccessLogFormat = 'text' | 'json';

export interface AccessLog {
  /**
   * One answered request. `startedAt`: performance.now() at the request's arrival; the duration
   * runs from there to now, when the last byte of the answer has been handed to the socket.
   */
  record(method: string, path: string, status: number, startedAt: number): void;
  /** Writes what is buffered now (at shutdown). */
  flush(): void;
}

/** `0.412`: milliseconds with three decimals (microseconds: requests here take a fraction of a millisecond). */
function millis(microseconds: number): string {
  const whole = Math.floor(microseconds / 1000);
  const fraction = microseconds - whole * 1000;
  return `${whole}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

/** `2026-01-02T03:04:05.678Z` as Date#toISOString gives it, the text up to the second made once per second. */
export class WallClock {
  private second = Number.NaN;
  private prefix = '';

  iso(now: number): string {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      // `2026-01-02T03:04:05.`
      this.prefix = new Date(second * 1000).toISOString().slice(0, 20);
    }
    const ms = now - second * 1000;
    return `${this.prefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
  }
}

/** The line of one request, without its newline. */
export type LineFormatter = (method: string, path: string, status: number, durationMs: number) => string;

export function lineFormatter(format: AccessLogFormat): LineFormatter {
  if (format === 'json') {
    const clock = new WallClock();
    return (method, path, status, durationMs) =>
      JSON.stringify({
        // The wall clock, not the server's (tests run the server on a clock of their own).
        time: clock.iso(Date.now()),
        method,
        path,
        status,
        durationMs: Math.round(durationMs * 1000) / 1000,
      });
  }
  return (method, path, status, durationMs) => `${method} ${path} ${status} ${millis(Math.round(durationMs * 1000))}ms`;
}

/** Bytes a batch holds at most before it is written. */
const BATCH_BYTES = 64 * 1024;

/**
 * Buffers formatted lines and hands them to `write` in batches, as the bytes of lines each
 * ending in a newline: after `delayMs` (a timer that does not keep the process alive), or when
 * the event loop is done with this turn if 0. A line is copied into the batch's buffer as it is
 * recorded: a string kept until the write would outlive a garbage collection or two and be
 * copied by it, the bytes of the buffer are outside the collected heap.
 */
export function createAccessLog(format: AccessLogFormat, write: (lines: Buffer) => void, delayMs = 0): AccessLog {
  const formatLine = lineFormatter(format);
  let batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (used === 0) return;
    const lines = batch.subarray(0, used);
    // A new buffer for the next batch: `write` may keep this one.
    batch = Buffer.allocUnsafe(BATCH_BYTES);
    used = 0;
    write(lines);
  };
  return {
    record(method, path, status, startedAt) {
      const line = `${formatLine(method, path, status, performance.now() - startedAt)}\n`;
      // A UTF-8 byte per character at least, three at most (a UTF-16 unit is at most three bytes).
      if (used + line.length * 3 > BATCH_BYTES) {
        flush();
        if (line.length * 3 > BATCH_BYTES) {
          write(Buffer.from(line, 'utf8'));
          return;
        }
      }
      used += batch.write(line, used);
      if (!scheduled) {
        scheduled = true;
        if (delayMs > 0) setTimeout(flush, delayMs).unref();
        else setImmediate(flush);
      }
    },
    flush,
  };
}

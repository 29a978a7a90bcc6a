// The access log: one line per answered request, text (`GET /v1/runtimes 200 0.412ms`) or JSON
// lines for people who ship logs, or none (`statusctl server --quiet`). Lines are buffered and
// written together a moment later (or at 64 KiB), so a request never waits for a write to
// stderr, which is synchronous for pipes and files, and a busy server writes once per batch.

export type AccessLogFormat = 'text' | 'json';

export interface AccessEntry {
  method: string;
  path: string;
  status: number;
  /** From the request's arrival to the last byte of the answer handed to the socket. */
  durationMs: number;
}

export interface AccessLog {
  record(entry: AccessEntry): void;
  /** Writes what is buffered now (at shutdown). */
  flush(): void;
}

const FLUSH_AT_CHARS = 64 * 1024;

export function formatEntry(format: AccessLogFormat, entry: AccessEntry): string {
  // Microseconds: requests on this server take a fraction of a millisecond.
  const duration = Math.round(entry.durationMs * 1000) / 1000;
  if (format === 'json') {
    return JSON.stringify({
      // The wall clock, not the server's (tests run the server on a clock of their own).
      time: new Date().toISOString(),
      method: entry.method,
      path: entry.path,
      status: entry.status,
      durationMs: duration,
    });
  }
  return `${entry.method} ${entry.path} ${entry.status} ${duration.toFixed(3)}ms`;
}

/**
 * Buffers formatted lines and hands them to `write` in batches: after `delayMs` (a timer that
 * does not keep the process alive), or when the event loop is done with this turn if 0.
 */
export function createAccessLog(format: AccessLogFormat, write: (lines: string[]) => void, delayMs = 0): AccessLog {
  let lines: string[] = [];
  let size = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!lines.length) return;
    const batch = lines;
    lines = [];
    size = 0;
    write(batch);
  };
  return {
    record(entry) {
      const line = formatEntry(format, entry);
      lines.push(line);
      size += line.length + 1;
      if (size >= FLUSH_AT_CHARS) flush();
      else if (!scheduled) {
        scheduled = true;
        if (delayMs > 0) setTimeout(flush, delayMs).unref();
        else setImmediate(flush);
      }
    },
    flush,
  };
}

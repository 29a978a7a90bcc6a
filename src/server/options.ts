// What startServer() takes (its options, each with its default) and what it gives back.
import type { AccessLogFormat } from './access-log.js';
import type { Account } from './account.js';
import type { AnalysisProvider } from './analysis/provider.js';
import type { InProcessRequest } from './in-process.js';
import type { CompactionOptions } from './persistence/compaction.js';

export interface ServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 picks a free port. Default 4010. */
  port?: number;
  /** Each account gets its own copy of the demo data. None: one account with a generated key. */
  accounts?: Account[];
  /** Path of a fixture file replacing the demo data (validated at start). */
  fixturesPath?: string;
  /** How long an analysis stays PENDING, in ms. Default 1500. */
  rcaDelayMs?: number;
  /** How long a check session's check takes to "run", in ms. Default 500. */
  runDelayMs?: number;
  /** Requests per second per key before 429; unset: no limit. */
  rateLimit?: number;
  /** Where log lines go (never a full key). Default: stderr. */
  log?: (line: string) => void;
  /** The clock, in ms since the epoch. Default Date.now; tests pass a controllable one. */
  now?: () => number;
  /**
   * Waits on that clock (an analysis's delay); an aborted `signal` ends the wait (it rejects).
   * Default: a timer; tests pass the clock they give as `now`, so no analysis waits in real time.
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * `--test-clock [ISO]`: the server's time stands at this instant (true: `now`'s at the start)
   * and moves only forward, by `POST /_reference/clock` (clock.ts). Rate limits and the data
   * file's retry back-off keep `now`.
   */
  testClock?: string | true;
  /** Produces root cause analyses. Default: the offline rules provider. */
  analysisProvider?: AnalysisProvider;
  /**
   * Data file (journal) that keeps the state across restarts; see persistence/data-file.ts.
   * Unset: in memory only, nothing written.
   */
  dataPath?: string;
  /** When the data file is compacted (persistence/compaction.ts); tests make it small. */
  compaction?: CompactionOptions;
  /** Headers must arrive within this many ms of a request's first byte, else 408 and close. Default 10 000. */
  headersTimeoutMs?: number;
  /** A body within this many ms of its headers, else 408 and close. Default 30 000. */
  bodyTimeoutMs?: number;
  /** A kept-alive connection with no request is closed after this many ms (at least 1000). Default 5000. */
  idleTimeoutMs?: number;
  /**
   * Open API connections at most (default 512; with the streams' cap, below the usual open-file
   * limit of 1024). A newcomer past it replaces the oldest connection still waiting for its
   * headers, else the oldest event stream, or is refused.
   */
  maxConnections?: number;
  /**
   * Open status-page event streams at most, in all (default 256) and per page (default 64),
   * outside the connection budget above. A stream past either is refused (503, Retry-After);
   * an API connection that finds the budget full makes the oldest stream yield.
   */
  maxStreams?: number;
  maxStreamsPerPage?: number;
  /**
   * An answer sent before its request's body was read (413, 408, 401...) is followed by a
   * lingering close: the rest of the body is read and thrown away for at most this many ms
   * (default 5000) and bytes (default 8 MiB) before the connection is closed.
   */
  lingerTimeMs?: number;
  lingerBytes?: number;
  /**
   * One line per answered request (src/server/access-log.ts): 'text' (default), 'json' lines,
   * or 'off' (`statusctl server --quiet`). Errors are logged whatever this says.
   */
  accessLog?: AccessLogFormat | 'off';
}

export interface RunningServer {
  /** http://HOST:PORT */
  url: string;
  port: number;
  accounts: Account[];
  /**
   * Sends a request straight to the server, with no socket or port (src/server/in-process.ts):
   * `await server.request('/v1/incidents', { headers })` answers a fetch Response, as hono's
   * `app.request()` does.
   */
  request: InProcessRequest;
  /** Stops taking connections, finishes those in flight. */
  close(): Promise<void>;
}

export const DEFAULT_RCA_DELAY_MS = 1500;
export const DEFAULT_RUN_DELAY_MS = 500;

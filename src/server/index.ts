// INTERFACE STUB: the server helper implements startServer; the exported types are the agreed
// interface that `statusctl server`, `statusctl demo` and the tests are written against.
export interface Account {
  id: string;
  key: string;
}

export interface ServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 picks a free port. Default 4010. */
  port?: number;
  /** Each account gets its own copy of the demo data. None: one account with a generated key. */
  accounts?: Account[];
  /** Path of a fixture file replacing the demo data (validated at start). */
  fixturesPath?: string;
  /** How long an analysis stays PENDING, in ms. */
  rcaDelayMs?: number;
  /** Requests per second per key before 429; unset: no limit. */
  rateLimit?: number;
  /** Where log lines go (never a full key). Default: stderr. */
  log?: (line: string) => void;
}

export interface RunningServer {
  /** http://HOST:PORT */
  url: string;
  port: number;
  accounts: Account[];
  /** Stops taking connections, finishes those in flight. */
  close(): Promise<void>;
}

export async function startServer(_options: ServerOptions = {}): Promise<RunningServer> {
  throw new Error('not implemented yet');
}

// The one way a test starts the reference server: in this process, on a free port, its log
// lines kept in `logs` (and passed on to `log` when one is given), and closed for the test:
// after the test that started it, or after the file's tests when it was started in a
// beforeAll (useTestServer). A test may close it earlier; closing twice is harmless, and a
// failure to close shows in the test that closes it, not in this clean-up.
//
// `call()` sends a request in process (the server's request(): no socket, the same parser and
// pipeline), so a test of the API's rules needs no network; a test of what happens on the wire
// (connections, body limits, slow clients, streams) starts its server with `overPort: true`, or
// talks to `url` itself. The port is open either way: a CLI run or a browser needs it.
import { beforeAll } from 'vitest';
import { startServer, type Account, type RunningServer, type ServerOptions } from '../../src/server/index.js';
import { cleanUpAfter, inTest } from './cleanup.js';

/** The account every test server knows unless told otherwise. The key is long enough to mask. */
export const TEST_ACCOUNT: Account = { id: '7e570000-0000-4000-8000-000000000001', key: 'sk_test_0123456789abcdef' };

export interface TestServer extends RunningServer {
  /** Every line the server logged (access log and errors), in order. */
  logs: string[];
  /**
   * The first line logged that matches, once it is: the access log writes its lines at the end
   * of the event loop's turn, which an answer sent in process can beat.
   */
  logged(pattern: RegExp): Promise<string>;
  /** The first account (the one tests use by default). */
  account: Account;
  /** Environment naming this server and its first account, for a CLI run's `env`. */
  env: Record<string, string>;
  /** Request with the first account's key unless `key` says otherwise; in process unless started `overPort`. */
  call(method: string, path: string, init?: CallInit): Promise<CallResult>;
}

export interface TestServerOptions extends ServerOptions {
  /** call() goes over the server's port (a real connection) instead of in process. */
  overPort?: boolean;
}

export interface CallInit {
  body?: unknown;
  /** Sent as is, with no JSON encoding. */
  rawBody?: string | Buffer;
  /** The bearer key; null sends no Authorization header. */
  key?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: any;
}

const forTest: RunningServer[] = [];
const forFile: RunningServer[] = [];

const closeAll = (servers: RunningServer[]) => Promise.all(servers.splice(0).map((server) => server.close().catch(() => {})));
cleanUpAfter('test', () => closeAll(forTest));
cleanUpAfter('file', () => closeAll(forFile));

/** Starts the in-process reference server on a free port, with TEST_ACCOUNT unless `accounts` says otherwise. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { overPort = false, ...serverOptions } = options;
  const logs: string[] = [];
  const waiting = new Set<{ pattern: RegExp; found: (line: string) => void }>();
  const server = await startServer({
    port: 0,
    accounts: [TEST_ACCOUNT],
    ...serverOptions,
    log: (line) => {
      logs.push(line);
      for (const waiter of waiting) {
        if (!waiter.pattern.test(line)) continue;
        waiting.delete(waiter);
        waiter.found(line);
      }
      serverOptions.log?.(line);
    },
  });
  const logged: TestServer['logged'] = (pattern) => {
    const line = logs.find((logged) => pattern.test(logged));
    return line !== undefined ? Promise.resolve(line) : new Promise((found) => waiting.add({ pattern, found }));
  };
  (inTest() ? forTest : forFile).push(server);
  const account = server.accounts[0]!;
  const send = overPort ? (path: string, init: RequestInit) => fetch(server.url + path, init) : server.request;
  const call: TestServer['call'] = async (method, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    const key = init.key === undefined ? account.key : init.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | Buffer | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await send(path, {
      method,
      headers,
      body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  return Object.assign(server, {
    logs,
    logged,
    account,
    env: { STATUSCTL_BASE_URL: server.url, STATUSCTL_API_KEY: account.key, STATUSCTL_ACCOUNT_ID: account.id },
    call,
  });
}

/**
 * A reference server for the whole test file, started before its tests and closed after them:
 * `const test = useTestServer(); ... test.server.env`.
 */
export function useTestServer(options: TestServerOptions = {}): { readonly server: TestServer } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  return {
    get server(): TestServer {
      if (!server) throw new Error('useTestServer: the server starts in beforeAll; read it inside a test');
      return server;
    },
  };
}

// The one way a test starts the reference server: in this process, on a free port, its log
// lines kept in `logs` (and passed on to `log` when one is given), and closed for the test:
// after the test that started it, or after the file's tests when it was started in a
// beforeAll (useTestServer). A test may close it earlier; closing twice is harmless, and a
// failure to close shows in the test that closes it, not in this clean-up.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startServer, type Account, type RunningServer, type ServerOptions } from '../../src/server/index.js';

/** The account every test server knows unless told otherwise. The key is long enough to mask. */
export const TEST_ACCOUNT: Account = { id: '7e570000-0000-4000-8000-000000000001', key: 'sk_test_0123456789abcdef' };

export interface TestServer extends RunningServer {
  /** Every line the server logged (access log and errors), in order. */
  logs: string[];
  /** The first account (the one tests use by default). */
  account: Account;
  /** Environment naming this server and its first account, for a CLI run's `env`. */
  env: Record<string, string>;
}

let inTest = false;
const forTest: RunningServer[] = [];
const forFile: RunningServer[] = [];

beforeEach(() => {
  inTest = true;
});
afterEach(async () => {
  inTest = false;
  await Promise.all(forTest.splice(0).map((server) => server.close().catch(() => {})));
});
afterAll(async () => {
  await Promise.all(forFile.splice(0).map((server) => server.close().catch(() => {})));
});

/** Starts the in-process reference server on a free port, with TEST_ACCOUNT unless `accounts` says otherwise. */
export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const logs: string[] = [];
  const server = await startServer({
    port: 0,
    accounts: [TEST_ACCOUNT],
    ...options,
    log: (line) => {
      logs.push(line);
      options.log?.(line);
    },
  });
  (inTest ? forTest : forFile).push(server);
  const account = server.accounts[0]!;
  return Object.assign(server, {
    logs,
    account,
    env: { STATUSCTL_BASE_URL: server.url, STATUSCTL_API_KEY: account.key, STATUSCTL_ACCOUNT_ID: account.id },
  });
}

/**
 * A reference server for the whole test file, started before its tests and closed after them:
 * `const test = useTestServer(); ... test.server.env`.
 */
export function useTestServer(options: ServerOptions = {}): { readonly server: TestServer } {
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

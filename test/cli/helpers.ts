// Shared helpers for the CLI tests: the server starter and the CLI runners of test/support/
// (runCli and startCli, and runPty, the built binary in a real pseudo-terminal), re-exported, and
// what only the CLI tests use. Other CLI test files import these; keep the API stable.
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { ServerOptions } from '../../src/server/index.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import { type TestClock, testClock } from '../support/clock.js';
import { removeTempDirs, startCli, tempConfigDir } from '../support/cli.js';
import { startTestServer, TEST_ACCOUNT, useTestServer as useSupportServer, type TestServer } from '../support/server.js';

// The one server starter (test/support/server.ts) and the CLI runners (test/support/cli.ts and
// pty.ts), re-exported for the CLI tests.
export { startTestServer, TEST_ACCOUNT, type TestServer } from '../support/server.js';
export {
  BIN,
  type CliProcess,
  cleanEnv,
  parseJson,
  removeTempDirs,
  ROOT,
  runCli,
  startCli,
  tempConfigDir,
  type RunOptions,
  type RunResult,
} from '../support/cli.js';
export { KEYS, type PtySession, runPty, stripAnsi } from '../support/pty.js';

/**
 * A reference server for the whole test file (test/support/server.ts), started before its tests
 * and closed after them, with the temporary directories: `const test = useTestServer(); ...
 * test.server.env`.
 */
export function useTestServer(options: ServerOptions = {}): { readonly server: TestServer } {
  afterAll(removeTempDirs);
  return useSupportServer(options);
}

/**
 * `statusctl server --rate-limit N` from the built binary, in a process of its own (so its
 * limiter is the one a CI job meets), serving `fixtures` (the fixture file's format) to
 * TEST_ACCOUNT. The caller kills `child` when done.
 */
export async function startLimitedServerProcess(
  perSecond: number,
  fixtures: object,
): Promise<{ url: string; env: Record<string, string>; child: ChildProcess }> {
  const file = join(tempConfigDir(), 'limited-fixtures.json');
  writeFileSync(file, JSON.stringify(fixtures));
  const account = `${TEST_ACCOUNT.id}:${TEST_ACCOUNT.key}`;
  const server = startCli([
    'server',
    '--port',
    '0',
    '--rate-limit',
    String(perSecond),
    '--fixtures',
    file,
    '--account',
    account,
    '--quiet',
  ]);
  const url = /listening on (\S+)/.exec(await server.line(/^/))?.[1];
  if (!url) throw new Error(`unexpected first line: ${server.lines()[0]}\nstderr: ${server.stderr()}`);
  return {
    url,
    env: { STATUSCTL_BASE_URL: url, STATUSCTL_API_KEY: TEST_ACCOUNT.key, STATUSCTL_ACCOUNT_ID: TEST_ACCOUNT.id },
    child: server.child,
  };
}

/**
 * An in-process server limited to `perSecond` requests a second per key, serving `count` error
 * groups from a fixture file (so setting them up spends none of the limit), its limiter on a test
 * clock that only the CLI's waits move: a run given that clock honours every 429 as it would for
 * real, in no time. Returns the groups' ids in order.
 */
export async function startPacedGroupsServer(
  count: number,
  perSecond: number,
  options: ServerOptions = {},
): Promise<{ server: TestServer; clock: TestClock; ids: string[] }> {
  const keys = Array.from({ length: count }, (_, i) => `paced-${i}`);
  const fixtures = join(tempConfigDir(), 'paced-groups.json');
  writeFileSync(
    fixtures,
    JSON.stringify({
      errorGroups: keys.map((id, i) => ({
        id,
        checkId: `paced-check-${i}`,
        rawErrorMessage: `Error: paced failure ${i}`,
        timestamps: ['-1h'],
      })),
    }),
  );
  const clock = testClock();
  const server = await startTestServer({ ...options, fixturesPath: fixtures, rateLimit: perSecond, now: clock.now });
  return { server, clock, ids: keys.map((key) => seededId(server.account.id, 'error-group', key)) };
}

/** A URL on 127.0.0.1 where nothing listens (a port that was free a moment ago): for exit 1 tests. */
export async function closedPortUrl(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return `http://127.0.0.1:${port}`;
}

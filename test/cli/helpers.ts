// Shared helpers for the CLI tests: the server starter and CLI runner of test/support/, and
// runPty, which runs the BUILT binary (bin/statusctl, built by test/global-setup.ts) in a real
// pseudo-terminal. Other CLI test files import these; keep the API stable.
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { ServerOptions } from '../../src/server/index.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import { type TestClock, testClock } from '../support/clock.js';
import { BIN, cleanEnv, removeTempDirs, ROOT, startCli, tempConfigDir } from '../support/cli.js';
import { startTestServer, TEST_ACCOUNT, useTestServer as useSupportServer, type TestServer } from '../support/server.js';

// The one server starter (test/support/server.ts) and the one CLI runner (test/support/cli.ts),
// re-exported for the CLI tests.
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

// ---- a real pseudo-terminal ----------------------------------------------------------------

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-B]|\x1b[=>78DEHMc]/g;

/** Removes ANSI escape sequences (colors, cursor moves) from terminal output. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

export const KEYS = {
  enter: '\r',
  space: ' ',
  up: '\x1b[A',
  down: '\x1b[B',
  ctrlC: '\x03',
} as const;

export interface PtySession {
  /** Everything the program printed so far, ANSI escapes removed. */
  screen(): string;
  /** Everything printed so far, raw. */
  raw(): string;
  /**
   * Waits until `text` (a string or pattern, matched against the ANSI-stripped output after the
   * end of the previous successful match) appears; rejects after timeoutMs with the screen.
   */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  write(keys: string): void;
  /** Resolves with the exit code once the program ends; rejects after timeoutMs. */
  exited(timeoutMs?: number): Promise<number>;
  kill(): void;
}

/** Runs `node bin/statusctl ...args` in a real pseudo-terminal (stdin and stdout are a TTY). */
export async function runPty(
  args: string[],
  options: {
    env?: Record<string, string | undefined>;
    /** terminal width, default 120 */
    cols?: number;
    /** terminal height, default 40 */
    rows?: number;
    /** the directory it runs in, default the project root */
    cwd?: string;
  } = {},
): Promise<PtySession> {
  const pty = await import('@lydell/node-pty');
  const env = cleanEnv({ TERM: 'xterm-256color', ...options.env });
  const child = pty.spawn(process.execPath, [BIN, ...args], {
    name: 'xterm-256color',
    cols: options.cols ?? 120,
    rows: options.rows ?? 40,
    cwd: options.cwd ?? ROOT,
    env: env as Record<string, string>,
  });
  let output = '';
  let matchedUpTo = 0;
  let exitCode: number | undefined;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  child.onData((data) => {
    output += data;
    notify();
  });
  child.onExit(({ exitCode: code }) => {
    exitCode = code;
    notify();
  });

  const until = <T>(check: () => T | undefined, timeoutMs: number, describe: () => string) =>
    new Promise<T>((resolvePromise, reject) => {
      const attempt = () => {
        let value: T | undefined;
        try {
          value = check();
        } catch (error) {
          listeners.delete(attempt);
          clearTimeout(timer);
          reject(error);
          return;
        }
        if (value === undefined) return;
        listeners.delete(attempt);
        clearTimeout(timer);
        resolvePromise(value);
      };
      const timer = setTimeout(() => {
        listeners.delete(attempt);
        reject(new Error(`${describe()}\n--- screen ---\n${stripAnsi(output)}`));
      }, timeoutMs);
      listeners.add(attempt);
      attempt();
    });

  return {
    screen: () => stripAnsi(output),
    raw: () => output,
    async waitFor(text, timeoutMs = 30_000) {
      await until(
        () => {
          // Positions are taken in the stripped text, so a match may span chunks and escapes.
          const screen = stripAnsi(output);
          const rest = screen.slice(matchedUpTo);
          const found =
            typeof text === 'string'
              ? { index: rest.indexOf(text), length: text.length }
              : ((match) => (match ? { index: match.index, length: match[0].length } : { index: -1, length: 0 }))(
                  new RegExp(text.source, text.flags.replace('g', '')).exec(rest),
                );
          if (found.index >= 0) {
            matchedUpTo += found.index + found.length;
            return true;
          }
          if (exitCode !== undefined)
            throw new Error(`program exited (${exitCode}) before printing ${String(text)}\n--- screen ---\n${screen}`);
          return undefined;
        },
        timeoutMs,
        () => `timed out waiting for ${String(text)}`,
      );
    },
    write: (keys) => child.write(keys),
    exited(timeoutMs = 30_000) {
      return until(
        () => exitCode,
        timeoutMs,
        () => 'timed out waiting for the program to exit',
      );
    },
    kill() {
      if (exitCode === undefined) child.kill();
    },
  };
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

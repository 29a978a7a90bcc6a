// The one CLI runner. runCli runs `statusctl ...args` one of two ways, with the same options and
// the same result: by default the BUILT binary (bin/statusctl, built by test/global-setup.ts)
// as a child process with pipes (so never a terminal); with `inProcess`, through the CLI's
// seam, run(args, { io, env, now, sleep }) in src/cli/runtime/run.ts: the same commands, parsing and exit
// codes, without starting Node for each call (what only a process shows, the launcher,
// signals, pipes, stays with the binary). Either way: a config directory of its own, compile
// caches in the test run's directory, and a time limit that fails a hang instead of stalling.
// startCli starts the binary the same way and leaves it running, for a test that reads its
// output as it comes or signals it (a server, a watch, a wait); runPty (pty.ts)
// runs it in a pseudo-terminal.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { cleanUpAfter } from './cleanup.js';
import type { TestClock } from './clock.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'statusctl');

const tempDirs: string[] = [];
// Every run makes two of them (cleanEnv): a file that never calls removeTempDirs would leave
// them behind, so they go after the file's tests whatever the file does.
cleanUpAfter('file', removeTempDirs);

/** A fresh, empty directory for STATUSCTL_CONFIG_DIR; removed after the file's tests, or by removeTempDirs(). */
export function tempConfigDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'statusctl-test-'));
  tempDirs.push(dir);
  return dir;
}

/** Removes every directory tempConfigDir() made (call it in afterAll). */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * The environment a CLI run starts from: the parent's, minus anything that changes the CLI's
 * behaviour (statusctl settings, color and CI switches), so each test states what it wants.
 * A fresh config directory is used unless STATUSCTL_CONFIG_DIR is given; compile caches go to
 * the test run's directory (test/global-setup.ts).
 *
 * No run reaches the developer's credential store: on Linux there is no session bus (the
 * variable is dropped, and XDG_RUNTIME_DIR, where one is looked for next, is an empty temporary
 * directory); elsewhere STATUSCTL_NO_KEYRING turns the store off. The keyring tests give a
 * bus of their own (test/support/secret-service.mjs).
 */
export function cleanEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(STATUSCTL_|NO_COLOR$|FORCE_COLOR$|CI$|COLORTERM$|DBUS_SESSION_BUS_ADDRESS$)/.test(name)) continue;
    base[name] = value;
  }
  const merged: NodeJS.ProcessEnv = {
    ...base,
    // Terminal output shows times in the local zone: runs are in UTC unless a test names a zone,
    // so expectations hold on a developer's machine in any zone.
    TZ: 'UTC',
    STATUSCTL_CONFIG_DIR: tempConfigDir(),
    STATUSCTL_CACHE_DIR: process.env.STATUSCTL_CACHE_DIR,
    XDG_RUNTIME_DIR: tempConfigDir(),
    ...(process.platform === 'linux' ? {} : { STATUSCTL_NO_KEYRING: '1' }),
  };
  // An explicit undefined removes a variable.
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  }
  return merged;
}

export interface RunOptions {
  /** Added to cleanEnv(); undefined values remove a variable. */
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. */
  input?: string;
  /** Kills the process (or gives up on the run) after this many ms: a hang fails the test instead of stalling it. */
  timeoutMs?: number;
  /** Through src/cli/runtime/run.ts in this process instead of the built binary. */
  inProcess?: boolean;
  /** The binary only: the directory it runs in (default: the project root). */
  cwd?: string;
  /** In process only: the clock of the run (relative times); the real one unless given. */
  now?: () => number;
  /**
   * In process only: the clock of the run, for its times and its waits (429s, retries, polls),
   * which move it instead of taking time; share it with the server (ServerOptions.now) so its
   * rate limit counts on the same clock. Instead of `now`.
   */
  clock?: TestClock;
  /** In process only: stdout looks like a terminal this many columns wide (isTTY, columns), as a pty would. */
  terminalColumns?: number;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return options.inProcess ? runInProcess(args, options) : runBinary(args, options);
}

/** Parses stdout as JSON, with the run's output in the error when it is not JSON. */
export function parseJson<T = unknown>(result: RunResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${result.code}):\n${result.stdout}\nstderr:\n${result.stderr}`);
  }
}

function runBinary(args: string[], options: RunOptions): Promise<RunResult> {
  if (options.now !== undefined || options.clock !== undefined || options.terminalColumns !== undefined)
    throw new Error('runCli: now, clock and terminalColumns need inProcess (a child process has the real clock and pipes)');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env: cleanEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const limit = options.timeoutMs ?? 60_000;
    const timer = setTimeout(() => {
      stderr += `\n[runCli: killed after ${limit} ms]\n`;
      child.kill('SIGKILL');
    }, limit);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** A CLI process left running: its output read as it comes, line by line. */
export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  /**
   * Waits for a line of `stream` (stdout unless named) matching `pattern`, after the line the
   * previous wait on that stream matched; rejects, with the output, if the process ends first.
   */
  line(pattern: RegExp, stream?: 'stdout' | 'stderr'): Promise<string>;
  /** The complete lines of stdout so far. */
  lines(): string[];
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has ended and its output is read. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `statusctl ...args` from the built binary, left running: for what runs until it is stopped or
 * until something happens (a server, a watch, a wait), where the test reads its output as it
 * comes and signals it. The caller ends it (child.kill) when the test is done. Stdin gets
 * `input`, if any, and is then closed, as with runCli.
 */
export function startCli(
  args: string[],
  options: Omit<RunOptions, 'inProcess' | 'now' | 'clock' | 'terminalColumns' | 'timeoutMs'> = {},
): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: cleanEnv(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(options.input ?? '');
  const text = { stdout: '', stderr: '' };
  const matched = { stdout: 0, stderr: 0 };
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  for (const stream of ['stdout', 'stderr'] as const) {
    child[stream].setEncoding('utf8').on('data', (chunk: string) => {
      text[stream] += chunk;
      notify();
    });
  }
  let ended = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      ended = true;
      resolve({ code, signal });
    }),
  );
  void exited.then(notify);
  const complete = (stream: 'stdout' | 'stderr') => text[stream].split('\n').slice(0, -1);
  return {
    child,
    exited,
    lines: () => complete('stdout'),
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    line: (pattern, stream = 'stdout') =>
      new Promise((resolve, reject) => {
        const check = () => {
          const lines = complete(stream);
          for (let i = matched[stream]; i < lines.length; i++) {
            if (pattern.test(lines[i]!)) {
              matched[stream] = i + 1;
              listeners.delete(check);
              resolve(lines[i]!);
              return;
            }
          }
          if (ended) {
            listeners.delete(check);
            reject(
              new Error(
                `exited (${child.exitCode ?? child.signalCode}) before a line matching ${pattern}\nstdout:\n${text.stdout}\nstderr:\n${text.stderr}`,
              ),
            );
          }
        };
        listeners.add(check);
        check();
      }),
  };
}

/** A stream that keeps what is written to it, as a pipe would deliver it (not a terminal). */
function buffer(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

async function runInProcess(args: string[], options: RunOptions): Promise<RunResult> {
  if (options.cwd !== undefined) throw new Error('runCli: cwd needs the binary (a run in this process shares its directory)');
  if (options.now !== undefined && options.clock !== undefined) throw new Error('runCli: give now or clock, not both');
  // Loaded on first use: the CLI's modules stay out of test files that only run the binary.
  const { run } = await import('../../src/cli/runtime/run.js');
  const stdout = buffer();
  const stderr = buffer();
  const limit = options.timeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limit);
  });
  try {
    if (options.terminalColumns !== undefined) Object.assign(stdout.stream, { isTTY: true, columns: options.terminalColumns });
    const code = await Promise.race([
      run(args, {
        io: { stdout: stdout.stream, stderr: stderr.stream, stdin: Readable.from([options.input ?? '']) },
        env: cleanEnv(options.env),
        now: options.clock?.now ?? options.now ?? Date.now,
        sleep: options.clock?.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      }),
      timedOut,
    ]);
    if (code === 'timeout') return { code: null, stdout: stdout.text(), stderr: `${stderr.text()}\n[runCli: gave up after ${limit} ms]\n` };
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    clearTimeout(timer);
  }
}

// The BUILT binary (bin/statusctl, built by test/global-setup.ts) in a real pseudo-terminal
// (@lydell/node-pty), for what only a terminal shows: prompts, spinners, the pager, colors, widths,
// Ctrl-C. The other runners are in cli.ts (runCli, startCli): a pty is a runner like them.
import { BIN, cleanEnv, ROOT } from './cli.js';

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

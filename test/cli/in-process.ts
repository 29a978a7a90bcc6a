// Runs the CLI in this process through its seam, run(args, { io, env, now }) in src/cli/run.ts:
// the same commands, parsing and exit codes as the binary, without starting Node for each call.
// The reference server still listens on a real port and config files are real files in temp
// dirs; what only a process shows (the launcher, signals, pipes, a terminal) stays with the
// tests that drive the built binary (helpers.ts runCli / runPty).
import { Readable, Writable } from 'node:stream';
import { run } from '../../src/cli/run.js';
import { cleanEnv, type RunOptions, type RunResult } from './helpers.js';

export interface InProcessOptions extends RunOptions {
  /** The clock of the run (relative times); the real one unless given. */
  now?: () => number;
  /** Makes stdout look like a terminal this many columns wide (isTTY, columns), as a pty would. */
  terminalColumns?: number;
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

/** `statusctl ...args` in-process: same options and result as helpers.ts runCli. */
export async function runCli(args: string[], options: InProcessOptions = {}): Promise<RunResult> {
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
        now: options.now ?? Date.now,
      }),
      timedOut,
    ]);
    if (code === 'timeout') return { code: null, stdout: stdout.text(), stderr: `${stderr.text()}\n[runCli: gave up after ${limit} ms]\n` };
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    clearTimeout(timer);
  }
}

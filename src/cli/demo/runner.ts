// Runs one step of the demo: prints the command line as a user would type it, then runs the
// real binary (this same program, as a child process) and shows its real output as it comes.
import { spawn } from 'node:child_process';
import type { Context } from '../runtime/context.js';

export interface StepResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export class DemoStepError extends Error {
  override readonly name = 'DemoStepError';
}

/** Shown as typed: arguments with spaces or quotes are single-quoted. */
export function shellLine(args: string[]): string {
  return ['statusctl', ...args].map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** A hung step fails the demo instead of stalling it (CI has no one to press Ctrl-C). */
const STEP_TIMEOUT_MS = 60_000;

export class DemoRunner {
  constructor(
    private readonly ctx: Context,
    /** Environment of every step: the demo server, its account, a throw-away config dir. */
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** A heading for what comes next, in the words of someone giving the tour. */
  say(text: string): void {
    this.ctx.out(`\n${this.ctx.style.cyan(`# ${text}`)}`);
  }

  /** Output that did not come from a statusctl command (e.g. the reference-only ingest routes). */
  show(text: string): void {
    this.ctx.out(text);
  }

  /**
   * Runs `statusctl ...args`. An exit code other than `expectedCode` stops the tour: later
   * steps build on this one's result.
   */
  async run(args: string[], expectedCode = 0, unset: readonly string[] = []): Promise<StepResult> {
    const s = this.ctx.style;
    this.ctx.out(s.bold(`$ ${[...unset.map((name) => `env -u ${name}`), shellLine(args)].join(' ')}`));
    const result = await this.spawn(args, unset);
    if (result.code !== 0) this.ctx.out(s.dim(`(exit code ${result.code ?? 'none: killed'})`));
    if (result.code !== expectedCode) {
      throw new DemoStepError(`step '${shellLine(args)}' exited with ${result.code ?? 'a signal'}, expected ${expectedCode}`);
    }
    return result;
  }

  private spawn(args: string[], unset: readonly string[]): Promise<StepResult> {
    // This very program: the Node.js binary and the script it was started with (bin/statusctl).
    const entry = process.argv[1]!;
    return new Promise((resolve, reject) => {
      const env = { ...this.env };
      for (const name of unset) delete env[name];
      const child = spawn(process.execPath, [...process.execArgv, entry, ...args], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      // Both streams go to the demo's stdout in the order they arrive: it is a transcript.
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        this.ctx.io.stdout.write(chunk);
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        this.ctx.io.stdout.write(chunk);
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), STEP_TIMEOUT_MS);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
  }
}

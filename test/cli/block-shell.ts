// A block of a page's shell lines run as a reader runs it in a terminal: one bash (pipefail) for
// the block, given its lines one at a time, so that the variables a line sets are there for the
// lines after it, and each line is checked on its own (its exit status, its output). A line that
// is one statusctl command and nothing around it (no pipe, redirection, list, substitution or
// subshell: isOneStatusctlCommand) has its words expanded by that bash, as it would run the
// command (variables, quotes, `~`), and runs in this process through run() with the shell's
// environment: starting Node for such a line was most of a block's time, and the binary adds
// nothing to what these lines show (the launcher, signals and pipes have tests of their own).
// Every other line runs in the bash, with the built binary on its PATH. The shell's directory is
// the caller's, which must be this process's, where run() reads relative names: a line that
// moves it (cd) is run in bash instead. A line is a logical line (a trailing backslash joins the
// next); a construct over several lines (a loop, a here-document) is not supported.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { runCli, tempConfigDir } from './helpers.js';
import { type ShellResult, shellEnv } from './readme-shell.js';

export interface LineResult extends ShellResult {
  /** Whether the line ran in this process. */
  inProcess: boolean;
}

/** Runs `statusctl ...args` in this process with the shell's environment, stdin empty. */
export type InProcessRunner = (args: string[], env: Record<string, string>) => Promise<ShellResult>;

/**
 * The shell functions that mark where a line's output ends: the token, then its exit status
 * (stdout) or nothing (stderr); and where the words, directory and environment of a lone
 * statusctl command end. Each NUL is written `\000`: after `\0`, printf would read the digits
 * that follow as octal too.
 */
const FUNCTIONS = (token: string) => `
__line_done() { printf '\\000${token} %s\\n' "$1"; printf '\\000${token}\\n' >&2; }
__words() { printf '\\000${token} words\\000%s\\000%s\\000' "$PWD" "$#"; printf '%s\\000' "$@"; env -0; printf '\\000${token} end\\n'; }
`;

export class BlockShell {
  private readonly token = `line-${randomUUID()}`;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly text = { stdout: '', stderr: '' };
  private ended: string | undefined;
  private wake: () => void = () => {};

  /** Starts bash in `cwd` (this process's directory) with `env`, which puts statusctl on the PATH. */
  constructor(
    private readonly cwd: string,
    env: NodeJS.ProcessEnv,
    private readonly timeoutMs = 120_000,
  ) {
    // The script comes on stdin; every line is given /dev/null as its own, as bash with stdin
    // closed would, so that no command reads the lines after it.
    this.child = spawn('bash', ['-o', 'pipefail'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    for (const stream of ['stdout', 'stderr'] as const) {
      this.child[stream].setEncoding('utf8').on('data', (chunk: string) => {
        this.text[stream] += chunk;
        this.wake();
      });
    }
    this.child.on('close', (code, signal) => {
      this.ended = `bash ended (${code ?? signal})`;
      this.wake();
    });
    // A shell that ended is reported by the line that waits for it.
    this.child.stdin.on('error', () => {});
    this.child.stdin.write(FUNCTIONS(this.token));
  }

  /** Runs one line (see the top of this file); `inProcess` runs the statusctl commands it takes. */
  async line(line: string, inProcess: InProcessRunner): Promise<LineResult> {
    if (isOneStatusctlCommand(line)) {
      this.child.stdin.write(`__words ${line}\n`);
      const [pwd, count, ...rest] = (await this.until('stdout', `\0${this.token} end\n`)).split(`\0${this.token} words\0`)[1]!.split('\0');
      const words = rest.slice(0, Number(count));
      const env = Object.fromEntries(
        rest.slice(Number(count), -1).map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
      );
      if (pwd === this.cwd && words[0] === 'statusctl') return { ...(await inProcess(words.slice(1), env)), inProcess: true };
    }
    this.child.stdin.write(`{\n${line}\n} < /dev/null\n__line_done "$?"\n`);
    const stdout = await this.until('stdout', `\0${this.token} `);
    const code = Number(await this.until('stdout', '\n'));
    const stderr = await this.until('stderr', `\0${this.token}\n`);
    return { code, stdout, stderr, inProcess: false };
  }

  /** Ends the shell. */
  async close(): Promise<void> {
    this.child.stdin.end();
    if (this.ended === undefined) await new Promise((resolve) => this.child.once('close', resolve));
  }

  /** What `stream` printed up to `marker`, taken off it; throws if the shell ends or takes too long first. */
  private until(stream: 'stdout' | 'stderr', marker: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        reject(new Error(`no end of the line after ${this.timeoutMs} ms\nstdout: ${this.text.stdout}\nstderr: ${this.text.stderr}`));
      }, this.timeoutMs);
      this.wake = () => {
        const at = this.text[stream].indexOf(marker);
        if (at >= 0) {
          this.wake = () => {};
          const before = this.text[stream].slice(0, at);
          this.text[stream] = this.text[stream].slice(at + marker.length);
          clearTimeout(timer);
          resolve(before);
        } else if (this.ended !== undefined) {
          this.wake = () => {};
          clearTimeout(timer);
          reject(new Error(`${this.ended} before the line ended\nstdout: ${this.text.stdout}\nstderr: ${this.text.stderr}`));
        }
      };
      this.wake();
    });
  }
}

/** What runBlock gives: the lines' output one after another, the last line's exit status. */
export interface BlockResult extends ShellResult {
  /** How many lines ran in this process and how many in bash with the built binary. */
  ran: { inProcess: number; bash: number };
}

/**
 * Runs a page's block as a reader runs it under `bash -e`: its logical lines one at a time in one
 * BlockShell with the server's environment (`env`) and statusctl on the PATH, stopping at the
 * first line that exits other than 0. The block gets a fresh directory of its own, which this
 * process moves into for the block and back (run() reads relative names from this process's
 * directory), so a test that runs a block must not run other tests of its file concurrently.
 */
export async function runBlock(lines: string[], env: Record<string, string>): Promise<BlockResult> {
  const home = process.cwd();
  process.chdir(tempConfigDir());
  const shell = new BlockShell(process.cwd(), shellEnv(env));
  const result: BlockResult = { code: 0, stdout: '', stderr: '', ran: { inProcess: 0, bash: 0 } };
  try {
    for (const line of logicalLines(lines)) {
      const ran = await shell.line(line, (args, lineEnv) => runCli(args, { env: lineEnv, inProcess: true, timeoutMs: 120_000 }));
      result.ran[ran.inProcess ? 'inProcess' : 'bash']++;
      result.stdout += ran.stdout;
      result.stderr += ran.stderr;
      result.code = ran.code;
      if (ran.code !== 0) {
        result.stderr += `\nexit ${ran.code} from: ${line}\n`;
        break;
      }
    }
  } finally {
    await shell.close();
    process.chdir(home);
  }
  return result;
}

/**
 * The logical lines of a block: a line ending in a backslash joined with the next (the backslash
 * and the newline kept, for bash to read); blank and comment lines left out.
 */
export function logicalLines(lines: string[]): string[] {
  const logical: string[] = [];
  let pending: string | undefined;
  for (const line of lines) {
    const joined = pending === undefined ? line : `${pending}\n${line}`;
    if (/\\$/.test(line)) pending = joined;
    else {
      pending = undefined;
      if (!/^\s*(#.*)?$/.test(joined)) logical.push(joined);
    }
  }
  if (pending !== undefined) logical.push(pending);
  return logical;
}

/**
 * Whether `line` is one statusctl command and nothing around it: its first word is statusctl,
 * written plainly, and outside quotes it has no pipe, redirection, list (`;`, `&&`, `&`),
 * subshell or group, and nowhere a command substitution (which would run a command while its
 * words are expanded). Variables, quotes, backslashes and `~` are bash's to expand.
 */
export function isOneStatusctlCommand(line: string): boolean {
  if (!/^statusctl[ \t]/.test(line)) return false;
  for (let at = 0; at < line.length; at++) {
    const char = line[at]!;
    if (char === '\\') at++;
    else if (line.startsWith('${', at)) {
      at = line.indexOf('}', at);
      if (at < 0) return false;
    } else if (char === "'") {
      at = line.indexOf("'", at + 1);
      if (at < 0) return false;
    } else if (char === '"') {
      for (at++; at < line.length && line[at] !== '"'; at++) {
        if (line[at] === '\\') at++;
        else if (line[at] === '`' || line.startsWith('$(', at)) return false;
      }
      if (at >= line.length) return false;
    } else if (char === '#' && /\s/.test(line[at - 1]!)) {
      return true;
    } else if (/[|&;<>(){}`\n]/.test(char) || line.startsWith('$(', at)) {
      return false;
    }
  }
  return true;
}

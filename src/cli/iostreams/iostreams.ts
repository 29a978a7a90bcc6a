// The terminal a run talks to, as gh's iostreams: the three streams and the environment, and what
// follows from them: whether each stream is a terminal, how many colors and how many columns
// output gets, whether a person can be asked, whether progress is drawn, and the pager. A
// command reaches it as `ctx.io`; output helpers are given it, so they need nothing else of a
// command. Tests build one over buffers (test-streams.ts). chalk (with node:tty and node:os, which
// it loads) is loaded only by a run whose stdout may get colors: piped and -o json runs never color.
import type { Chalk as ChalkClass, ChalkInstance } from 'chalk';
import { isLong, page, pagerCommand } from './pager.js';

/** An output stream as the CLI uses it: a terminal (process.stdout) or anything writable (a test's buffer). */
export interface OutputStream extends NodeJS.WritableStream {
  isTTY?: boolean;
  columns?: number;
  rows?: number;
  getColorDepth?(): number;
}
export interface InputStream extends NodeJS.ReadableStream {
  isTTY?: boolean;
}
export interface IO {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
}
export type Env = Readonly<Record<string, string | undefined>>;

/** What the command line says about the terminal: --no-color and --no-pager give false. */
export interface TerminalOptions {
  color?: boolean;
  pager?: boolean;
}

/**
 * How many colors output to `stream` gets (docs/cli.md, Colors), the first rule that applies
 * deciding: --no-color, then NO_COLOR (set and not empty), turn them off; FORCE_COLOR turns them
 * on whatever the stream is, piped output included (1, or empty or true: 16 colors; 2: 256; 3:
 * 16 million), or off with 0 or false; otherwise a terminal gets what it says it can show, and
 * anything else none.
 */
export function colorLevel(stream: OutputStream, env: Env, noColorOption: boolean): 0 | 1 | 2 | 3 {
  if (noColorOption || env.NO_COLOR) return 0;
  const forced = env.FORCE_COLOR;
  if (forced !== undefined) {
    if (forced === '0' || forced === 'false') return 0;
    return Math.min(Math.max(Number(forced) || 1, 1), 3) as 1 | 2 | 3;
  }
  if (!stream.isTTY) return 0;
  const depth = stream.getColorDepth?.() ?? 4;
  return depth >= 24 ? 3 : depth >= 8 ? 2 : 1;
}

/** chalk's Chalk, once loadColors() has loaded it. */
let loadedChalk: typeof ChalkClass | undefined;

/**
 * Loads chalk for a run whose stdout may get colors (run.ts awaits it before the command runs,
 * where colorLevel, --no-color aside, is above 0): styles are applied synchronously, in the
 * middle of rendering, where the library can no longer be loaded.
 */
export async function loadColors(): Promise<void> {
  loadedChalk ??= (await import('chalk')).Chalk;
}

/** What styles are with colors off: any style, or chain of them, gives the text back, as chalk's level 0 does; without chalk. */
const PLAIN: ChalkInstance = new Proxy((...text: unknown[]) => text.join(' '), {
  get: (paint, key) => (key === 'level' ? 0 : typeof key === 'string' && key !== 'then' ? PLAIN : Reflect.get(paint, key)),
}) as unknown as ChalkInstance;

export class IOStreams implements IO {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  #style: ChalkInstance | undefined;

  /** `chalk`: the Chalk to color with, where it is loaded already (test-streams.ts); else loadColors()'s. */
  constructor(
    private readonly io: IO,
    readonly env: Env,
    private readonly options: TerminalOptions = {},
    private readonly chalk?: typeof ChalkClass,
  ) {
    this.stdout = io.stdout;
    this.stderr = io.stderr;
  }

  /** Colors of stdout, by colorLevel's rules: plain text when they are off. */
  get style(): ChalkInstance {
    if (this.#style) return this.#style;
    const level = colorLevel(this.stdout, this.env, this.options.color === false);
    const Chalk = this.chalk ?? loadedChalk;
    if (level > 0 && !Chalk) throw new Error('stdout gets colors, but chalk was not loaded: await loadColors() first');
    this.#style = level === 0 ? PLAIN : new Chalk!({ level });
    return this.#style;
  }

  /** Read when used: process.stdin sets up a stream on first use, which most commands never need. */
  get stdin(): InputStream {
    return this.io.stdin;
  }

  /** Prompts only when a person is at both ends (gh's rule); never in CI. */
  get canPrompt(): boolean {
    return Boolean(this.stdin.isTTY && this.stdout.isTTY) && !this.env.CI;
  }

  /** Spinners and live progress only on a terminal and without NO_COLOR or --no-color. */
  get showProgress(): boolean {
    return Boolean(this.stderr.isTTY) && !this.env.NO_COLOR && this.options.color !== false;
  }

  /** The width tables are fitted to: COLUMNS, else the terminal's, else 80. */
  get terminalWidth(): number {
    const fromEnv = Number(this.env.COLUMNS);
    if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
    return this.stdout.columns || 80;
  }

  /** --no-pager was given. */
  get pagerDisabled(): boolean {
    return this.options.pager === false;
  }

  /** A result, on stdout. */
  out(text: string): void {
    this.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Progress and hints, on stderr. */
  info(text: string): void {
    this.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /**
   * A result for people (a table, a view): on stdout, through the pager when it is taller than
   * the terminal (pager.ts says when).
   */
  async outPaged(text: string): Promise<void> {
    const command = pagerCommand(this);
    if (command && isLong(this, text)) return page(this, command, text);
    this.out(text);
  }
}

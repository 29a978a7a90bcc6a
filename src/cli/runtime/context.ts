// What a command's action is given (gh's cmdutil.Factory with the command's options): the run's
// terminal (ctx.io, iostreams/), the factory of the config file, the key store, the settings and
// the client (factory.ts), each made on first use, and the output choices of the command line.
// A command that never calls the API never opens the config file or loads the HTTP client.
import type { ChalkInstance } from 'chalk';
import type { Client } from '../../client/index.js';
import { usageError } from '../errors/exit-codes.js';
import { type Env, type IO, IOStreams } from '../iostreams/iostreams.js';
import type { ConfigFile } from '../settings/config.js';
import type { KeyStorage } from '../settings/key-storage.js';
import type { NetworkChoice } from '../settings/network.js';
import type { ProfileChoice, Settings } from '../settings/resolve.js';
import { Factory } from './factory.js';
import type { GlobalOptions } from './globals.js';
import { jsonEscaped } from '../output/terminal-text.js';

/** What a command is, as far as a Context cares: its parsed options with the globals, and its place in the tree. */
export interface CommandLike {
  optsWithGlobals(): GlobalOptions;
  getOptionValueSourceWithGlobals(key: string): string | undefined;
  parent: TreeNode | null;
}
interface TreeNode {
  parent: TreeNode | null;
}

/**
 * What one run of the CLI is given from outside: its streams, its environment and its clock.
 * The binary passes the process's own (src/cli/runtime/main.ts); tests pass buffers, an environment of
 * their own and a clock of their own (src/cli/runtime/run.ts), so most command tests run in-process.
 */
export interface Runtime {
  io: IO;
  env: Env;
  /** The wall clock: what times are shown against and dated by. */
  now: () => number;
  /**
   * Milliseconds on a monotonic scale, for the pauses and deadlines of waits (only differences
   * matter): the wall clock may jump while a run waits (NTP, a laptop waking), which would cut a
   * pause short or stretch it. Default: `now`, so a test's clock drives both.
   */
  monotonicNow?: () => number;
  /**
   * Every wait of the run (a 429's Retry-After, a retry's backoff, a poll's delay): a test's clock moves by it instead.
   * An aborted `signal` ends the wait (it rejects), so that a command done early leaves no timer holding the process.
   */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Aborted once the run is over (run.ts gives it): the waits still going end with it, the
   * client's too, so a command ended early (Ctrl-C during a 429's Retry-After) leaves no timer
   * holding the process.
   */
  signal?: AbortSignal;
}

const runtimes = new WeakMap<object, Runtime>();
/** Gives the program (and so each of its commands) the runtime its actions get a Context from. */
export function attachRuntime(program: object, runtime: Runtime): void {
  runtimes.set(program, runtime);
}

function runtimeOf(command: TreeNode): Runtime {
  let root = command;
  while (root.parent) root = root.parent;
  const runtime = runtimes.get(root);
  if (!runtime) throw new Error('statusctl: the program was not given a runtime (use run() from src/cli/runtime/run.ts)');
  return runtime;
}

/**
 * -o, --json and --jq each choose the output: two that disagree are a usage error, not a silent
 * pick (--json with -o json, or --jq with -o json, agree).
 */
function checkOutputFlags(globals: GlobalOptions, outputGiven: boolean): void {
  const output = outputGiven ? globals.output : undefined;
  if (output && output !== 'json') {
    const other = globals.jq !== undefined ? '--jq' : globals.json ? '--json' : undefined;
    if (other) {
      throw usageError(
        `-o ${output} and ${other} ask for different outputs`,
        other === '--jq' ? `--jq filters JSON: drop -o ${output}` : `keep one: -o ${output}, or --json (the same as -o json)`,
      );
    }
  }
}

export class Context {
  /** The run's terminal: streams, colors, width, prompts, pager. */
  readonly io: IOStreams;
  /** The config file, the key store, the settings and the client, each made on first use. */
  readonly factory: Factory;
  readonly env: Env;
  /** The clock relative times are shown against ("3 hours ago"). */
  readonly now: () => number;
  /** The clock waits are measured on (Runtime.monotonicNow). */
  readonly monotonicNow: () => number;
  /** Waits on the run's clock. */
  readonly sleep: Runtime['sleep'];

  constructor(
    readonly globals: GlobalOptions,
    readonly runtime: Runtime,
  ) {
    this.io = new IOStreams(runtime.io, runtime.env, { color: globals.color, pager: globals.pager });
    this.factory = new Factory(globals, this.io, runtime);
    this.env = runtime.env;
    this.now = runtime.now;
    this.monotonicNow = runtime.monotonicNow ?? runtime.now;
    this.sleep = runtime.sleep;
  }

  /** Aborted once the run is over: a wait given it leaves no timer behind. Read when a wait starts. */
  get signal(): AbortSignal | undefined {
    return this.runtime.signal;
  }

  /**
   * The Context of a command's action. Of the settings, only values typed on the command line
   * are the option layer (commander's value source 'cli'); the environment and the profile come
   * after them in settings().
   */
  static fromCommand(command: CommandLike): Context {
    const globals = command.optsWithGlobals();
    const given = (key: 'baseUrl' | 'apiKey' | 'accountId' | 'profile') =>
      command.getOptionValueSourceWithGlobals(key) === 'cli' ? globals[key] : undefined;
    const ctx = new Context(
      { ...globals, baseUrl: given('baseUrl'), apiKey: given('apiKey'), accountId: given('accountId'), profile: given('profile') },
      runtimeOf(command),
    );
    checkOutputFlags(globals, command.getOptionValueSourceWithGlobals('output') === 'cli');
    if (globals.jq !== undefined) void ctx.jqEngine();
    return ctx;
  }

  /** --jq implies JSON: the filter runs on what -o json would print. */
  get json(): boolean {
    return this.globals.json === true || this.globals.output === 'json' || this.globals.jq !== undefined;
  }

  // ---- the factory's parts -------------------------------------------------------------

  config(): Promise<ConfigFile> {
    return this.factory.config();
  }

  keys(): Promise<KeyStorage> {
    return this.factory.keys();
  }

  get profileName(): string {
    return this.factory.profileChoice.name;
  }

  get profileChoice(): ProfileChoice {
    return this.factory.profileChoice;
  }

  settings(options: { forNewProfile?: boolean } = {}): Promise<Settings> {
    return this.factory.settings(options);
  }

  network(): Promise<NetworkChoice> {
    return this.factory.network();
  }

  client(options: { maxWaitMs?: number } = {}): Promise<Client> {
    return this.factory.client(options);
  }

  // ---- the terminal's, as shortcuts ------------------------------------------------------

  /** Colors of stdout (the run's terminal decides how many). */
  get style(): ChalkInstance {
    return this.io.style;
  }

  /** Prompts only when a person is at both ends (gh's rule); never in CI. */
  get interactive(): boolean {
    return this.io.canPrompt;
  }

  /** Spinners and live progress only on a terminal and without NO_COLOR. */
  get showProgress(): boolean {
    return this.io.showProgress;
  }

  // ---- output --------------------------------------------------------------------------

  /** A result, on stdout. */
  out(text: string): void {
    this.io.out(text);
  }

  /**
   * A result for people (a table, a view): on stdout, through the pager when it is taller than
   * the terminal (iostreams/pager.ts says when).
   */
  outPaged(text: string): Promise<void> {
    return this.io.outPaged(text);
  }

  /** The API's own shape, stable, for scripts; with --jq, what the filter makes of it. */
  async printJson(value: unknown): Promise<void> {
    const expression = this.globals.jq;
    // The same data, but nothing in the text that steers a terminal (output/terminal-text.ts).
    if (expression === undefined) return this.out(jsonEscaped(JSON.stringify(value, null, 2)));
    const [engine, { runJq }] = await Promise.all([this.jqEngine(), import('../output/jq.js')]);
    for (const line of runJq(engine, value, expression, Boolean(this.io.stdout.isTTY))) this.out(line);
  }

  private jqLoading?: ReturnType<typeof import('../output/jq.js').loadJqEngine>;

  /**
   * Started by the first call (Context.fromCommand makes it when --jq is given, so the
   * WebAssembly compiles while the request is in flight).
   */
  jqEngine(): NonNullable<Context['jqLoading']> {
    if (!this.jqLoading) {
      this.jqLoading = import('../output/jq.js').then(({ loadJqEngine }) => loadJqEngine());
      // Awaited by printJson; a command that fails first must not leave it unhandled.
      this.jqLoading.catch(() => {});
    }
    return this.jqLoading;
  }

  /** Progress and hints, on stderr. */
  info(text: string): void {
    this.io.info(text);
  }

  verbose(text: string): void {
    if (this.globals.verbose) this.info(text);
  }
}

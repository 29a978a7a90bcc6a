// What a command needs (settings, client, output streams, colors), made lazily: a command that
// never calls the API never opens the config file or loads the HTTP client.
import type { ChalkInstance } from 'chalk';
import type { Client } from '../../client/index.js';
import {
  checkBaseUrl,
  ConfigFile,
  DEFAULT_BASE_URL,
  DEFAULT_PROFILE,
  withoutV1,
  type Profile,
  type SettingField,
} from '../settings/config.js';
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import type { GlobalOptions } from './globals.js';
import { maskKey } from '../settings/mask.js';
import { resolveNetwork, type NetworkChoice } from '../settings/network.js';
import { readKey } from '../settings/key-storage.js';
import { proxyVariable } from '../../client/proxy.js';
import { closest } from '../errors/suggest.js';
import { type Env, type IO, IOStreams } from '../iostreams/iostreams.js';

/** What a command is, as far as a Context cares: its parsed options with the globals, and its place in the tree. */
export interface CommandLike {
  optsWithGlobals(): GlobalOptions;
  getOptionValueSourceWithGlobals(key: string): string | undefined;
  parent: TreeNode | null;
}
interface TreeNode {
  parent: TreeNode | null;
}

/** The API key's source is where it lives: 'keyring' (the OS credential store) or 'file', never 'profile'. */
export type SettingSource = 'option' | 'environment' | 'profile' | 'keyring' | 'file' | 'default' | 'unset';
export interface Settings {
  profile: string;
  baseUrl: string;
  apiKey?: string;
  accountId?: string;
  /** The forward proxy configured for the base URL (NO_PROXY is applied later, see network.ts). */
  proxy?: string;
  /** The variable the proxy comes from, when it comes from the environment (HTTPS_PROXY...). */
  proxyVariable?: string;
  caFile?: string;
  /** 'true' or 'false', as saved. */
  systemCa?: string;
  sources: Record<SettingField, SettingSource>;
}

const ENV: Record<'baseUrl' | 'apiKey' | 'accountId', string> = {
  baseUrl: 'STATUSCTL_BASE_URL',
  apiKey: 'STATUSCTL_API_KEY',
  accountId: 'STATUSCTL_ACCOUNT_ID',
};

/**
 * What one run of the CLI is given from outside: its streams, its environment and its clock.
 * The binary passes the process's own (src/cli/runtime/main.ts); tests pass buffers, an environment of
 * their own and a fixed clock (src/cli/runtime/run.ts), so most command tests run in-process.
 */
export interface Runtime {
  io: IO;
  env: Env;
  now: () => number;
}

const runtimes = new WeakMap<object, Runtime>();
/** The settings a run's client was made with: an error about the network names where its base URL came from. */
const settingsInUse = new WeakMap<Runtime, Settings>();

/** The runs that have been warned of a config file passed over (settings are resolved more than once in a run). */
const brokenFileNoted = new WeakSet<Runtime>();

export function settingsOf(runtime: Runtime): Settings | undefined {
  return settingsInUse.get(runtime);
}

/** Where a setting came from, as a person would look for it. */
export function describeSource(settings: Settings, field: keyof typeof ENV): string {
  switch (settings.sources[field]) {
    case 'option':
      return field === 'baseUrl' ? '--base-url' : field === 'apiKey' ? '--api-key' : '--account-id';
    case 'environment':
      return ENV[field];
    case 'profile':
      return `profile '${settings.profile}'`;
    default:
      return 'the default';
  }
}

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
  private configFile?: ConfigFile;
  private cachedClient?: Promise<Client>;

  /** The run's terminal: streams, colors, width, prompts, pager. */
  readonly io: IOStreams;
  readonly env: Env;
  /** The clock relative times are shown against ("3 hours ago"). */
  readonly now: () => number;

  constructor(
    readonly globals: GlobalOptions,
    readonly runtime: Runtime,
  ) {
    this.io = new IOStreams(runtime.io, runtime.env, { color: globals.color, pager: globals.pager });
    this.env = runtime.env;
    this.now = runtime.now;
  }

  /** Colors of stdout (the run's terminal decides how many). */
  get style(): ChalkInstance {
    return this.io.style;
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

  /** Prompts only when a person is at both ends (gh's rule); never in CI. */
  get interactive(): boolean {
    return this.io.canPrompt;
  }

  /** Spinners and live progress only on a terminal and without NO_COLOR. */
  get showProgress(): boolean {
    return this.io.showProgress;
  }

  config(): Promise<ConfigFile> {
    return Promise.resolve(this.configFileNow());
  }

  /** The config file, read on first use (a small synchronous read: the profile's name may depend on it). */
  private configFileNow(): ConfigFile {
    return (this.configFile ??= ConfigFile.read(this.env));
  }

  get profileName(): string {
    return this.profileChoice.name;
  }

  /**
   * The profile in use and what named it: --profile, then STATUSCTL_PROFILE, then the config
   * file's default (`auth switch`, source 'file'), then `default`. The file is read only when
   * neither the option nor the variable names one.
   */
  get profileChoice(): { name: string; source: 'option' | 'environment' | 'file' | 'default' } {
    if (this.globals.profile) return { name: this.globals.profile, source: 'option' };
    if (this.env.STATUSCTL_PROFILE) return { name: this.env.STATUSCTL_PROFILE, source: 'environment' };
    const chosen = this.configFileNow().defaultProfile;
    return chosen ? { name: chosen, source: 'file' } : { name: DEFAULT_PROFILE, source: 'default' };
  }

  /**
   * Option, then environment, then the profile, then the default (docs/cli.md); the profile's
   * key is looked up in the credential store, then in the file (key-storage.ts), and only when
   * neither option nor environment gives one. A profile named with --profile or
   * STATUSCTL_PROFILE and needed must exist (exit 2, naming the known ones), except for `login`,
   * which creates it (`forNewProfile`, which never reads a saved key). A base URL that is no
   * http(s) address is exit 2 too, before any request.
   */
  async settings({ forNewProfile = false }: { forNewProfile?: boolean } = {}): Promise<Settings> {
    const fromOptions: Profile = { baseUrl: this.globals.baseUrl, apiKey: this.globals.apiKey, accountId: this.globals.accountId };
    const fromEnv: Profile = {
      baseUrl: this.env[ENV.baseUrl] || undefined,
      apiKey: this.env[ENV.apiKey] || undefined,
      accountId: this.env[ENV.accountId] || undefined,
    };
    const fields: SettingField[] = ['baseUrl', 'apiKey', 'accountId'];
    // The profile is needed only when an option or variable left something unanswered.
    const needsProfile = fields.some((field) => !fromOptions[field] && !fromEnv[field]);
    // Only when the profile is read: a name given beside a complete set of options is harmless.
    const named = this.profileChoice.source !== 'default';
    if (named && needsProfile && !forNewProfile) await this.requireProfile();
    // The network settings (proxy, ca-file, system-ca) have no variable of statusctl's own: with
    // everything else given, the profile is still read for them (none when there is no file).
    let proxyFrom: string | undefined;
    const config = await this.config();
    // Everything the API needs came from options or variables: a config file that cannot be
    // used only loses its network settings, and says so once, instead of failing the command.
    // `login` writes the file, so it needs it whole.
    const ignored = !needsProfile && !forNewProfile && config.problem;
    if (ignored && !brokenFileNoted.has(this.runtime)) {
      brokenFileNoted.add(this.runtime);
      this.info(
        `warning: ${ignored.message.replace(/ \(the file was left untouched\)$/, '')}; not read, as options and variables give the base URL, API key and account id`,
      );
    }
    const fromProfile = ignored ? {} : config.profile(this.profileName);
    Object.assign(fromOptions, {
      proxy: this.globals.proxy,
      caFile: this.globals.caFile,
      systemCa: this.globals.systemCa ? 'true' : undefined,
    });
    let keySource: SettingSource = 'profile';
    delete fromProfile.apiKey;
    if (needsProfile && !fromOptions.apiKey && !fromEnv.apiKey && !forNewProfile) {
      const saved = await readKey(this.env, await this.config(), this.profileName);
      if (saved) {
        fromProfile.apiKey = saved.key;
        keySource = saved.location;
      }
    }
    const sources = {} as Record<SettingField, SettingSource>;
    const value = (field: SettingField): string | undefined => {
      for (const [source, layer] of [
        ['option', fromOptions],
        ['environment', fromEnv],
        [field === 'apiKey' ? keySource : 'profile', fromProfile],
      ] as const) {
        if (layer[field]) {
          sources[field] = source;
          return layer[field];
        }
      }
      sources[field] = field === 'baseUrl' ? 'default' : 'unset';
      return field === 'baseUrl' ? DEFAULT_BASE_URL : undefined;
    };
    const baseUrl = value('baseUrl')!;
    const problem = checkBaseUrl(baseUrl);
    if (problem === true) {
      const variable = proxyVariable(new URL(baseUrl), this.env);
      fromEnv.proxy = variable?.value;
      if (variable && !fromOptions.proxy) proxyFrom = variable.name;
    }
    if (problem !== true) {
      const from = describeSource({ profile: this.profileName, baseUrl, sources } as Settings, 'baseUrl');
      const fixed = withoutV1(baseUrl);
      throw usageError(
        `the base URL ${JSON.stringify(baseUrl)} (from ${from}) is not usable: ${problem}`,
        fixed !== baseUrl
          ? sources.baseUrl === 'profile'
            ? `statusctl config set base-url ${fixed}${this.profileName === DEFAULT_PROFILE ? '' : ` --profile ${this.profileName}`}`
            : sources.baseUrl === 'environment'
              ? `export ${ENV.baseUrl}=${fixed}`
              : `--base-url ${fixed}`
          : `for example --base-url ${DEFAULT_BASE_URL} (the reference server) or the https address of the API`,
      );
    }
    return {
      profile: this.profileName,
      baseUrl,
      apiKey: value('apiKey'),
      accountId: value('accountId'),
      proxy: value('proxy'),
      ...(proxyFrom ? { proxyVariable: proxyFrom } : {}),
      caFile: value('caFile'),
      systemCa: value('systemCa'),
      sources,
    };
  }

  private async requireProfile(): Promise<void> {
    const config = await this.config();
    const known = config.profileNames();
    if (known.includes(this.profileName)) return;
    const source = this.profileChoice.source;
    const how = source === 'option' ? '--profile' : 'STATUSCTL_PROFILE';
    const near = closest(this.profileName, known);
    if (source === 'file') {
      throw usageError(
        `the config file ${config.path} makes '${this.profileName}' the default profile, which it does not hold${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}`,
        known.length
          ? `pick one of ${[...near, ...known.filter((name) => !near.includes(name))].join(', ')}: statusctl auth switch ${near[0] ?? known[0]}`
          : `log in to create it: statusctl login --profile ${this.profileName}`,
      );
    }
    throw usageError(
      `${how} names the profile '${this.profileName}', which is not in ${config.path}${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}`,
      known.length
        ? `known profiles: ${[...near, ...known.filter((name) => !near.includes(name))].join(', ')} (or create it: statusctl login --profile ${this.profileName})`
        : `no profile is saved yet: statusctl login --profile ${this.profileName}`,
    );
  }

  private cachedNetwork?: Promise<NetworkChoice>;

  /** The proxy (NO_PROXY applied) and certificates the client will use; bad values are exit 2. */
  network(): Promise<NetworkChoice> {
    return (this.cachedNetwork ??= this.settings().then((settings) => resolveNetwork(settings, this.env)));
  }

  /**
   * The API client for the resolved settings; fails with exit 3 when there is no key. One per
   * process, so every request shares its rate-limit state. `maxWaitMs` (how long 429s are
   * waited out) is taken from the call that makes it.
   */
  client(options: { maxWaitMs?: number } = {}): Promise<Client> {
    return (this.cachedClient ??= this.makeClient(options));
  }

  private async makeClient(options: { maxWaitMs?: number }): Promise<Client> {
    const settings = await this.settings();
    settingsInUse.set(this.runtime, settings);
    if (!settings.apiKey) {
      throw new CliError(
        ExitCode.auth,
        `no API key (profile '${settings.profile}')`,
        undefined,
        "run 'statusctl login', or pass --api-key, or set STATUSCTL_API_KEY",
      );
    }
    const [{ createClient }, network] = await Promise.all([import('../../client/index.js'), this.network()]);
    if (network.proxy && settings.baseUrl.startsWith('http:')) {
      // Only a CONNECT tunnel keeps the request from the proxy; plain http cannot have one.
      this.info(`warning: the base URL is http://, so the proxy ${network.proxyShown} reads each request, API key included; use https`);
    }
    return createClient({
      baseUrl: settings.baseUrl,
      // Settled here from the run's own environment and settings: the client reads none itself.
      proxy: network.proxy?.href ?? false,
      ...(network.ca ? { ca: network.ca } : {}),
      systemCa: network.systemCa,
      apiKey: settings.apiKey,
      ...(settings.accountId ? { accountId: settings.accountId } : {}),
      // One process, a request or two: node's built-in HTTP stack starts far faster than undici.
      http: 'node',
      timeoutMs: (this.globals.timeout ?? 30) * 1000,
      ...(options.maxWaitMs !== undefined ? { maxWaitMs: options.maxWaitMs } : {}),
      onRequest: this.globals.verbose
        ? (event) => {
            const outcome = event.status ?? event.error ?? '?';
            const via = event.proxy ? ` via proxy ${event.proxy}` : '';
            this.info(
              `${event.method} ${event.url}${via} -> ${outcome} (${Math.round(event.durationMs)} ms, attempt ${event.attempt}, key ${maskKey(settings.apiKey)})`,
            );
          }
        : undefined,
      // Always shown: the answer came by reading back, or the write was sent a second time.
      onLostAnswer: (note) => this.info(`note: ${note.message}`),
      // Contract warnings are shown with --verbose only, so only then are responses checked
      // (which loads zod and the schemas).
      onWarning: this.globals.verbose ? (message) => this.info(`warning: ${message}`) : undefined,
    });
  }

  // ---- output --------------------------------------------------------------------------

  /** A result, on stdout. */
  out(text: string): void {
    this.io.out(text);
  }

  /**
   * A result for people (a table, a view): on stdout, through the pager when it is taller than
   * the terminal (output/pager.ts says when).
   */
  outPaged(text: string): Promise<void> {
    return this.io.outPaged(text);
  }

  /** The API's own shape, stable, for scripts; with --jq, what the filter makes of it. */
  async printJson(value: unknown): Promise<void> {
    const expression = this.globals.jq;
    if (expression === undefined) return this.out(JSON.stringify(value, null, 2));
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

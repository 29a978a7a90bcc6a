// What a command is handed, each part made on first use, as gh's cmdutil.Factory: the config
// file, the store of API keys, the settings resolved from them, the network choice and the API
// client. A command that never calls the API never opens the config file or loads the client.
import type { Client } from '../../client/index.js';
import { CliError, ExitCode } from '../errors/exit-codes.js';
import type { IOStreams } from '../iostreams/iostreams.js';
import { ConfigFile } from '../settings/config.js';
import { KeyStorage } from '../settings/key-storage.js';
import { maskKey } from '../settings/mask.js';
import { type NetworkChoice, resolveNetwork } from '../settings/network.js';
import { type GivenSettings, type ProfileChoice, type Settings, SettingsResolver } from '../settings/resolve.js';
import { terminalLine, terminalText } from '../output/terminal-text.js';

/** What the factory reads of the global options besides the settings typed on the command line. */
export interface ClientOptions extends GivenSettings {
  timeout?: number;
  verbose?: boolean;
}

/** What the factory takes of the run (a Runtime, context.ts): its clocks and its end, which the client's waits use. */
export interface RunClocks {
  now: () => number;
  monotonicNow?: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
}

/** The settings a run's client was made with: an error about the network names where its base URL came from. */
const settingsInUse = new WeakMap<object, Settings>();
/** The runs that have been warned of a config file passed over (settings are resolved more than once in a run). */
const brokenFileNoted = new WeakSet<object>();

/** The settings the client of the run `run` was made with, if one was made. */
export function settingsOf(run: object): Settings | undefined {
  return settingsInUse.get(run);
}

/**
 * The API key of `settings`; none is exit 3, with how to give one: where `keyed`, another profile
 * of the config file that has a key, switching to it (gh's hint), else logging in.
 */
export function requireApiKey(settings: Settings, keyed?: string): string {
  if (settings.apiKey) return settings.apiKey;
  throw new CliError(
    ExitCode.auth,
    `no API key (profile '${settings.profile}')`,
    undefined,
    keyed
      ? `profile '${keyed}' has one: statusctl auth switch ${keyed} (or --profile ${keyed} for one command; statusctl login for this one)`
      : "run 'statusctl login', or pass --api-key, or set STATUSCTL_API_KEY",
  );
}

export class Factory {
  private configFile?: ConfigFile;
  private keyStorage?: Promise<KeyStorage>;
  private cachedNetwork?: Promise<NetworkChoice>;
  private cachedClient?: Promise<Client>;
  private readonly resolver: SettingsResolver;

  /** `run` stands for one run of the CLI: what is noted once a run is keyed by it; its clock is the client's. */
  constructor(
    private readonly globals: ClientOptions,
    private readonly io: IOStreams,
    private readonly run: RunClocks,
  ) {
    this.resolver = new SettingsResolver(globals, {
      env: io.env,
      config: () => this.configFileNow(),
      keys: () => this.keys(),
      fileIgnored: (message) => {
        if (brokenFileNoted.has(run)) return;
        brokenFileNoted.add(run);
        io.info(message);
      },
    });
  }

  config(): Promise<ConfigFile> {
    return Promise.resolve(this.configFileNow());
  }

  /** The config file, read on first use (a small synchronous read: the profile's name may depend on it). */
  private configFileNow(): ConfigFile {
    return (this.configFile ??= ConfigFile.read(this.io.env));
  }

  /** The profiles' API keys: the OS credential store, else the config file (key-storage.ts). */
  keys(): Promise<KeyStorage> {
    return (this.keyStorage ??= this.config().then((config) => new KeyStorage(this.io.env, config)));
  }

  /** The API key of `settings`, or exit 3 naming a profile that has one (requireApiKey). */
  async apiKey(settings: Settings): Promise<string> {
    return requireApiKey(settings, settings.apiKey ? undefined : await this.profileWithKey(settings.profile));
  }

  /** The first profile of the config file but `except` that has a key; read only when a key is missing. */
  private async profileWithKey(except: string): Promise<string | undefined> {
    const config = this.configFileNow();
    if (config.problem) return undefined;
    const keys = await this.keys();
    for (const name of config.profileNames()) {
      if (name === except) continue;
      // A store that refuses for that profile: it is not offered, and the error stays the missing key.
      const saved = await keys.read(name).catch(() => undefined);
      if (saved) return name;
    }
    return undefined;
  }

  get profileChoice(): ProfileChoice {
    return this.resolver.profileChoice;
  }

  /** Option, then environment, then the profile, then the default (settings/resolve.ts). */
  settings(options: { forNewProfile?: boolean } = {}): Promise<Settings> {
    return this.resolver.resolve(options);
  }

  /** The proxy (NO_PROXY applied) and certificates the client will use; bad values are exit 2. */
  network(): Promise<NetworkChoice> {
    return (this.cachedNetwork ??= this.settings().then((settings) => resolveNetwork(settings, this.io.env)));
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
    settingsInUse.set(this.run, settings);
    const apiKey = await this.apiKey(settings);
    // input/ids.js reads the operations table, which a run that makes no client never needs.
    const [{ createClient }, { sentAccountId }, network] = await Promise.all([
      import('../../client/index.js'),
      import('../input/ids.js'),
      this.network(),
    ]);
    const { io } = this;
    if (network.proxy && settings.baseUrl.startsWith('http:')) {
      // Only a CONNECT tunnel keeps the request from the proxy; plain http cannot have one.
      io.info(`warning: the base URL is http://, so the proxy ${network.proxyShown} reads each request, API key included; use https`);
    }
    return createClient({
      baseUrl: settings.baseUrl,
      // Settled here from the run's own environment and settings: the client reads none itself.
      proxy: network.proxy?.href ?? false,
      ...(network.ca ? { ca: network.ca } : {}),
      systemCa: network.systemCa,
      apiKey,
      ...(sentAccountId(settings) ? { accountId: settings.accountId } : {}),
      // One process, a request or two: node's built-in HTTP stack starts far faster than undici.
      http: 'node',
      timeoutMs: (this.globals.timeout ?? 30) * 1000,
      ...(options.maxWaitMs !== undefined ? { maxWaitMs: options.maxWaitMs } : {}),
      // The run's clock: a test's moves by the waits, so honouring a Retry-After takes no time there.
      // Monotonic: a pause or a deadline measured on the wall clock changes when the clock is set.
      now: this.run.monotonicNow ?? this.run.now,
      // A wait of the client ends with the run (an interrupted one: Ctrl-C during a Retry-After):
      // its waits all come here, and the run's signal is asked for only by one that happens.
      sleep: (ms, signal) => this.run.sleep(ms, signal ?? this.run.signal),
      onRequest: this.globals.verbose
        ? (event) => {
            const outcome = event.status ?? event.error ?? '?';
            const via = event.proxy ? ` via proxy ${event.proxy}` : '';
            io.info(
              terminalLine(
                `${event.method} ${event.url}${via} -> ${outcome} (${Math.round(event.durationMs)} ms, attempt ${event.attempt}, key ${maskKey(apiKey)})`,
              ),
            );
          }
        : undefined,
      // Always shown: the answer came by reading back, or the write was sent a second time.
      // Both may quote the server: nothing of it steers the terminal (output/terminal-text.ts).
      onLostAnswer: (note) => io.info(terminalText(`note: ${note.message}`)),
      // Contract warnings are shown with --verbose only, so only then are responses checked
      // (which loads zod and the schemas).
      onWarning: this.globals.verbose ? (message) => io.info(terminalText(`warning: ${message}`)) : undefined,
    });
  }
}

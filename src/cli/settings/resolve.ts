// Where each setting of a run comes from: the option typed on the command line, then the
// environment (STATUSCTL_*), then the profile (its key in the credential store, else in the
// file), then the default (docs/cli.md). The profile itself is named by --profile, then
// STATUSCTL_PROFILE, then the config file's default, then `default`. Nothing here is read until a
// command asks: a command that never calls the API never opens the config file.
import { proxyVariable } from '../../client/proxy.js';
import { usageError } from '../errors/exit-codes.js';
import { closest } from '../errors/suggest.js';
import type { Env } from '../iostreams/iostreams.js';
import { checkBaseUrl, type ConfigFile, DEFAULT_BASE_URL, DEFAULT_PROFILE, type Profile, type SettingField, withoutV1 } from './config.js';
import { keyKeptError, sameServer } from './key-scope.js';
import type { KeyStorage, SavedKey } from './key-storage.js';
import { KEY_IN_WRONG_PLACE_HINT, looksLikeKey, notShown } from './mask.js';

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
  /** Heartbeat check ids, comma-separated, as saved (`statusctl status`). */
  heartbeats?: string;
  sources: Record<SettingField, SettingSource>;
}

/** What named the profile in use. */
export interface ProfileChoice {
  name: string;
  source: 'option' | 'environment' | 'file' | 'default';
}

/** The settings typed on the command line (undefined when not typed there). */
export interface GivenSettings {
  profile?: string;
  baseUrl?: string;
  apiKey?: string;
  accountId?: string;
  proxy?: string;
  caFile?: string;
  systemCa?: boolean;
}

/** Where the resolver reads what the command line leaves out. */
export interface SettingsSources {
  env: Env;
  /** The config file, read on first use (a small synchronous read: the profile's name may depend on it). */
  config: () => ConfigFile;
  /** The key storage of that file and the credential store, opened on first use. */
  keys: () => Promise<KeyStorage>;
  /** Told once a run that a config file that cannot be used was passed over. */
  fileIgnored: (message: string) => void;
}

const ENV: Record<'baseUrl' | 'apiKey' | 'accountId', string> = {
  baseUrl: 'STATUSCTL_BASE_URL',
  apiKey: 'STATUSCTL_API_KEY',
  accountId: 'STATUSCTL_ACCOUNT_ID',
};

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

export class SettingsResolver {
  constructor(
    private readonly given: GivenSettings,
    private readonly from: SettingsSources,
  ) {}

  get profileName(): string {
    return this.profileChoice.name;
  }

  /**
   * The profile in use and what named it: --profile, then STATUSCTL_PROFILE, then the config
   * file's default (`auth switch`, source 'file'), then `default`. The file is read only when
   * neither the option nor the variable names one.
   */
  get profileChoice(): ProfileChoice {
    if (this.given.profile) return { name: this.given.profile, source: 'option' };
    if (this.from.env.STATUSCTL_PROFILE) return { name: this.from.env.STATUSCTL_PROFILE, source: 'environment' };
    const chosen = this.from.config().defaultProfile;
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
  async resolve({ forNewProfile = false }: { forNewProfile?: boolean } = {}): Promise<Settings> {
    const { env } = this.from;
    const fromOptions: Profile = { baseUrl: this.given.baseUrl, apiKey: this.given.apiKey, accountId: this.given.accountId };
    const fromEnv: Profile = {
      baseUrl: env[ENV.baseUrl] || undefined,
      apiKey: env[ENV.apiKey] || undefined,
      accountId: env[ENV.accountId] || undefined,
    };
    const fields: SettingField[] = ['baseUrl', 'apiKey', 'accountId'];
    // The profile is needed only when an option or variable left something unanswered.
    const needsProfile = fields.some((field) => !fromOptions[field] && !fromEnv[field]);
    // Only when the profile is read: a name given beside a complete set of options is harmless.
    const named = this.profileChoice.source !== 'default';
    if (named && needsProfile && !forNewProfile) this.requireProfile();
    // The network settings (proxy, ca-file, system-ca) have no variable of statusctl's own: with
    // everything else given, the profile is still read for them (none when there is no file).
    let proxyFrom: string | undefined;
    const config = this.from.config();
    // Everything the API needs came from options or variables: a config file that cannot be
    // used only loses its network settings, and says so once, instead of failing the command.
    // `login` writes the file, so it needs it whole.
    const ignored = !needsProfile && !forNewProfile && config.problem;
    if (ignored) {
      this.from.fileIgnored(
        `warning: ${ignored.message.replace(/ \(the file was left untouched\)$/, '')}; not read, as options and variables give the base URL, API key and account id`,
      );
    }
    const fromProfile = ignored ? {} : config.profile(this.profileName);
    Object.assign(fromOptions, {
      proxy: this.given.proxy,
      caFile: this.given.caFile,
      systemCa: this.given.systemCa ? 'true' : undefined,
    });
    let keySource: SettingSource = 'profile';
    delete fromProfile.apiKey;
    let saved: SavedKey | undefined;
    if (needsProfile && !fromOptions.apiKey && !fromEnv.apiKey && !forNewProfile) {
      saved = await (await this.from.keys()).read(this.profileName);
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
      const variable = proxyVariable(new URL(baseUrl), env);
      fromEnv.proxy = variable?.value;
      if (variable && !fromOptions.proxy) proxyFrom = variable.name;
    }
    if (problem !== true) {
      const from = describeSource({ profile: this.profileName, baseUrl, sources } as Settings, 'baseUrl');
      if (looksLikeKey(baseUrl, fromOptions.apiKey, fromEnv.apiKey)) {
        throw usageError(notShown(`the base URL (from ${from})`), `${KEY_IN_WRONG_PLACE_HINT}; the base URL is an http(s) address`);
      }
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
    // The profile's key goes only to the server it was saved for (key-scope.ts).
    if (saved && !sameServer(baseUrl, saved.savedFor)) {
      const from = describeSource({ profile: this.profileName, baseUrl, sources } as Settings, 'baseUrl');
      throw keyKeptError(this.profileName, saved.savedFor, baseUrl, from);
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
      heartbeats: value('heartbeats'),
      sources,
    };
  }

  private requireProfile(): void {
    const config = this.from.config();
    const known = config.profileNames();
    if (known.includes(this.profileName)) return;
    const source = this.profileChoice.source;
    const how = source === 'option' ? '--profile' : source === 'environment' ? 'STATUSCTL_PROFILE' : `the config file ${config.path}`;
    if (looksLikeKey(this.profileName, this.given.apiKey, this.from.env.STATUSCTL_API_KEY)) {
      throw usageError(
        notShown(`the profile's name (from ${how})`),
        `${KEY_IN_WRONG_PLACE_HINT}; the profiles are ${known.length ? known.join(', ') : 'none yet (statusctl login creates one)'}`,
      );
    }
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
}

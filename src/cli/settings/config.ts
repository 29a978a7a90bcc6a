// Profiles of base URL, API key and account id, in a 0600 JSON file. Most commands only read it,
// which is a plain JSON.parse; `conf` (with its atomic writes, and ajv) is loaded only by the
// commands that change the file (login, logout, config set/unset).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Conf from 'conf';
import { CliError, ExitCode } from '../errors/exit-codes.js';
import { isUuid, isVisibleAscii } from '../../contract/rules.js';
import envPaths from 'env-paths';

export const SETTINGS = {
  'base-url': 'baseUrl',
  'api-key': 'apiKey',
  'account-id': 'accountId',
  proxy: 'proxy',
  'ca-file': 'caFile',
  'system-ca': 'systemCa',
  /** Heartbeat check ids, comma-separated, that `statusctl status` holds to its target (no API lists heartbeat checks). */
  heartbeats: 'heartbeats',
} as const;
export type SettingName = keyof typeof SETTINGS;
export type SettingField = (typeof SETTINGS)[SettingName];
export type Profile = Partial<Record<SettingField, string>> & {
  /** The base URL a key kept in the file was saved for (key-scope.ts); set by statusctl, never by `config set`. */
  apiKeyBaseUrl?: string;
};
interface Store {
  profiles?: Record<string, Profile>;
  /** The profile commands use when neither --profile nor STATUSCTL_PROFILE names one (`auth switch`). */
  defaultProfile?: string;
}

export { DEFAULT_BASE_URL } from '../../contract/rules.js';
export const DEFAULT_PROFILE = 'default';

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTINGS, name);
}

/** A base URL as login and `config set base-url` take it: http or https. */
export function checkBaseUrl(value: string): string | true {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'expected a URL like https://status.example.com';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `expected http or https, not ${url.protocol}`;
  // Every path the CLI sends starts with /v1 already: a base ending in it asks for /v1/v1/..., a 404.
  if (/\/v1\/*$/.test(url.pathname)) {
    return `it ends in /v1, which the CLI puts in front of every path itself (/v1/v1/... is not found): use ${withoutV1(value)}`;
  }
  return true;
}

/** The base URL without a trailing `/v1` (and slashes). */
export function withoutV1(value: string): string {
  return value.trim().replace(/\/v1\/*$/, '') || value;
}

/** `system-ca` is a switch, saved as text like every setting. */
export function checkSwitch(value: string): string | true {
  return value === 'true' || value === 'false' ? true : 'expected true or false';
}

/** `heartbeats`: heartbeat check ids (UUIDs), comma-separated. */
export function checkHeartbeats(value: string): string | true {
  const ids = value.split(',').map((id) => id.trim());
  const bad = ids.find((id) => !isUuid(id));
  return bad === undefined ? true : `expected heartbeat check ids (UUIDs), comma-separated; ${JSON.stringify(bad)} is not one`;
}

/** Key and account id travel in HTTP headers: visible ASCII only. */
export function checkHeaderValue(value: string, what: string): string | true {
  return value !== '' && isVisibleAscii(value) ? true : `${what} may only hold visible ASCII characters (no spaces)`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with the file's shape, or undefined. */
function shapeProblem(data: unknown): string | undefined {
  if (!isPlainObject(data)) return 'not a JSON object';
  if (data.defaultProfile !== undefined && typeof data.defaultProfile !== 'string') return 'defaultProfile is not a string';
  if (data.profiles === undefined) return undefined;
  if (!isPlainObject(data.profiles)) return 'profiles is not an object';
  for (const [name, profile] of Object.entries(data.profiles)) {
    if (!isPlainObject(profile)) return `profiles.${name} is not an object`;
    for (const field of [...Object.values(SETTINGS), 'apiKeyBaseUrl']) {
      if (profile[field] !== undefined && typeof profile[field] !== 'string') return `profiles.${name}.${field} is not a string`;
    }
  }
  return undefined;
}

function configDir(env: Readonly<Record<string, string | undefined>>): string {
  // STATUSCTL_CONFIG_DIR lets tests and CI keep their config in a directory of their own.
  return env.STATUSCTL_CONFIG_DIR || envPaths('statusctl', { suffix: '' }).config;
}

/** How to get past a config file that cannot be used, whatever is wrong with it. */
const fixOrMove = (path: string, what: string) =>
  `${what}, or move the file away (mv ${path} ${path}.broken) and run 'statusctl login' again ` +
  '(with STATUSCTL_BASE_URL, STATUSCTL_API_KEY and STATUSCTL_ACCOUNT_ID all set, commands do not need it)';

/**
 * The config file is not JSON: the message names the line and column where JSON.parse stopped
 * and what it expected there, never the text around it (the file may hold the API key, and V8's
 * own message quotes it).
 */
function invalidJson(path: string, text: string, error: unknown): CliError {
  const message = error instanceof Error ? error.message : String(error);
  const at = /^(.*?) in JSON at position (\d+)/.exec(message);
  const ended = /end of JSON input/.test(message);
  const offset = at ? Number(at[2]) : ended ? text.length : firstRefusedOffset(text);
  const what = at
    ? at[1]!.replace(/^\w/, (first) => first.toLowerCase())
    : ended
      ? 'the JSON ends early'
      : `unexpected ${JSON.stringify(text[offset] ?? '')}`;
  const lines = text.slice(0, offset).split('\n');
  const line = lines.length;
  const column = lines.at(-1)!.length + 1;
  return new CliError(
    ExitCode.failure,
    `config file ${path} is not valid JSON: line ${line}, column ${column}: ${what} (the file was left untouched)`,
    undefined,
    fixOrMove(path, `fix line ${line}`),
  );
}

/**
 * Where JSON.parse refuses `text` when its message gives no position (an unexpected token):
 * the shortest prefix refused at a character inside it, as opposed to running out of text, ends
 * at the character refused.
 */
function firstRefusedOffset(text: string): number {
  const refusedInside = (prefix: string) => {
    try {
      JSON.parse(prefix);
      return false;
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (/end of JSON input/.test(message)) return false;
      const at = /at position (\d+)/.exec(message);
      return !at || Number(at[1]) < prefix.length;
    }
  };
  let low = 0;
  let high = text.length;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (refusedInside(text.slice(0, middle))) high = middle;
    else low = middle;
  }
  return high - 1;
}

/**
 * The file's content, or an empty store when there is no file yet (it is created on the first
 * write). A file that is not JSON, or JSON of another shape (`[]`, `"x"`, a number as apiKey),
 * is the user's data: reported (when a command needs the file), never replaced (a write would
 * mangle it).
 */
function readStore(path: string): Store | CliError {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    return new CliError(
      ExitCode.failure,
      `cannot read the config file ${path}`,
      error instanceof Error ? error.message : String(error),
      fixOrMove(path, 'make it a readable file'),
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return invalidJson(path, text, error);
  }
  const problem = shapeProblem(data);
  if (problem) {
    return new CliError(
      ExitCode.failure,
      `config file ${path} is not a statusctl config file: ${problem} (the file was left untouched)`,
      undefined,
      fixOrMove(path, 'fix that entry (every setting is a string)'),
    );
  }
  return data as Store;
}

/**
 * The config file, read once. A file that cannot be used fails the first use of its content
 * (a profile, the profile names, a write), not the opening: its path is still known
 * (`config path`), and settings given entirely by options and variables never need it.
 */
export class ConfigFile {
  private constructor(
    private readonly dir: string,
    private read: Store | CliError,
  ) {}

  /** Reads the file now (one small synchronous read, as every command that reads it does at once). */
  static read(env: Readonly<Record<string, string | undefined>>): ConfigFile {
    const dir = configDir(env);
    return new ConfigFile(dir, readStore(join(dir, 'config.json')));
  }

  /** What is wrong with the file, or undefined when it can be used (or is not there). */
  get problem(): CliError | undefined {
    return this.read instanceof CliError ? this.read : undefined;
  }

  private get store(): Store {
    if (this.read instanceof CliError) throw this.read;
    return this.read;
  }

  get path(): string {
    return join(this.dir, 'config.json');
  }

  profile(name: string): Profile {
    return { ...this.store.profiles?.[name] };
  }

  profileNames(): string[] {
    return Object.keys(this.store.profiles ?? {});
  }

  /**
   * The profile `auth switch` made the default, if any. A file that cannot be used names none:
   * the commands that need the file say what is wrong with it when they read a profile.
   */
  get defaultProfile(): string | undefined {
    return this.read instanceof CliError ? undefined : this.read.defaultProfile || undefined;
  }

  /** Makes `name` the profile commands use when neither --profile nor STATUSCTL_PROFILE names one. */
  async saveDefaultProfile(name: string): Promise<void> {
    const conf = await this.writable();
    conf.set('defaultProfile', name);
    this.read = conf.store;
  }

  /** Saves the profile, empty values left out. The other profiles are taken from the file as it is now. */
  async saveProfile(name: string, profile: Profile): Promise<void> {
    const cleaned = Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined && value !== ''));
    const conf = await this.writable();
    conf.set('profiles', { ...conf.store.profiles, [name]: cleaned });
    this.read = conf.store;
  }

  /** The file through conf, to change it; refused when the file as read cannot be used. */
  private async writable(): Promise<Conf<Store>> {
    // The file as read is the user's data: one that cannot be used is reported, never replaced.
    if (this.problem) throw this.problem;
    const { default: Conf } = await import('conf');
    let conf: Conf<Store>;
    try {
      // A file we cannot read is the user's data: report it, never replace it.
      conf = new Conf<Store>({
        projectName: 'statusctl',
        cwd: this.dir,
        configName: 'config',
        configFileMode: 0o600,
        clearInvalidConfig: false,
      });
    } catch (error) {
      // Changed since it was read: conf found it unreadable.
      throw new CliError(
        ExitCode.failure,
        `config file ${this.path} is not valid JSON (the file was left untouched)`,
        error instanceof Error ? error.message : String(error),
        fixOrMove(this.path, 'fix it'),
      );
    }
    return conf;
  }
}

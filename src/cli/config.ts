// Profiles of base URL, API key and account id, kept by `conf` in a 0600 file. conf (and its
// ajv dependency) is imported only by commands that actually read or write the file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Conf from 'conf';
import { CliError, ExitCode } from './exit-codes.js';
import { isVisibleAscii } from '../contract/rules.js';

export const SETTINGS = {
  'base-url': 'baseUrl',
  'api-key': 'apiKey',
  'account-id': 'accountId',
  proxy: 'proxy',
  'ca-file': 'caFile',
  'system-ca': 'systemCa',
} as const;
export type SettingName = keyof typeof SETTINGS;
export type SettingField = (typeof SETTINGS)[SettingName];
export type Profile = Partial<Record<SettingField, string>>;
interface Store {
  profiles?: Record<string, Profile>;
}

export { DEFAULT_BASE_URL } from '../contract/rules.js';
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

/** Key and account id travel in HTTP headers: visible ASCII only. */
export function checkHeaderValue(value: string, what: string): string | true {
  return value !== '' && isVisibleAscii(value) ? true : `${what} may only hold visible ASCII characters (no spaces)`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with the file's shape, or undefined (also when there is no file yet). */
function shapeProblem(path: string): string | undefined {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined; // missing (created on the first write); unparsable was refused by conf
  }
  if (!isPlainObject(data)) return 'not a JSON object';
  if (data.profiles === undefined) return undefined;
  if (!isPlainObject(data.profiles)) return 'profiles is not an object';
  for (const [name, profile] of Object.entries(data.profiles)) {
    if (!isPlainObject(profile)) return `profiles.${name} is not an object`;
    for (const field of Object.values(SETTINGS)) {
      if (profile[field] !== undefined && typeof profile[field] !== 'string') return `profiles.${name}.${field} is not a string`;
    }
  }
  return undefined;
}

export class ConfigFile {
  private constructor(private readonly conf: Conf<Store>) {}

  static async open(env: Readonly<Record<string, string | undefined>>): Promise<ConfigFile> {
    const [{ default: Conf }, { default: envPaths }] = await Promise.all([import('conf'), import('env-paths')]);
    // STATUSCTL_CONFIG_DIR lets tests and CI keep their config in a directory of their own.
    const dir = env.STATUSCTL_CONFIG_DIR || envPaths('statusctl', { suffix: '' }).config;
    let conf: Conf<Store>;
    try {
      conf = new Conf<Store>({
        projectName: 'statusctl',
        cwd: dir,
        configName: 'config',
        configFileMode: 0o600,
        // A file we cannot read is the user's data: report it, never replace it.
        clearInvalidConfig: false,
      });
    } catch (error) {
      throw new CliError(
        ExitCode.failure,
        `config file ${join(dir, 'config.json')} is not valid JSON; fix or remove it (it was left untouched)`,
        error instanceof Error ? error.message : String(error),
      );
    }
    // Valid JSON of another shape (`[]`, `"x"`, a number as apiKey) would be mangled by the
    // next write, or crash a read: refused the same way.
    const problem = shapeProblem(conf.path);
    if (problem) {
      throw new CliError(
        ExitCode.failure,
        `config file ${conf.path} is not a statusctl config file (${problem}); fix or remove it (it was left untouched)`,
      );
    }
    return new ConfigFile(conf);
  }

  /** Whether the file exists, without loading conf: profile-only settings are read only then. */
  static async exists(env: Readonly<Record<string, string | undefined>>): Promise<boolean> {
    const dir = env.STATUSCTL_CONFIG_DIR || (await import('env-paths')).default('statusctl', { suffix: '' }).config;
    return existsSync(join(dir, 'config.json'));
  }

  get path(): string {
    return this.conf.path;
  }

  profile(name: string): Profile {
    return { ...this.conf.store.profiles?.[name] };
  }

  profileNames(): string[] {
    return Object.keys(this.conf.store.profiles ?? {});
  }

  setProfile(name: string, profile: Profile): void {
    const cleaned = Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined && value !== ''));
    this.conf.set('profiles', { ...this.conf.store.profiles, [name]: cleaned });
  }
}

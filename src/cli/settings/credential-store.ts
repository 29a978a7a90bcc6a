// The API key in the operating system's credential store: the macOS Keychain, the Windows
// Credential Manager, the Secret Service on Linux (GNOME Keyring, KWallet...). Reached through
// @napi-rs/keyring, whose prebuilt binaries come inside its npm packages. It is loaded only when a
// key is needed and neither an option nor the environment gives it, so CI pays nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CliError, ExitCode } from '../errors/exit-codes.js';

type Env = Readonly<Record<string, string | undefined>>;
type Library = typeof import('@napi-rs/keyring');

/** One entry: the service names the server (the profile's base URL), the account the profile. */
export interface EntryName {
  service: string;
  account: string;
}

export function entryName(profile: string, baseUrl: string): EntryName {
  return { service: `statusctl:${baseUrl}`, account: profile };
}

export type OpenedStore = { available: true; store: CredentialStore } | { available: false; reason: string };

/** The hint of every error of a store that is there but refuses. */
const REFUSED_HINT = 'unlock the keyring (or allow statusctl in it) and try again, or set STATUSCTL_API_KEY for this command';

const SECRET_SERVICE_PLATFORMS = new Set(['linux', 'freebsd', 'openbsd', 'netbsd']);

/**
 * On Linux, what the library reports when there is no Secret Service at all (no session bus, or a
 * bus where nothing provides org.freedesktop.secrets): a headless machine, a container, CI. Any
 * other failure is a store that is there and refuses (locked, prompt dismissed, D-Bus error).
 */
const NO_SECRET_SERVICE =
  /autolaunch|DBUS_SESSION_BUS_ADDRESS|Failed to connect to socket|not provided by any \.service files|ServiceUnknown|Connection refused/i;

/**
 * The store, or why there is none: STATUSCTL_NO_KEYRING set, no D-Bus session bus (checked
 * before the library is loaded), or no binary of the library for this platform.
 */
export async function openCredentialStore(env: Env): Promise<OpenedStore> {
  if (env.STATUSCTL_NO_KEYRING) return { available: false, reason: 'STATUSCTL_NO_KEYRING is set' };
  const secretService = SECRET_SERVICE_PLATFORMS.has(process.platform);
  if (secretService && !env.DBUS_SESSION_BUS_ADDRESS && !(env.XDG_RUNTIME_DIR && existsSync(join(env.XDG_RUNTIME_DIR, 'bus')))) {
    return { available: false, reason: 'no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service' };
  }
  let library: Library;
  try {
    const loaded = (await import('@napi-rs/keyring')) as Library & { default?: Library };
    library = loaded.Entry ? loaded : loaded.default!;
  } catch (error) {
    return {
      available: false,
      reason: `the credential-store library has no binary for ${process.platform}-${process.arch} (${firstLine(error)})`,
    };
  }
  return { available: true, store: new CredentialStore(library, secretService) };
}

/** Thrown when the store turns out to be absent only once asked (a bus without a Secret Service). */
export class NoCredentialStore extends Error {
  override readonly name = 'NoCredentialStore';
}

export class CredentialStore {
  constructor(
    private readonly library: Library,
    private readonly secretService: boolean,
  ) {}

  /** The key saved for this entry, or undefined. */
  async get(name: EntryName): Promise<string | undefined> {
    return (await this.call('read the API key from', name, (entry) => entry.getPassword())) ?? undefined;
  }

  async set(name: EntryName, key: string): Promise<void> {
    await this.call('save the API key to', name, (entry) => entry.setPassword(key));
  }

  /** Whether there was an entry to remove. */
  async delete(name: EntryName): Promise<boolean> {
    return this.call('remove the API key from', name, (entry) => entry.deletePassword());
  }

  private async call<T>(doing: string, name: EntryName, action: (entry: InstanceType<Library['Entry']>) => T): Promise<T> {
    // On Linux the library would fall back to the kernel keyring, which forgets everything at
    // logout: only the Secret Service keeps a key.
    const options = this.secretService ? { linux: { store: 'secret-service' as const } } : undefined;
    try {
      // The synchronous entry: the CLI has nothing else to do meanwhile, and handing the call to
      // a worker thread and back costs a command more than the call itself.
      return action(new this.library.Entry(name.service, name.account, options));
    } catch (error) {
      const message = firstLine(error);
      if (this.secretService && NO_SECRET_SERVICE.test(message)) throw new NoCredentialStore(`no Secret Service (${message})`);
      throw new CliError(
        ExitCode.auth,
        `could not ${doing} the credential store (${describeEntry(name)}): ${message}`,
        undefined,
        REFUSED_HINT,
      );
    }
  }
}

export function describeEntry(name: EntryName): string {
  return `service ${name.service}, account ${name.account}`;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}

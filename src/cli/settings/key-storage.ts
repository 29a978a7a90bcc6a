// Where a profile's API key lives: in the OS credential store when there is one, else in the
// config file (0600) with a warning, or there on purpose (`login --insecure-storage`). Reading
// looks in the store first, then in the file, so a key saved by an older statusctl keeps working
// until the next `login` moves it. Either way a key is the base URL's it was saved for
// (key-scope.ts): the store's entry is named after it, the file records it beside the key.
import { type ConfigFile, DEFAULT_BASE_URL, type Profile } from './config.js';
import { entryName, NoCredentialStore, openCredentialStore } from './credential-store.js';
import { sameServer } from './key-scope.js';

type Env = Readonly<Record<string, string | undefined>>;
export type KeyLocation = 'keyring' | 'file';

/** The entry of a profile: named after the profile and the base URL it was saved with. */
const entryOf = (profileName: string, profile: Profile) => entryName(profileName, profile.baseUrl || DEFAULT_BASE_URL);

/** The base URL a key in the file is for: the one recorded with it, else (saved before that was recorded) the profile's. */
const fileKeyFor = (profile: Profile) => profile.apiKeyBaseUrl || profile.baseUrl || DEFAULT_BASE_URL;

/** A profile's key, where it was found, and the base URL it was saved for. */
export interface SavedKey {
  key: string;
  location: KeyLocation;
  savedFor: string;
}

export interface Saved {
  location: KeyLocation;
  /** Why the key went to the file although --insecure-storage was not given. */
  noStoreReason?: string;
}

/**
 * The keys of a run's profiles: the OS credential store (its library loaded only when a key is
 * read or written) and the config file.
 */
export class KeyStorage {
  constructor(
    private readonly env: Env,
    readonly config: ConfigFile,
  ) {}

  /**
   * The profile's key and where it was found. A store that is there but refuses (locked, D-Bus
   * error) is an error (exit 3), unless the file holds the key: then the store was not needed.
   */
  async read(profileName: string): Promise<SavedKey | undefined> {
    const { env, config } = this;
    const profile = config.profile(profileName);
    const opened = await openCredentialStore(env);
    if (opened.available) {
      try {
        const key = await opened.store.get(entryOf(profileName, profile));
        if (key) return { key, location: 'keyring', savedFor: profile.baseUrl || DEFAULT_BASE_URL };
      } catch (error) {
        if (!(error instanceof NoCredentialStore) && !profile.apiKey) throw error;
      }
    }
    return profile.apiKey ? { key: profile.apiKey, location: 'file', savedFor: fileKeyFor(profile) } : undefined;
  }

  /**
   * Saves the profile's settings with its key: the key into the store (and out of the file), or,
   * without a store or with `insecure`, into the file. The store is written first: when it
   * refuses (exit 3), the file is left as it was.
   */
  async save(
    profileName: string,
    settings: Profile & { apiKey: string },
    { insecure = false }: { insecure?: boolean } = {},
  ): Promise<Saved> {
    const { env, config } = this;
    const previous = config.profile(profileName);
    const next: Profile = { ...previous, ...settings };
    const entry = entryOf(profileName, next);
    const opened = await openCredentialStore(env);
    let location: KeyLocation = 'file';
    let noStoreReason = opened.available ? undefined : opened.reason;
    if (opened.available) {
      try {
        if (insecure) {
          // A key left in the store would be read before the file's.
          await opened.store.delete(entry);
        } else {
          await opened.store.set(entry, settings.apiKey);
          location = 'keyring';
        }
      } catch (error) {
        if (!(error instanceof NoCredentialStore)) throw error;
        noStoreReason = error.message;
      }
    }
    const inFile = location === 'file';
    await config.saveProfile(profileName, {
      ...next,
      apiKey: inFile ? settings.apiKey : undefined,
      apiKeyBaseUrl: inFile ? next.baseUrl || DEFAULT_BASE_URL : undefined,
    });
    const before = entryOf(profileName, previous);
    if (opened.available && before.service !== entry.service) {
      // The key saved for the profile's previous base URL is of no use any more.
      await opened.store.delete(before).catch(() => false);
    }
    return insecure ? { location } : { location, ...(noStoreReason ? { noStoreReason } : {}) };
  }

  /**
   * A new base URL for the profile (`config set/unset base-url`). A key in the store moves to the
   * entry named after the new address, and a key in the file that was the old address's is
   * recorded as the new one's: the key belongs to the profile, and the user moved the profile.
   */
  async saveBaseUrl(profileName: string, baseUrl: string | undefined): Promise<void> {
    const { env, config } = this;
    const previous = config.profile(profileName);
    const next: Profile = { ...previous, baseUrl };
    if (previous.apiKey && sameServer(fileKeyFor(previous), previous.baseUrl || DEFAULT_BASE_URL)) {
      next.apiKeyBaseUrl = baseUrl || DEFAULT_BASE_URL;
    }
    const from = entryOf(profileName, previous);
    const to = entryOf(profileName, next);
    if (from.service !== to.service) {
      const opened = await openCredentialStore(env);
      if (opened.available) {
        try {
          const key = await opened.store.get(from);
          if (key) {
            await opened.store.set(to, key);
            await opened.store.delete(from);
          }
        } catch (error) {
          if (!(error instanceof NoCredentialStore)) throw error;
        }
      }
    }
    await config.saveProfile(profileName, next);
  }

  /** Removes the profile's key from the store and from the file; says where it was (and the file's key, to show masked). */
  async remove(profileName: string): Promise<{ keyring: boolean; file: boolean; fileKey?: string }> {
    const { env, config } = this;
    const profile = config.profile(profileName);
    let keyring = false;
    const opened = await openCredentialStore(env);
    if (opened.available) {
      try {
        keyring = await opened.store.delete(entryOf(profileName, profile));
      } catch (error) {
        if (!(error instanceof NoCredentialStore)) throw error;
      }
    }
    const file = Boolean(profile.apiKey);
    if (file) await config.saveProfile(profileName, { ...profile, apiKey: undefined, apiKeyBaseUrl: undefined });
    return { keyring, file, ...(profile.apiKey ? { fileKey: profile.apiKey } : {}) };
  }
}

export function missingSecretServiceTools(): Promise<string[]>;

export interface SecretService {
  /** The temporary directory holding the bus socket, HOME and the keyring. */
  dir: string;
  /** What a process needs to use this Secret Service (and nothing of the developer's). */
  env: Record<'HOME' | 'XDG_DATA_HOME' | 'XDG_CONFIG_HOME' | 'XDG_CACHE_HOME' | 'XDG_RUNTIME_DIR' | 'DBUS_SESSION_BUS_ADDRESS', string>;
  secretTool(args: string[]): Promise<string | null>;
  lock(): Promise<void>;
  stop(): Promise<void>;
}

export function startSecretService(options?: { keyring?: 'unlocked' | 'locked' | 'absent' }): Promise<SecretService>;

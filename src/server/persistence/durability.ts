// The one seam between the server and where its state is kept. The server and the stores know
// this interface; the data file (data-file.ts: a journal of JSON lines with compaction) is
// the one implementation, and another backend (a database, say) would be another.
//
// A store asks failure() before it applies a change and hands the change to append() once it
// is applied (changes.ts). The server (durable-handlers.ts) answers a request only once
// flush() says the changes it depends on are durable. When the backend cannot take a write,
// the changes it refused are rolled back in the stores by the backend itself, before flush()
// rejects, so nothing a client was refused stays in memory.
import type { Account } from '../account.js';
import type { ChangeLog } from '../changes.js';
import type { AccountStore } from '../store.js';

/** A change the backend could not make durable: answered 507 (no space, file too big) or 503. */
export class DurabilityError extends Error {
  override name = 'DurabilityError';
  readonly status: 503 | 507;
  constructor(
    readonly code: string,
    detail: string,
  ) {
    // Sent to clients: the cause, not where the data lives (the log line names it).
    super(`the server's data file cannot be written (${detail}); the change was not applied`);
    this.status = code === 'ENOSPC' || code === 'EFBIG' || code === 'EDQUOT' ? 507 : 503;
  }
}

export interface Durability extends ChangeLog {
  /** Accounts the backend holds with a generated key: served again when no --account is given. */
  readonly generatedAccounts: Account[];
  /**
   * The account's store: the one the backend holds, or a new one that `seed` fills (its
   * changes are appended like any other). `seedName` says where seed data comes from, for the
   * backend and the log; `generated`: the server generated the account's key (keep it).
   */
  openAccount(account: Account, seedName: string, seed: (store: AccountStore) => void, generated: boolean): AccountStore;
  /** Logs what the backend holds and resolves once everything appended so far is durable. */
  ready(): Promise<void>;
  /** Why changes are refused right now (a DurabilityError), or undefined. */
  failure(): DurabilityError | undefined;
  /** How many changes were appended so far: a request that appended none was a read. */
  readonly appended: number;
  /**
   * Undefined when every change appended so far is durable (the common case for reads: no
   * promise, no delay); otherwise a promise that resolves once they are, or rejects with a
   * DurabilityError once they have been refused and rolled back.
   */
  flush(): Promise<void> | undefined;
  /** Rewrites the state compactly now if that is worth it; resolves once done (or not needed). */
  snapshot(): Promise<void>;
  /** Makes what was appended durable, then releases the backend (its lock). */
  close(): Promise<void>;
}

// An account the server accepts: its id and API key, the one served when none is given, and the
// checks of those given. Its own module so the data file (persistence/) and the server's start-up
// (start.ts) both use it without importing each other.
import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNT_ID } from './fixtures/ids.js';

export interface Account {
  id: string;
  key: string;
}

/**
 * The account served when none is given: DEMO_ACCOUNT_ID (so the demo ids in the CLI's help are
 * its ids) and a key with 192 random bits.
 */
export function generateAccount(): Account {
  return { id: DEMO_ACCOUNT_ID, key: `sc_${randomBytes(24).toString('base64url')}` };
}

/** Account ids are UUIDs, as in the hosted API: a create body names the account (a guid). */
export function isAccountId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

export function checkAccounts(accounts: Account[]): void {
  const ids = new Set<string>();
  const keys = new Set<string>();
  for (const account of accounts) {
    if (!account.id) throw new Error('an account needs a non-empty id');
    if (!isAccountId(account.id))
      throw new Error(`account id ${JSON.stringify(account.id)} is not a UUID (account ids are, as in the hosted API)`);
    if (!account.key) throw new Error(`account ${account.id} needs a non-empty key`);
    if (ids.has(account.id)) throw new Error(`account ${account.id} is given twice`);
    // The key itself is never put in a message; the account it was given for is enough.
    if (keys.has(account.key)) throw new Error(`account ${account.id} reuses the key of another account`);
    ids.add(account.id);
    keys.add(account.key);
  }
}

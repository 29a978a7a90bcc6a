// Journals a store's mutations: each method of STORE_MUTATIONS is replaced, on this instance
// only, by one that serializes the call, applies it, and queues the line. Stores of a server
// without --data are never touched, so the in-memory hot path has no journal code at all.
import { STORE_MUTATIONS, type AccountStore } from '../store.js';
import type { Journal } from './journal.js';
import type { CallRecord } from './records.js';

export function journalStore(store: AccountStore, journal: Journal): void {
  // A mutation that called another one would otherwise be journaled twice and replayed
  // twice; only the outermost call is the record.
  let depth = 0;
  for (const method of STORE_MUTATIONS) {
    const original = store[method] as (...args: unknown[]) => unknown;
    (store as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      if (depth > 0) return original.apply(store, args);
      journal.checkWritable();
      // Serialized before the call: stored objects are the arguments themselves and change
      // later (an incident's update list grows); the record must be the call as it was made.
      const record: CallRecord = { type: 'call', account: store.accountId, method, args };
      const line = JSON.stringify(record);
      depth++;
      try {
        const result = original.apply(store, args);
        // Only a call that succeeded is journaled: replaying one that threw would throw again.
        journal.append(line);
        return result;
      } finally {
        depth--;
      }
    };
  }
}

// What the V3 incident handlers need of a V3 status page: whether the account has it, and the
// ids of its components (an incident may impact those only).
import type { AccountStore } from '../store.js';

/** The ids of the page's components; undefined when the account has no such V3 page. */
export function v3PageComponents(store: AccountStore, statusPageId: string): ReadonlySet<string> | undefined {
  if (!store.records.v3StatusPages.has(statusPageId)) return undefined;
  return store.records.v3Components.idsOfPage(statusPageId);
}

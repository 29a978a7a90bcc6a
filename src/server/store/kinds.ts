// The registry: every kind of record the store holds, each one object (kind.ts) from its own
// module. Everything that goes over the kinds is derived from this list: the store's parts, the
// change union and the change kinds a data file may hold, applying a change, the snapshot
// (its entries, in this order) and restoring it, and the fixture file's fields (read in this
// order). A new kind is its module and one line here.
//
// The order is the snapshot's and the fixtures': a kind comes after those it names (a status
// page names services; an analysis, an error group).
import { analyses } from './analyses.js';
import { checks } from './checks.js';
import { checkSessions } from './check-sessions.js';
import { errorGroups } from './error-groups.js';
import { heartbeats } from './heartbeats.js';
import { incidents } from './incidents.js';
import type { AnyKind, AppliersOf, ChangeUnion, EntryUnion, Part, PartsOf, RegistryProblems } from './kind.js';
import { maintenanceWindows } from './maintenance-windows.js';
import { notifications } from './notifications.js';
import { services } from './services.js';
import { statusPages } from './status-pages.js';
import { subscriptions } from './subscriptions.js';
import { testSessionErrorGroups } from './test-session-error-groups.js';
import { testSessions } from './test-sessions.js';
import { v3Components } from './v3-components.js';
import { v3AutomationRules } from './v3-automation-rules.js';
import { v3Incidents } from './v3-incidents.js';
import { v3StatusPages } from './v3-status-pages.js';
import { v3Subscribers } from './v3-subscribers.js';

export const KINDS = [
  services,
  statusPages,
  subscriptions,
  incidents,
  errorGroups,
  analyses,
  heartbeats,
  notifications,
  v3StatusPages,
  v3Components,
  v3Incidents,
  checks,
  v3Subscribers,
  v3AutomationRules,
  maintenanceWindows,
  testSessionErrorGroups,
  testSessions,
  checkSessions,
] as const;

type Kind = (typeof KINDS)[number];

// Refused by the compiler unless every kind's changes and entries are filed under their own
// kind, declared by one kind only, and every part a kind asks for is one of the store's.
const registryComplete: [RegistryProblems<Kind>] extends [never] ? true : RegistryProblems<Kind> = true;
void registryComplete;

/** One account's records, a part per kind, by the kind's name. */
export type StoreParts = PartsOf<Kind>;

/** A change record: what a store emits for every change to an account's data (changes.ts). */
export type Change = ChangeUnion<Kind>;
export type ChangeKind = Change['kind'];
type Appliers = AppliersOf<Kind>;
/** What applying a change returns: the stored object it made or changed, if any. */
export type ChangeResult<C extends Change> = C['kind'] extends keyof Appliers ? ReturnType<Appliers[C['kind']]> : never;

/** A piece of a store's state as a compacted data file holds it. */
export type SnapshotEntry = EntryUnion<Kind>;

const ALL: readonly AnyKind[] = KINDS;

interface Found {
  readonly kind: AnyKind;
  // biome-ignore lint/suspicious/noExplicitAny: the kind's own change or entry type, checked where the kind is written
  readonly run: (part: any, record: any) => unknown;
}

function byKey(of: (kind: AnyKind) => Record<string, Found['run']>): ReadonlyMap<string, Found> {
  const found = new Map<string, Found>();
  for (const kind of ALL) {
    for (const [key, run] of Object.entries(of(kind))) {
      if (found.has(key))
        throw new Error(`${key} is a change or snapshot entry of two kinds: ${found.get(key)!.kind.name} and ${kind.name}`);
      found.set(key, { kind, run });
    }
  }
  return found;
}

const APPLIERS = byKey((kind) => kind.changes);
const RESTORERS = byKey((kind) => kind.snapshot.restore);

/** The change kinds a data file may hold. */
export const CHANGE_KINDS: ReadonlySet<string> = new Set(APPLIERS.keys());
/** The snapshot entry kinds a data file may hold. */
export const SNAPSHOT_KINDS: ReadonlySet<string> = new Set(RESTORERS.keys());

/** The parts of a new, empty store. */
export function newStoreParts(accountId: string): StoreParts {
  const parts: Record<string, unknown> = {};
  // A part keeps `parts` and looks up the others when it needs them: all are there by then.
  for (const kind of ALL) parts[kind.name] = kind.make(parts, accountId);
  return parts as StoreParts;
}

/** Empties every part (a store about to be filled again from a snapshot). */
export function clearStoreParts(parts: StoreParts): void {
  for (const kind of KINDS) parts[kind.name].clear();
}

function partOf(parts: StoreParts, kind: AnyKind): Part {
  return (parts as unknown as Record<string, Part>)[kind.name]!;
}

/** A change applied to the part of its kind: both when the change is first made and when it is replayed. */
export function applyChange<C extends Change>(parts: StoreParts, change: C): ChangeResult<C> {
  const found = APPLIERS.get(change.kind);
  if (!found) throw new Error(`change of no known kind ${JSON.stringify(change.kind)}`);
  return found.run(partOf(parts, found.kind), change) as ChangeResult<C>;
}

/** The state as entries, kind after kind in the registry's order, which restoreEntry accepts. */
export function* snapshotEntries(parts: StoreParts): Generator<SnapshotEntry> {
  for (const kind of ALL) yield* kind.snapshot.write(partOf(parts, kind)) as Iterable<SnapshotEntry>;
}

/**
 * Puts one snapshot entry back, with the indexes the changes would have built. Not a change
 * to log: only replay calls it, and the entry is itself the record.
 */
export function restoreEntry(parts: StoreParts, entry: SnapshotEntry): void {
  const found = RESTORERS.get(entry.kind);
  if (!found) throw new Error(`snapshot entry of no known kind ${JSON.stringify(entry.kind)}`);
  found.run(partOf(parts, found.kind), entry);
}

// The registry: every kind of record the store holds, each one object (kind.ts) from its own
// module. Everything that goes over the kinds is derived from this list: the store's parts, the
// change union and the change kinds a data file may hold, applying a change, the snapshot
// (its entries, in this order) and restoring it, and the fixture file's fields (read in this
// order). A new kind is its module and one line here.
//
// The order is the snapshot's and the fixtures': a kind comes after those it names (a status
// page names services; an analysis, an error group).
import { analyses } from './analyses.js';
import { errorGroups } from './error-groups.js';
import { heartbeats } from './heartbeats.js';
import { incidents } from './incidents.js';
import type { ChangeOf, EntryOf, Part, RecordKind } from './kind.js';
import { notifications } from './notifications.js';
import { services } from './services.js';
import { statusPages } from './status-pages.js';
import { subscriptions } from './subscriptions.js';

export const KINDS = [services, statusPages, subscriptions, incidents, errorGroups, analyses, heartbeats, notifications] as const;

type Kind = (typeof KINDS)[number];

/** One account's records, a part per kind, by the kind's name. */
export type StoreParts = { readonly [K in Kind as K['name']]: ReturnType<K['make']> };

/** Every change applier of every kind, by the change's kind. */
type Appliers = UnionToIntersection<Kind['changes']>;
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** A change record: what a store emits for every change to an account's data (changes.ts). */
export type Change = { [K in keyof Appliers]: ChangeOf<Appliers[K]> }[keyof Appliers];
export type ChangeKind = Change['kind'];
/** What applying a change returns: the stored object it made or changed, if any. */
export type ChangeResult<C extends Change> = ReturnType<Appliers[C['kind']]>;

/** A piece of a store's state as a compacted data file holds it. */
export type SnapshotEntry = { [K in Kind as K['name']]: EntryOf<K['snapshot']['restore']> }[Kind['name']];

// A change or an entry named otherwise than its key would never be found: refused here.
type Misnamed<T> = { [K in keyof T]: ChangeOf<T[K]> extends { kind: K } ? never : K }[keyof T];
const changesNamedForTheirKey: [Misnamed<Appliers>] extends [never] ? true : Misnamed<Appliers> = true;
type Restorers = UnionToIntersection<Kind['snapshot']['restore']>;
const entriesNamedForTheirKey: [Misnamed<Restorers>] extends [never] ? true : Misnamed<Restorers> = true;
// Each kind's `make` takes the parts it names: they must be parts of the store.
type MissingParts = { [K in Kind as K['name']]: StoreParts extends Parameters<K['make']>[0] ? never : K['name'] }[Kind['name']];
const partsAreTheStores: [MissingParts] extends [never] ? true : MissingParts = true;
void [changesNamedForTheirKey, entriesNamedForTheirKey, partsAreTheStores];

// biome-ignore lint/suspicious/noExplicitAny: the kinds with their types erased, to go over them at run time
type AnyKind = RecordKind<string, any, Part, any, any, string, any>;
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

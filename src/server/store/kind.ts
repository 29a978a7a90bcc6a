// What one kind of record is to the store, in one object (each store/<kind>.ts exports one):
// its part (the records and their indexes), its changes and how each applies, its snapshot
// entries (what a compacted data file holds of it and how each is put back) and its fixtures
// (the field of a fixture file it reads, and the changes it makes of it). The registry
// (kinds.ts) lists the kinds; the change union, the change kinds a data file may hold, the
// snapshot and the fixture file's schema are all derived from it.
import type { z } from 'zod';
import type { SeedKind } from '../fixtures/ids.js';

/** A change record: named for what happened, carrying everything needed to apply it again. */
export interface AnyChange {
  readonly kind: string;
}

/** A snapshot entry: one piece of a kind's state, restored as it is. */
export interface AnyEntry {
  readonly kind: string;
}

/** Every part has this: a store about to be filled again from a snapshot empties its parts. */
export interface Part {
  clear(): void;
}

/** How each change applies to the part, by the change's kind (the change's own `kind`). */
// biome-ignore lint/suspicious/noExplicitAny: each applier names its own change type
export type Appliers<P> = Record<string, (part: P, change: any) => unknown>;

/** How each snapshot entry is put back, by the entry's kind, with the indexes the changes would have built. */
// biome-ignore lint/suspicious/noExplicitAny: each restorer names its own entry type
export type Restorers<P> = Record<string, (part: P, entry: any) => void>;

/** What a kind's fixture reader gets besides its items. */
export interface FixtureContext {
  readonly accountId: string;
  /** When the server started: relative fixture times count back from it. */
  readonly now: number;
  /** A fixture time (checked already) as milliseconds since the epoch. */
  at(time: string): number;
  /** The account's id for a fixture key: each account gets ids of its own (fixtures/ids.ts). */
  id(kind: SeedKind, key: string): string;
  /** The day of what a fixture gives no time for: 30 days before the start. */
  readonly createdLongAgo: string;
  /**
   * Makes a change through the store's ordinary path (logged like any other) and returns what
   * it made. Written `ctx.commit<ServiceAdded>({ ... })`: the kinds cannot name the registry's
   * change union (it is made of them), so the reader names the change it makes.
   */
  commit<C extends AnyChange>(change: C): unknown;
}

/** A fixture problem: where in the file, and what. */
export interface FixtureProblem {
  path: (string | number)[];
  message: string;
}

/** Names declared by one kind's fixtures that another's refer to (services named by incidents). */
export interface FixtureNames {
  /** Declares `id` as `name`; a problem when the same id was declared with another name. */
  declare(what: string, id: string, name: string, path: (string | number)[]): FixtureProblem | undefined;
  has(what: string, id: string): boolean;
}

export interface KindFixtures<Deps, Field extends string, Item> {
  /** The fixture file's top-level field the kind reads: an array of items (fixtures/schema.ts). */
  readonly field: Field;
  readonly item: z.ZodType<Item>;
  /** The ids an item may give are unique within the field. */
  readonly uniqueIds?: boolean;
  /** Cross-references the schema cannot see, checked in the order of the kinds. */
  check?(items: readonly Item[], names: FixtureNames): FixtureProblem | undefined;
  /** Fills an empty store with the items, through ctx.commit. */
  load(items: readonly Item[], ctx: FixtureContext, parts: Deps): void;
}

export interface RecordKind<
  Name extends string = string,
  Deps = unknown,
  P extends Part = Part,
  Changes extends Appliers<P> = Appliers<P>,
  Entries extends Restorers<P> = Restorers<P>,
  Field extends string = string,
  Item = unknown,
> {
  /** The part's name among the store's parts (StoreParts[name]). */
  readonly name: Name;
  /**
   * Makes the part. `parts` is every part of the store: filled as the kinds are made, so a part
   * keeps it and looks up the parts it refers to (`Deps`) when it needs them, never while made.
   */
  make(parts: Deps, accountId: string): P;
  readonly changes: Changes;
  readonly snapshot: {
    /** The part's entries, in an order `restore` accepts; the kinds write theirs in registry order. */
    write(part: P): Iterable<EntryOf<Entries>>;
    readonly restore: Entries;
  };
  readonly fixtures?: KindFixtures<Deps, Field, Item>;
}

/** The change a function of `Appliers` takes. */
export type ChangeOf<A> = A extends (part: never, change: infer C) => unknown ? C : never;
/** The entries a kind's restorers take. */
export type EntryOf<R> = { [K in keyof R]: R[K] extends (part: never, entry: infer E) => void ? E : never }[keyof R];

/** A kind as written, its types inferred: `export const services = recordKind({ ... })`. */
export function recordKind<
  const Name extends string,
  Deps,
  P extends Part,
  Changes extends Appliers<P>,
  Entries extends Restorers<P>,
  const Field extends string = never,
  Item = never,
>(kind: RecordKind<Name, Deps, P, Changes, Entries, Field, Item>): RecordKind<Name, Deps, P, Changes, Entries, Field, Item> {
  return kind;
}

// ---- what a registry of kinds (kinds.ts) derives from them, and what it refuses ----------

// biome-ignore lint/suspicious/noExplicitAny: any kind, its types erased
export type AnyKind = RecordKind<string, any, Part, any, any, string, any>;

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** Every change applier of the kinds, by the change's kind. */
export type AppliersOf<K extends AnyKind> = UnionToIntersection<K['changes']>;
type RestorersOf<K extends AnyKind> = UnionToIntersection<K['snapshot']['restore']>;

/** The kinds' change records. */
export type ChangeUnion<K extends AnyKind> = { [N in keyof AppliersOf<K>]: ChangeOf<AppliersOf<K>[N]> }[keyof AppliersOf<K>];
/** The kinds' snapshot entries. */
export type EntryUnion<K extends AnyKind> = { [X in K as X['name']]: EntryOf<X['snapshot']['restore']> }[K['name']];
/** The store's parts: one per kind, by its name. */
export type PartsOf<K extends AnyKind> = { readonly [X in K as X['name']]: ReturnType<X['make']> };

/** Keys whose change or entry names another kind than the key: it would never be found. */
type Misnamed<T> = { [N in keyof T]: ChangeOf<T[N]> extends { kind: N } ? never : N }[keyof T];
type ChangeKeys<U> = U extends AnyKind ? keyof U['changes'] : never;
type EntryKeys<U> = U extends AnyKind ? keyof U['snapshot']['restore'] : never;
type Twice<K extends AnyKind, Keys extends 'change' | 'entry'> = {
  [X in K as X['name']]: Keys extends 'change' ? ChangeKeys<X> & ChangeKeys<Exclude<K, X>> : EntryKeys<X> & EntryKeys<Exclude<K, X>>;
}[K['name']];
/** Kinds whose `make` asks for a part the store does not have. */
type WithoutTheirParts<K extends AnyKind> = {
  [X in K as X['name']]: PartsOf<K> extends Parameters<X['make']>[0] ? never : X['name'];
}[K['name']];

/**
 * What is wrong with a registry of kinds, as `problem: name`: never when nothing is. The
 * registry (kinds.ts) is refused by the compiler unless it is never; test/types/kinds.type-test.ts
 * shows each.
 */
export type RegistryProblems<K extends AnyKind> =
  | `changeFiledUnderAnotherKind: ${Misnamed<AppliersOf<K>> & string}`
  | `entryFiledUnderAnotherKind: ${Misnamed<RestorersOf<K>> & string}`
  | `changeOfTwoKinds: ${Twice<K, 'change'> & string}`
  | `entryOfTwoKinds: ${Twice<K, 'entry'> & string}`
  | `partNotInTheStore: ${WithoutTheirParts<K> & string}`;

// Type-level tests of the registry's checks (RegistryProblems in src/server/store/kind.ts, which
// src/server/store/kinds.ts requires to be never), checked by `npm run check` (tsc). Each fake
// registry below has one fault; RegistryProblems must name that kind of problem and the change,
// entry or kind at fault, and nothing else. Nothing here runs.
import { Collection, collectionSnapshot } from '../../src/server/store/collection.js';
import { recordKind, type RegistryProblems } from '../../src/server/store/kind.js';
import type { KINDS } from '../../src/server/store/kinds.js';

/** True exactly when A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

interface Window {
  id: string;
  name: string;
}
interface WindowAdded {
  kind: 'windowAdded';
  window: Window;
}

const windows = recordKind({
  name: 'windows',
  make: () => new Collection<Window>(),
  changes: { windowAdded: (part, change: WindowAdded) => part.add(change.window) },
  snapshot: collectionSnapshot<Window>()('window'),
});

// The registry itself, and it with a new simple kind, have no problem.
const registry: [RegistryProblems<(typeof KINDS)[number]>] extends [never] ? true : false = true;
const withWindows: [RegistryProblems<(typeof KINDS)[number] | typeof windows>] extends [never] ? true : false = true;

// A change filed under another kind than its own would never be applied.
const misfiled = recordKind({
  name: 'windows',
  make: () => new Collection<Window>(),
  changes: { windowCreated: (part, change: WindowAdded) => part.add(change.window) },
  snapshot: collectionSnapshot<Window>()('window'),
});
const changeFiled: Equal<RegistryProblems<typeof misfiled>, 'changeFiledUnderAnotherKind: windowCreated'> = true;

// So would an entry.
const entryMisfiled = recordKind({
  name: 'windows',
  make: () => new Collection<Window>(),
  changes: { windowAdded: (part, change: WindowAdded) => part.add(change.window) },
  snapshot: { write: () => [], restore: { windowEntry: (_part, _entry: { kind: 'window' }) => {} } },
});
const entryFiled: Equal<RegistryProblems<typeof entryMisfiled>, 'entryFiledUnderAnotherKind: windowEntry'> = true;

// Two kinds declaring one change, or one entry, would each take the other's.
const services = recordKind({
  name: 'otherServices',
  make: () => new Collection<Window>(),
  changes: { serviceAdded: (part, change: { kind: 'serviceAdded'; service: Window }) => part.add(change.service) },
  snapshot: collectionSnapshot<Window>()('service'),
});
const twice: Equal<
  RegistryProblems<(typeof KINDS)[number] | typeof services>,
  'changeOfTwoKinds: serviceAdded' | 'entryOfTwoKinds: service'
> = true;

// A kind's part asks for a part the store does not have.
const orphan = recordKind({
  name: 'orphans',
  make: (parts: { readonly windows: Collection<Window> }) => parts.windows,
  changes: {},
  snapshot: { write: () => [], restore: {} },
});
const missing: Equal<RegistryProblems<(typeof KINDS)[number] | typeof orphan>, 'partNotInTheStore: orphans'> = true;
const found: [RegistryProblems<(typeof KINDS)[number] | typeof orphan | typeof windows>] extends [never] ? true : false = true;

void [registry, withWindows, changeFiled, entryFiled, twice, missing, found];

// The store's kinds of record (src/server/store/kinds.ts): the change and snapshot entry kinds a
// data file may hold are those the kinds declare, each once, and the data file's documentation
// lists every one. The collection a simple kind keeps (store/collection.ts) pages newest first
// with cursors that keep their meaning, and its snapshot restores it as it was.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountStore } from '../../src/server/store.js';
import { Collection, collectionSnapshot } from '../../src/server/store/collection.js';
import { CHANGE_KINDS, KINDS, SNAPSHOT_KINDS } from '../../src/server/store/kinds.js';

const DATA_FILE_DOC = readFileSync(join(import.meta.dirname, '../../docs/data-file.md'), 'utf8');

interface Window {
  id: string;
  name: string;
}

function windows(count: number): Collection<Window> {
  const collection = new Collection<Window>();
  for (let i = 1; i <= count; i++) collection.add({ id: `w-${i}`, name: `window ${i}` });
  return collection;
}

const ids = (page: { entries: Window[] }) => page.entries.map((window) => window.id);

describe('the registry of kinds', () => {
  it('each change and snapshot entry kind is declared by one kind, and the data file takes exactly those', () => {
    const changes = KINDS.flatMap((kind) => Object.keys(kind.changes));
    const entries = KINDS.flatMap((kind) => Object.keys(kind.snapshot.restore));
    expect(new Set(changes).size).toBe(changes.length);
    expect(new Set(entries).size).toBe(entries.length);
    expect([...CHANGE_KINDS].sort()).toEqual([...changes].sort());
    expect([...SNAPSHOT_KINDS].sort()).toEqual([...entries].sort());
  });

  it("every change kind is in docs/data-file.md's table of kinds, and the table names no other", () => {
    const table = [...DATA_FILE_DOC.matchAll(/^ {2}\| `(\w+)` +\|/gm)].map((match) => match[1]);
    expect([...table].sort()).toEqual([...CHANGE_KINDS].sort());
  });

  it('a store is made of a part per kind, each changed by commit() with its own change records', () => {
    const store = new AccountStore('a-1');
    expect(Object.keys(store.records)).toEqual(KINDS.map((kind) => kind.name));
    const service = { id: 's-1', name: 'Web', accountId: 'a-1', created_at: '2025-03-01', updated_at: '2025-03-01' };
    store.commit({ kind: 'serviceAdded', service });
    expect(store.records.services.get('s-1')).toBe(service);
    expect(() => store.commit({ kind: 'nothingHappened' } as never)).toThrow('change of no known kind "nothingHappened"');
  });
});

describe('a collection', () => {
  it('lists newest first, a page at a time, and a cursor means the same records however it grows', () => {
    const collection = windows(5);
    const first = collection.list(2);
    expect(ids(first)).toEqual(['w-5', 'w-4']);
    collection.add({ id: 'w-6', name: 'window 6' });
    const second = collection.list(2, first.lastSeq!);
    expect(ids(second)).toEqual(['w-3', 'w-2']);
    const last = collection.list(2, second.lastSeq!);
    expect(ids(last)).toEqual(['w-1']);
    expect(last.lastSeq).toBeNull();
  });

  it('keeps a deleted record’s place, so the cursors issued before still mean the same records', () => {
    const collection = windows(5);
    const first = collection.list(2);
    expect(collection.delete('w-3')?.id).toBe('w-3');
    expect(collection.delete('w-3')).toBeUndefined();
    expect(collection.get('w-3')).toBeUndefined();
    expect(ids(collection.list(2, first.lastSeq!))).toEqual(['w-2', 'w-1']);
    expect(collection.count).toBe(5);
  });

  it('says more remain only when an older record would be listed', () => {
    const collection = windows(4);
    collection.delete('w-1');
    const odd = (window: Window) => Number(window.id.slice(2)) % 2 === 1;
    const page = collection.list(1, undefined, odd);
    expect(ids(page)).toEqual(['w-3']);
    // w-1 is deleted and w-2 is not kept: nothing older to list.
    expect(page.lastSeq).toBeNull();
  });

  it('is restored from its snapshot entries, read back as JSON, with its holes', () => {
    const snapshot = collectionSnapshot<Window>()('window');
    const collection = windows(4);
    collection.delete('w-2');
    const entries = JSON.parse(JSON.stringify([...snapshot.write(collection)]));
    expect(entries).toEqual([
      { kind: 'window', record: { id: 'w-1', name: 'window 1' } },
      { kind: 'windowDeleted' },
      { kind: 'window', record: { id: 'w-3', name: 'window 3' } },
      { kind: 'window', record: { id: 'w-4', name: 'window 4' } },
    ]);
    const restored = new Collection<Window>();
    for (const entry of entries) snapshot.restore[entry.kind as 'window' | 'windowDeleted'](restored, entry);
    expect(restored.all).toEqual(collection.all);
    expect(restored.list(10, 4)).toEqual(collection.list(10, 4));
    expect(restored.seqOf('w-4')).toBe(3);
  });
});

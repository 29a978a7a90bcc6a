// Keyset cursors (docs/api-rules.md#shapes-and-ids). A cursor names the sequence number of the last entry
// served; the next page starts just below it, so entries created meanwhile (with higher
// numbers) can neither shift nor repeat what follows. Opaque to clients: base64url text.
import { badField } from '../http-error.js';
import { encodedAs, type JsonBytes } from '../json-bytes.js';
import type { Page } from '../store/collection.js';

export const DEFAULT_PAGE_SIZE = 20;

export function encodeCursor(kind: string, seq: number): string {
  return Buffer.from(`${kind}:${seq}`, 'utf8').toString('base64url');
}

/** The sequence number in a cursor; a cursor we could not have issued is a 400. */
export function decodeCursor(kind: string, cursor: string, count: number): number {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^(\w+):(\d{1,15})$/.exec(text);
  const seq = match ? Number(match[2]) : NaN;
  if (!match || match[1] !== kind || seq < 1 || seq >= count || encodeCursor(kind, seq) !== cursor) {
    throw badField('nextId', 'is not a cursor from a previous page of this list');
  }
  return seq;
}

const COMMA = Buffer.from(',');

/** JSON.stringify(listBody(kind, page)) as UTF-8, from each entry's own JSON bytes. */
export function listJson<T>(kind: string, page: Page<T>, entryJson: (entry: T) => JsonBytes<T>): JsonBytes<ListBody<T>> {
  const nextId = page.lastSeq === null ? null : encodeCursor(kind, page.lastSeq);
  const parts: Buffer[] = [Buffer.from(`{"length":${page.entries.length},"entries":[`)];
  page.entries.forEach((entry, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(entryJson(entry));
  });
  parts.push(Buffer.from(`],"nextId":${JSON.stringify(nextId)}}`));
  return encodedAs<ListBody<T>>(Buffer.concat(parts));
}

export interface ListBody<T> {
  length: number;
  entries: T[];
  nextId: string | null;
}

export function listBody<T>(kind: string, page: Page<T>): ListBody<T> {
  return {
    length: page.entries.length,
    entries: page.entries,
    nextId: page.lastSeq === null ? null : encodeCursor(kind, page.lastSeq),
  };
}

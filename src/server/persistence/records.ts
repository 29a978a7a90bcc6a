// The data file's format (docs/data-file.md): JSON lines, appended; rewritten only whole, by
// compaction. Version 2:
//
//   line 1:  {"statusctl":"data","version":2,"created":"2025-03-10T12:00:00.000Z"}
//   then:    {"type":"account","account":"6f1c…","at":"…","seed":"demo data"}
//            {"type":"account","account":"6f1c…","at":"…","seed":"demo data","key":"sc_…"}
//            {"type":"change","account":"6f1c…","change":{"kind":"incidentCreated","incident":{…}}}
//
// An account record starts an account: it is followed by the changes that seeded it (demo
// data or fixtures, written once, on the start that first served the account) and then by
// every later change. A change record is one change the account's store emitted (changes.ts),
// as it was made: replaying it reproduces it. `key` is present only for a key the server
// generated (no --account), so that a restart on the same file serves the same account with
// the same key; keys given with --account are never written.
//
// Compaction (compaction.ts) rewrites the file as the header, then per account its account
// record and one snapshot record per piece of state, then the changes made since:
//            {"type":"snapshot","account":"6f1c…","entry":{"kind":"incident","incident":{…}}}
// A snapshot record restores its entry as is (store/kinds.ts: restoreEntry).
//
// Version 1 (records-v1.ts) had "call" records, a store method's name and arguments, in
// place of change records; it is read, and rewritten as version 2 on open.
import { CHANGE_KINDS, CHANGE_VERSION, type Change } from '../changes.js';
import { SNAPSHOT_KINDS, type SnapshotEntry } from '../store/kinds.js';
import { changeFromCall } from './records-v1.js';

/** The file's version: the version of the change records it holds. */
export const FORMAT_VERSION = CHANGE_VERSION;
/** Versions this server reads. */
const READABLE = [1, FORMAT_VERSION];

export interface HeaderRecord {
  statusctl: 'data';
  version: number;
  created: string;
}

export interface AccountRecord {
  type: 'account';
  account: string;
  at: string;
  seed: string;
  key?: string;
}

export interface ChangeRecord {
  type: 'change';
  account: string;
  change: Change;
}

export interface SnapshotRecord {
  type: 'snapshot';
  account: string;
  entry: SnapshotEntry;
}

export type DataRecord = AccountRecord | ChangeRecord | SnapshotRecord;

export function headerLine(now: number): string {
  const header: HeaderRecord = { statusctl: 'data', version: FORMAT_VERSION, created: new Date(now).toISOString() };
  return JSON.stringify(header);
}

/**
 * Line 1 when it is a header this version reads (its version, and its creation time in ms,
 * NaN if unreadable), else the problem.
 */
export function readHeader(value: unknown): { version: number; created: number } | string {
  const header = value as Partial<HeaderRecord> | null;
  if (typeof header !== 'object' || header === null || header.statusctl !== 'data') return 'not a statusctl data file';
  if (typeof header.version !== 'number' || !READABLE.includes(header.version))
    return (
      `format version ${String(header.version)} is not supported (this server reads versions ${READABLE.join(' and ')}); ` +
      'it was written by a newer statusctl: start that version on it, or start this one on another file'
    );
  return { version: header.version, created: typeof header.created === 'string' ? Date.parse(header.created) : Number.NaN };
}

/** The record (a version 1 call as the change it made), or a description of what is wrong with it. */
export function asRecord(value: unknown, version: number): DataRecord | string {
  const record = value as { type?: unknown; account?: unknown; key?: unknown; change?: unknown; entry?: unknown } | null;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return 'not a JSON object';
  if (typeof record.account !== 'string' || record.account === '') return 'no account';
  if (record.type === 'account') {
    if (record.key !== undefined && typeof record.key !== 'string') return 'key is not a string';
    return record as AccountRecord;
  }
  if (record.type === 'snapshot') {
    const entry = record.entry as { kind?: unknown } | null;
    if (typeof entry !== 'object' || entry === null || typeof entry.kind !== 'string' || !SNAPSHOT_KINDS.has(entry.kind))
      return 'snapshot entry of no known kind';
    return record as SnapshotRecord;
  }
  if (version === 1 && record.type === 'call') {
    const { method, args } = record as { method?: unknown; args?: unknown };
    const change = changeFromCall(method, args);
    return typeof change === 'string' ? change : { type: 'change', account: record.account, change };
  }
  if (version !== 1 && record.type === 'change') {
    const change = record.change as { kind?: unknown } | null;
    if (typeof change !== 'object' || change === null || typeof change.kind !== 'string' || !CHANGE_KINDS.has(change.kind))
      return `change of no known kind ${JSON.stringify(change?.kind)}`;
    return record as ChangeRecord;
  }
  return `unknown record type ${JSON.stringify(record.type)} in a version ${version} file`;
}

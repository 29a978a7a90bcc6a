// The data file's format: JSON lines, appended; rewritten only whole, by compaction.
//
//   line 1:  {"statusctl":"data","version":1,"created":"2025-03-10T12:00:00.000Z"}
//   then:    {"type":"account","account":"acct-1","at":"…","seed":"demo data"}
//            {"type":"account","account":"6f1c…","at":"…","seed":"demo data","key":"sc_…"}
//            {"type":"call","account":"acct-1","method":"createIncident","args":[{…}]}
//
// An account record starts an account: it is followed by the calls that seeded it (demo
// data or fixtures, written once, on the start that first served the account) and then by
// every later change. A call record is one AccountStore mutation with its arguments exactly
// as passed: ids and times are decided before the call, so replaying it reproduces it.
// `key` is present only for a key the server generated (no --account), so that a restart on
// the same file serves the same account with the same key; keys given with --account are
// never written.
//
// Compaction (compaction.ts) rewrites the file as the header, then per account its account
// record and one snapshot record per piece of state, then the calls made since:
//            {"type":"snapshot","account":"acct-1","entry":{"kind":"incident","incident":{…}}}
// A snapshot record restores its entry as is (AccountStore.restoreEntry).
import { SNAPSHOT_KINDS, STORE_MUTATIONS, type SnapshotEntry, type StoreMutation } from '../store.js';

export const FORMAT_VERSION = 1;

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

export interface CallRecord {
  type: 'call';
  account: string;
  method: StoreMutation;
  args: unknown[];
}

export interface SnapshotRecord {
  type: 'snapshot';
  account: string;
  entry: SnapshotEntry;
}

export type DataRecord = AccountRecord | CallRecord | SnapshotRecord;

const MUTATIONS: ReadonlySet<string> = new Set(STORE_MUTATIONS);

export function headerLine(now: number): string {
  const header: HeaderRecord = { statusctl: 'data', version: FORMAT_VERSION, created: new Date(now).toISOString() };
  return JSON.stringify(header);
}

/** Line 1 when it is a header this version reads (its creation time in ms, NaN if unreadable), else the problem. */
export function readHeader(value: unknown): { created: number } | string {
  const header = value as Partial<HeaderRecord> | null;
  if (typeof header !== 'object' || header === null || header.statusctl !== 'data') return 'not a statusctl data file';
  if (header.version !== FORMAT_VERSION)
    return `format version ${String(header.version)} is not supported (this server reads version ${FORMAT_VERSION})`;
  return { created: typeof header.created === 'string' ? Date.parse(header.created) : Number.NaN };
}

/** The record, or a description of what is wrong with it. */
export function asRecord(value: unknown): DataRecord | string {
  const record = value as Partial<AccountRecord> & Partial<Omit<CallRecord, 'type'>> & { type?: string };
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return 'not a JSON object';
  if (typeof record.account !== 'string' || record.account === '') return 'no account';
  if (record.type === 'account') {
    if (record.key !== undefined && typeof record.key !== 'string') return 'key is not a string';
    return record as AccountRecord;
  }
  if (record.type === 'call') {
    if (typeof record.method !== 'string' || !MUTATIONS.has(record.method)) return `unknown method ${JSON.stringify(record.method)}`;
    if (!Array.isArray(record.args)) return 'args is not an array';
    return record as unknown as CallRecord;
  }
  if (record.type === 'snapshot') {
    const entry = (record as { entry?: { kind?: unknown } }).entry;
    if (typeof entry !== 'object' || entry === null || typeof entry.kind !== 'string' || !SNAPSHOT_KINDS.has(entry.kind))
      return 'snapshot entry of no known kind';
    return record as unknown as SnapshotRecord;
  }
  return `unknown record type ${JSON.stringify(record.type)}`;
}

// Reading a data file: its lines replayed, in order, into one store per account. A torn last
// line (a write a crash cut short) is cut off; corruption anywhere else refuses the file.
import { closeSync, openSync, truncateSync } from 'node:fs';
import { AccountStore } from '../store.js';
import { fsyncDirectory } from './compaction.js';
import { DataFileError, errorCode, message } from './data-file-error.js';
import type { Durability } from './durability.js';
import { forEachLine } from './line-reader.js';
import { asRecord, FORMAT_VERSION, readHeader, type AccountRecord } from './records.js';

export interface Replayed {
  stores: Map<string, AccountStore>;
  accounts: Map<string, AccountRecord>;
  records: number;
  /** No header yet: the file is new (or held only a torn first line). */
  fresh: boolean;
  /** The header's format version (FORMAT_VERSION for a new file). */
  version: number;
  /** Bytes of complete lines: where the journal appends. */
  size: number;
  /** When the file was first created (its header): a compacted file keeps it. */
  created: number;
}

interface ReplayOptions {
  /** Cut off a torn last line. Default true. */
  repair?: boolean;
  /** Read up to this many bytes. */
  limit?: number;
  /** Given to the stores made: where their later changes go. */
  changeLog?: Durability;
}

/** Reads and replays the file; repairs a torn last line when `repair`; throws DataFileError on corruption. */
export function replay(path: string, log: (line: string) => void, { repair = true, limit, changeLog }: ReplayOptions = {}): Replayed {
  const result: Replayed = {
    stores: new Map(),
    accounts: new Map(),
    records: 0,
    fresh: true,
    version: FORMAT_VERSION,
    size: 0,
    created: Number.NaN,
  };
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw new DataFileError(`data file ${path}: cannot read it (${errorCode(error)})`);
  }

  // Every record is written with its newline in the same write, and acknowledged only after
  // the sync: bytes after the last newline are a record whose write a crash cut short, never
  // one a client was told about.
  let read: { end: number; size: number };
  try {
    read = forEachLine(fd, (line, index) => replayLine(path, result, line, index, changeLog), { limit });
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    throw new DataFileError(`data file ${path}: cannot read it (${errorCode(error)})`);
  } finally {
    closeSync(fd);
  }
  result.size = read.end;

  const torn = read.size - read.end;
  if (torn > 0 && repair) {
    // Only now, with the rest of the file known to be good: a refused file is left untouched.
    truncateSync(path, read.end);
    fsyncDirectory(path);
    log(`data file ${path}: dropped a torn last record (${torn} bytes) left by a crash`);
  }
  return result;
}

function replayLine(path: string, result: Replayed, line: string, index: number, changeLog: Durability | undefined): void {
  const where = `data file ${path}: line ${index + 1}`;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new DataFileError(`${where}: corrupt record (${message(error)}); the server will not start on a damaged file`);
  }
  if (index === 0) {
    const header = readHeader(value);
    if (typeof header === 'string') throw new DataFileError(`${where}: ${header}`);
    result.fresh = false;
    result.version = header.version;
    result.created = header.created;
    return;
  }
  const record = asRecord(value, result.version);
  if (typeof record === 'string')
    throw new DataFileError(`${where}: corrupt record (${record}); the server will not start on a damaged file`);
  if (record.type === 'account') {
    if (result.accounts.has(record.account)) throw new DataFileError(`${where}: account ${record.account} is started twice`);
    result.accounts.set(record.account, record);
    result.stores.set(record.account, new AccountStore(record.account, changeLog));
  } else {
    const store = result.stores.get(record.account);
    if (!store) throw new DataFileError(`${where}: a change to account ${record.account} before its account record`);
    try {
      if (record.type === 'snapshot') store.restoreEntry(record.entry);
      else store.apply(record.change);
    } catch (error) {
      const what = record.type === 'snapshot' ? `snapshot entry ${record.entry.kind}` : record.change.kind;
      throw new DataFileError(`${where}: ${what} cannot be replayed (${message(error)})`);
    }
  }
  result.records++;
}

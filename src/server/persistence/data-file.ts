// `statusctl server --data FILE`: the Durability (durability.ts) that keeps the server's state
// in a file across restarts and crashes. Opening takes the lock, replays the journal into one
// store per account (repairing a torn last line, refusing corruption anywhere else), and from
// then on journals every change the stores emit.
//
// A data file that exists is the whole truth: an account found in it gets exactly the state
// the file gives, whatever --fixtures says now; an account not yet in it is seeded (demo data
// or fixtures) once, and those seeding changes are journaled like any other, so a later start
// never re-derives them (relative fixture times, fresh ids) differently.
//
// The file is read in chunks (line-reader.ts), never as one string, and kept small by
// compaction (compaction.ts). When a journal write fails, the stores are rolled back to what
// the file holds (a replay of it), so nothing a client was refused stays in memory. A file of
// an older format version (records-v1.ts) is rewritten in the current one when opened.
import { closeSync, openSync, rmSync, truncateSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Account } from '../account.js';
import type { Change } from '../changes.js';
import { AccountStore } from '../store.js';
import { Compactor, compactionPath, fsyncDirectory, replaceSync, type CompactionOptions } from './compaction.js';
import type { DurabilityError, Durability } from './durability.js';
import { Journal } from './journal.js';
import { forEachLine } from './line-reader.js';
import { acquireLock, DataFileLockedError, type DataFileLock } from './lock.js';
import { asRecord, FORMAT_VERSION, headerLine, readHeader, type AccountRecord, type ChangeRecord, type SnapshotRecord } from './records.js';

export class DataFileError extends Error {
  override name = 'DataFileError';
}

interface Replayed {
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

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? message(error);
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
function replay(path: string, log: (line: string) => void, { repair = true, limit, changeLog }: ReplayOptions = {}): Replayed {
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

/** Joins lines into buffers of about 1 MiB: a big state is never one string. */
class ChunkedLines {
  readonly chunks: Buffer[] = [];
  private lines: string[] = [];
  private length = 0;

  push(line: string): void {
    this.lines.push(line);
    this.length += line.length + 1;
    if (this.length >= 1 << 20) this.flush();
  }

  flush(): Buffer[] {
    if (this.lines.length) this.chunks.push(Buffer.from(`${this.lines.join('\n')}\n`, 'utf8'));
    this.lines = [];
    this.length = 0;
    return this.chunks;
  }
}

function takeLock(path: string, log: (line: string) => void): DataFileLock {
  try {
    return acquireLock(path, log);
  } catch (error) {
    if (error instanceof DataFileLockedError) throw error;
    // A missing directory, no permission: say so in terms of the data file.
    throw new DataFileError(`data file ${path}: cannot create its lock file ${path}.lock (${errorCode(error)})`);
  }
}

export function openDataFile(path: string, log: (line: string) => void, now: () => number, compaction: CompactionOptions = {}): Durability {
  const lock = takeLock(path, log);
  try {
    return new DataFile(path, log, now, compaction, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

class DataFile implements Durability {
  readonly generatedAccounts: Account[];
  private readonly replayed: Replayed;
  private readonly journal: Journal;
  private readonly compactor: Compactor;
  private readonly served = new Set<string>();
  private readonly notApplied: string[] = [];
  private readonly upgraded: number | undefined;
  private closing = false;

  constructor(
    private readonly path: string,
    private readonly log: (line: string) => void,
    private readonly now: () => number,
    compaction: CompactionOptions,
    private readonly lock: DataFileLock,
  ) {
    // Left by a compaction that a crash interrupted before its rename: the file is the truth.
    try {
      rmSync(compactionPath(path), { force: true });
    } catch (error) {
      throw new DataFileError(`data file ${path}: cannot remove ${compactionPath(path)} (${errorCode(error)}); remove it by hand`);
    }
    const replayed = (this.replayed = replay(path, log, { changeLog: this }));
    if (!replayed.fresh && replayed.version !== FORMAT_VERSION) {
      // Before anything is appended: a file holds records of one version only.
      this.upgraded = replayed.version;
      try {
        replayed.size = replaceSync(path, this.snapshotLines());
      } catch (error) {
        rmSync(compactionPath(path), { force: true });
        throw new DataFileError(`data file ${path}: cannot rewrite it in format version ${FORMAT_VERSION} (${errorCode(error)})`);
      }
    }
    let fd: number;
    try {
      fd = openSync(path, 'a', 0o600);
    } catch (error) {
      throw new DataFileError(`data file ${path}: cannot open it for writing (${errorCode(error)})`);
    }
    this.journal = new Journal(fd, path, log, replayed.size, now, {
      failed: () => this.rollBack(),
      written: () => {
        if (!this.closing) this.compactor.check();
      },
    });
    this.compactor = new Compactor(path, this.journal, () => this.snapshotLines(), log, compaction);
    if (replayed.fresh) {
      // The new file's name must survive a power loss too, not only its content.
      fsyncDirectory(dirname(path));
      replayed.created = now();
      this.journal.append(headerLine(replayed.created));
    }
    this.generatedAccounts = [...replayed.accounts.values()]
      .filter((record) => record.key !== undefined)
      .map((record) => ({ id: record.account, key: record.key! }));
  }

  openAccount(account: Account, seedName: string, seed: (store: AccountStore) => void, generated: boolean): AccountStore {
    this.served.add(account.id);
    const existing = this.replayed.stores.get(account.id);
    if (existing) {
      const record = this.replayed.accounts.get(account.id)!;
      if (record.seed !== seedName)
        this.notApplied.push(
          `account ${account.id} keeps its data from the file (first filled from ${record.seed}): ${seedName} not applied`,
        );
      return existing;
    }
    const store = new AccountStore(account.id, this);
    const record: AccountRecord = {
      type: 'account',
      account: account.id,
      at: new Date(this.now()).toISOString(),
      seed: seedName,
      ...(generated ? { key: account.key } : {}),
    };
    this.journal.append(JSON.stringify(record));
    seed(store);
    this.replayed.stores.set(account.id, store);
    this.replayed.accounts.set(account.id, record);
    return store;
  }

  async ready(): Promise<void> {
    const { path, replayed } = this;
    if (this.upgraded !== undefined)
      this.log(`data file ${path}: rewritten from format version ${this.upgraded} to ${FORMAT_VERSION} (${replayed.records} records)`);
    this.log(
      replayed.fresh
        ? `data file ${path}: new; every acknowledged change is written to it`
        : `data file ${path}: replayed ${replayed.records} records`,
    );
    for (const line of this.notApplied) this.log(`data file ${path}: ${line}`);
    const unserved = [...replayed.accounts.keys()].filter((id) => !this.served.has(id));
    if (unserved.length)
      this.log(`data file ${path}: also holds account(s) ${unserved.join(', ')}, not served now (give --account ID:KEY to serve one)`);
    await this.journal.durable();
    // A file grown long by an earlier life is compacted now, not at the next write.
    this.compactor.check();
  }

  failure(): DurabilityError | undefined {
    return this.journal.failure();
  }

  append(accountId: string, change: Change): void {
    this.journal.append(JSON.stringify({ type: 'change', account: accountId, change } satisfies ChangeRecord));
  }

  get appended(): number {
    return this.journal.appended;
  }

  flush(): Promise<void> | undefined {
    return this.journal.durable();
  }

  async snapshot(): Promise<void> {
    this.compactor.check();
    await this.compactor.settled();
  }

  async close(): Promise<void> {
    try {
      this.closing = true;
      await this.compactor.settled();
      await this.journal.close();
    } finally {
      this.lock.release();
    }
  }

  /** The whole state as the lines of a compacted file, header first. */
  private snapshotLines(): Buffer[] {
    const { replayed } = this;
    const lines = new ChunkedLines();
    lines.push(headerLine(Number.isNaN(replayed.created) ? this.now() : replayed.created));
    for (const [id, record] of replayed.accounts) {
      lines.push(JSON.stringify(record));
      for (const entry of replayed.stores.get(id)!.snapshotEntries())
        lines.push(JSON.stringify({ type: 'snapshot', account: id, entry } satisfies SnapshotRecord));
    }
    return lines.flush();
  }

  /**
   * A write failed and was cut off the file: every store goes back to what the file holds
   * (refused changes, and those queued behind them, vanish from memory too).
   */
  private rollBack(): void {
    try {
      const onDisk = replay(this.path, this.log, { repair: false, limit: this.journal.size });
      for (const [id, store] of this.replayed.stores) store.restoreFrom(onDisk.stores.get(id) ?? new AccountStore(id));
      this.log(`data file ${this.path}: state rolled back to the ${onDisk.records} records on disk`);
    } catch (error) {
      // Reading failed too (the disk is gone): memory keeps changes that were refused.
      this.log(`error: data file ${this.path}: cannot roll back to the file (${message(error)}); restart the server`);
    }
  }
}

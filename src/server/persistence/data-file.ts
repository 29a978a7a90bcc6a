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
// The file is read (replay.ts) in chunks (line-reader.ts), never as one string, and kept small
// by compaction (compaction.ts), which writes the state as snapshot-lines.ts lays it out. When a
// journal write fails, the stores are rolled back to what the file holds (a replay of it), so
// nothing a client was refused stays in memory. A file of an older format version
// (records-v1.ts) is rewritten in the current one when opened.
import { openSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Account } from '../account.js';
import type { Change } from '../changes.js';
import { AccountStore } from '../store.js';
import { Compactor, compactionPath, fsyncDirectory, replaceSync, type CompactionOptions } from './compaction.js';
import { DataFileError, errorCode, message } from './data-file-error.js';
import type { DurabilityError, Durability } from './durability.js';
import { Journal } from './journal.js';
import { acquireLock, DataFileLockedError, type DataFileLock } from './lock.js';
import { FORMAT_VERSION, headerLine, type AccountRecord, type ChangeRecord } from './records.js';
import { replay, type Replayed } from './replay.js';
import { snapshotLines } from './snapshot-lines.js';

function takeLock(path: string, log: (line: string) => void): DataFileLock {
  try {
    return acquireLock(path, log);
  } catch (error) {
    if (error instanceof DataFileLockedError || error instanceof DataFileError) throw error;
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
    return snapshotLines(this.replayed, this.now);
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

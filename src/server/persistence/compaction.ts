// Keeps the data file within a small multiple of the live state. When the journal has grown
// past `ratio` times the size of a snapshot of the state (and past `minBytes`), the file is
// rewritten as that snapshot plus the lines written since:
//
//   1. the snapshot is made in memory, synchronously (one consistent state), and the journal
//      starts keeping the lines it writes from then on (Journal.startCapture);
//   2. snapshot and kept lines go to FILE.compact beside the file, asynchronously: requests
//      go on being served and journaled to the old file meanwhile;
//   3. once the lines queued before the snapshot are on disk, journal writes pause, the last
//      kept lines are copied, FILE.compact is fsync'ed and renamed over FILE, the directory is
//      fsync'ed, and the journal goes on in the new file.
//
// At every instant FILE is either the old journal (everything acknowledged is in it) or the
// complete, synced new one; a crash leaves at worst a FILE.compact that the next start removes.
// Each step is published on the diagnostics channel DATA_FILE_CHANNEL, so a test can kill the
// process at each one (test/durability/compaction-kill.test.ts).
import { channel } from 'node:diagnostics_channel';
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Journal } from './journal.js';

export const DATA_FILE_CHANNEL = 'statusctl:data-file';

export type CompactionStep = 'snapshot' | 'temp-opened' | 'snapshot-written' | 'paused' | 'temp-synced' | 'renamed' | 'dir-synced' | 'done';

export interface CompactionMessage {
  path: string;
  step: CompactionStep;
}

export interface CompactionOptions {
  /** No compaction below this journal size, in bytes. Default 1 MiB. */
  minBytes?: number;
  /** Compact once the journal is this many times the snapshot's size. Default 4. */
  ratio?: number;
}

export const DEFAULT_COMPACTION = { minBytes: 1 << 20, ratio: 4 } as const;

const dataFileChannel = channel(DATA_FILE_CHANNEL);

/** The temporary file a compaction writes; one left by a crash is removed at the next start. */
export function compactionPath(path: string): string {
  return `${path}.compact`;
}

export function fsyncDirectory(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    fsyncSync(fd);
  } catch {
    // Directories cannot be opened for fsync everywhere (Windows); the file's own syncs remain.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Replaces the file by `chunks` at once, synchronously (at start, before anything is served):
 * written to FILE.compact, synced, renamed over FILE, the directory synced. A crash leaves
 * either the old file or the new one. Returns the new file's size.
 */
export function replaceSync(path: string, chunks: Buffer[]): number {
  const temp = compactionPath(path);
  const fd = openSync(temp, 'w', 0o600);
  let written = 0;
  try {
    for (const chunk of chunks) {
      for (let offset = 0; offset < chunk.length; ) offset += writeSync(fd, chunk, offset);
      written += chunk.length;
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  fsyncDirectory(dirname(path));
  return written;
}

export class Compactor {
  private readonly minBytes: number;
  private readonly ratio: number;
  /** Journal size at which the next check makes a snapshot. */
  private threshold: number;
  private running: Promise<void> | undefined;

  constructor(
    private readonly path: string,
    private readonly journal: Journal,
    /** The whole state as the lines of a compacted file, header first, in ~1 MiB buffers. */
    private readonly snapshot: () => Buffer[],
    private readonly log: (line: string) => void,
    options: CompactionOptions = {},
  ) {
    this.minBytes = options.minBytes ?? DEFAULT_COMPACTION.minBytes;
    this.ratio = options.ratio ?? DEFAULT_COMPACTION.ratio;
    if (!(this.minBytes >= 0) || !(this.ratio > 1)) throw new Error('compaction needs minBytes >= 0 and a ratio above 1');
    this.threshold = this.minBytes;
  }

  /** Starts a compaction when the journal has grown enough; cheap otherwise. */
  check(): void {
    if (this.running || this.journal.size < this.threshold) return;
    this.running = this.compact().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves once no compaction is under way. */
  async settled(): Promise<void> {
    await this.running;
  }

  private publish(step: CompactionStep): void {
    if (dataFileChannel.hasSubscribers) dataFileChannel.publish({ path: this.path, step } satisfies CompactionMessage);
  }

  private async compact(): Promise<void> {
    const before = this.journal.size;
    const chunks = this.snapshot();
    const snapshotBytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    // Measured, whatever happens next: the next check waits for the journal to outgrow it.
    this.threshold = Math.max(this.minBytes, this.ratio * snapshotBytes);
    if (before < this.threshold) return;

    const capture = this.journal.startCapture();
    // Resolves once the lines queued before the snapshot are on disk in the old file.
    const queuedBefore = this.journal.durable();
    this.publish('snapshot');
    const temp = compactionPath(this.path);
    let handle: FileHandle | undefined;
    let written = 0;
    const copy = async (buffer: Buffer) => {
      await handle!.appendFile(buffer);
      written += buffer.length;
    };
    const copyCaptured = async () => {
      if (capture.failed) throw new Error('a journal write failed meanwhile');
      const lines = capture.lines.splice(0);
      if (lines.length) await copy(Buffer.from(`${lines.join('\n')}\n`, 'utf8'));
    };
    try {
      await rm(temp, { force: true });
      handle = await open(temp, 'ax', 0o600);
      this.publish('temp-opened');
      for (const chunk of chunks) await copy(chunk);
      chunks.length = 0;
      this.publish('snapshot-written');
      await queuedBefore;
      await copyCaptured();
      await this.journal.pause();
      this.publish('paused');
      await copyCaptured();
      await handle.sync();
      this.publish('temp-synced');
      // Opened for appending before the rename, so that after it nothing can fail before the
      // journal writes to the new file.
      const next = openSync(temp, 'a');
      try {
        await rename(temp, this.path);
      } catch (error) {
        closeSync(next);
        throw error;
      }
      this.publish('renamed');
      this.journal.switchTo(next, written);
      fsyncDirectory(dirname(this.path));
      this.publish('dir-synced');
      this.log(`data file ${this.path}: compacted from ${before} to ${written} bytes`);
      this.publish('done');
    } catch (error) {
      this.log(
        `data file ${this.path}: compaction abandoned (${error instanceof Error ? error.message : String(error)}); the file is unchanged`,
      );
      await rm(temp, { force: true }).catch(() => {});
      // Not again at once (a full disk stays full for a while): when the journal has grown by half.
      this.threshold = Math.max(this.threshold, Math.ceil(this.journal.size * 1.5));
    } finally {
      this.journal.endCapture();
      await handle?.close().catch(() => {});
      this.journal.resume();
    }
  }
}

// The append-only journal behind the data file (data-file.ts): one JSON line per record. A
// change is acknowledged to its client only after its line is written and fdatasync'ed (see
// durable-handlers.ts). Group commit: lines that arrive while a write+sync is in flight wait
// and go out together in the next single write+sync, so under load many requests share one
// sync instead of queueing one sync each.
//
// A failed write (a full disk, a file-size limit, an I/O error) refuses that batch and the one
// queued behind it, cuts the file back to its last synced size and tells its owner (the data
// file rolls the stores back to the file); writes are refused for a short, growing while, then
// the file is tried again. Reads never depend on the disk.
import { close, fdatasync, ftruncateSync, write } from 'node:fs';
import { DurabilityError } from './durability.js';

function writeError(error: unknown): DurabilityError {
  if (error instanceof DurabilityError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
  return new DurabilityError(code, error instanceof Error ? error.message : String(error));
}

/** What the journal tells its owner, given once when it is made. */
export interface JournalEvents {
  /** A failed write has been cut off the file: roll back to it. Runs before any waiter sees the error. */
  failed(): void;
  /** A batch is synced (the compactor checks the size). */
  written(): void;
}

const FIRST_BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 5000;

/** Lines written since a compaction took its snapshot (compaction.ts copies them after it). */
export interface Capture {
  /** Written and synced to the current file, in order. */
  lines: string[];
  /** Lines queued before the snapshot, still to be written: the snapshot has them already. */
  skip: number;
  /** A write failed meanwhile: the snapshot may hold a change that was rolled back. */
  failed: boolean;
}

interface Batch {
  lines: string[];
  done: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A batch nobody waits for (an analysis completing on a timer) must not become an
  // unhandled rejection; those who wait still see the error.
  done.catch(() => {});
  return { lines: [], done, resolve, reject };
}

function countLines(batch: Batch | undefined): number {
  return batch?.lines.length ?? 0;
}

function writeAll(fd: number, buffer: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const step = (offset: number) => {
      // No position: the file was opened for appending.
      write(fd, buffer, offset, buffer.length - offset, null, (error, written) => {
        if (error) reject(error);
        else if (offset + written < buffer.length) step(offset + written);
        else resolve();
      });
    };
    step(0);
  });
}

export class Journal {
  /** Lines appended since the last write started. */
  private next: Batch | undefined;
  /** The write+sync under way. */
  private inFlight: Batch | undefined;
  private scheduled = false;
  private closed = false;
  /** The last failure, while writes are refused (until refusedUntil), or the file not yet cut back. */
  private lastFailure: DurabilityError | undefined;
  private refusedUntil = 0;
  private backoffMs = FIRST_BACKOFF_MS;
  /** The file ends after its synced size (a failed write left bytes): cut it before the next. */
  private untrimmed = false;
  private paused = false;
  private capture: Capture | undefined;
  private linesAppended = 0;

  constructor(
    private fd: number,
    private readonly path: string,
    private readonly log: (line: string) => void,
    /** Bytes in the file, all synced. */
    private synced: number,
    private readonly now: () => number = Date.now,
    private readonly events: JournalEvents = { failed() {}, written() {} },
  ) {}

  /** Lines appended in all: durable-handlers.ts tells a write from a read by it. */
  get appended(): number {
    return this.linesAppended;
  }

  /** Bytes in the file that are on disk. */
  get size(): number {
    return this.synced;
  }

  /**
   * The error while writes are refused (shortly after a failed write), so that no change is
   * applied that could not be journaled; else undefined. Once the wait is over the file is
   * tried again: cut back to its synced size first, if a failed write left a partial line.
   */
  failure(): DurabilityError | undefined {
    if (!this.lastFailure) return undefined;
    if (this.now() < this.refusedUntil) return this.lastFailure;
    if (this.untrimmed && !this.trim()) return this.lastFailure;
    return undefined;
  }

  /** Queues a line (without its newline); it is written by the next group commit. */
  append(line: string): void {
    // After close (an analysis finishing during shutdown) there is no file to write to, and
    // nobody was promised anything: its request stays PENDING in the file and is re-run.
    if (this.closed) return;
    const failure = this.failure();
    if (failure) throw failure;
    this.linesAppended++;
    (this.next ??= newBatch()).lines.push(line);
    if (!this.scheduled && !this.inFlight) {
      this.scheduled = true;
      // setImmediate, not a microtask: requests read in the same turn of the event loop
      // join this batch.
      setImmediate(() => {
        this.scheduled = false;
        this.startWrite();
      });
    }
  }

  /**
   * Undefined when every line appended so far is on disk (the common case for reads: no
   * promise, no delay); otherwise a promise that resolves once they are.
   */
  durable(): Promise<void> | undefined {
    return (this.next ?? this.inFlight)?.done;
  }

  /** Writes what is queued, then closes the file. Appends after this are dropped. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.resume();
    try {
      await this.durable();
    } catch {
      // Already reported when it happened.
    }
    this.closed = true;
    await new Promise<void>((resolve) => close(this.fd, () => resolve()));
  }

  // ---- for compaction.ts -----------------------------------------------------------------

  /** From now on, lines written are kept for the compacted file; the queued ones are skipped. */
  startCapture(): Capture {
    this.capture = { lines: [], skip: countLines(this.inFlight) + countLines(this.next), failed: false };
    return this.capture;
  }

  endCapture(): void {
    this.capture = undefined;
  }

  /** No new write starts until resume(); resolves once the one in flight is over. */
  async pause(): Promise<void> {
    const inFlight = this.inFlight?.done;
    this.paused = true;
    await inFlight?.catch(() => {});
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.startWrite();
  }

  /** Writes go to `fd` from now on (the compacted file, renamed over the old one). */
  switchTo(fd: number, size: number): void {
    const old = this.fd;
    this.fd = fd;
    this.synced = size;
    close(old, () => {});
  }

  // ---- writing ---------------------------------------------------------------------------

  /** Cuts the file back to its synced size; false (and a longer wait) when even that fails. */
  private trim(): boolean {
    try {
      ftruncateSync(this.fd, this.synced);
      this.untrimmed = false;
      return true;
    } catch (error) {
      this.refuse(writeError(error));
      return false;
    }
  }

  private refuse(failure: DurabilityError): void {
    this.lastFailure = failure;
    this.refusedUntil = this.now() + this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
  }

  private startWrite(): void {
    const batch = this.next;
    if (!batch || this.inFlight || this.paused || this.closed) return;
    this.next = undefined;
    this.inFlight = batch;
    const buffer = Buffer.from(`${batch.lines.join('\n')}\n`, 'utf8');
    writeAll(this.fd, buffer)
      .then(() => new Promise<void>((resolve, reject) => fdatasync(this.fd, (error) => (error ? reject(error) : resolve()))))
      .then(
        () => {
          this.inFlight = undefined;
          this.synced += buffer.length;
          if (this.lastFailure) this.log(`data file ${this.path}: writes accepted again`);
          this.lastFailure = undefined;
          this.backoffMs = FIRST_BACKOFF_MS;
          this.captureWritten(batch.lines);
          batch.resolve();
          this.events.written();
          // Lines that arrived during this write go out at once, as one batch.
          this.startWrite();
        },
        (error: unknown) => this.failed(batch, writeError(error)),
      );
  }

  private captureWritten(lines: string[]): void {
    const capture = this.capture;
    if (!capture) return;
    const skipped = Math.min(capture.skip, lines.length);
    capture.skip -= skipped;
    for (let i = skipped; i < lines.length; i++) capture.lines.push(lines[i]!);
  }

  private failed(batch: Batch, failure: DurabilityError): void {
    this.log(`error: data file ${this.path}: ${failure.message}; writes are refused for ${this.backoffMs} ms, then tried again`);
    this.inFlight = undefined;
    if (this.capture) this.capture.failed = true;
    // The queued batch was applied on top of the failed one: it goes too.
    const queued = this.next;
    this.next = undefined;
    this.refuse(failure);
    this.untrimmed = true;
    this.trim();
    // Before any waiter runs (they run as microtasks): the stores go back to the file.
    this.events.failed();
    batch.reject(failure);
    queued?.reject(failure);
  }
}

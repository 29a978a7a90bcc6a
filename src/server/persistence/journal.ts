// The append-only journal behind `--data`: one JSON line per store mutation. A write is
// acknowledged to its client only after its line is written and fdatasync'ed (see
// durable-handlers.ts). Group commit: lines that arrive while a write+sync is in flight wait
// and go out together in the next single write+sync, so under load many requests share one
// sync instead of queueing one sync each.
import { close, fdatasync, write } from 'node:fs';

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
  private failure: Error | undefined;
  private closed = false;

  constructor(
    private readonly fd: number,
    private readonly path: string,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * Throws once a write has failed: the file may end in a partial line, so nothing more is
   * appended (a later line would turn that tail into corruption in the middle) and no
   * mutation is applied that could not be journaled. Reads keep working.
   */
  checkWritable(): void {
    if (this.failure) throw new Error(`data file ${this.path} can no longer be written (${this.failure.message}); restart the server`);
  }

  /** Queues a line (without its newline); it is written by the next group commit. */
  append(line: string): void {
    // After close (an analysis finishing during shutdown) there is no file to write to, and
    // nobody was promised anything: its request stays PENDING in the file and is re-run.
    if (this.closed) return;
    this.checkWritable();
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
    if (this.failure) return Promise.reject(this.failure);
    return (this.next ?? this.inFlight)?.done;
  }

  /** Writes what is queued, then closes the file. Appends after this are dropped. */
  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.durable();
    } catch {
      // Already reported when it happened.
    }
    this.closed = true;
    await new Promise<void>((resolve) => close(this.fd, () => resolve()));
  }

  private startWrite(): void {
    const batch = this.next;
    if (!batch || this.inFlight) return;
    this.next = undefined;
    this.inFlight = batch;
    const buffer = Buffer.from(`${batch.lines.join('\n')}\n`, 'utf8');
    writeAll(this.fd, buffer)
      .then(() => new Promise<void>((resolve, reject) => fdatasync(this.fd, (error) => (error ? reject(error) : resolve()))))
      .then(
        () => {
          this.inFlight = undefined;
          batch.resolve();
          // Lines that arrived during this write go out at once, as one batch.
          this.startWrite();
        },
        (error: Error) => {
          this.failure = error;
          this.log(`error: data file ${this.path}: write failed (${error.message}); writes are refused from now on`);
          this.inFlight = undefined;
          batch.reject(error);
          this.next?.reject(error);
          this.next = undefined;
        },
      );
  }
}

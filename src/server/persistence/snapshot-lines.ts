// Writing the whole state as the lines of a compacted data file: the header, then each account's
// record followed by its snapshot entries. The lines are joined into buffers, never one string.
import { headerLine, type SnapshotRecord } from './records.js';
import type { Replayed } from './replay.js';

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

/** The whole state as the lines of a compacted file, header first (`now`: a new file's creation). */
export function snapshotLines(
  { created, accounts, stores }: Pick<Replayed, 'created' | 'accounts' | 'stores'>,
  now: () => number,
): Buffer[] {
  const lines = new ChunkedLines();
  lines.push(headerLine(Number.isNaN(created) ? now() : created));
  for (const [id, record] of accounts) {
    lines.push(JSON.stringify(record));
    for (const entry of stores.get(id)!.snapshotEntries())
      lines.push(JSON.stringify({ type: 'snapshot', account: id, entry } satisfies SnapshotRecord));
  }
  return lines.flush();
}

// Reads a data file line by line in fixed-size chunks, so that opening it never needs the
// whole file as one string (V8 caps a string near 512 MiB: a file past that could be written
// but never read again). Synchronous on purpose: the server replays before it listens, and a
// rollback (data-file.ts) must finish before the next request sees the store.
import { readSync } from 'node:fs';

const NEWLINE = 0x0a;

export interface LinesRead {
  /** Offset just after the last newline: where the complete lines end. */
  end: number;
  /** Bytes read in all (up to `limit`); more than `end` when the last line is torn. */
  size: number;
}

/**
 * Calls `onLine` with each complete line (without its newline), in order, from the start of
 * `fd` up to `limit` bytes. Bytes after the last newline are not a line: the caller decides
 * what a torn tail means.
 */
export function forEachLine(
  fd: number,
  onLine: (line: string, index: number) => void,
  { chunkSize = 1 << 20, limit = Number.POSITIVE_INFINITY }: { chunkSize?: number; limit?: number } = {},
): LinesRead {
  const chunk = Buffer.allocUnsafe(chunkSize);
  // A line longer than the rest of a chunk: its pieces, joined once its newline is found.
  let pieces: Buffer[] = [];
  let position = 0;
  let end = 0;
  let index = 0;
  while (position < limit) {
    const read = readSync(fd, chunk, 0, Math.min(chunkSize, limit - position), position);
    if (read === 0) break;
    const bytes = chunk.subarray(0, read);
    let start = 0;
    for (let newline = bytes.indexOf(NEWLINE); newline !== -1; newline = bytes.indexOf(NEWLINE, start)) {
      let line = bytes.subarray(start, newline);
      if (pieces.length) {
        line = Buffer.concat([...pieces, line]);
        pieces = [];
      }
      // Split on bytes, decoded per line: a character cut by a chunk boundary is whole here.
      onLine(line.toString('utf8'), index++);
      start = newline + 1;
      end = position + start;
    }
    // Copied: the chunk is read into again.
    if (start < read) pieces.push(Buffer.from(bytes.subarray(start)));
    position += read;
  }
  return { end, size: position };
}

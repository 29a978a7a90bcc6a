// The journal on its own: group commit, durable() semantics, and what a failed write does
// (refused, rolled back through onFailure, refused for a while, then tried again).
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal, JournalWriteError } from '../../src/server/persistence/journal.js';
import { tempDir } from './helpers.js';

describe('journal', () => {
  it('writes lines appended together as one batch, in order; durable() is undefined once all are on disk', async () => {
    const path = join(tempDir(), 'journal.jsonl');
    const fd = openSync(path, 'a');
    const journal = new Journal(fd, path, () => {}, 0);
    expect(journal.durable()).toBeUndefined();
    for (let i = 0; i < 100; i++) journal.append(JSON.stringify({ i }));
    const first = journal.durable();
    expect(first).toBeInstanceOf(Promise);
    await first;
    // Appended while nothing is in flight, after the first batch: a second batch.
    journal.append(JSON.stringify({ i: 100 }));
    await journal.durable();
    expect(journal.durable()).toBeUndefined();
    await journal.close();
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line).i)).toEqual(Array.from({ length: 101 }, (_, i) => i));
  });

  it('after a failed write: waiters get a 503 JournalWriteError, onFailure runs first, writes are refused for a while, then the file is tried again', async () => {
    const path = join(tempDir(), 'journal.jsonl');
    writeFileSync(path, '');
    const fd = openSync(path, 'r'); // not writable: the write fails with EBADF
    const logs: string[] = [];
    let clock = 1000;
    const journal = new Journal(
      fd,
      path,
      (line) => logs.push(line),
      0,
      () => clock,
    );
    const order: string[] = [];
    journal.onFailure = () => order.push('rollback');
    journal.append('{"a":1}');
    const waiting = journal.durable()!.catch((error: unknown) => {
      order.push('waiter');
      return error;
    });
    const error = await waiting;
    expect(error).toBeInstanceOf(JournalWriteError);
    expect((error as JournalWriteError).status).toBe(503);
    expect((error as JournalWriteError).code).toBe('EBADF');
    expect(order).toEqual(['rollback', 'waiter']);
    expect(logs.some((line) => line.includes(`error: data file ${path}: the server's data file cannot be written`))).toBe(true);
    expect(() => journal.checkWritable()).toThrow(JournalWriteError);
    expect(() => journal.append('{"a":2}')).toThrow(JournalWriteError);
    expect(journal.durable()).toBeUndefined();
    // After the backoff the file is tried again: first cut back to its synced size, which a
    // read-only descriptor refuses too, so writes stay refused, for longer.
    clock += 60_000;
    expect(() => journal.checkWritable()).toThrow(/ftruncate/);
    expect(() => journal.checkWritable()).toThrow(JournalWriteError);
    await journal.close();
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(() => closeSync(fd)).toThrow(); // close() closed it
  });

  it('a write that fails with ENOSPC or EFBIG is a 507, any other code a 503', () => {
    expect(new JournalWriteError('f', 'ENOSPC', 'x').status).toBe(507);
    expect(new JournalWriteError('f', 'EFBIG', 'x').status).toBe(507);
    expect(new JournalWriteError('f', 'EIO', 'x').status).toBe(503);
  });
});

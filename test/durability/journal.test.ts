// The journal on its own: group commit, durable() semantics, and what a failed write does
// (refused, its owner told to roll back, refused for a while, then tried again).
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DurabilityError } from '../../src/server/persistence/durability.js';
import { Journal } from '../../src/server/persistence/journal.js';
import { tempDir } from './helpers.js';

describe('journal', () => {
  it('writes lines appended together as one batch, in order; durable() is undefined once all are on disk', async () => {
    const path = join(tempDir(), 'journal.jsonl');
    const fd = openSync(path, 'a');
    let batches = 0;
    const journal = new Journal(fd, path, () => {}, 0, Date.now, { failed() {}, written: () => batches++ });
    expect(journal.durable()).toBeUndefined();
    for (let i = 0; i < 100; i++) journal.append(JSON.stringify({ i }));
    const first = journal.durable();
    expect(first).toBeInstanceOf(Promise);
    await first;
    // Appended while nothing is in flight, after the first batch: a second batch.
    journal.append(JSON.stringify({ i: 100 }));
    await journal.durable();
    expect(journal.durable()).toBeUndefined();
    expect(batches).toBe(2);
    await journal.close();
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line).i)).toEqual(Array.from({ length: 101 }, (_, i) => i));
  });

  it('after a failed write: waiters get a 503 DurabilityError, the owner rolls back first, writes are refused for a while, then the file is tried again', async () => {
    const path = join(tempDir(), 'journal.jsonl');
    writeFileSync(path, '');
    const fd = openSync(path, 'r'); // not writable: the write fails with EBADF
    const logs: string[] = [];
    let clock = 1000;
    const order: string[] = [];
    const journal = new Journal(
      fd,
      path,
      (line) => logs.push(line),
      0,
      () => clock,
      { failed: () => order.push('rollback'), written: () => order.push('written') },
    );
    journal.append('{"a":1}');
    const waiting = journal.durable()!.catch((error: unknown) => {
      order.push('waiter');
      return error;
    });
    const error = await waiting;
    expect(error).toBeInstanceOf(DurabilityError);
    expect((error as DurabilityError).status).toBe(503);
    expect((error as DurabilityError).code).toBe('EBADF');
    expect(order).toEqual(['rollback', 'waiter']);
    expect(logs.some((line) => line.includes(`error: data file ${path}: the server's data file cannot be written`))).toBe(true);
    expect(journal.failure()).toBeInstanceOf(DurabilityError);
    expect(() => journal.append('{"a":2}')).toThrow(DurabilityError);
    expect(journal.durable()).toBeUndefined();
    // After the backoff the file is tried again: first cut back to its synced size, which a
    // read-only descriptor refuses too, so writes stay refused, for longer.
    clock += 60_000;
    expect(journal.failure()?.message).toMatch(/ftruncate/);
    expect(journal.failure()).toBeInstanceOf(DurabilityError);
    await journal.close();
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(() => closeSync(fd)).toThrow(); // close() closed it
  });

  it('a write that fails with ENOSPC or EFBIG is a 507, any other code a 503', () => {
    expect(new DurabilityError('ENOSPC', 'x').status).toBe(507);
    expect(new DurabilityError('EFBIG', 'x').status).toBe(507);
    expect(new DurabilityError('EIO', 'x').status).toBe(503);
  });
});

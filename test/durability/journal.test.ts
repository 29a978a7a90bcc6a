// The journal on its own: group commit, durable() semantics, and the fail-stop after a write
// error (nothing more is appended after a write that may have left a partial line).
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal } from '../../src/server/persistence/journal.js';
import { tempDir } from './helpers.js';

describe('journal', () => {
  it('writes lines appended together as one batch, in order; durable() is undefined once all are on disk', async () => {
    const path = join(tempDir(), 'journal.jsonl');
    const fd = openSync(path, 'a');
    const journal = new Journal(fd, path, () => {});
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

  it('after a failed write: waiters are rejected, the failure is logged, and no further line is accepted', async () => {
    const path = join(tempDir(), 'journal.jsonl');
    writeFileSync(path, '');
    const fd = openSync(path, 'r'); // not writable: the write fails with EBADF
    const logs: string[] = [];
    const journal = new Journal(fd, path, (line) => logs.push(line));
    journal.append('{"a":1}');
    await expect(journal.durable()).rejects.toThrow();
    expect(logs.some((line) => line.includes(`data file ${path}: write failed`))).toBe(true);
    expect(() => journal.checkWritable()).toThrow(/can no longer be written/);
    expect(() => journal.append('{"a":2}')).toThrow(/can no longer be written/);
    await expect(journal.durable()).rejects.toThrow();
    await journal.close();
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(() => closeSync(fd)).toThrow(); // close() closed it
  });
});

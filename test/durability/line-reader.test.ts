// The chunked reader replay uses instead of reading the file as one string: lines split across
// chunk boundaries (and characters split inside a line) come out whole, a torn last line is
// left to the caller, and a byte limit stops reading where the synced part of a file ends.
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forEachLine } from '../../src/server/persistence/line-reader.js';
import { tempDir } from './helpers.js';

function read(content: string | Buffer, options: { chunkSize?: number; limit?: number }) {
  const path = join(tempDir(), 'lines.jsonl');
  writeFileSync(path, content);
  const fd = openSync(path, 'r');
  try {
    const lines: string[] = [];
    const result = forEachLine(
      fd,
      (line, index) => {
        expect(index).toBe(lines.length);
        lines.push(line);
      },
      options,
    );
    return { lines, ...result };
  } finally {
    closeSync(fd);
  }
}

describe('forEachLine', () => {
  const lines = ['{"a":1}', '', '{"name":"é → 中文 🙂 done"}', 'x'.repeat(50), '{"b":2}'];
  const content = `${lines.join('\n')}\n`;
  const bytes = Buffer.byteLength(content);

  it('gives every line whole for every chunk size, including 1 byte (lines and characters cut at each boundary)', () => {
    for (const chunkSize of [1, 2, 3, 5, 7, 16, 64, 4096]) {
      const result = read(content, { chunkSize });
      expect(result.lines, `chunk ${chunkSize}`).toEqual(lines);
      expect(result).toMatchObject({ end: bytes, size: bytes });
    }
  });

  it('leaves a torn last line out and says where the complete lines end', () => {
    const torn = '{"type":"change","acc';
    for (const chunkSize of [1, 4, 9, 4096]) {
      const result = read(content + torn, { chunkSize });
      expect(result.lines).toEqual(lines);
      expect(result.end).toBe(bytes);
      expect(result.size - result.end).toBe(torn.length);
    }
  });

  it('reads nothing past the limit', () => {
    const limit = Buffer.byteLength(`${lines[0]}\n${lines[1]}\n`) + 3;
    const result = read(content, { chunkSize: 2, limit });
    expect(result.lines).toEqual(lines.slice(0, 2));
    expect(result).toMatchObject({ end: limit - 3, size: limit });
  });

  it('an empty file has no lines', () => {
    expect(read('', {})).toEqual({ lines: [], end: 0, size: 0 });
  });

  it('a line longer than many chunks comes out once, whole', () => {
    const long = 'y'.repeat(10_000);
    expect(read(`${long}\nz\n`, { chunkSize: 64 }).lines).toEqual([long, 'z']);
  });
});

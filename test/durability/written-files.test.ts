// Data files this server wrote before keep opening as they were: a file of change records of
// every kind (fixtures/data-v2.jsonl: a few fixtures, then one change of each kind over the
// API) and the same file compacted by that server (data-v2-compacted.jsonl: a snapshot entry of
// every kind) serve what that server answered (data-v2-answers.json), and compacting either now
// writes the very snapshot that server wrote. A change to how a kind of record is applied,
// written or restored that alters what a file means fails here.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, startInProcess, tempDir } from './helpers.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const ANSWERS: Record<string, { status: number; json: unknown }> = JSON.parse(readFileSync(join(FIXTURES, 'data-v2-answers.json'), 'utf8'));
/** Compacts at the start, whatever the file's size. */
const COMPACT_NOW = { minBytes: 1, ratio: 1.0001 };

function copyOf(name: string): string {
  const dataPath = join(tempDir(), 'data.jsonl');
  copyFileSync(join(FIXTURES, name), dataPath);
  return dataPath;
}

async function expectAnswers(url: string): Promise<void> {
  for (const [path, answer] of Object.entries(ANSWERS)) expect(await call(url, 'GET', path), path).toEqual(answer);
}

describe('a data file written by this server', () => {
  it('of change records serves what the server that wrote it answered, and is left as it was', async () => {
    const dataPath = copyOf('data-v2.jsonl');
    const server = await startInProcess({ dataPath });
    expect(server.logs).toContain(`data file ${dataPath}: replayed 37 records`);
    await expectAnswers(server.url);
    await server.close();
    expect(readFileSync(dataPath, 'utf8')).toBe(readFileSync(join(FIXTURES, 'data-v2.jsonl'), 'utf8'));
  });

  it('of snapshot records serves the same', async () => {
    const dataPath = copyOf('data-v2-compacted.jsonl');
    const server = await startInProcess({ dataPath });
    await expectAnswers(server.url);
  });

  it('compacted now, is the snapshot the server that wrote it made, entry for entry', async () => {
    const written = readFileSync(join(FIXTURES, 'data-v2-compacted.jsonl'), 'utf8');
    const dataPath = copyOf('data-v2.jsonl');
    const server = await startInProcess({ dataPath, compaction: COMPACT_NOW });
    await server.close();
    expect(server.logs.some((line) => line.includes('compacted from'))).toBe(true);
    expect(readFileSync(dataPath, 'utf8')).toBe(written);
  });

  it('of snapshot records, written again, is the same snapshot', async () => {
    // A compacted file is not compacted again while its journal is no longer than its
    // snapshot; a version 1 header makes the start rewrite it whole, as the current version.
    const written = readFileSync(join(FIXTURES, 'data-v2-compacted.jsonl'), 'utf8');
    const dataPath = copyOf('data-v2-compacted.jsonl');
    writeFileSync(dataPath, written.replace('"version":2', '"version":1'));
    const server = await startInProcess({ dataPath });
    await server.close();
    expect(server.logs.some((line) => line.includes('rewritten from format version 1'))).toBe(true);
    expect(readFileSync(dataPath, 'utf8')).toBe(written);
  });
});

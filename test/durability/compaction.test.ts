// A long-lived data file stays small: many overwrites of the same few incident updates keep it
// within a small multiple of the live state (compaction), and a restart on it serves exactly
// what was last acknowledged. The server starts with a fixture of one service instead of the
// demo data, so that the live state is a few KB and each compaction comes after a few dozen
// writes; the compaction threshold stays the ratio's (four times the state), not minBytes'.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededId } from '../../src/server/fixtures/ids.js';
import { ACCOUNT, call, incidentBody, startInProcess, tempDir } from './helpers.js';

const WORKERS = 4;
const PUTS_PER_WORKER = 50;
const MIN_BYTES = 4 * 1024;

/** A data file in a fresh directory and a fixture file of one service beside it. */
function files(): { dataPath: string; fixturesPath: string } {
  const dir = tempDir();
  const fixturesPath = join(dir, 'fixtures.json');
  writeFileSync(fixturesPath, JSON.stringify({ services: [{ id: 'svc-web', name: 'Web App' }] }));
  return { dataPath: join(dir, 'data.jsonl'), fixturesPath };
}

/** A create body naming the fixture's service. */
function createBody(name: string) {
  return { ...incidentBody(name), services: [{ id: seededId(ACCOUNT.id, 'service', 'svc-web'), name: 'Web App', accountId: ACCOUNT.id }] };
}

function compactions(logs: string[]): { from: number; to: number }[] {
  return logs.flatMap((line) => {
    const match = /compacted from (\d+) to (\d+) bytes/.exec(line);
    return match ? [{ from: Number(match[1]), to: Number(match[2]) }] : [];
  });
}

describe('compaction', () => {
  it(`${WORKERS * PUTS_PER_WORKER} overwrites of ${WORKERS} updates keep the file within a small multiple of the state; a restart serves the last acknowledged values`, {
    timeout: 120_000,
  }, async () => {
    const { dataPath, fixturesPath } = files();
    const server = await startInProcess({ dataPath, fixturesPath, compaction: { minBytes: MIN_BYTES } });
    const header = readFileSync(dataPath, 'utf8').split('\n')[0];
    const targets: { incidentId: string; updateId: string }[] = [];
    for (let i = 0; i < WORKERS; i++) {
      const created = await call(server.url, 'POST', '/v1/status-pages/incidents', createBody(`Overwritten ${i}`));
      expect(created.status).toBe(201);
      targets.push({ incidentId: created.json.id, updateId: created.json.incidentUpdates[0].id });
    }

    let largest = 0;
    let written = 0;
    const last = new Map<string, string>();
    await Promise.all(
      targets.map(async ({ incidentId, updateId }, worker) => {
        for (let n = 0; n < PUTS_PER_WORKER; n++) {
          // Long enough that what is written outweighs the live state (mostly these four incidents) many times.
          const description = `worker ${worker} write ${n} `.padEnd(600, '.');
          const result = await call(server.url, 'PUT', `/v1/status-pages/incidents/${incidentId}/incident-updates/${updateId}`, {
            description,
          });
          expect(result.status).toBe(200);
          last.set(updateId, description);
          written += description.length;
          largest = Math.max(largest, statSync(dataPath).size);
        }
      }),
    );

    const done = compactions(server.logs);
    expect(done.length).toBeGreaterThanOrEqual(2);
    // The live state: what a compaction leaves (the snapshot and the few lines since).
    const live = Math.max(...done.map(({ to }) => to));
    // The threshold is four times the state, above minBytes: the ratio is what is held to.
    expect(4 * live).toBeGreaterThan(MIN_BYTES);
    expect(largest).toBeLessThanOrEqual(Math.max(MIN_BYTES, 4 * live) * 1.5);
    // The history is gone: the descriptions alone, written once each, outgrew the largest the file ever was.
    expect(written).toBeGreaterThan(1.5 * largest);
    // A compaction may still be under way after the last answer; closing waits for it.
    await server.close();
    expect(existsSync(`${dataPath}.compact`)).toBe(false);

    const again = await startInProcess({ dataPath, fixturesPath });
    const replayed = Number(/replayed (\d+) records/.exec(again.logs.join('\n'))?.[1]);
    // The snapshot and the calls since the last compaction, not the overwrites.
    expect(replayed).toBeLessThan((WORKERS * PUTS_PER_WORKER) / 3);
    for (const { incidentId, updateId } of targets) {
      const incident = (await call(again.url, 'GET', `/v1/status-pages/incidents/${incidentId}`)).json;
      expect(incident.incidentUpdates.find((update: { id: string }) => update.id === updateId).description).toBe(last.get(updateId));
    }
    // The compacted file starts with the header and snapshot records, as replay reads them.
    const lines = readFileSync(dataPath, 'utf8').split('\n');
    // The header is the file's first, creation time included.
    expect(lines[0]).toBe(header);
    expect(lines.some((line) => line.startsWith('{"type":"snapshot"'))).toBe(true);
  });

  it('that fails (FILE.compact cannot be made) is abandoned: the file is unchanged and writes go on', { timeout: 60_000 }, async () => {
    const { dataPath, fixturesPath } = files();
    const server = await startInProcess({ dataPath, fixturesPath, compaction: { minBytes: MIN_BYTES } });
    const created = await call(server.url, 'POST', '/v1/status-pages/incidents', createBody('Kept'));
    // A directory in the way: the temporary file can be neither removed nor created.
    mkdirSync(`${dataPath}.compact`);
    writeFileSync(join(`${dataPath}.compact`, 'in-the-way'), '');
    const updatePath = `/v1/status-pages/incidents/${created.json.id}/incident-updates/${created.json.incidentUpdates[0].id}`;
    let last = '';
    for (let n = 0; n < 2000 && !server.logs.some((line) => line.includes('compaction abandoned')); n++) {
      last = `edit ${n} `.padEnd(400, '.');
      expect((await call(server.url, 'PUT', updatePath, { description: last })).status).toBe(200);
    }
    expect(server.logs.some((line) => line.includes(`data file ${dataPath}: compaction abandoned`))).toBe(true);
    expect(compactions(server.logs)).toEqual([]);
    // Writes go on, into the old file.
    last = 'after the abandoned compaction';
    expect((await call(server.url, 'PUT', updatePath, { description: last })).status).toBe(200);
    await server.close();

    // Anything but a file there stops the next start, saying what to remove.
    await expect(startInProcess({ dataPath, fixturesPath })).rejects.toThrow(`cannot remove ${dataPath}.compact`);
    rmSync(`${dataPath}.compact`, { recursive: true });
    const again = await startInProcess({ dataPath, fixturesPath });
    const incident = (await call(again.url, 'GET', `/v1/status-pages/incidents/${created.json.id}`)).json;
    expect(incident.incidentUpdates[0].description).toBe(last);
  });
});

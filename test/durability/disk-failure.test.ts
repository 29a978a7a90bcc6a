// A failing disk costs writes, not reads: the server runs under a file-size limit (prlimit
// --fsize, so the journal's write fails with EFBIG as on a full disk), and the write that does
// not fit is answered 507 with the JSON error body, is not applied in memory, and reads go on
// as before. Once the limit is lifted (prlimit --pid on the running server), writes resume.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, call, incidentBody, killHard, startChild, startInProcess, tempDir } from './helpers.js';

const hasPrlimit = spawnSync('prlimit', ['--version']).status === 0;

/** A data file holding the demo data and one incident; the incident and its first update. */
async function seeded(dataPath: string): Promise<{ incidentId: string; updateId: string }> {
  const server = await startInProcess({ dataPath });
  const created = await call(server.url, 'POST', '/v1/status-pages/incidents', incidentBody('On a small disk'));
  await server.close();
  return { incidentId: created.json.id, updateId: created.json.incidentUpdates[0].id };
}

describe.skipIf(!hasPrlimit)('journal writes failing (EFBIG under prlimit --fsize; skipped where prlimit is absent)', () => {
  it('are answered 507 and rolled back, reads keep working, and writes resume once the file can grow', { timeout: 60_000 }, async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const { incidentId, updateId } = await seeded(dataPath);
    const room = 8 * 1024;
    const limit = statSync(dataPath).size + room;
    const args = ['--data', dataPath, '--account', `${ACCOUNT.id}:${ACCOUNT.key}`];
    const server = startChild(args, undefined, { wrapper: ['prlimit', `--fsize=${limit}:unlimited`] });
    const url = await server.url;
    const updatePath = `/v1/status-pages/incidents/${incidentId}/incident-updates/${updateId}`;
    const incident = async () => (await call(url, 'GET', `/v1/status-pages/incidents/${incidentId}`)).json;
    const description = async () => (await incident()).incidentUpdates[0].description as string;

    // Edits of ~500 bytes until one does not fit: every earlier one was acknowledged. Each is
    // sent with a read of the same update, answered 200 with an acknowledged edit in whatever
    // order the two run (durable-handlers.test.ts pins the order where the read waits for the
    // failing write).
    let acknowledged = (await description()) as string;
    let refused: { status: number; json: any } | undefined;
    for (let n = 0; n < (2 * room) / 400 && !refused; n++) {
      const text = `edit ${n} `.padEnd(480, '.');
      const [result, read] = await Promise.all([
        call(url, 'PUT', updatePath, { description: text }),
        call(url, 'GET', `/v1/status-pages/incidents/${incidentId}`),
      ]);
      expect(read.status).toBe(200);
      const seen = read.json.incidentUpdates[0].description;
      if (result.status === 200) {
        expect([acknowledged, text]).toContain(seen);
        acknowledged = text;
      } else {
        refused = result;
        expect(seen).toBe(acknowledged);
      }
    }
    expect(refused?.status).toBe(507);
    expect(refused?.json).toMatchObject({ statusCode: 507, error: 'Insufficient Storage' });
    expect(refused?.json.message).toMatch(/EFBIG/);
    expect(refused?.json.message).toMatch(/not applied/);
    expect(refused?.json.message).not.toContain(dataPath);
    expect(server.stderr()).toMatch(/error: data file .* cannot be written/);

    // Reads are answered, with the last acknowledged edit: the refused one is not in memory.
    expect(acknowledged).toMatch(/^edit /);
    expect(await description()).toBe(acknowledged);
    expect((await call(url, 'GET', '/v1/status-pages/incidents?limit=5')).status).toBe(200);
    // Another edit that does not fit is refused too (at once while writes are refused, or by
    // the file when it is tried again after the backoff), and not applied either.
    const again = await call(url, 'PUT', updatePath, { description: 'refused again '.padEnd(480, '.') });
    expect(again.status).toBe(507);
    expect(await description()).toBe(acknowledged);

    // The disk has room again: the next write after the backoff (at most 5 s) goes through.
    expect(spawnSync('prlimit', ['--pid', String(server.child.pid), '--fsize=unlimited:unlimited']).status).toBe(0);
    let resumed = 0;
    for (let attempt = 0; attempt < 200 && resumed !== 200; attempt++) {
      resumed = (await call(url, 'PUT', updatePath, { description: 'after the disk recovered' })).status;
      if (resumed !== 200) {
        expect(resumed).toBe(507);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(resumed).toBe(200);
    expect(await description()).toBe('after the disk recovered');
    expect(server.stderr()).toContain('writes accepted again');

    // And the file holds exactly that: a restart after a crash serves it.
    await killHard(server);
    const restarted = startChild(args);
    const restartedUrl = await restarted.url;
    const after = (await call(restartedUrl, 'GET', `/v1/status-pages/incidents/${incidentId}`)).json;
    expect(after.incidentUpdates[0].description).toBe('after the disk recovered');
    expect(restarted.stderr()).not.toMatch(/torn/);
  });
});

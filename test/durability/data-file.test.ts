// The data file's edge cases: a torn last record (crash mid-write) is dropped with a log line;
// corruption anywhere else refuses the start, naming the line; one server per file (lock),
// a lock left by a dead process is taken over.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFileError, DataFileLockedError } from '../../src/server/index.js';
import { ACCOUNT, call, incidentBody, startChild, startInProcess, tempDir } from './helpers.js';

const accountArgs = ['--account', `${ACCOUNT.id}:${ACCOUNT.key}`];

/** A data file with the demo data and one incident; returns the file and the incident. */
async function seededFile(): Promise<{ dataPath: string; incident: any }> {
  const dataPath = join(tempDir(), 'data.jsonl');
  const server = await startInProcess({ dataPath });
  const incident = (await call(server.url, 'POST', '/v1/status-pages/incidents', incidentBody('Seeded'))).json;
  await server.close();
  return { dataPath, incident };
}

/** A pid that belonged to a process that has ended. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', '0']);
  return result.pid!;
}

describe('torn last record', () => {
  it('is dropped with a log line; the server serves everything before it and keeps writing', async () => {
    const { dataPath, incident } = await seededFile();
    const torn =
      '{"type":"change","account":"d0000000-0000-4000-8000-0000000000d1","change":{"kind":"incidentCreated","incident":{"id":"torn-inci';
    appendFileSync(dataPath, torn);
    const goodLength = readFileSync(dataPath).length - Buffer.byteLength(torn);

    const server = await startInProcess({ dataPath });
    expect(server.logs).toContain(`data file ${dataPath}: dropped a torn last record (${Buffer.byteLength(torn)} bytes) left by a crash`);
    expect(readFileSync(dataPath).length).toBe(goodLength);
    expect((await call(server.url, 'GET', `/v1/status-pages/incidents/${incident.id}`)).json).toEqual(incident);
    const after = await call(server.url, 'POST', '/v1/status-pages/incidents', incidentBody('After repair'));
    expect(after.status).toBe(201);
    await server.close();

    const again = await startInProcess({ dataPath });
    expect(again.logs.some((line) => line.includes('torn'))).toBe(false);
    expect((await call(again.url, 'GET', `/v1/status-pages/incidents/${after.json.id}`)).json).toEqual(after.json);
  });

  it('a file holding only a torn first line starts as a new file', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    writeFileSync(dataPath, '{"statusctl":"da');
    const server = await startInProcess({ dataPath });
    expect(server.logs.some((line) => line.includes('dropped a torn last record (16 bytes)'))).toBe(true);
    expect((await call(server.url, 'GET', '/v1/status-pages/incidents')).json.entries.length).toBeGreaterThan(0);
  });

  it('the CLI prints the line on stderr and serves', async () => {
    const { dataPath, incident } = await seededFile();
    appendFileSync(dataPath, '{"type":"ca');
    const server = startChild(['--data', dataPath, ...accountArgs]);
    const url = await server.url;
    // stdout and stderr arrive in either order.
    await server.stderrContains(`data file ${dataPath}: dropped a torn last record (11 bytes) left by a crash`);
    expect((await call(url, 'GET', `/v1/status-pages/incidents/${incident.id}`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});

describe('corruption before the last record', () => {
  it('refuses to start, names the line, and leaves the file as it was', async () => {
    const { dataPath } = await seededFile();
    const lines = readFileSync(dataPath, 'utf8').split('\n');
    lines[6] = '{"type":"change","account":"d0000000-0000-4000-8000-0000000000d1","change":{"kind":"serviceAd\u0000garbage';
    const damaged = lines.join('\n');
    writeFileSync(dataPath, damaged);
    await expect(startInProcess({ dataPath })).rejects.toThrow(DataFileError);
    await expect(startInProcess({ dataPath })).rejects.toThrow(`data file ${dataPath}: line 7: corrupt record`);
    expect(readFileSync(dataPath, 'utf8')).toBe(damaged);
    // The refused start released its lock.
    expect(existsSync(`${dataPath}.lock`)).toBe(false);
  });

  it('a record that cannot be replayed is refused too, with its line', async () => {
    const { dataPath } = await seededFile();
    appendFileSync(
      dataPath,
      `${JSON.stringify({ type: 'change', account: ACCOUNT.id, change: { kind: 'errorGroupArchived', errorGroupId: 'no-such-group', mode: 'FOREVER' } })}\n`,
    );
    const lineCount = readFileSync(dataPath, 'utf8').split('\n').length - 1;
    await expect(startInProcess({ dataPath })).rejects.toThrow(
      `line ${lineCount}: errorGroupArchived cannot be replayed (unknown error group no-such-group)`,
    );
  });

  it('a file that is not a data file is refused', async () => {
    const dataPath = join(tempDir(), 'notes.txt');
    writeFileSync(dataPath, '# my notes\nbuy milk\n');
    await expect(startInProcess({ dataPath })).rejects.toThrow(`data file ${dataPath}: line 1: corrupt record`);
    writeFileSync(dataPath, '{"name":"package"}\n');
    await expect(startInProcess({ dataPath })).rejects.toThrow(`data file ${dataPath}: line 1: not a statusctl data file`);
  });

  it('a data file in a missing directory is refused with a plain message', async () => {
    const dataPath = join(tempDir(), 'missing', 'data.jsonl');
    await expect(startInProcess({ dataPath })).rejects.toThrow(
      `data file ${dataPath}: cannot create its lock file ${dataPath}.lock (ENOENT)`,
    );
  });

  it('the CLI exits 1 with the message', async () => {
    const { dataPath } = await seededFile();
    const lines = readFileSync(dataPath, 'utf8').split('\n');
    lines[2] = 'not json';
    writeFileSync(dataPath, lines.join('\n'));
    const server = startChild(['--data', dataPath, ...accountArgs]);
    expect((await server.exited).code).toBe(1);
    expect(server.stderr()).toContain(`data file ${dataPath}: line 3: corrupt record`);
  });
});

describe('one server per data file', () => {
  it('a second server on the same file is refused while the first runs (exit 1), and can start after', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = startChild(['--data', dataPath, ...accountArgs]);
    await first.url;
    const second = startChild(['--data', dataPath, ...accountArgs]);
    expect((await second.exited).code).toBe(1);
    expect(second.stderr()).toContain(`data file ${dataPath} is in use by another server (process ${first.child.pid})`);
    // The refused server did not touch the first one's lock.
    expect(readFileSync(`${dataPath}.lock`, 'utf8').trim()).toBe(String(first.child.pid));

    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    const third = startChild(['--data', dataPath, ...accountArgs]);
    await third.url;
    third.child.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
  });

  it('in one process too: startServer refuses a file another server of the process holds', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    await startInProcess({ dataPath });
    await expect(startInProcess({ dataPath })).rejects.toThrow(DataFileLockedError);
  });

  it('a lock left by a process that no longer runs is taken over', async () => {
    const { dataPath, incident } = await seededFile();
    const pid = deadPid();
    writeFileSync(`${dataPath}.lock`, `${pid}\n`);
    const server = await startInProcess({ dataPath });
    expect(server.logs).toContain(`data file ${dataPath}: took over the lock of process ${pid}, which is no longer running`);
    expect(readFileSync(`${dataPath}.lock`, 'utf8').trim()).toBe(String(process.pid));
    expect((await call(server.url, 'GET', `/v1/status-pages/incidents/${incident.id}`)).json).toEqual(incident);
    await server.close();
    expect(existsSync(`${dataPath}.lock`)).toBe(false);
  });
});

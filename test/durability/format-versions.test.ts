// Data files of every format version this server reads still open: a file written by a
// version 1 server (store method calls, fixtures/data-v1.jsonl, made by that server with a
// few fixtures and one change of every kind) serves exactly what that server answered
// (fixtures/data-v1-answers.json), and is rewritten as the current version when opened. A
// file of a version this server does not know is refused, untouched, with what to do.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGE_VERSION } from '../../src/server/changes.js';
import { DataFileError } from '../../src/server/index.js';
import { call, startChild, startInProcess, tempDir, ACCOUNT } from './helpers.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const ANSWERS: Record<string, { status: number; json: unknown }> = JSON.parse(readFileSync(join(FIXTURES, 'data-v1-answers.json'), 'utf8'));
/** Made in the version 1 file: an error group archived for ever, with an analysis. */
const ERROR_GROUP = '63a5aa0f-0533-4cf4-94cf-095fdbdcf139';
const ANALYSIS = '6a4b0d76-054e-4fa0-acf2-896f5623bf47';

function v1File(): string {
  const dataPath = join(tempDir(), 'data.jsonl');
  copyFileSync(join(FIXTURES, 'data-v1.jsonl'), dataPath);
  return dataPath;
}

function records(dataPath: string): any[] {
  return readFileSync(dataPath, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
}

async function expectV1Answers(url: string): Promise<void> {
  for (const [path, answer] of Object.entries(ANSWERS)) expect(await call(url, 'GET', path), path).toEqual(answer);
}

describe('a version 1 data file', () => {
  it('serves what the version 1 server served, and is rewritten as the current version', async () => {
    const dataPath = v1File();
    const server = await startInProcess({ dataPath });
    expect(server.logs).toContain(`data file ${dataPath}: rewritten from format version 1 to ${CHANGE_VERSION} (15 records)`);
    await expectV1Answers(server.url);
    const [header, ...rest] = records(dataPath);
    expect(header).toMatchObject({ statusctl: 'data', version: CHANGE_VERSION });
    expect(rest.map((record) => record.type)).not.toContain('call');

    // The archive state and the analysis came through: the next event joins the group.
    const event = await call(server.url, 'POST', '/_reference/error-events', {
      checkId: 'check-login',
      rawErrorMessage: 'TimeoutError: waited 31000 ms',
    });
    expect(event.json).toMatchObject({ id: ERROR_GROUP, archivedUntilNextEvent: true, rootCauseAnalyses: [{ id: ANALYSIS }] });
    await server.close();
    const written = records(dataPath).at(-1);
    expect(written).toMatchObject({ type: 'change', account: ACCOUNT.id, change: { kind: 'errorEventRecorded' } });

    const again = await startInProcess({ dataPath });
    expect(again.logs.some((line) => line.includes('rewritten'))).toBe(false);
    await expectV1Answers(again.url);
  });

  it('a compacted one (snapshot records, then calls) opens too', async () => {
    // A compacted version 1 file: the snapshot records are the same in both versions.
    const dataPath = v1File();
    await (await startInProcess({ dataPath })).close();
    const [header, ...rest] = records(dataPath);
    const call1 = { type: 'call', account: ACCOUNT.id, method: 'addHeartbeatCheck', args: ['00000000-0000-4000-8000-0000000000f1'] };
    writeFileSync(dataPath, `${[{ ...header, version: 1 }, ...rest, call1].map((record) => JSON.stringify(record)).join('\n')}\n`);

    const server = await startInProcess({ dataPath });
    expect(server.logs.some((line) => line.includes('rewritten from format version 1'))).toBe(true);
    await expectV1Answers(server.url);
    expect((await call(server.url, 'GET', '/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000f1/availability')).status).toBe(200);
  });
});

describe('pings recorded before they had ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('get an id of their own from a version 1 file, the same after its rewrite', async () => {
    const dataPath = v1File();
    const first = await startInProcess({ dataPath });
    const events = await call(
      first.url,
      'GET',
      '/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000f2/events?startTime=2025-03-01&endTime=2025-03-03',
    );
    expect(events.status).toBe(200);
    const [event] = (events.json as any)[0].events;
    expect(event).toMatchObject({ id: expect.stringMatching(UUID), state: 'LATE', timestamp: '2025-03-02T00:00:00.000Z' });
    await first.close();
    const again = await startInProcess({ dataPath });
    expect(await call(again.url, 'GET', `/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000f2/events/${event.id}`)).toMatchObject({
      status: 200,
      json: { event },
    });
  });

  it('get an id of their own from a compacted version 2 file, the same on every start', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const lines = [
      { statusctl: 'data', version: 2, created: '2025-03-10T00:00:00.000Z' },
      { type: 'account', account: ACCOUNT.id, at: '2025-03-10T00:00:00.000Z', seed: 'demo data' },
      {
        type: 'snapshot',
        account: ACCOUNT.id,
        entry: {
          kind: 'heartbeat',
          checkId: '00000000-0000-4000-8000-0000000000f3',
          events: [
            { checkId: '00000000-0000-4000-8000-0000000000f3', state: 'RECEIVED', timestamp: '2025-03-01T00:00:00.000Z' },
            { checkId: '00000000-0000-4000-8000-0000000000f3', state: 'FAILING', timestamp: '2025-03-01T01:00:00.000Z' },
          ],
        },
      },
    ];
    writeFileSync(dataPath, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const path = '/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000f3/events?startTime=2025-03-01&endTime=2025-03-01';
    const first = await startInProcess({ dataPath });
    const events = await call(first.url, 'GET', path);
    expect((events.json as any)[0].events.map((event: any) => [event.state, UUID.test(event.id)])).toEqual([
      ['FAILING', true],
      ['RECEIVED', true],
    ]);
    await first.close();
    const again = await startInProcess({ dataPath });
    expect(await call(again.url, 'GET', path)).toEqual(events);
  });
});

describe('a data file of an unknown version', () => {
  it('is refused, untouched, saying which versions this server reads', async () => {
    const dataPath = v1File();
    const newer = readFileSync(dataPath, 'utf8').replace('"version":1', '"version":99');
    writeFileSync(dataPath, newer);
    await expect(startInProcess({ dataPath })).rejects.toThrow(DataFileError);
    await expect(startInProcess({ dataPath })).rejects.toThrow(
      `data file ${dataPath}: line 1: format version 99 is not supported (this server reads versions 1 and ${CHANGE_VERSION}); ` +
        'it was written by a newer statusctl',
    );
    expect(readFileSync(dataPath, 'utf8')).toBe(newer);

    const cli = startChild(['--data', dataPath, '--account', `${ACCOUNT.id}:${ACCOUNT.key}`]);
    expect((await cli.exited).code).toBe(1);
    expect(cli.stderr()).toContain('format version 99 is not supported');
  });

  it('a version 1 record in a current file is refused as corrupt, naming its line', async () => {
    const dataPath = v1File();
    await (await startInProcess({ dataPath })).close();
    const lines = readFileSync(dataPath, 'utf8').trimEnd().split('\n');
    lines.push(JSON.stringify({ type: 'call', account: ACCOUNT.id, method: 'addHeartbeatCheck', args: ['x'] }));
    writeFileSync(dataPath, `${lines.join('\n')}\n`);
    await expect(startInProcess({ dataPath })).rejects.toThrow(
      `line ${lines.length}: corrupt record (unknown record type "call" in a version ${CHANGE_VERSION} file)`,
    );
  });
});

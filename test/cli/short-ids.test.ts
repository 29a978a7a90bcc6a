// Short ids in process against the reference server: a unique prefix (6 or more
// characters) of an incident or update id stands for it; a whole id costs no extra read; an
// ambiguous prefix is exit 2 listing the candidates; terminal tables show 8 characters (more
// where two ids share them) and piped output keeps whole ids. The fixture holds two incidents
// whose ids share their first 8 characters, found by trying fixture keys (ids are derived from
// the account id and the key, so the pair is the same on every run).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededId } from '../../src/server/fixtures/ids.js';
import { runCli, runPty, startTestServer, TEST_ACCOUNT, tempConfigDir, type TestServer, useTestServer } from './helpers.js';

/** Two incident fixture keys whose ids share their first 8 characters. */
function collidingKeys(): [string, string] {
  const seen = new Map<string, string>();
  for (let i = 0; ; i++) {
    const key = `incident-${i}`;
    const prefix = seededId(TEST_ACCOUNT.id, 'incident', key).slice(0, 8);
    const other = seen.get(prefix);
    if (other) return [other, key];
    seen.set(prefix, key);
  }
}

const [twinA, twinB] = collidingKeys();
const ids = {
  twinA: seededId(TEST_ACCOUNT.id, 'incident', twinA),
  twinB: seededId(TEST_ACCOUNT.id, 'incident', twinB),
  single: seededId(TEST_ACCOUNT.id, 'incident', 'single'),
};

function fixtures(): string {
  const update = (description: string, at: string) => ({ status: 'INVESTIGATING', publicIncidentUpdateDate: at, description });
  const file = join(tempConfigDir(), 'fixtures.json');
  writeFileSync(
    file,
    JSON.stringify({
      statusPages: [
        {
          name: 'Shop',
          url: 'shop',
          cards: [{ name: 'Shop', services: [{ id: 'svc-api', name: 'Orders API' }] }],
        },
      ],
      incidents: [
        {
          id: 'single',
          name: 'A rather long incident name that a narrow terminal has to make room for',
          severity: 'MAJOR',
          services: ['svc-api'],
          incidentUpdates: [update('First look', '-3h'), update('Second look', '-2h')],
        },
        { id: twinA, name: 'Twin A', severity: 'MINOR', services: ['svc-api'], incidentUpdates: [update('A', '-1h')] },
        { id: twinB, name: 'Twin B', severity: 'MINOR', services: ['svc-api'], incidentUpdates: [update('B', '-1h')] },
      ],
    }),
  );
  return file;
}

let server: TestServer;
const requests: string[] = [];
const demo = useTestServer();
beforeAll(async () => {
  server = await startTestServer({ fixturesPath: fixtures(), log: (line) => requests.push(line) });
  return () => server.close();
});
beforeEach(() => {
  requests.length = 0;
});

/**
 * The access log is written in batches: a request of our own, answered after the CLI's, marks
 * the point where every line of the CLI's requests is in.
 */
async function settled(): Promise<void> {
  const marker = `/v1/checks/heartbeats/marker-${requests.length}-${Date.now()}/availability`;
  await fetch(`${server.url}${marker}`, { headers: { authorization: `Bearer ${server.account.key}` } });
  await vi.waitFor(() => expect(requests.some((line) => line.includes(marker))).toBe(true));
}

const gets = (path: RegExp) => requests.filter((line) => line.startsWith('GET ') && path.test(line.split(' ')[1]!));
const LIST = /^\/v1\/status-pages\/incidents(\?|$)/;
const ONE = /^\/v1\/status-pages\/incidents\/[^/?]+$/;

describe('incident ids', () => {
  it('a whole id: no extra read (the one GET of the incident)', async () => {
    const result = await runCli(['incidents', 'get', ids.single, '--json'], { env: server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe(ids.single);
    await settled();
    expect(gets(LIST)).toEqual([]);
    expect(gets(ONE)).toHaveLength(1);
  });

  it('a unique prefix of 6 characters: one read of the list, which already holds the incident', async () => {
    const result = await runCli(['incidents', 'get', ids.single.slice(0, 6), '--json'], { env: server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe(ids.single);
    await settled();
    expect(gets(LIST)).toHaveLength(1);
    expect(gets(ONE)).toEqual([]);
  });

  it('an ambiguous prefix is exit 2 listing the candidates', async () => {
    const prefix = ids.twinA.slice(0, 8);
    const result = await runCli(['incidents', 'get', prefix], { env: server.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`incident id "${prefix}" is the start of 2 ids; give more of it:`);
    expect(result.stderr).toContain(`${ids.twinA}  Twin A (MINOR, INVESTIGATING)`);
    expect(result.stderr).toContain(`${ids.twinB}  Twin B (MINOR, INVESTIGATING)`);
  });

  it('fewer than 6 characters is exit 2; a prefix of no incident is exit 4', async () => {
    const short = await runCli(['incidents', 'get', ids.single.slice(0, 5)], { env: server.env, inProcess: true });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('is too short: give the whole id or at least its first 6 characters');
    const none = await runCli(['incidents', 'get', 'ffffff0'], { env: server.env, inProcess: true });
    expect(none.code).toBe(4);
    expect(none.stderr).toContain('no incident id starts with "ffffff0" (3 incidents of the account looked at)');
  });

  it('incidents resolve and incident-updates add take a prefix; the write goes to the whole id', async () => {
    const add = await runCli(['incident-updates', 'add', ids.twinA.slice(0, 10), '--message', 'Still looking', '--dry-run', '--json'], {
      env: server.env,
      inProcess: true,
    });
    // Twins share 8 characters; 10 tell them apart.
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout).path).toBe(`/v1/status-pages/incidents/${ids.twinA}/incident-updates`);
    const resolve = await runCli(['incidents', 'resolve', ids.twinB.slice(0, 10), '--json'], { env: server.env, inProcess: true });
    expect(resolve.code, resolve.stderr).toBe(0);
    expect(JSON.parse(resolve.stdout)).toEqual([
      expect.objectContaining({ id: ids.twinB, ok: true, update: expect.objectContaining({ status: 'RESOLVED' }) }),
    ]);
    await settled();
    expect(requests.some((line) => line.startsWith(`POST /v1/status-pages/incidents/${ids.twinB}/incident-updates 200`))).toBe(true);
  });
});

describe('update ids', () => {
  it('a unique prefix of an update id, within its incident (one read of the incident)', async () => {
    const incident = JSON.parse((await runCli(['incidents', 'get', ids.single, '--json'], { env: server.env, inProcess: true })).stdout);
    const update = incident.incidentUpdates.find((u: { description: string }) => u.description === 'Second look');
    await settled();
    requests.length = 0;
    const result = await runCli(['incident-updates', 'get', ids.single, update.id.slice(0, 6), '--json'], {
      env: server.env,
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).description).toBe('Second look');
    await settled();
    expect(gets(ONE)).toHaveLength(1);
  });

  it('whole ids: no extra read', async () => {
    const incident = JSON.parse((await runCli(['incidents', 'get', ids.single, '--json'], { env: server.env, inProcess: true })).stdout);
    await settled();
    requests.length = 0;
    const result = await runCli(['incident-updates', 'get', ids.single, incident.incidentUpdates[0].id, '--json'], {
      env: server.env,
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(0);
    await settled();
    expect(requests.filter((line) => line.startsWith('GET ') && !line.includes('marker-'))).toHaveLength(1);
  });

  it('an update prefix that fits no update is exit 4 naming the incident', async () => {
    const result = await runCli(['incident-updates', 'get', ids.single, 'ffffffff'], { env: server.env, inProcess: true });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(`incident ${ids.single} has no update whose id starts with "ffffffff" (2 updates)`);
  });
});

describe('analysis ids', () => {
  it('are taken whole: a short one is refused before any request, saying why', async () => {
    const result = await runCli(['rca', 'get', 'c463c2d9'], { env: demo.server.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the API has no list of analyses to find a short id in');
  });
});

describe('ids in tables', () => {
  it('a terminal shows 8 characters (more where two ids share them), and the name gets the room', async () => {
    const session = await runPty(['incidents', 'list'], { env: server.env, cols: 80 });
    expect(await session.exited()).toBe(0);
    const lines = session.screen().split(/\r?\n/);
    const row = (name: string) => lines.find((line) => line.includes(name))!;
    expect(row('A rather long').startsWith(`${ids.single.slice(0, 8)}  `)).toBe(true);
    // The twins need more than 8 characters to tell apart; each is still a prefix of its id.
    const twin = row('Twin A').split(/\s+/)[0]!;
    expect(twin.length).toBeGreaterThan(8);
    expect(ids.twinA.startsWith(twin)).toBe(true);
    expect(row('Twin B').split(/\s+/)[0]).not.toBe(twin);
    expect(lines.every((line) => line.length <= 80)).toBe(true);
    // What the table shows can be pasted back.
    const back = await runCli(['incidents', 'get', twin, '--json'], { env: server.env, inProcess: true });
    expect(JSON.parse(back.stdout).id).toBe(ids.twinA);
  });

  it('piped and JSON output keep whole ids', async () => {
    const piped = await runCli(['incidents', 'list'], { env: server.env, inProcess: true });
    expect(
      piped.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t')[0]),
    ).toEqual(expect.arrayContaining([ids.single, ids.twinA, ids.twinB]));
    const timeline = await runCli(['incidents', 'get', ids.single], { env: server.env, inProcess: true });
    expect(timeline.stdout).toMatch(/\t[0-9a-f-]{36}\n/);
  });
});

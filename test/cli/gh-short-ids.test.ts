// Short ids and prefixes beyond incidents, through the built binary: error groups by a unique
// prefix of their id (get, archive, unarchive), and a service by the start of its name.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { seededId } from '../../src/server/fixtures/ids.js';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { parseJson, runCli, startTestServer, TEST_ACCOUNT, tempConfigDir } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

/** Two fixture keys whose error groups' ids share their first 6 characters (searched for, the same every run). */
function twoKeysSharingAPrefix(): [string, string] {
  const byPrefix = new Map<string, string>();
  for (let i = 0; ; i++) {
    const key = `group-${i}`;
    const prefix = seededId(TEST_ACCOUNT.id, 'error-group', key).slice(0, 6);
    const other = byPrefix.get(prefix);
    if (other) return [other, key];
    byPrefix.set(prefix, key);
  }
}

/** A server whose error groups are `keys`' (in order); their ids. */
async function groupsServer(keys: string[]) {
  const fixtures = join(tempConfigDir(), 'groups.json');
  writeFileSync(
    fixtures,
    JSON.stringify({
      errorGroups: keys.map((key, i) => ({ id: key, checkId: `check-${i}`, rawErrorMessage: `Error: failure ${i}`, timestamps: ['-1h'] })),
    }),
  );
  const server = await startTestServer({ fixturesPath: fixtures });
  return { env: server.env, ids: keys.map((key) => seededId(TEST_ACCOUNT.id, 'error-group', key)) };
}

describe('error groups by a unique prefix', () => {
  it('get, archive and unarchive take a prefix of 6 characters or more; the rows show the whole id', async () => {
    const { env, ids } = await groupsServer(['first', 'second', 'third']);
    const [id] = ids as [string];
    const [whole, short] = await Promise.all([
      runCli(['error-groups', 'get', id], { env }),
      runCli(['error-groups', 'get', id.slice(0, 8)], { env }),
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    expect(short).toEqual(whole);
    const archived = await runCli(['error-groups', 'archive', id.slice(0, 6)], { env });
    expect(archived.code, archived.stderr).toBe(0);
    expect(archived.stdout).toBe(`${id}\tarchived\tuntil the next matching error\n`);
    const dry = await runCli(['error-groups', 'unarchive', id.slice(0, 7).toUpperCase(), ids[1]!.slice(0, 8), '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.split('\n').map((line) => line.split('\t').slice(0, 2))).toEqual([
      [id, 'would-unarchive'],
      [ids[1], 'would-unarchive'],
      [''],
    ]);
  });

  it('a prefix of two groups is exit 2 listing both; of none, exit 4; shorter than 6 or not an id, exit 2 as before', async () => {
    const [a, b] = twoKeysSharingAPrefix();
    const { env, ids } = await groupsServer([a, b, 'other']);
    const prefix = ids[0]!.slice(0, 6);
    const [both, none, short, notAnId] = await Promise.all([
      runCli(['error-groups', 'get', prefix], { env }),
      runCli(['error-groups', 'get', 'ffffff00'], { env }),
      runCli(['error-groups', 'archive', ids[2]!.slice(0, 5)], { env }),
      runCli(['error-groups', 'get', 'not-an-id'], { env }),
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(new RegExp(`^statusctl: error group id "?${prefix}"? is the start of 2 ids; give more of it:\\n`));
    for (const id of ids.slice(0, 2)) expect(both.stderr).toContain(`  ${id}  check, active, last seen `);
    expect(none.code).toBe(4);
    expect(none.stderr).toMatch(
      /^statusctl: no error group id starts with "?ffffff00"?.*\(3 error groups of the account looked at\)\nhint: /,
    );
    for (const result of [short, notAnId]) {
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^statusctl: ID: expected the id of the error group, a UUID/);
    }
  });
});

describe('services by the start of a name', () => {
  it("services get payments is the demo's Payments API; a start of several is exit 2 listing them", async () => {
    const demo = await startTestServer({ accounts: [{ id: DEMO_ACCOUNT_ID, key: 'sk_gh_short_ids_0123456789' }] });
    const { env } = demo;
    const [byName, byStart, byIdPrefix] = await Promise.all([
      runCli(['services', 'get', 'Payments API', '--json'], { env }),
      runCli(['services', 'get', 'payments', '--json'], { env }),
      runCli(['services', 'get', 'payments', '--jq', '.id'], { env }),
    ]);
    expect(byName.code, byName.stderr).toBe(0);
    expect(byStart).toEqual(byName);
    const id = byIdPrefix.stdout.trim();
    expect(parseJson<{ name: string }>(await runCli(['services', 'get', id.slice(0, 8), '--json'], { env })).name).toBe('Payments API');
    const services = parseJson<{ entries: { name: string }[] }>(await runCli(['services', 'list', '--json', '--all'], { env })).entries;
    // A first letter two services' names start with.
    const letter = [...new Set(services.map((service) => service.name[0]!.toLowerCase()))].find(
      (first) => services.filter((service) => service.name.toLowerCase().startsWith(first)).length > 1,
    )!;
    expect(letter).toBeDefined();
    const several = await runCli(['services', 'get', letter], { env });
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(
      new RegExp(`^statusctl: service "${letter}" is the start of \\d+ services; give more of it, or the id:\\n  `),
    );
  });
});

// error-groups archive / unarchive: the CLI in-process (run(), runCli with inProcess) against the reference server.
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { ErrorGroup } from '../../src/contract/schemas.js';
import { closedPortUrl, parseJson, removeTempDirs, startTestServer, type TestServer, runCli } from './helpers.js';

let server: TestServer;
let client: Client;
let counter = 0;

/** A fresh error group: each call records a message no other test uses. */
async function newGroup(): Promise<ErrorGroup> {
  counter++;
  return client.recordErrorEvent({
    body: { checkId: `check-eg-${counter}`, rawErrorMessage: `Error: expected element #pay-button-${'x'.repeat(counter)} to be visible` },
  });
}

async function recordAgain(group: ErrorGroup): Promise<ErrorGroup> {
  return client.recordErrorEvent({ body: { checkId: group.checkId, rawErrorMessage: group.rawErrorMessage ?? group.cleanedErrorMessage } });
}

beforeAll(async () => {
  server = await startTestServer();
  client = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
});

afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

describe('error-groups archive', () => {
  it('archives until the next matching error, and says so', async () => {
    const group = await newGroup();
    const result = await runCli(['error-groups', 'archive', group.id], { env: server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    // Piped: the one result row every count prints.
    expect(result.stdout).toBe(`${group.id}\tarchived\tuntil the next matching error\n`);
    // On a terminal one sentence, followed by the group.
    const shown = await runCli(['error-groups', 'archive', group.id], { env: server.env, terminalColumns: 100, inProcess: true });
    expect(shown.code, shown.stderr).toBe(0);
    const lines = stripVTControlCharacters(shown.stdout).split('\n');
    expect(lines[0]).toBe(`✓ Archived error group ${group.id.slice(0, 8)} (until the next matching error)`);
    expect(lines.slice(1).join('\n')).toMatch(/archived \(until the next matching error\)/);
    // The next matching error brings it back.
    expect((await recordAgain(group)).archivedUntilNextEvent).toBe(false);
  });

  it('--forever keeps it archived when the error comes back; JSON is the API shape', async () => {
    const group = await newGroup();
    const result = await runCli(['error-groups', 'archive', group.id, '--forever', '-o', 'json'], { env: server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    const [entry] = parseJson(result) as [{ id: string; ok: boolean; group: unknown }];
    expect(entry).toMatchObject({ id: group.id, ok: true, status: 200, error: null });
    const archived = ErrorGroup.parse(entry.group);
    expect(archived).toMatchObject({ id: group.id, archivedUntilNextEvent: true });
    expect((await recordAgain(group)).archivedUntilNextEvent).toBe(true);
  });

  it('says "archived for ever" for people', async () => {
    const group = await newGroup();
    const result = await runCli(['error-groups', 'archive', group.id, '--forever'], {
      env: server.env,
      terminalColumns: 100,
      inProcess: true,
    });
    expect(result.code).toBe(0);
    expect(stripVTControlCharacters(result.stdout)).toContain(`✓ Archived error group ${group.id.slice(0, 8)} (for ever)`);
    expect(stripVTControlCharacters(result.stdout)).toContain('archived for ever (stays archived');
  });

  it('exits 4 for an unknown group and 2 without an id', async () => {
    const unknown = await runCli(['error-groups', 'archive', '00000000-0000-4000-8000-000000000000'], { env: server.env, inProcess: true });
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toMatch(/^statusctl: .+\n$/);
    expect((await runCli(['error-groups', 'archive'], { env: server.env, inProcess: true })).code).toBe(2);
  });

  it('exits 3 with a key of no account', async () => {
    const result = await runCli(['error-groups', 'archive', '00000000-0000-4000-8000-000000000000'], {
      env: { ...server.env, STATUSCTL_API_KEY: 'sk_unknown_1234567890' },
      inProcess: true,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).not.toContain('sk_unknown_1234567890');
  });
});

describe('error-groups unarchive', () => {
  it('unarchives a group archived for ever', async () => {
    const group = await newGroup();
    await client.updateErrorGroup({ params: { id: group.id }, body: { archiveForEver: true } });
    const text = await runCli(['error-groups', 'unarchive', group.id], { env: server.env, inProcess: true });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toBe(`${group.id}\tunarchived\tactive again\n`);
    const json = await runCli(['error-groups', 'unarchive', group.id, '--json'], { env: server.env, inProcess: true });
    const [entry] = parseJson(json) as [{ group: unknown }];
    expect(ErrorGroup.parse(entry.group).archivedUntilNextEvent).toBe(false);
    // No longer archived for ever: the next matching error finds it active.
    expect((await recordAgain(group)).archivedUntilNextEvent).toBe(false);
  });

  it('exits 4 for an unknown group', async () => {
    const result = await runCli(['error-groups', 'unarchive', '00000000-0000-4000-8000-00000000dead'], {
      env: server.env,
      inProcess: true,
    });
    expect(result.code).toBe(4);
  });
});

describe('an error group id that is not a UUID', () => {
  it('is refused before any request, exit 2 naming the argument, with where the ids are', async () => {
    // Nothing listens there: a request sent would fail on the network, exit 1.
    const nowhere = { ...server.env, STATUSCTL_BASE_URL: await closedPortUrl() };
    const commands = [
      ['error-groups', 'unarchive', 'no-such-group'],
      ['error-groups', 'archive', 'no-such-group', '--dry-run'],
      ['error-groups', 'get', 'no-such-group'],
    ];
    for (const args of commands) {
      const result = await runCli(args, { env: nowhere, inProcess: true });
      expect(result.code, args.join(' ')).toBe(2);
      // A dry run says first that nothing was sent.
      expect(result.stderr.replace(/^dry run: nothing was sent\n/, '')).toBe(
        'statusctl: ID: expected the id of the error group, a UUID (8-4-4-4-12 hexadecimal digits); got "no-such-group"\n' +
          'hint: give the whole id: statusctl error-groups list shows the ids\n',
      );
    }
  });

  it("among several ids is that id's line, invalid, and the others are archived", async () => {
    const group = await newGroup();
    const result = await runCli(['error-groups', 'archive', '-', '-o', 'json'], {
      env: server.env,
      input: `abc\n${group.id}\n`,
      inProcess: true,
    });
    expect(result.code).toBe(2);
    const entries = parseJson<{ id: string; ok: boolean; status: number | null; error: string | null }[]>(result);
    expect(entries.map(({ id, ok, status }) => [id, ok, status])).toEqual([
      ['abc', false, null],
      [group.id, true, 200],
    ]);
    expect(entries[0]!.error).toMatch(/^ID: expected the id of the error group, a UUID .+; got "abc"$/);
    const piped = await runCli(['error-groups', 'archive', 'abc', group.id], { env: server.env, inProcess: true });
    expect(piped.stdout.split('\n')[0]).toMatch(/^abc\tinvalid\tID: expected the id of the error group, a UUID/);
    expect(piped.stderr).toContain('hint: give the whole id: statusctl error-groups list shows the ids');
  });
});

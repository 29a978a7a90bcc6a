// error-groups archive / unarchive: the CLI in-process (run(), runCli with inProcess) against the reference server.
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { ErrorGroup } from '../../src/contract/schemas.js';
import { parseJson, removeTempDirs, startTestServer, type TestServer, runCli } from './helpers.js';

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
    // On a terminal the row is followed by the group.
    const shown = await runCli(['error-groups', 'archive', group.id], { env: server.env, terminalColumns: 100, inProcess: true });
    expect(shown.code, shown.stderr).toBe(0);
    const lines = stripVTControlCharacters(shown.stdout).split('\n');
    expect(lines[0]).toBe(`${group.id}\tarchived\tuntil the next matching error`);
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
    expect(stripVTControlCharacters(result.stdout)).toContain(`${group.id}\tarchived\tfor ever`);
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
    const result = await runCli(['error-groups', 'unarchive', 'no-such-group'], { env: server.env, inProcess: true });
    expect(result.code).toBe(4);
  });
});

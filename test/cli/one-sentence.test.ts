// One id acted on by a person at a terminal prints one sentence, as gh does (`✓ Resolved
// incident 0ae1221b (Checkout errors)`), not the tab-separated row scripts read; several ids,
// a pipe and -o json keep their rows and entries. In process, with stdout a terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { removeTempDirs, runCli, startTestServer, stripAnsi, type TestServer } from './helpers.js';

let server: TestServer;
let api: Client;
let service: { id: string; name: string; accountId: string };
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, retries: 0 });
  const first = (await api.listStatusPages({})).entries[0]!.cards[0]!.services[0]!;
  service = { id: first.id, name: first.name, accountId: server.account.id };
});
afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

const onTerminal = (args: string[]) => runCli([...args, '--no-color'], { env: server.env, inProcess: true, terminalColumns: 80 });
const piped = (args: string[]) => runCli(args, { env: server.env, inProcess: true });

async function newIncident() {
  counter++;
  return api.createIncident({
    body: { name: `Sentence ${counter}`, severity: 'MINOR', services: [service], incidentUpdates: [{ description: 'Looking into it' }] },
  });
}

describe('one id on a terminal: one sentence', () => {
  it('incidents resolve: the sentence, then the update; two ids are two rows', async () => {
    const incident = await newIncident();
    const one = await onTerminal(['incidents', 'resolve', incident.id, '--message', 'Fixed']);
    expect(one.code, one.stderr).toBe(0);
    const [first] = stripAnsi(one.stdout).split('\n');
    expect(first).toBe(`✓ Resolved incident ${incident.id.slice(0, 8)} (${incident.name})`);
    expect(one.stdout).not.toContain('\t');
    const [a, b] = [await newIncident(), await newIncident()];
    const two = await onTerminal(['incidents', 'resolve', a.id, b.id, '--message', 'Fixed']);
    expect(two.code, two.stderr).toBe(0);
    expect(
      stripAnsi(two.stdout)
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t').slice(0, 2)),
    ).toEqual([
      [a.id, 'resolved'],
      [b.id, 'resolved'],
    ]);
  });

  it('incidents delete --yes: the sentence', async () => {
    const incident = await newIncident();
    const one = await onTerminal(['incidents', 'delete', incident.id, '--yes']);
    expect(one.code, one.stderr).toBe(0);
    expect(stripAnsi(one.stdout).trimEnd()).toMatch(
      new RegExp(`^✓ Deleted incident ${incident.id.slice(0, 8)} \\(.*${incident.name}.*\\)$`),
    );
  });

  it('error-groups archive: the sentence', async () => {
    const group = await api.recordErrorEvent({ body: { checkId: 'check-sentence', rawErrorMessage: 'Error: sentence failed' } });
    const one = await onTerminal(['error-groups', 'archive', group.id]);
    expect(one.code, one.stderr).toBe(0);
    expect(stripAnsi(one.stdout).split('\n')[0]).toMatch(new RegExp(`^✓ Archived error group ${group.id.slice(0, 8)}( \\(.+\\))?$`));
  });

  it('a failure of one id is said on stderr only; piped, one id is still its row', async () => {
    const missing = await onTerminal(['incidents', 'resolve', '00000000-0000-4000-8000-00000000beef']);
    expect(missing.code).toBe(4);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('404');
    const incident = await newIncident();
    const row = await piped(['incidents', 'resolve', incident.id]);
    expect(row.code, row.stderr).toBe(0);
    expect(row.stdout.trimEnd().split('\t')).toEqual([incident.id, 'resolved', incident.name]);
  });
});

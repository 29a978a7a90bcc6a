// Every list and get command through the built binary in a real pseudo-terminal, 80 and 200
// columns wide, against the demo data: no line is wider than the terminal, and a table's rows
// read back whole (the id column as typed back: a prefix of at least 6 characters of the piped
// id, or the whole of it; the row count as piped). The commands are the program's own tree, so
// one added later is covered once it has its arguments below.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandsIn } from './help-tree.js';
import { parseJson, removeTempDirs, runCli, runPty, startTestServer, type TestServer } from './helpers.js';
import { readTerminalTable } from './terminal-table.js';

let server: TestServer;
/** The arguments each list and get command is run with, by its path. */
let samples: Record<string, string[]>;

/** Verbs that show records, besides `list` and `get`. */
const SHOWING = new Set(['list', 'get', 'status', 'availability', 'events', 'domain', 'impacts', 'results', 'result', 'alerts']);
/** Commands whose first column is not an id piped in full (a setting, a time, a flag). */
const FIRST_COLUMN_NOT_AN_ID = new Set(['config list', 'auth status', 'notifications list', 'templates list', 'heartbeats events']);

const LONG = `Checkout ${'errors for every card network in the EU and the UK '.repeat(3)}end`;

beforeAll(async () => {
  server = await startTestServer({ overPort: true, rcaDelayMs: 0 });
  const cli = async <T>(args: string[]) => parseJson<T>(await runCli([...args, '-o', 'json'], { env: server.env, inProcess: true }));
  const incidents = await cli<{ entries: { id: string; services?: { id: string; name: string }[] }[] }>(['incidents', 'list']);
  // The first v2 incident's services (an incident of a V3 page has components instead).
  const services = incidents.entries.find((incident) => incident.services)!.services!.map((service) => service.name);
  const created = await cli<{ id: string; incidentUpdates: { id: string }[] }>([
    'incidents',
    'create',
    '--name',
    LONG,
    '--severity',
    'major',
    '--service',
    services[0]!,
    '--message',
    `${LONG} — investigating`,
  ]);
  const groups = await cli<{ id: string }[]>(['error-groups', 'list']);
  const analysis = (await server.call('POST', `/v1/root-cause-analyses/error-groups/${groups[0]!.id}`, { body: {} })).json as {
    id: string;
  };
  const pages = await cli<{ entries: { id: string; url: string; version?: number }[] }>(['status-pages', 'list']);
  const v2 = pages.entries.find((page) => page.version !== 3)!;
  const v3 = pages.entries.find((page) => page.version === 3)!;
  const components = await cli<{ entries: { name: string }[] }>(['components', 'list', v3.url]);
  const v3Incidents = (await server.call('GET', `/v3/status-pages/${v3.id}/incidents`)).json as { entries: { id: string }[] };
  const serviceList = await cli<{ entries: { id: string }[] }>(['services', 'list']);
  const rules = await cli<{ entries: { id: string }[] }>(['automation-rules', 'list', v3.url]);
  const windows = await cli<{ id: number }[]>(['maintenance', 'list']);
  const checkResults = await cli<{ entries: { id: string }[] }>(['checks', 'results', 'Payments API']);
  const testSessions = await cli<{ entries: { id: string }[] }>(['test-sessions', 'list']);
  const testSession = await cli<{ results: { testSessionResultId: string }[] }>(['test-sessions', 'get', testSessions.entries[0]!.id]);
  // A heartbeat check of this account: pinged an hour ago and now.
  const checkId = randomUUID();
  for (const at of [Date.now() - 3_600_000, Date.now()]) {
    const ping = { body: { state: 'RECEIVED', timestamp: new Date(at).toISOString() } };
    expect((await server.call('POST', `/_reference/heartbeats/${checkId}/events`, ping)).status).toBe(201);
  }
  samples = {
    'auth status': [],
    'config list': [],
    'config get': ['base-url'],
    'status-pages list': [],
    'status-pages get': [v2.url],
    'status-pages domain': [v3.url],
    'components list': [v3.url],
    'automation-rules list': [v3.url],
    'automation-rules get': [rules.entries[0]!.id],
    'components get': [`${v3.url}/${components.entries[0]!.name}`],
    'services list': [],
    'services get': [serviceList.entries[0]!.id],
    'subscriptions list': [v2.url],
    'incidents list': [],
    'incidents get': [created.id],
    'incidents impacts': [v3Incidents.entries[0]!.id],
    'templates list': [],
    'incident-updates list': [created.id],
    'incident-updates get': [created.id, created.incidentUpdates[0]!.id],
    'notifications list': [],
    'rca get': [analysis.id],
    'error-groups list': [],
    'error-groups get': [groups[0]!.id],
    'heartbeats availability': [checkId],
    'heartbeats events': [checkId],
    'runtimes list': [],
    'runtimes get': ['2025.04'],
    'checks status': [],
    'checks results': ['Payments API'],
    'checks result': ['Payments API', checkResults.entries[0]!.id],
    'checks alerts': ['--since', '24h'],
    'maintenance list': [],
    'maintenance get': [String(windows[0]!.id)],
    status: [],
    'test-sessions list': [],
    'test-sessions get': [testSessions.entries[0]!.id],
    'test-sessions result': [testSessions.entries[0]!.id, testSession.results[0]!.testSessionResultId],
  };
});

afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

/** Every `noun verb` of the program that shows records, and every command without verbs that does (`status`). */
async function showingCommands(): Promise<string[]> {
  const help = async (path: string[]) => (await runCli([...path, '--help'], { inProcess: true })).stdout;
  const commands: string[] = [];
  for (const noun of commandsIn(await help([]))) {
    const verbs = commandsIn(await help([noun]));
    if (verbs.length === 0 && SHOWING.has(noun)) commands.push(noun);
    for (const verb of verbs) if (SHOWING.has(verb)) commands.push(`${noun} ${verb}`);
  }
  return commands;
}

async function onTerminal(args: string[], cols: number): Promise<{ code: number; screen: string }> {
  const session = await runPty(args, { cols, env: { ...server.env, STATUSCTL_PAGER: '', NO_COLOR: '1' } });
  try {
    const code = await session.exited();
    return { code, screen: session.screen().replace(/\r\n/g, '\n') };
  } finally {
    session.kill();
  }
}

describe('every list and get command on a terminal', () => {
  it('has its arguments here', async () => {
    const missing = (await showingCommands()).filter((command) => !(command in samples));
    expect(missing, 'add the arguments to run these with to `samples`').toEqual([]);
  });

  for (const cols of [80, 200]) {
    it(`fits ${cols} columns and reads back whole`, async () => {
      const commands = await showingCommands();
      expect(commands.length).toBeGreaterThan(20);
      const failures: string[] = [];
      // A few at a time: each is a process in a pty.
      for (let i = 0; i < commands.length; i += 4) {
        await Promise.all(
          commands.slice(i, i + 4).map(async (command) => {
            const args = [...command.split(' '), ...(samples[command] ?? [])];
            const shown = await onTerminal(args, cols);
            if (shown.code !== 0) return failures.push(`${command}: exit ${shown.code}\n${shown.screen}`);
            const wide = shown.screen.split('\n').filter((line) => [...line.trimEnd()].length > cols);
            if (wide.length > 0) failures.push(`${command}: wider than ${cols}:\n${wide.join('\n')}`);
            if (!command.endsWith(' list') || FIRST_COLUMN_NOT_AN_ID.has(command)) return;
            const piped = await runCli(args, { env: server.env, inProcess: true });
            const pipedRows = piped.stdout.trimEnd().split('\n').filter(Boolean);
            const table = readTerminalTable(shown.screen.trimEnd(), cols);
            if (table.rows.length !== pipedRows.length) {
              return failures.push(`${command}: ${table.rows.length} rows on the terminal, ${pipedRows.length} piped`);
            }
            // Piped: tab-separated whole values, as many fields on every row, each row's id its own.
            const fields = pipedRows.map((line) => line.split('\t'));
            if (new Set(fields.map((row) => row.length)).size > 1) failures.push(`${command}: piped rows of different lengths`);
            const ids = fields.map((row) => row[0]!);
            const shorts = table.rows.map((row) => row[0]!.trim());
            table.rows.forEach((_, r) => {
              const id = ids[r]!;
              const short = shorts[r]!;
              if (!id.startsWith(short) || short.length < Math.min(6, id.length)) failures.push(`${command}: id ${short} for ${id}`);
              // As short as it is shown, it still names one row: another id with the same prefix would make it ambiguous.
              const others = ids.filter((other, o) => other !== id && o !== r && other.startsWith(short));
              if (others.length > 0) failures.push(`${command}: id ${short} for ${id} also starts ${others.join(', ')}`);
            });
          }),
        );
      }
      expect(failures).toEqual([]);
      // A process in a pty for each of some thirty commands: more than the suite's time for one test.
    }, 120_000);
  }

  it('a long name and message wrap at word boundaries and read back whole', async () => {
    const list = readTerminalTable((await onTerminal(['incidents', 'list'], 80)).screen, 80);
    expect(list.rows.map((row) => row.at(-1))).toContain(LONG);
    const get = await onTerminal(['incidents', 'get', samples['incidents get']![0]!], 80);
    const timeline = get.screen.slice(get.screen.indexOf('TIME ('));
    expect(readTerminalTable(timeline, 80).rows[0]!.at(-1)).toBe(`${LONG} — investigating`);
  });
});

// Every list and get command through the built binary in a real pseudo-terminal, 80 and 200
// columns wide, against the demo data: no line is wider than the terminal, and a table's rows
// read back whole (the id column as typed back: a prefix of at least 6 characters of the piped
// id, or the whole of it; the row count as piped). The commands are the program's own tree, each
// run as the first example of its --help that is one statusctl command of plain words showing
// what the command shows (no JSON, browser, wait or exit-status option): a command added later is
// covered by its own help, which help-examples.test.ts holds to the demo data. Only a command
// whose every example needs a shell (an id another command prints) has its arguments below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { DEMO_KEY } from './help-examples-runs.js';
import { commandsIn, examplesIn } from './help-tree.js';
import { parseJson, removeTempDirs, runCli, runPty, startTestServer, type TestServer } from './helpers.js';
import { statusctlArgs } from './readme-shell.js';
import { readTerminalTable } from './terminal-table.js';

let server: TestServer;
/** The arguments each list and get command is run with, by its path. */
let samples: Record<string, string[]>;
/** An incident whose long name and message must wrap. */
let long: { id: string };
/** Options that show something other than the command's table or fields, or end otherwise. */
const NOT_SHOWN_AS_ON_A_TERMINAL = /^(-o|--output|--jq|--web|--wait|--watch|--exit-status|--fail-under)(=|$)/;

/** Verbs that show records, besides `list` and `get`. */
const SHOWING = new Set(['list', 'get', 'status', 'availability', 'events', 'domain', 'impacts', 'results', 'result', 'alerts']);
/** Commands whose first column is not an id piped in full (a setting, a time, a flag). */
const FIRST_COLUMN_NOT_AN_ID = new Set(['config list', 'auth status', 'notifications list', 'templates list', 'heartbeats events']);

const LONG = `Checkout ${'errors for every card network in the EU and the UK '.repeat(3)}end`;

beforeAll(async () => {
  // The demo account, whose ids the help examples name.
  server = await startTestServer({ overPort: true, rcaDelayMs: 0, accounts: [{ id: DEMO_ACCOUNT_ID, key: DEMO_KEY }] });
  const cli = async <T>(args: string[]) => parseJson<T>(await runCli([...args, '-o', 'json'], { env: server.env, inProcess: true }));
  const incidents = await cli<{ entries: { id: string; services?: { id: string; name: string }[] }[] }>(['incidents', 'list']);
  // The first v2 incident's services (an incident of a V3 page has components instead).
  const services = incidents.entries.find((incident) => incident.services)!.services!.map((service) => service.name);
  long = await cli<{ id: string }>([
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
  const checkResults = await cli<{ entries: { id: string }[] }>(['checks', 'results', 'Payments API']);
  samples = await samplesFromHelp({
    'rca get': [analysis.id],
    'checks result': ['Payments API', checkResults.entries[0]!.id],
  });
});

afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

const help = async (path: string[]) => (await runCli([...path, '--help'], { inProcess: true })).stdout;

/**
 * The arguments of each showing command: those of its first example of plain words that shows
 * what a terminal would (NOT_SHOWN_AS_ON_A_TERMINAL), else the ones given. A command with
 * neither is left out, for the test that names it.
 */
async function samplesFromHelp(given: Record<string, string[]>): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const command of await showingCommands()) {
    const plain = examplesIn(await help(command.split(' ')))
      .map((example) => statusctlArgs(example))
      .find((args) => args !== undefined && !args.some((word) => NOT_SHOWN_AS_ON_A_TERMINAL.test(word)));
    const args = plain?.slice(command.split(' ').length) ?? given[command];
    if (args) found[command] = args;
  }
  return found;
}

/** Every `noun verb` of the program that shows records, and every command without verbs that does (`status`). */
async function showingCommands(): Promise<string[]> {
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
    expect(missing, 'give these an example of plain words in their --help, or their arguments in samplesFromHelp').toEqual([]);
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
            // Wider only where one word is, alone on its line after the indentation: a field's value
            // is never cut inside a word (src/cli/output/wrap.ts), the terminal folds it and a copy
            // of it stays one word.
            const wide = shown.screen.split('\n').filter((line) => [...line.trimEnd()].length > cols && /\s/.test(line.trim()));
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
    const get = await onTerminal(['incidents', 'get', long.id], 80);
    const timeline = get.screen.slice(get.screen.indexOf('TIME ('));
    expect(readTerminalTable(timeline, 80).rows[0]!.at(-1)).toBe(`${LONG} — investigating`);
  });
});

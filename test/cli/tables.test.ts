// Tables like gh's, for every command with table output, against the reference server:
// - on a terminal (the seam's terminalColumns, and a real pty through the built binary): a bold
//   upper-case header, aligned columns, nothing wider than the terminal, long text wrapped at
//   word boundaries and whole when its lines are joined, ids never cut;
// - piped: no header, one tab-separated row per line, full values, ISO times, no color;
// - -o md: Markdown tables and lists, `|` escaped.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import type { Incident, StatusPage } from '../../src/contract/schemas.js';
import { parseJson, ROOT, removeTempDirs, runPty, startTestServer, stripAnsi, type TestServer, runCli } from './helpers.js';
import { readTerminalTable } from './terminal-table.js';

let server: TestServer;
let api: Client;
let pages: StatusPage[];
/** An incident whose name is far wider than 80 columns, with a `|` in it. */
let long: Incident;
/** An incident whose name has wide (CJK) characters and a tab and a newline. */
let odd: Incident;
const LONG_NAME = `Checkout | payments: ${'very slow responses from the card network gateway, '.repeat(4)}end`;
const ODD_NAME = '決済サービスの障害\tand a tab\nand a newline';

beforeAll(async () => {
  server = await startTestServer({ rcaDelayMs: 20 });
  api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, retries: 0 });
  pages = (await api.listStatusPages({ query: { limit: '100' } })).entries;
  const service = pages[0]!.cards[0]!.services[0]!;
  const services = [{ id: service.id, name: service.name, accountId: service.accountId }];
  odd = await api.createIncident({
    body: { name: ODD_NAME, severity: 'MINOR', services, incidentUpdates: [{ description: 'Looking | into it\nsecond line' }] },
  });
  long = await api.createIncident({
    body: { name: LONG_NAME, severity: 'CRITICAL', services, incidentUpdates: [{ description: 'Investigating' }] },
  });
});

afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

function cli(args: string[], options: { columns?: number; env?: Record<string, string | undefined> } = {}) {
  return runCli(args, { env: { ...server.env, ...options.env }, terminalColumns: options.columns, inProcess: true });
}

/** Lines of a terminal table, colors removed, with their display widths checked against `columns`. */
function terminalLines(stdout: string, columns: number): string[] {
  const lines = stripAnsi(stdout).trimEnd().split('\n');
  for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(columns);
  return lines;
}

/** The cells of a Markdown table row, split on the pipes that are not escaped. */
function markdownCells(row: string): string[] {
  return row
    .slice(2, -2)
    .split(/(?<!\\) \| /)
    .map((cell) => cell.replace(/\\\|/g, '|'));
}

describe('on an 80-column terminal', () => {
  it('incidents list: the header in bold, every line within 80 columns, short ids, long names wrapped whole', async () => {
    const result = await cli(['incidents', 'list', '--limit', '100'], { columns: 80 });
    expect(result.code, result.stderr).toBe(0);
    const table = readTerminalTable(result.stdout, 80);
    // The name wraps, so it goes last: its lines read on as text.
    expect(table.headers).toEqual(['ID', 'SEVERITY', 'STATUS', 'LAST UPDATE', 'NAME']);
    expect(result.stdout.startsWith('\x1b[1mID')).toBe(true);
    // The id shows its first 8 characters (enough to paste back), so the name gets the room a
    // whole id (36) took; a name wider than its column goes on, by words, on the lines below.
    const at = table.rows.findIndex((row) => row[0] === long.id.slice(0, 8));
    expect(table.rows[at]!.slice(1, 3)).toEqual(['CRITICAL', 'INVESTIGATING']);
    expect(table.rows[at]!.at(-1)).toBe(LONG_NAME);
    expect(table.lines[at]!.length).toBeGreaterThan(2);
    expect(table.lines[at]![0]).toMatch(/^\w{8} {2}CRITICAL +INVESTIGATING {2}/);
    const oddRow = table.rows.find((row) => row[0] === odd.id.slice(0, 8))!;
    // Wide characters count twice, and a tab or newline in a name is a space.
    expect(oddRow.at(-1)).toBe('決済サービスの障害 and a tab and a newline');
    // Columns line up: the status starts at the same column on every row's first line.
    const statusAt = table.lines.map(([line]) =>
      stringWidth(line!.slice(0, line!.search(/ (INVESTIGATING|IDENTIFIED|MONITORING|RESOLVED) /))),
    );
    expect(new Set(statusAt).size).toBe(1);
  });

  it('--wide: every column in full, however narrow the terminal', async () => {
    const result = await cli(['incidents', 'list', '--limit', '100', '--wide'], { columns: 80 });
    expect(result.code, result.stderr).toBe(0);
    const [header, ...rows] = stripAnsi(result.stdout).trimEnd().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual(['ID', 'NAME', 'SEVERITY', 'STATUS', 'SERVICES', 'LAST UPDATE']);
    expect(rows.find((row) => row.startsWith(long.id.slice(0, 8)))).toContain(`${LONG_NAME}  CRITICAL`);
  });

  it('COLUMNS wins over the width the terminal reports', async () => {
    const result = await cli(['incidents', 'list'], { columns: 200, env: { COLUMNS: '80' } });
    terminalLines(result.stdout, 80);
    const wide = await cli(['incidents', 'list'], { columns: 200 });
    expect(
      stripAnsi(wide.stdout)
        .split('\n')[0]!
        .split(/\s{2,}/),
    ).toEqual(['ID', 'SEVERITY', 'STATUS', 'SERVICES', 'LAST UPDATE', 'NAME']);
  });

  it.each([
    [
      ['status-pages', 'list'],
      // Page ids shown short, as incident ids are, leave room for the URL; the services wrap, so last.
      ['ID', 'NAME', 'OPEN', 'URL', 'KIND', 'SERVICES'],
    ],
    [
      ['runtimes', 'list'],
      ['RUNTIME', 'NODE.JS', 'STAGE', 'END OF LIFE', 'MULTI-STEP', 'DESCRIPTION'],
    ],
    [
      ['config', 'list'],
      ['SETTING', 'VALUE', 'SOURCE'],
    ],
  ])('%j fits, with the same header style', async (args, headers) => {
    const result = await cli(args, { columns: 80 });
    expect(result.code, result.stderr).toBe(0);
    const [header, ...rows] = terminalLines(result.stdout, 80);
    expect(header!.split(/\s{2,}/)).toEqual(headers);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('runtimes list wraps the description, the widest column, and nothing else', async () => {
    const runtimes = parseJson<{ name: string; description: string }[]>(await cli(['runtimes', 'list', '--json']));
    const stdout = (await cli(['runtimes', 'list'], { columns: 80 })).stdout;
    const table = readTerminalTable(stdout, 80);
    expect(table.rows.map((row) => row[0])).toEqual(runtimes.map((runtime) => runtime.name));
    const description = stripAnsi(stdout).indexOf('DESCRIPTION');
    table.rows.forEach((row, i) => {
      expect(row.at(-1)).toBe(runtimes[i]!.description.replace(/\s+/g, ' '));
      // Only the description wraps: the lines after a row's first are blank up to its column.
      const [, ...rest] = table.lines[i]!;
      expect(rest.length).toBeGreaterThan(0);
      for (const line of rest) expect(line.slice(0, description).trim()).toBe('');
    });
  });

  it('incidents get: fields wrap, the timeline fits (with short update ids)', async () => {
    const result = await cli(['incidents', 'get', long.id], { columns: 80 });
    expect(result.code, result.stderr).toBe(0);
    const lines = terminalLines(result.stdout, 80);
    expect(lines[0]).toBe(`Incident ${long.id}`);
    const header = lines.find((line) => line.startsWith('TIME'))!;
    expect(header.split(/\s{2,}/)).toEqual(['TIME (UTC)', 'STATUS', 'DESCRIPTION', 'NOTIFY', 'UPDATE ID']);
    // The first 8 characters, which incident-updates commands take back.
    expect(result.stdout).not.toContain(long.incidentUpdates[0]!.id);
    expect(result.stdout).toContain(long.incidentUpdates[0]!.id.slice(0, 8));
    // Piped, the whole id.
    const piped = await cli(['incidents', 'get', long.id], {});
    expect(piped.stdout).toContain(long.incidentUpdates[0]!.id);
  });

  it('the built binary in a real 80-column pty, and with COLUMNS=80 in a wider one', async () => {
    for (const [cols, env] of [
      [80, {}],
      [120, { COLUMNS: '80' }],
    ] as const) {
      const session = await runPty(['incidents', 'list', '--limit', '100'], { cols, env: { ...server.env, ...env } });
      try {
        expect(await session.exited()).toBe(0);
        const screen = session
          .screen()
          .split(/\r?\n/)
          .map((line) => line.trimEnd())
          .filter((line) => line !== '')
          .join('\n');
        const table = readTerminalTable(screen, 80);
        expect(table.headers).toEqual(['ID', 'SEVERITY', 'STATUS', 'LAST UPDATE', 'NAME']);
        const row = table.rows.find((cells) => cells[0] === long.id.slice(0, 8))!;
        expect([row[1], row.at(-1)]).toEqual(['CRITICAL', LONG_NAME]);
        expect(session.raw()).toContain('\x1b[1mID');
      } finally {
        session.kill();
      }
    }
  });
});

describe('piped (not a terminal)', () => {
  it('incidents list: no header, tab-separated full values, ISO times, no color', async () => {
    const result = await cli(['incidents', 'list', '--limit', '100']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('\x1b[');
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    for (const row of rows) expect(row).toHaveLength(6);
    expect(rows[0]![0]).not.toBe('ID');
    const longRow = rows.find((row) => row[0] === long.id)!;
    expect(longRow.slice(1, 4)).toEqual([LONG_NAME, 'CRITICAL', 'INVESTIGATING']);
    expect(longRow[5]).toBe(long.incidentUpdates[0]!.publicIncidentUpdateDate);
    expect(Number.isNaN(Date.parse(longRow[5]!))).toBe(false);
    // Tabs and newlines inside a value become spaces: still one row, still six columns.
    expect(rows.find((row) => row[0] === odd.id)![1]).toBe('決済サービスの障害 and a tab and a newline');
  });

  it('incidents get and incident-updates get: `label<TAB>value` fields with ISO times', async () => {
    const update = odd.incidentUpdates[0]!;
    const result = await cli(['incident-updates', 'get', odd.id, update.id]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toEqual([
      `id\t${update.id}`,
      `incident\t${odd.id}`,
      'status\tINVESTIGATING',
      'description\tLooking | into it second line',
      `time\t${update.publicIncidentUpdateDate}`,
      'notify\tno',
    ]);
    const incident = await cli(['incidents', 'get', odd.id]);
    expect(incident.stdout).toContain(`\nseverity\tMINOR\n`);
    expect(incident.stdout).toContain(`\n--\n${update.publicIncidentUpdateDate}\tINVESTIGATING\t`);
  });
});

describe('-o md', () => {
  it('incidents list: a Markdown table, `|` escaped, ids as code, ISO times', async () => {
    const result = await cli(['incidents', 'list', '--limit', '100', '-o', 'md'], { columns: 80 });
    expect(result.code, result.stderr).toBe(0);
    const [header, rule, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header).toBe('| ID | NAME | SEVERITY | STATUS | SERVICES | LAST UPDATE |');
    expect(rule).toBe('| --- | --- | --- | --- | --- | --- |');
    expect(result.stdout).not.toContain('\x1b[');
    const longRow = rows.find((row) => row.includes(long.id))!;
    expect(longRow).toContain('Checkout \\| payments');
    const cells = markdownCells(longRow);
    expect(cells).toHaveLength(6);
    expect(cells.slice(0, 4)).toEqual([`\`${long.id}\``, LONG_NAME, 'CRITICAL', 'INVESTIGATING']);
    expect(cells[5]).toBe(long.incidentUpdates[0]!.publicIncidentUpdateDate);
  });

  it('incidents get: a heading, a field list and the timeline as a table', async () => {
    const result = await cli(['incidents', 'get', odd.id, '-o', 'md']);
    expect(result.code, result.stderr).toBe(0);
    const text = result.stdout;
    expect(text.startsWith('### Incident: ')).toBe(true);
    expect(text).toContain(`- **id:** \`${odd.id}\``);
    expect(text).toContain('- **severity:** MINOR');
    expect(text).toContain('#### Timeline (1 update)');
    expect(text).toContain('| TIME (UTC) | STATUS | DESCRIPTION | NOTIFY | UPDATE ID |');
    expect(text).toContain('| INVESTIGATING | Looking \\| into it<br>second line | no |');
  });

  it('incident-updates get, runtimes list, config list', async () => {
    const update = await cli(['incident-updates', 'get', odd.id, odd.incidentUpdates[0]!.id, '-o', 'md']);
    expect(update.stdout).toContain(`### Update \`${odd.incidentUpdates[0]!.id}\`\n- **id:** `);
    expect(update.stdout).toContain('- **description:** Looking \\| into it<br>second line');

    const runtimes = await cli(['runtimes', 'list', '-o', 'md']);
    expect(runtimes.stdout.split('\n')[0]).toBe('| RUNTIME | NODE.JS | STAGE | END OF LIFE | MULTI-STEP | DESCRIPTION |');
    expect(runtimes.stdout).toMatch(/^\| `\d{4}\.\d{2}` \| v[\d.]+ \| [A-Z]+ \| \d{4}-\d{2}-\d{2} \| (yes|no) \| /m);

    const config = await cli(['config', 'list', '-o', 'md']);
    expect(config.stdout).toContain('| SETTING | VALUE | SOURCE |');
    expect(config.stdout).toMatch(/^\| api-key \| \*\*\*\*\w{4} \| environment \|$/m);
    expect(config.stdout).not.toContain(server.account.key);
  });

  it('status-pages list: a section per page with its services and open incidents', async () => {
    const result = await cli(['status-pages', 'list', '-o', 'md']);
    expect(result.code, result.stderr).toBe(0);
    // The v2 pages' sections (V3 pages have theirs: test/cli/v3-status-pages.test.ts).
    const sections = result.stdout
      .trimEnd()
      .split(/\n\n(?=### )/)
      .filter((section) => !section.includes('- **kind:** v3'));
    expect(sections.map((section) => section.split('\n')[0])).toEqual(pages.map((page) => `### ${page.name}`));
    expect(sections[0]).toContain(`- **id:** \`${pages[0]!.id}\``);
    expect(sections[0]).toContain(`- **CRITICAL** ${LONG_NAME} (INVESTIGATING) \`${long.id}\``);
    // A newline in a name would end the list item: it is a space.
    expect(sections[0]).toContain(`- **MINOR** 決済サービスの障害 and a tab and a newline (INVESTIGATING) \`${odd.id}\``);
  });

  it('rca get and heartbeats availability: headings, lists and a table', async () => {
    const group = await api.recordErrorEvent({
      body: { checkId: 'check-md', rawErrorMessage: 'Error: connect ECONNREFUSED 10.0.0.1:443' },
    });
    const rca = await cli(['rca', 'request', group.id, '--wait', '-o', 'md']);
    expect(rca.code, rca.stderr).toBe(0);
    expect(rca.stdout).toMatch(/^### Root cause analysis `[\w-]+`\n\n- \*\*status:\*\* COMPLETED\n/);
    expect(rca.stdout).toContain(`- **error group:** \`${group.id}\``);
    expect(rca.stdout).toContain('#### Root cause\n\n');
    expect(rca.stdout).toMatch(/#### References\n\n- \[[^\]]+\]\(https?:\/\/\S+\)/);

    const checkId = randomUUID();
    await api.recordHeartbeatEvent({ params: { checkId }, body: { state: 'RECEIVED', timestamp: new Date().toISOString() } });
    const availability = await cli(['heartbeats', 'availability', checkId, '-o', 'md']);
    expect(availability.code, availability.stderr).toBe(0);
    expect(availability.stdout).toContain('### Heartbeat availability\n\n- **window:** the last 24 hours');
    expect(availability.stdout).toContain(
      `| CHECK | CURRENT | PREVIOUS | CHANGE | EVENTS |\n| --- | --- | --- | --- | --- |\n| \`${checkId}\` | 100.00% | no events | - | 1 |`,
    );
  });

  it('-o json is unchanged and -o with an unknown format is exit 2 naming the choices', async () => {
    expect(parseJson<{ entries: unknown[] }>(await cli(['incidents', 'list', '-o', 'json'])).entries.length).toBeGreaterThan(0);
    const bad = await cli(['incidents', 'list', '-o', 'yaml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('table, json, md');
  });
});

describe('README', () => {
  /** The fenced block between `<!-- name:start -->` and `<!-- name:end -->`. */
  function readmeBlock(name: string): string {
    const readme = readFileSync(join(ROOT, 'docs/scripting.md'), 'utf8');
    const match = new RegExp(`<!-- ${name}:start -->\\n\`\`\`\\n([\\s\\S]*?)\\n\`\`\`\\n<!-- ${name}:end -->`).exec(readme);
    if (!match) throw new Error(`README has no block ${name}`);
    return match[1]!;
  }

  it('shows runtimes list as it prints: in 80 columns, piped and -o md', async () => {
    const terminal = await cli(['runtimes', 'list', '--no-color'], { columns: 80 });
    expect(readmeBlock('runtimes-terminal-80')).toBe(terminal.stdout.trimEnd());
    const piped = await cli(['runtimes', 'list']);
    expect(readmeBlock('runtimes-piped')).toBe(piped.stdout.split('\n').slice(0, 2).join('\n'));
    const md = await cli(['runtimes', 'list', '-o', 'md']);
    expect(readmeBlock('runtimes-md')).toBe(md.stdout.split('\n').slice(0, 3).join('\n'));
  });
});

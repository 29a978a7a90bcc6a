// `statusctl mcp --toolsets` and `--list-toolsets`: the built binary as a child process, listed
// by the SDK's own client over stdio as an MCP host lists it, the reference server on a real
// port. What each toolset holds is read here from the rows of the table (the toolset their
// module names), never from a list of tools.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type Row } from '../../src/contract/table.js';
import { TOOLSETS } from '../../src/contract/toolsets.js';
import { toolName } from '../../src/mcp/tools.js';
import { BIN, cleanEnv, parseJson, removeTempDirs, ROOT, runCli, runPty, startTestServer, type TestServer } from './helpers.js';

const NAMES = Object.keys(TOOLSETS);
const ROWS = Object.entries(routes as Record<string, Row>);

/** The tools of these toolsets, by the toolset of their rows, in the order of the table. */
function toolsOf(...toolsets: string[]): string[] {
  return ROWS.filter(([, row]) => row.tool && row.toolset && toolsets.includes(row.toolset)).map(([id]) => toolName(id));
}

const EVERY_TOOL = ROWS.filter(([, row]) => row.tool).map(([id]) => toolName(id));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

/** Runs `statusctl mcp ARGS` as a host would; `use` gets its client and its stderr so far. */
async function withMcp(args: string[], use: (client: Client, stderr: () => string) => Promise<void>): Promise<void> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    cwd: ROOT,
    env: cleanEnv(server.env) as Record<string, string>,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'statusctl-toolsets-test', version: '0.0.0' });
  await client.connect(transport);
  try {
    await use(client, () => stderr);
  } finally {
    await client.close();
  }
}

async function listed(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name);
}

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

describe('the toolsets of the table', () => {
  it('every tool is in a toolset, and every toolset serves a tool', () => {
    expect(ROWS.filter(([, row]) => row.tool && !row.toolset).map(([id]) => id)).toEqual([]);
    expect(NAMES.filter((name) => toolsOf(name).length === 0)).toEqual([]);
    expect(NAMES).toEqual(expect.arrayContaining(['incidents', 'status-pages', 'error-groups', 'heartbeats', 'runtimes']));
  });
});

describe('statusctl mcp --toolsets', () => {
  it('serves the incidents and status pages toolsets when none is named', async () => {
    await withMcp([], async (client, stderr) => {
      const names = await listed(client);
      expect(names).toEqual(toolsOf('incidents', 'status-pages'));
      expect(names).toEqual(
        expect.arrayContaining(['list_status_pages', 'list_services', 'create_subscriptions', 'create_incident', 'create_incident_update']),
      );
      for (const other of ['list_runtimes', 'list_error_groups', 'request_root_cause_analysis', 'get_heartbeat_availability']) {
        expect(names).not.toContain(other);
      }
      expect(names.length).toBeLessThan(EVERY_TOOL.length);
      expect(stderr()).toContain(`serving ${names.length} tools (toolsets incidents, status-pages)`);
    });
  });

  it('serves the toolsets named alone (any case, repeated or with commas), and says where a tool left out is', async () => {
    await withMcp(['--toolsets', 'runtimes', '--toolsets', 'Heartbeats,runtimes'], async (client, stderr) => {
      expect(await listed(client)).toEqual(toolsOf('heartbeats', 'runtimes'));
      expect(await listed(client)).toEqual([
        'get_heartbeat_availability',
        'list_heartbeat_events',
        'get_heartbeat_event',
        'list_runtimes',
        'get_runtime',
      ]);
      expect(stderr()).toContain('serving 5 tools (toolsets heartbeats, runtimes)');
      const runtimes = (await client.callTool({ name: 'list_runtimes' })) as CallToolResult;
      expect(runtimes.isError, text(runtimes)).toBeFalsy();
      const elsewhere = (await client.callTool({ name: 'list_incidents', arguments: {} })) as CallToolResult;
      expect(elsewhere.isError).toBe(true);
      expect(text(elsewhere)).toBe(
        'list_incidents is in the toolset incidents, which this server does not serve (it serves heartbeats, runtimes): ' +
          "add incidents to statusctl mcp --toolsets in the MCP host's configuration",
      );
      const none = (await client.callTool({ name: 'drop_database' })) as CallToolResult;
      expect(text(none)).toBe('unknown tool drop_database: list the tools to see their names');
    });
  });

  it('all serves every tool; default beside a name adds the default toolsets', async () => {
    await withMcp(['--toolsets', 'all'], async (client) => {
      expect(await listed(client)).toEqual(EVERY_TOOL);
    });
    await withMcp(['--toolsets', 'error-groups,default'], async (client) => {
      expect(await listed(client)).toEqual(toolsOf('incidents', 'status-pages', 'error-groups'));
    });
  });

  it('refuses an unknown toolset with exit 2, the names meant and the names there are, before serving', async () => {
    const result = await runCli(['mcp', '--toolsets', 'incident,heartbeats,status_pages,bogus'], { env: server.env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe(
      'statusctl: --toolsets: unknown toolsets "incident" (did you mean incidents?), "status_pages" (did you mean status-pages?), "bogus"',
    );
    expect(lines[1]).toBe(
      `hint: the toolsets are ${NAMES.join(', ')}, or all, or default; statusctl mcp --list-toolsets shows what each serves`,
    );
    expect(result.stderr).not.toContain('serving');

    const empty = await runCli(['mcp', '--toolsets', ' , '], { env: server.env });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('statusctl: --toolsets: no toolset named\nhint: the toolsets are ');
    const listing = await runCli(['mcp', '--list-toolsets', '--toolsets', 'heartbeat'], { env: server.env });
    expect(listing.code).toBe(2);
    expect(listing.stderr).toContain('unknown toolset "heartbeat" (did you mean heartbeats?)');
  });
});

describe('statusctl mcp --list-toolsets', () => {
  it('piped: a line per toolset, tab-separated: name, count of tools, default or not, description', async () => {
    // No key, no server: listing reads the table alone.
    const result = await runCli(['mcp', '--list-toolsets'], { env: { STATUSCTL_API_KEY: undefined } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows).toEqual(
      NAMES.map((name) => [
        name,
        String(toolsOf(name).length),
        ['incidents', 'status-pages'].includes(name) ? 'yes' : 'no',
        TOOLSETS[name as keyof typeof TOOLSETS].description,
      ]),
    );
    expect(rows.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(EVERY_TOOL.length);

    const chosen = await runCli(['mcp', '--list-toolsets', '--toolsets', 'runtimes,heartbeats']);
    expect(
      chosen.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t')[0]),
    ).toEqual(['heartbeats', 'runtimes']);
  });

  it('-o json: each toolset with its description, whether it is a default one, and its tools', async () => {
    const all = parseJson<{ name: string; description: string; default: boolean; toolCount: number; tools: string[] }[]>(
      await runCli(['mcp', '--list-toolsets', '-o', 'json']),
    );
    expect(all.map((toolset) => toolset.name)).toEqual(NAMES);
    for (const toolset of all) {
      expect(toolset.tools, toolset.name).toEqual(toolsOf(toolset.name));
      expect(toolset.toolCount, toolset.name).toBe(toolset.tools.length);
      expect(toolset.description, toolset.name).toBe(TOOLSETS[toolset.name as keyof typeof TOOLSETS].description);
    }
    expect(all.filter((toolset) => toolset.default).map((toolset) => toolset.name)).toEqual(['incidents', 'status-pages']);
    expect(all.flatMap((toolset) => toolset.tools).sort()).toEqual([...EVERY_TOOL].sort());
    const picked = parseJson<{ name: string }[]>(await runCli(['mcp', '--list-toolsets', '--toolsets', 'default', '--json']));
    expect(picked.map((toolset) => toolset.name)).toEqual(['incidents', 'status-pages']);
  });

  it('on a terminal: the same columns under a header, aligned', async () => {
    const session = await runPty(['mcp', '--list-toolsets'], { cols: 200, env: { STATUSCTL_API_KEY: undefined } });
    expect(await session.exited()).toBe(0);
    const lines = session.screen().trimEnd().split(/\r?\n/);
    expect(lines[0]!.split(/\s{2,}/)).toEqual(['TOOLSET', 'TOOLS', 'DEFAULT', 'DESCRIPTION']);
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/).slice(0, 3))).toEqual(
      NAMES.map((name) => [name, String(toolsOf(name).length), ['incidents', 'status-pages'].includes(name) ? 'yes' : 'no']),
    );
  });
});

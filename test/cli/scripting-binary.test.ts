// The scripting features through the built binary (bin/statusctl and dist/), piped:
// tables as tab-separated values, -o md, --dry-run on writes, and whoami. The in-process tests
// (tables, writes, whoami) cover the cases; these check that the bundle behaves the same.
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { runCli, type TestServer, useTestServer } from './helpers.js';

// The server's access log: what reached it.
const requests: string[] = [];
const file = useTestServer({ log: (line) => requests.push(line) });
let server: TestServer;
let client: Client;
beforeAll(() => {
  server = file.server;
  client = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
});

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('the built binary, piped', () => {
  it('incidents list: one row per incident, tab-separated, full values, ISO times, no color; the cursor hint on stderr', async () => {
    const page = await client.listIncidents({ query: { limit: '3' } });
    const result = await runCli(['incidents', 'list', '--limit', '3'], { env: server.env });
    expect(result.code, result.stderr).toBe(0);
    const rows = result.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(3);
    expect(result.stdout).not.toContain('\x1b[');
    // The v2 incidents in the v2 list's order (the V3 pages' are merged in among them).
    const v2Rows = rows.map((row) => row.split('\t')).filter((cells) => page.entries.some((incident) => incident.id === cells[0]));
    expect(v2Rows.length).toBeGreaterThan(0);
    for (const [i, cells] of v2Rows.entries()) {
      const incident = page.entries[i]!;
      expect(cells.slice(0, 4)).toEqual([incident.id, incident.name, incident.severity, incident.lastUpdateStatus]);
      expect(cells.at(-1)).toMatch(ISO);
    }
    expect(result.stderr).toMatch(/^more: --next-id \S+/m);
  });

  it('-o md: a Markdown table, ids as code', async () => {
    const page = await client.listIncidents({ query: { limit: '2' } });
    const result = await runCli(['incidents', 'list', '--limit', '2', '-o', 'md'], { env: server.env });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('| ID | NAME | SEVERITY | STATUS | SERVICES | LAST UPDATE |');
    expect(lines[1]).toBe('| --- | --- | --- | --- | --- | --- |');
    expect(lines.slice(2).map((line) => line.split(' | ')[0])).toEqual(page.entries.map((incident) => `| \`${incident.id}\``));
  });

  it('--dry-run prints the write (method, path, body), sends nothing, exits 0', async () => {
    const [incident] = (await client.listIncidents({ query: { limit: '1' } })).entries;
    const before = await client.getIncident({ params: { incidentId: incident!.id } });
    const resolve = await runCli(['incidents', 'resolve', incident!.id, '--dry-run'], { env: server.env });
    expect(resolve.code, resolve.stderr).toBe(0);
    // One row, as for several ids: the id, what the real run would do, the request it would send.
    const [id, outcome, request, ...rest] = resolve.stdout.trimEnd().split('\t');
    expect([id, outcome, rest]).toEqual([incident!.id, 'would-resolve', []]);
    const [requestLine, body] = [request!.slice(0, request!.indexOf(' {')), request!.slice(request!.indexOf(' {') + 1)];
    expect(requestLine).toBe(`POST /v1/status-pages/incidents/${incident!.id}/incident-updates`);
    expect(JSON.parse(body)).toEqual({ description: 'Resolved.', status: 'RESOLVED' });
    expect(resolve.stderr).toContain('dry run: nothing was sent');
    expect(await client.getIncident({ params: { incidentId: incident!.id } })).toEqual(before);

    // The dry run reads the group, as the real run would find it.
    const [group] = await client.listErrorGroups({ query: {} });
    const archive = await runCli(['error-groups', 'archive', group!.id, '--dry-run'], { env: server.env });
    expect(archive.code, archive.stderr).toBe(0);
    expect(archive.stdout).toBe(`${group!.id}\twould-archive\tPATCH /v1/error-groups/${group!.id} {"archivedUntilNextEvent":true}\n`);
    const raw = await runCli(['api', '-X', 'POST', '/v1/status-pages/incidents', '-F', 'name=x', '--dry-run'], { env: server.env });
    expect(raw.code, raw.stderr).toBe(0);
    expect(raw.stdout.split('\n')[0]).toBe('POST /v1/status-pages/incidents');
    // Only reads reached the server; the same write without --dry-run does.
    expect(requests.filter((line) => /^(POST|PATCH|PUT) /.test(line))).toEqual([]);
    await runCli(['api', '-X', 'POST', '/v1/status-pages/incidents', '-F', 'name=x'], { env: server.env });
    expect(requests.filter((line) => /^(POST|PATCH|PUT) /.test(line))).toEqual([
      expect.stringMatching(/^POST \/v1\/status-pages\/incidents 400/),
    ]);
  });

  it('whoami: where each setting came from, the key masked; exit 3 when the server refuses the key', async () => {
    const ok = await runCli(['whoami'], { env: server.env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`base URL\t${server.url} (environment)`);
    expect(ok.stdout).toContain(`API key\t****${server.account.key.slice(-4)} (environment)`);
    expect(ok.stdout).not.toContain(server.account.key);
    expect(ok.stdout).toMatch(/^server\taccepts them/m);

    const refused = await runCli(['auth', 'status', '--api-key', 'sk_wrong_key_000000'], { env: server.env });
    expect(refused.code).toBe(3);
    expect(refused.stdout).toMatch(/^yes\tdefault\t.*\t\*\*\*\*0000 \(option\)\trefuses them: 401/m);
    expect(refused.stderr).toMatch(/^statusctl: the server refuses these credentials: 401/);
  });
});

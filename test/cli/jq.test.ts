// --jq EXPR on every command that prints JSON, and on api: a real jq over the JSON output,
// strings raw (as gh --jq), a bad filter a usage error. In-process, and through the built
// binary, whose jq comes from its vendor chunk and dist/build/jq.wasm.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { ROOT, runCli, type TestServer, useTestServer } from './helpers.js';

const file = useTestServer();
let server: TestServer;
let client: Client;
beforeAll(() => {
  server = file.server;
  client = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
});

describe('--jq', () => {
  it('filters a list command: strings raw, one per line; other values as compact JSON when piped', async () => {
    const runtimes = await client.listRuntimes({});
    const names = await runCli(['runtimes', 'list', '--jq', '.[].name'], { env: server.env, inProcess: true });
    expect(names.code, names.stderr).toBe(0);
    expect(names.stdout).toBe(`${runtimes.map((runtime) => runtime.name).join('\n')}\n`);
    const objects = await runCli(['runtimes', 'list', '--jq', '.[0] | {name, stage}'], { env: server.env, inProcess: true });
    expect(objects.stdout).toBe(`${JSON.stringify({ name: runtimes[0]!.name, stage: runtimes[0]!.stage })}\n`);
    const count = await runCli(['incidents', 'list', '--all', '--jq', '.entries | length'], { env: server.env, inProcess: true });
    // The incidents of both kinds: the v2 list and each V3 page's.
    const v3Pages = (await client.listV3StatusPages({ query: { limit: '100' } })).entries;
    const v3Lists = await Promise.all(
      v3Pages.map((page) => client.listV3Incidents({ params: { statusPageId: page.id }, query: { limit: '100' } })),
    );
    const v3Count = v3Lists.reduce((count, list) => count + list.entries.length, 0);
    expect(Number(count.stdout)).toBe((await client.listIncidents({ query: { limit: '100' } })).entries.length + v3Count);
  });

  it('is JSON on a terminal too, indented there', async () => {
    const result = await runCli(['runtimes', 'list', '--jq', '.[0] | {name}'], { env: server.env, terminalColumns: 100, inProcess: true });
    expect(result.stdout).toMatch(/^\{\n {2}"name": /);
  });

  it("a bad filter is exit 2 with jq's own message", async () => {
    const result = await runCli(['runtimes', 'list', '--jq', '.[0'], { env: server.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^statusctl: --jq "\.\[0": syntax error/);
    expect(result.stderr).toMatch(/\nhint: the filter is jq syntax/);
  });

  it('api --paginate --jq runs the filter on each page: every id once', async () => {
    const all = await client.listIncidents({ query: { limit: '100' } });
    const result = await runCli(['api', '/v1/status-pages/incidents', '--paginate', '-f', 'limit=2', '--jq', '.entries[].id'], {
      env: server.env,
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(0);
    const ids = result.stdout.trim().split('\n');
    expect(ids).toEqual(all.entries.map((incident) => incident.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(2);
  });

  it('works in the built binary (jq from its vendor chunk and dist/build/jq.wasm)', async () => {
    const result = await runCli(['api', '/v1/status-pages/incidents', '--paginate', '--jq', '.entries[].name'], { env: server.env });
    expect(result.code, result.stderr).toBe(0);
    const all = await client.listIncidents({ query: { limit: '100' } });
    expect(result.stdout.trim().split('\n')).toEqual(all.entries.map((incident) => incident.name));
  });
});

describe("jq's WebAssembly as built", () => {
  it("is the package's own, unchanged", () => {
    const built = readFileSync(join(ROOT, 'dist', 'build', 'jq.wasm'));
    const source = readFileSync(join(ROOT, 'node_modules', 'jq-wasm', 'dist', 'build', 'jq.wasm'));
    expect(built.equals(source)).toBe(true);
  });
});

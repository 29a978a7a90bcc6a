// --jq EXPR on every command that prints JSON, and on api: a real jq over the JSON output,
// strings raw (as gh --jq), a bad filter a usage error. In-process, and through the built
// binary, whose jq comes from its vendor chunk and dist/build/jq.wasm.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { layout, readHints, withHints } from '../../scripts/jq-wasm.mjs';
import { createClient, type Client } from '../../src/client/index.js';
import { BIN, cleanEnv, ROOT, runCli as runBuiltCli, type TestServer, tempConfigDir, useTestServer } from './helpers.js';
import { runCli } from './in-process.js';

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
    const names = await runCli(['runtimes', 'list', '--jq', '.[].name'], { env: server.env });
    expect(names.code, names.stderr).toBe(0);
    expect(names.stdout).toBe(`${runtimes.map((runtime) => runtime.name).join('\n')}\n`);
    const objects = await runCli(['runtimes', 'list', '--jq', '.[0] | {name, stage}'], { env: server.env });
    expect(objects.stdout).toBe(`${JSON.stringify({ name: runtimes[0]!.name, stage: runtimes[0]!.stage })}\n`);
    const count = await runCli(['incidents', 'list', '--all', '--jq', '.entries | length'], { env: server.env });
    expect(Number(count.stdout)).toBe((await client.listIncidents({ query: { limit: '100' } })).entries.length);
  });

  it('is JSON on a terminal too, indented there', async () => {
    const result = await runCli(['runtimes', 'list', '--jq', '.[0] | {name}'], { env: server.env, terminalColumns: 100 });
    expect(result.stdout).toMatch(/^\{\n {2}"name": /);
  });

  it("a bad filter is exit 2 with jq's own message", async () => {
    const result = await runCli(['runtimes', 'list', '--jq', '.[0'], { env: server.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^statusctl: --jq "\.\[0": syntax error/);
    expect(result.stderr).toMatch(/\nhint: the filter is jq syntax/);
  });

  it('api --paginate --jq runs the filter on each page: every id once', async () => {
    const all = await client.listIncidents({ query: { limit: '100' } });
    const result = await runCli(['api', '/v1/status-pages/incidents', '--paginate', '-f', 'limit=2', '--jq', '.entries[].id'], {
      env: server.env,
    });
    expect(result.code, result.stderr).toBe(0);
    const ids = result.stdout.trim().split('\n');
    expect(ids).toEqual(all.entries.map((incident) => incident.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(2);
  });

  it('works in the built binary (jq from its vendor chunk and dist/build/jq.wasm)', async () => {
    const result = await runBuiltCli(['api', '/v1/status-pages/incidents', '--paginate', '--jq', '.entries[].name'], { env: server.env });
    expect(result.code, result.stderr).toBe(0);
    const all = await client.listIncidents({ query: { limit: '100' } });
    expect(result.stdout.trim().split('\n')).toEqual(all.entries.map((incident) => incident.name));
  });
});

describe("jq's WebAssembly as built (scripts/jq-wasm.mjs)", () => {
  const record = JSON.parse(readFileSync(join(ROOT, 'scripts', 'jq-hot-functions.json'), 'utf8')) as { functions: number[] };
  const built = readFileSync(join(ROOT, 'dist', 'build', 'jq.wasm'));

  it('carries compilation hints: eager for the recorded functions, lazy for the rest, and stays a valid module', () => {
    const { declared } = layout(built);
    const hints = readHints(built);
    expect(hints?.length).toBe(declared);
    const eager = [...(hints ?? [])].flatMap((hint, index) => ((hint & 3) === 2 ? [index] : []));
    expect(eager).toEqual(record.functions);
    expect([...(hints ?? [])].every((hint, index) => (record.functions.includes(index) ? hint === 0x16 : hint === 0x15))).toBe(true);
    expect(WebAssembly.validate(built)).toBe(true);
    // Hints on a module without them, read back.
    const source = readFileSync(join(ROOT, 'node_modules', 'jq-wasm', 'dist', 'build', 'jq.wasm'));
    expect(readHints(source)).toBeUndefined();
    expect([...(readHints(withHints(source, new Set([0, 5]))) ?? [])].slice(0, 6)).toEqual([0x16, 0x15, 0x15, 0x15, 0x15, 0x16]);
  });

  it('the built CLI compiles the recorded functions up front: V8 traces each of them for a filter that needs fewer', async () => {
    // V8 prints its trace with C's stdio, which loses lines into a full non-blocking pipe at
    // exit: the child writes to a file.
    const out = join(tempConfigDir(), 'trace.txt');
    const fd = openSync(out, 'w');
    const child = spawn(process.execPath, ['--trace-wasm-compilation-times', BIN, 'runtimes', 'list', '--jq', '.[].name'], {
      cwd: ROOT,
      env: cleanEnv(server.env),
      stdio: ['ignore', fd, 'inherit'],
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    closeSync(fd);
    expect(code).toBe(0);
    const trace = readFileSync(out, 'utf8');
    const { imported } = layout(built);
    const compiled = new Set([...trace.matchAll(/^Compiled function \S+#(\d+) using Liftoff/gm)].map((m) => Number(m[1]) - imported));
    expect(record.functions.filter((index) => !compiled.has(index))).toEqual([]);
    expect(trace).toMatch(/^2025\.\d\d$/m);
  });

  it("the vendor chunk neither loads WebCrypto nor node:fs/promises at start (jq-wasm's loader, trimmed)", () => {
    const chunk = readFileSync(join(ROOT, 'dist', 'vendor-jq.cjs'), 'utf8');
    expect(chunk).not.toMatch(/getRandomValues/);
    expect(chunk).toMatch(/readFile:\(\.\.\.\w+\)=>require\("fs\/promises"\)/);
  });
});

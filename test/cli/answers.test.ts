// What the CLI does with a success answer it cannot use (docs/retries.md#answers), in process
// against a server that answers whatever the test says (the built binary where the chunks it
// loads are the point): a body the hosted API
// cannot answer is refused before anything is printed (exit 1, naming the route, the status and
// the field), without loading a schema library; a body over the client's limit is refused as it
// streams in (exit 1, naming the limit), never read whole; an answer jq cannot read is the
// answer's fault, not the filter's.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { readdirSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RUNTIMES } from '../../src/server/data/runtimes.js';
import { removeTempDirs, runCli, tempConfigDir, useTestServer } from './helpers.js';

const reference = useTestServer();

const KEY = 'sk_test_answers0123456789';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
afterAll(() => removeTempDirs());

/** A node:http server answering every request with `handler`, closed after the test. */
async function fakeServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Record<string, string>> {
  const sockets = new Set<Socket>();
  const server = createServer(handler);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as { port: number };
  return { STATUSCTL_BASE_URL: `http://127.0.0.1:${port}`, STATUSCTL_API_KEY: KEY };
}

const MB = 1024 * 1024;

function answer(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

describe('a success answer of a shape the hosted API cannot give', () => {
  it('runtimes list answered an object: exit 1 naming the route, the status and the field; nothing on stdout', async () => {
    const env = await fakeServer((_req, res) => answer(res, 200, { hello: 'world' }));
    const result = await runCli(['runtimes', 'list'], { env, inProcess: true });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toBe(
      "statusctl: the server's answer does not match the API: 200 to GET /v1/runtimes, at the body: expected array, got object\n" +
        `hint: is ${env.STATUSCTL_BASE_URL} (from STATUSCTL_BASE_URL) the status-page API? --verbose lists every field that differs\n`,
    );
    expect(result.stdout).toBe('');
  });

  it('a bad field deep in an incident: the first one named, --verbose lists every one', async () => {
    const id = '9b2d7c1a-5f3e-4c8b-a0d2-7e6f5a4b3c21';
    const env = await fakeServer((_req, res) =>
      answer(res, 200, {
        id,
        name: 'Outage',
        severity: 'MAJOR',
        services: [{ id: 's1' }],
        incidentUpdates: 'none',
        lastUpdateStatus: 'INVESTIGATING',
        created_at: '2025-03-01',
      }),
    );
    const plain = await runCli(['incidents', 'get', id, '-o', 'json'], { env, inProcess: true });
    expect(plain.code, plain.stderr).toBe(1);
    expect(plain.stderr).toBe(
      `statusctl: the server's answer does not match the API: 200 to GET /v1/status-pages/incidents/${id}, at services[0].name: required, missing (and 3 more: --verbose lists them)\n` +
        `hint: is ${env.STATUSCTL_BASE_URL} (from STATUSCTL_BASE_URL) the status-page API? --verbose lists every field that differs\n`,
    );
    expect(plain.stdout).toBe('');
    const verbose = await runCli(['--verbose', 'incidents', 'get', id], { env, inProcess: true });
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toContain(
      [
        '  services[0].name: required, missing',
        '  services[0].accountId: required, missing',
        '  services[0].created_at: required, missing',
        '  incidentUpdates: expected array, got string "none"',
      ].join('\n'),
    );
  });

  it("the reference server's answers pass, and a plain read loads no vendor chunk (zod above all)", async () => {
    const cache = tempConfigDir();
    const result = await runCli(['runtimes', 'list', '-o', 'json'], {
      env: { ...reference.server.env, STATUSCTL_CACHE_DIR: cache },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(RUNTIMES);
    // The launcher writes a compile cache for every chunk it runs: only the CLI's own ran.
    expect(readdirSync(cache)).toEqual([expect.stringMatching(/^cli-.*--runtimes\.list\.v8cache$/)]);
  });

  it('no read with options, list of both generations or dry run loads a vendor chunk: queries and bodies are checked without zod', async () => {
    const env = reference.server.env;
    const listed = await runCli(['incidents', 'list', '-o', 'json', '--limit', '5'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    const [incident] = (JSON.parse(listed.stdout) as { entries: { id: string; services?: { id: string }[] }[] }).entries;
    const service = incident!.services![0]!.id;
    await loadOnlyTheCli([
      // The v2 list and every V3 page's: a query on each request.
      ['incidents', 'list'],
      ['incidents', 'list', '--limit', '20', '-o', 'json'],
      ['incidents', 'list', '--since', '7d', '--severity', 'major'],
      ['status-pages', 'list', '-o', 'json'],
      ['incidents', 'resolve', incident!.id, '--dry-run'],
      ['incidents', 'create', '--name', 'Checkout down', '--severity', 'minor', '--service', service, '--yes', '--dry-run'],
    ]);
  }, 60_000);

  it('nor do the dry runs of subscriptions add and maintenance create or edit, nor the plain reads of both', async () => {
    const made = await runCli(['maintenance', 'create', '--name', 'Kept', '--starts', '+1d', '--duration', '1h', '-o', 'json'], {
      env: reference.server.env,
    });
    expect(made.code, made.stderr).toBe(0);
    const window = String((JSON.parse(made.stdout) as { id: number }).id);
    await loadOnlyTheCli([
      // A bulk subscribe of either generation of page (the batch size is the contract's), and a window's bodies.
      ['subscriptions', 'add', 'acme-cloud', 'dry@example.com', '--dry-run'],
      ['subscriptions', 'add', 'acme-platform', 'dry@example.com', '--verified', '--dry-run'],
      ['maintenance', 'create', '--name', 'Database upgrade', '--starts', '+1h', '--duration', '2h', '--dry-run'],
      ['maintenance', 'create', '--name', 'Queue move', '--starts', '+2h', '--ends', '+3h', '--status-page', 'acme-platform'].concat([
        '--component',
        'Webhooks',
        '--remind',
        '1h',
        '--dry-run',
      ]),
      ['maintenance', 'edit', window, '--duration', '90m', '--remind', '2h', '--dry-run'],
      ['subscriptions', 'list', 'acme-cloud'],
      ['maintenance', 'list'],
      ['maintenance', 'get', window],
    ]);
  }, 60_000);
});

/** Runs each command of `calls` against the reference server: it succeeds, and only the CLI's own chunk ran. */
async function loadOnlyTheCli(calls: string[][]): Promise<void> {
  for (const args of calls) {
    const cache = tempConfigDir();
    const result = await runCli(args, { env: { ...reference.server.env, STATUSCTL_CACHE_DIR: cache } });
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    // The launcher writes a compile cache for every chunk it runs: only the CLI's own ran.
    expect(readdirSync(cache), args.join(' ')).toEqual([expect.stringMatching(/^cli-/)]);
  }
}

describe('a success body over the limit', () => {
  it('streamed without a length: exit 1 naming the limit, long before 200 MB were sent', async () => {
    let sent = 0;
    let closed = false;
    const env = await fakeServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.on('close', () => (closed = true));
      const chunk = Buffer.alloc(MB, 0x20);
      res.write('[');
      // Writes a megabyte at a time while the client reads: 200 MB if it never stops.
      const pump = () => {
        while (!closed && sent < 200 * MB) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!closed) res.end(']');
      };
      pump();
    });
    const result = await runCli(['runtimes', 'list'], { env, inProcess: true });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /^statusctl: 200 OK but the body is larger than 32 MiB, the client's limit for an answer \(GET \/v1\/runtimes\)\n/,
    );
    expect(result.stdout).toBe('');
    expect(sent).toBeLessThan(100 * MB);
  });

  it('with a content-length over it: refused before the body is read', async () => {
    const env = await fakeServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * MB) });
      // The rest never comes: a client that waited for it would time out instead.
      res.write('[');
    });
    const result = await runCli(['runtimes', 'list', '-o', 'json'], { env, timeoutMs: 20_000, inProcess: true });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('200 OK but the body is larger than 32 MiB');
  });
});

describe('--jq on an answer that is not strict JSON', () => {
  it('a lone UTF-16 surrogate escape: exit 1 saying the answer is not valid JSON, not blaming the filter', async () => {
    // JSON.stringify writes the lone surrogate as the escape \ud800, which JSON.parse takes and jq does not.
    const runtimes = RUNTIMES.map((runtime, index) => (index === 0 ? { ...runtime, name: 'broken \ud800 name' } : runtime));
    const env = await fakeServer((_req, res) => answer(res, 200, runtimes));
    const result = await runCli(['runtimes', 'list', '--jq', '.[].name'], { env, inProcess: true });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/^statusctl: --jq: the answer is not valid JSON \(.*surrogate.*\), so no filter can run on it\n/);
    expect(result.stderr).not.toContain('the filter is jq syntax');
    const plain = await runCli(['runtimes', 'list', '-o', 'json'], { env, inProcess: true });
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain('broken \\ud800 name');
  });
});

describe('a null the document allows where the reference server never gives one', () => {
  // The document makes a check status nullable, in the list and alone.
  const status = {
    name: 'Payments API',
    checkId: '676ca3e3-a836-5d4b-adc0-e52fb2a005d6',
    hasFailures: true,
    hasErrors: false,
    isDegraded: false,
    longestRun: 812,
    shortestRun: 640,
    lastRunLocation: 'eu-central-1',
    lastCheckRunId: null,
    sslDaysRemaining: null,
    created_at: '2026-01-01',
    updated_at: '2026-11-30T02:00:00.000Z',
  };

  it('checks status skips a null in the list, in every format; a null for one check is exit 4 listing the checks', async () => {
    const env = await fakeServer((req, res) => answer(res, 200, req.url?.startsWith('/v1/check-statuses/') ? null : [null, status]));
    const piped = await runCli(['checks', 'status'], { env, inProcess: true });
    expect(piped.code, piped.stderr).toBe(0);
    expect(
      piped.stdout
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t').slice(0, 3)),
    ).toEqual([[status.checkId, 'Payments API', 'failing']]);
    const table = await runCli(['checks', 'status', '-o', 'table'], { env, inProcess: true });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('Payments API');
    const json = await runCli(['checks', 'status', '--failing', '-o', 'json'], { env, inProcess: true });
    expect(JSON.parse(json.stdout)).toEqual([status]);
    const one = await runCli(['checks', 'status', 'b5a1c2d3-0000-4000-8000-000000000000'], { env, inProcess: true });
    expect(one.code, one.stderr).toBe(4);
    expect(one.stderr).toContain('check "b5a1c2d3-0000-4000-8000-000000000000": not found; the checks');
    expect(one.stderr).toContain('Payments API');
  });
});

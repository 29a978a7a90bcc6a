// The CLI, in-process through run(), against servers that misbehave: each fault is one line on stderr,
// no stack trace, the documented exit code (docs/cli.md), and no full key in any output, even
// with --verbose and even when the server echoes the key back. A corrupt config file is
// reported with its path and left byte for byte as it was, also by the commands that write.
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl, removeTempDirs, startTestServer, tempConfigDir, type RunResult, type TestServer } from '../cli/helpers.js';
import { containsKey } from './support.js';
import { runCli } from '../support/cli.js';
import { testClock } from '../support/clock.js';

/** Distinctive: a leak of it is easy to find. */
const KEY = 'sk_live_CANARYcli0a1b2c3d4e5f6g7h8i9';
const ACCOUNT = 'c1400000-0000-4000-8000-000000000001';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
afterAll(() => removeTempDirs());

/** Listens on a free local port; the server and its open sockets are closed after the test. */
async function listenUntilTestEnds(server: HttpServer | NetServer, sockets: Set<Socket>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/** A plain node:http server answering every request with `handler`; returns its URL. */
async function fakeHttp(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; requests: () => number }> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createHttpServer((req, res) => {
    count++;
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return { url: await listenUntilTestEnds(server, sockets), requests: () => count };
}

/** A raw TCP server: `onData` sees each connection's first bytes and does what it likes. */
async function fakeTcp(onRequest: (socket: Socket) => void): Promise<{ url: string; requests: () => number }> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', () => {
      count++;
      onRequest(socket);
    });
  });
  return { url: await listenUntilTestEnds(server, sockets), requests: () => count };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The documented error body, with the request's Authorization header echoed in (a careless server). */
function echoingError(status: number, error: string) {
  return (req: IncomingMessage, res: ServerResponse) =>
    json(res, status, { statusCode: status, error, message: `rejected ${req.headers.authorization ?? ''}` });
}

function env(url: string): Record<string, string> {
  return { STATUSCTL_BASE_URL: url, STATUSCTL_API_KEY: KEY, STATUSCTL_ACCOUNT_ID: ACCOUNT };
}

/**
 * One line on stderr, `statusctl: ...` (and at most a `hint:` line after it), no stack trace,
 * nothing on stdout (but the failed row of a command that prints one per id), no key anywhere.
 */
function expectOneLineFailure(result: RunResult, code: number, pattern: RegExp, stdout: unknown = ''): void {
  const context = `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`;
  expect(result.code, context).toBe(code);
  expect(result.stdout, context).toEqual(stdout);
  expect(result.stderr.endsWith('\n'), context).toBe(true);
  const [first, ...rest] = result.stderr.trimEnd().split('\n');
  expect(first, context).toMatch(/^statusctl: /);
  expect(rest, context).toEqual(rest.length ? [expect.stringMatching(/^hint: /)] : []);
  expect(result.stderr, context).not.toMatch(/^\s+at /m);
  expect(result.stderr, context).toMatch(pattern);
  expectNoKey(result);
}

function expectNoKey(result: RunResult, key = KEY): void {
  expect(containsKey(result.stdout, key), `stdout holds the key:\n${result.stdout}`).toBe(false);
  expect(containsKey(result.stderr, key), `stderr holds the key:\n${result.stderr}`).toBe(false);
}

/**
 * The same command with --verbose: more lines are fine, a stack trace or the key are not. Its
 * retries wait on a clock of its own, which they move instead of taking time.
 */
async function expectVerboseClean(args: string[], url: string, code: number): Promise<void> {
  const result = await runCli(['--verbose', ...args], { env: env(url), inProcess: true, clock: testClock() });
  const context = `exit ${result.code}\nstderr: ${result.stderr}`;
  expect(result.code, context).toBe(code);
  expect(result.stderr, context).toMatch(/key \*\*\*\*[\w-]{4}|statusctl: /);
  expectNoKey(result);
}

/**
 * The waits before each retry, on the run's clock (so they take no real time): `count` of them,
 * the nth between half and all of 250 ms doubled n-1 times (the client's backoff, with jitter).
 */
function expectBackoff(slept: readonly number[], count: number): void {
  expect(slept).toHaveLength(count);
  for (const [i, wait] of slept.entries()) {
    const full = 250 * 2 ** i;
    expect(wait, `wait ${i + 1} of ${slept.join(', ')}`).toBeGreaterThanOrEqual(full / 2);
    expect(wait, `wait ${i + 1} of ${slept.join(', ')}`).toBeLessThanOrEqual(full);
  }
}

describe('CLI against misbehaving servers: one line, documented exit code, no key', () => {
  it('connection refused: exit 1 (after the retries of a GET)', async () => {
    const url = await closedPortUrl();
    const clock = testClock();
    expectOneLineFailure(await runCli(['runtimes', 'list'], { env: env(url), inProcess: true, clock }), 1, /connection refused/);
    expectBackoff(clock.slept, 2);
    await expectVerboseClean(['runtimes', 'list'], url, 1);
  });

  it('a server that never answers, --timeout 1: exit 1', async () => {
    const { url, requests } = await fakeHttp(() => {
      // Never answers; the socket is destroyed when the test ends.
    });
    expectOneLineFailure(
      await runCli(['--timeout', '1', 'runtimes', 'list'], { env: env(url), inProcess: true }),
      1,
      /no response within 1000 ms/,
    );
    expect(requests()).toBeGreaterThan(0);
  });

  it('a connection reset by the server: exit 1 (after the retries of a GET)', async () => {
    const { url, requests } = await fakeTcp((socket) => socket.resetAndDestroy());
    const clock = testClock();
    expectOneLineFailure(await runCli(['runtimes', 'list'], { env: env(url), inProcess: true, clock }), 1, /connection (reset|closed)/);
    expect(requests()).toBe(3);
    expectBackoff(clock.slept, 2);
    await expectVerboseClean(['runtimes', 'list'], url, 1);
  });

  it('429 on every attempt, Retry-After 0: retried with backoff until --max-wait, then exit 1', async () => {
    const { url, requests } = await fakeHttp((_req, res) =>
      json(res, 429, { statusCode: 429, error: 'Too Many Requests', message: 'rate limit exceeded' }, { 'retry-after': '0' }),
    );
    const clock = testClock();
    expectOneLineFailure(
      await runCli(['error-groups', 'archive', '00000000-0000-4000-8000-000000000429', '--max-wait', '2'], {
        env: env(url),
        inProcess: true,
        clock,
      }),
      1,
      /429 Too Many Requests: rate limit exceeded.*\d+ attempts/,
      expect.stringMatching(/^00000000-0000-4000-8000-000000000429\tfailed\t429 Too Many Requests: .+ \(\d+ attempts\)\n$/),
    );
    // Backoff from 250 ms, doubling, within 2 s: more than one attempt, never a storm.
    expect(requests()).toBeGreaterThan(1);
    expect(requests()).toBeLessThan(10);
    expectBackoff(clock.slept, requests() - 1);
    expect(clock.slept.reduce((sum, wait) => sum + wait, 0)).toBeLessThanOrEqual(2000);
  });

  it('500 with the documented body (echoing the key): exit 1, the server message shown, the key scrubbed', async () => {
    const { url } = await fakeHttp(echoingError(500, 'Internal Server Error'));
    expectOneLineFailure(
      await runCli(['runtimes', 'list'], { env: env(url), inProcess: true }),
      1,
      /500 Internal Server Error: rejected Bearer \[redacted\]/,
    );
    await expectVerboseClean(['runtimes', 'list'], url, 1);
  });

  it('garbled JSON on a 200: exit 1', async () => {
    const { url } = await fakeHttp((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[{"name": "2025.04", "multiStep');
    });
    expectOneLineFailure(await runCli(['runtimes', 'list'], { env: env(url), inProcess: true }), 1, /200 OK but the body is not JSON/);
  });

  it('an HTML error page from a proxy (title echoing the key): exit 1 after the retries', async () => {
    const { url, requests } = await fakeHttp((req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(
        `<!DOCTYPE html>\n<html><head><title>502 Bad Gateway ${req.headers.authorization}</title></head>\n<body><h1>Bad Gateway</h1>\n<pre>upstream\n  at proxy.c:12</pre></body></html>`,
      );
    });
    const clock = testClock();
    expectOneLineFailure(
      await runCli(['runtimes', 'list'], { env: env(url), inProcess: true, clock }),
      1,
      /502 Bad Gateway: HTML error page/,
    );
    expect(requests()).toBe(3);
    expectBackoff(clock.slept, 2);
  });

  it('a body cut short (content-length larger than what is sent): exit 1', async () => {
    const { url } = await fakeTcp((socket) => {
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 5000\r\n\r\n[{"name":"2025.04"', () =>
        socket.destroy(),
      );
    });
    expectOneLineFailure(await runCli(['runtimes', 'list'], { env: env(url), inProcess: true }), 1, /cut short|not JSON|connection/);
  });

  it('401 and 403 with the documented body: exit 3; 404: exit 4', async () => {
    for (const [status, error, code] of [
      [401, 'Unauthorized', 3],
      [403, 'Forbidden', 3],
      [404, 'Not Found', 4],
    ] as const) {
      const { url } = await fakeHttp(echoingError(status, error));
      expectOneLineFailure(await runCli(['runtimes', 'list'], { env: env(url), inProcess: true }), code, new RegExp(`${status} ${error}`));
      await expectVerboseClean(['runtimes', 'list'], url, code);
    }
  });
});

describe('CLI against the reference server: no key in any output, on success and on errors', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ accounts: [{ id: ACCOUNT, key: KEY }] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('success, 404 and 401, with --verbose and with the key as an option', async () => {
    const ok = await runCli(['--verbose', '--api-key', KEY, 'runtimes', 'list'], {
      env: { STATUSCTL_BASE_URL: server.url },
      inProcess: true,
    });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toMatch(/GET .*\/v1\/runtimes -> 200 .*key \*\*\*\*\w{4}/);
    expectNoKey(ok);

    const json = await runCli(['--verbose', '--json', 'incidents', 'list'], { env: server.env, inProcess: true });
    expect(json.code, json.stderr).toBe(0);
    expectNoKey(json);

    const missing = await runCli(['incidents', 'get', '00000000-0000-4000-8000-00000000dead'], { env: server.env, inProcess: true });
    expectOneLineFailure(missing, 4, /404 Not Found/);
    await expectVerboseClean(['incidents', 'get', '00000000-0000-4000-8000-00000000dead'], server.url, 4);

    const otherKey = 'sk_live_CANARYwrong9z8y7x6w5v4u3t2s1';
    const unknown = await runCli(['--verbose', 'runtimes', 'list'], {
      env: { ...server.env, STATUSCTL_API_KEY: otherKey },
      inProcess: true,
    });
    expect(unknown.code, unknown.stderr).toBe(3);
    expect(unknown.stderr).toMatch(/401 Unauthorized/);
    expectNoKey(unknown, otherKey);

    const config = await runCli(['config', 'list'], { env: server.env, inProcess: true });
    expect(config.code, config.stderr).toBe(0);
    expectNoKey(config);
  });
});

describe('a corrupt config file', () => {
  const CORRUPT = '{"profiles": {"default": {"baseUrl": "http://127.0.0.1:1", \n';

  function corruptDir(): { dir: string; file: string } {
    const dir = tempConfigDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, CORRUPT, { mode: 0o600 });
    return { dir, file };
  }

  it.each([
    ['config list', ['config', 'list']],
    ['config get', ['config', 'get', 'base-url']],
    ['config set (writes)', ['config', 'set', 'base-url', 'http://127.0.0.1:4999']],
    ['config unset (writes)', ['config', 'unset', 'base-url']],
    ['logout (writes)', ['logout']],
    ['a command that needs the profile', ['runtimes', 'list']],
  ])('%s: reported with its path, non-zero exit, the file untouched', async (_, args) => {
    const { dir, file } = corruptDir();
    const result = await runCli(args, { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(result.code, result.stderr).not.toBe(0);
    expect(result.stderr).toContain(file);
    expect(result.stderr, result.stderr).toMatch(/^statusctl: [^\n]+\nhint: [^\n]+\n$/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(readFileSync(file, 'utf8')).toBe(CORRUPT);
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"str"'],
    ['profiles not an object', '{"profiles": "x"}'],
    ['a profile not an object', '{"profiles": {"default": "x"}}'],
    ['a number as the key', '{"profiles": {"default": {"apiKey": 5, "baseUrl": 7}}}'],
  ])('valid JSON of the wrong shape (%s): config set and list refuse it with its path, the file untouched', async (_, content) => {
    for (const args of [
      ['config', 'set', 'account-id', 'x'],
      ['config', 'list'],
      ['runtimes', 'list'],
    ]) {
      const dir = tempConfigDir();
      const file = join(dir, 'config.json');
      writeFileSync(file, content, { mode: 0o600 });
      const result = await runCli(args, { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(1);
      expect(result.stderr).toContain(file);
      expect(result.stderr, result.stderr).toMatch(/^statusctl: [^\n]+\nhint: [^\n]+\n$/);
      expect(readFileSync(file, 'utf8')).toBe(content);
    }
  });

  it('login (writes after a successful check): reported with its path, the file untouched', async () => {
    const server = await startTestServer({ accounts: [{ id: ACCOUNT, key: KEY }] });
    closers.push(() => server.close());
    const { dir, file } = corruptDir();
    const result = await runCli(['login', '--base-url', server.url, '--account-id', ACCOUNT], {
      env: { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_API_KEY: KEY },
      inProcess: true,
    });
    expect(result.code, result.stderr).not.toBe(0);
    expect(result.stderr).toContain(file);
    expect(result.stderr, result.stderr).toMatch(/^statusctl: [^\n]+\nhint: [^\n]+\n$/);
    expect(readFileSync(file, 'utf8')).toBe(CORRUPT);
    expectNoKey(result);
  });
});

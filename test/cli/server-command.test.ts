// statusctl server as a child process: the first stdout line, a real request with the printed
// key, a clean stop on SIGTERM, the access log written before exit. The CLI's calls to it and
// the refusals at start (usage errors of its options, a bad fixture file, a port in use), which
// end before anything listens, run in process.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { type AddressInfo, connect, createServer } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID, DEMO_IDS, demoIds } from '../../src/server/index.js';
import { removeTempDirs, runCli, startCli } from './helpers.js';

const running: ChildProcessWithoutNullStreams[] = [];
const dir = mkdtempSync(join(tmpdir(), 'statusctl-server-test-'));

function startServerCommand(args: string[]) {
  const server = startCli(['server', ...args]);
  running.push(server.child);
  /** Resolves with the first `count` stdout lines; fails if the process ends first. */
  const firstLines = async (count: number) => {
    while (server.lines().length < count) await server.line(/^/);
    return server.lines().slice(0, count);
  };
  return { child: server.child, firstLines, exited: server.exited.then(({ code }) => code), stderr: server.stderr };
}

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  removeTempDirs();
});

describe('statusctl server', () => {
  it('prints "listening on" first, serves a request with the given key, exits 0 on SIGTERM', async () => {
    const server = startServerCommand(['--port', '0', '--account', 'c1100000-0000-4000-8000-000000000001:sk_cli_test_0123456789']);
    const [first, second] = await server.firstLines(2);
    const url = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(first!)?.[1];
    expect(url, first).toBeDefined();
    expect(second).toContain('c1100000-0000-4000-8000-000000000001');
    // The demo ids named on stderr are this account's own.
    await expect
      .poll(() => server.stderr())
      .toContain(`heartbeat check ${demoIds('c1100000-0000-4000-8000-000000000001').heartbeatChecks.nightlyBackup}`);

    const response = await fetch(`${url}/v1/runtimes`, { headers: { authorization: 'Bearer sk_cli_test_0123456789' } });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
    const refused = await fetch(`${url}/v1/runtimes`, { headers: { authorization: 'Bearer sk_wrong' } });
    expect(refused.status).toBe(401);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('without --account, prints a generated key that works with the CLI', async () => {
    const server = startServerCommand(['--port', '0']);
    const [first, second] = await server.firstLines(2);
    const url = first!.replace('listening on ', '');
    // The account line carries the id and the key; the key is the last word.
    const words = second!.trim().split(/\s+/);
    const key = words.at(-1)!;
    const result = await runCli(['runtimes', 'list', '--json'], {
      env: { STATUSCTL_BASE_URL: url, STATUSCTL_API_KEY: key },
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(0);
    // The demo account, whose demo ids are the help examples' (DEMO_IDS): named on stderr, and real.
    expect(words[1]).toBe(DEMO_ACCOUNT_ID);
    const checkId = DEMO_IDS.heartbeatChecks.nightlyBackup;
    await expect.poll(() => server.stderr()).toContain(`heartbeat check ${checkId}`);
    const availability = await runCli(['heartbeats', 'availability', checkId, '--json'], {
      env: { STATUSCTL_BASE_URL: url, STATUSCTL_API_KEY: key },
      inProcess: true,
    });
    expect(availability.code, availability.stderr).toBe(0);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('takes --rca-delay: an analysis stays pending', async () => {
    const server = startServerCommand([
      '--port',
      '0',
      '--account',
      'de1a0000-0000-4000-8000-000000000001:sk_delay_test_123456',
      '--rca-delay',
      '600000',
    ]);
    const [first] = await server.firstLines(1);
    const env = { STATUSCTL_BASE_URL: first!.replace('listening on ', ''), STATUSCTL_API_KEY: 'sk_delay_test_123456' };
    const { createClient } = await import('../../src/client/index.js');
    const client = createClient({ baseUrl: env.STATUSCTL_BASE_URL, apiKey: env.STATUSCTL_API_KEY });
    const group = await client.recordErrorEvent({ body: { checkId: 'c', rawErrorMessage: 'Error: boom' } });
    const requested = await runCli(['rca', 'request', group.id], { env, inProcess: true });
    const pending = await runCli(['rca', 'get', requested.stdout.trim().split('\t')[2]!], { env, inProcess: true });
    expect(pending.stdout).toContain('still pending');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('takes the slow-client limits: late headers get 408 after --headers-timeout', async () => {
    const server = startServerCommand(['--port', '0', '--headers-timeout', '0.2s', '--body-timeout', '300ms', '--idle-timeout', '1s']);
    const [first] = await server.firstLines(1);
    const port = Number(/:(\d+)$/.exec(first!)?.[1]);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /v1/runtimes HTTP/1.1\r\nhost: x\r\n'));
      let received = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('headers are expected within 200 ms, a body within 300 ms of its headers');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('takes the caps of live streams: past --max-streams-per-page a stream is 503, and the API is still served', async () => {
    const server = startServerCommand(['--port', '0', '--max-connections', '1', '--max-streams', '3', '--max-streams-per-page', '1']);
    const [first] = await server.firstLines(1);
    const port = Number(/:(\d+)$/.exec(first!)?.[1]);
    const stream = (path: string) =>
      new Promise<{ head: string; socket: import('node:net').Socket }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`));
        let received = '';
        socket.setEncoding('utf8').on('data', (chunk: string) => {
          received += chunk;
          if (received.includes(': connected') || received.includes('</html>'))
            resolve({ head: received.slice(0, received.indexOf('\r\n')), socket });
        });
        socket.on('error', reject);
      });
    const open = await stream(`/status/${DEMO_ACCOUNT_ID}/acme-cloud/events`);
    expect(open.head).toBe('HTTP/1.1 200 OK');
    const refused = await stream(`/status/${DEMO_ACCOUNT_ID}/acme-cloud/events`);
    expect(refused.head).toBe('HTTP/1.1 503 Service Unavailable');
    // One stream open, as many as --max-connections: the contract (an API answer) is still served.
    expect((await fetch(`${first!.replace('listening on ', '')}/openapi.json`)).status).toBe(200);
    for (const { socket } of [open, refused]) socket.destroy();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('exits 2 for a bad --account, --port or --rca-delay, naming the option', async () => {
    const cases: [string[], string][] = [
      [['--account', 'no-colon-here'], '--account'],
      [['--account', 'id:'], '--account'],
      [['--account', 'acct-1:sk_0123456789'], '--account'],
      [['--port', '70000'], '--port'],
      [['--port', 'http'], '--port'],
      [['--rca-delay', '-5'], '--rca-delay'],
      [['--rate-limit', '0'], '--rate-limit'],
      [['--headers-timeout', 'soon'], '--headers-timeout'],
      [['--body-timeout', '0'], '--body-timeout'],
      [['--idle-timeout', '500ms'], '--idle-timeout'],
      [['--max-connections', '0'], '--max-connections'],
      [['--max-streams', '0'], '--max-streams'],
      [['--max-streams-per-page', 'many'], '--max-streams-per-page'],
    ];
    for (const [args, option] of cases) {
      const result = await runCli(['server', '--port', '0', ...args], { inProcess: true });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(option);
      expect(result.stdout).not.toContain('listening');
    }
  });

  it('refuses a bad fixture file at start with exit 2, naming the file and the bad field', async () => {
    const file = join(dir, 'bad-fixtures.json');
    writeFileSync(file, JSON.stringify({ unexpected: true }));
    const result = await runCli(['server', '--port', '0', '--fixtures', file], { inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(file);
    expect(result.stderr).toContain('unexpected');
  });

  it('exits 1 when the port is taken', async () => {
    // Taken by a listener of this process: what is tested is the server command's refusal.
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    try {
      const port = String((taken.address() as AddressInfo).port);
      const second = await runCli(['server', '--port', port], { inProcess: true });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('in use');
    } finally {
      await new Promise((closed) => taken.close(closed));
    }
  });
});

describe('statusctl server: the access log', () => {
  const ACCOUNT = 'c1100000-0000-4000-8000-000000000002';
  const KEY = 'sk_cli_log_test_0123456789';

  /** Starts the server with `args`, makes two requests (200 and 404), stops it; its stderr lines. */
  async function logOf(args: string[]): Promise<string[]> {
    const server = startServerCommand(['--port', '0', '--account', `${ACCOUNT}:${KEY}`, ...args]);
    const [first] = await server.firstLines(1);
    const url = /^listening on (\S+)$/.exec(first!)![1]!;
    const headers = { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT };
    expect((await fetch(`${url}/v1/runtimes`, { headers })).status).toBe(200);
    expect((await fetch(`${url}/v1/no-such-route`, { headers })).status).toBe(404);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    return server.stderr().split('\n');
  }

  it('by default: one text line per request with a true duration (microseconds), written before exit', async () => {
    const lines = await logOf([]);
    const access = lines.filter((line) => /^GET \//.test(line));
    expect(access).toEqual([
      expect.stringMatching(/^GET \/v1\/runtimes 200 \d+\.\d{3}ms$/),
      expect.stringMatching(/^GET \/v1\/no-such-route 404 \d+\.\d{3}ms$/),
    ]);
    const durations = access.map((line) => Number(/ ([\d.]+)ms$/.exec(line)![1]));
    // A request takes time: never the "0.0ms" of a log that rounded it away.
    expect(durations.every((ms) => ms > 0)).toBe(true);
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('--log-format json: one JSON object per request, for log shippers', async () => {
    const lines = await logOf(['--log-format', 'json']);
    const entries = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        method: 'GET',
        path: '/v1/runtimes',
        status: 200,
        durationMs: expect.any(Number),
      },
      { time: expect.any(String), method: 'GET', path: '/v1/no-such-route', status: 404, durationMs: expect.any(Number) },
    ]);
    expect(entries.every((entry) => (entry.durationMs as number) > 0)).toBe(true);
  });

  it('--quiet: no access lines; the start and stop messages remain', async () => {
    const lines = await logOf(['--quiet']);
    expect(lines.filter((line) => /^GET |^\{/.test(line))).toEqual([]);
    expect(lines.join('\n')).toContain('SIGTERM: finishing requests in flight');
  });

  it('refuses an unknown --log-format with exit 2, naming the choices', async () => {
    const result = await runCli(['server', '--log-format', 'xml'], { inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--log-format');
    expect(result.stderr).toMatch(/text.*json/);
  });
});

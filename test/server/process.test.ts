// `runServer` as a real process: the stdout contract of `statusctl server`, and a clean stop on
// SIGTERM that lets a request in flight finish. The CLI bundle is another engineer's, so this
// bundles src/server/run.ts itself.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAccountSpec } from '../../src/server/run.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'statusctl-run-'));
const bundle = join(dir, 'server.mjs');
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  await build({
    stdin: {
      contents: `import { runServer, parseAccountSpec } from './src/server/run.ts';
        const accounts = process.argv.slice(2).map(parseAccountSpec);
        await runServer({ port: 0, accounts, rcaDelayMs: 10 });`,
      resolveDir: repoRoot,
      loader: 'ts',
    },
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
  });
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  stderr: () => string;
  exit: Promise<number | null>;
  waitForStdoutLines(count: number): Promise<string[]>;
  waitForStderr(pattern: RegExp): Promise<void>;
}

function start(args: string[]): Started {
  const child = spawn(process.execPath, [bundle, ...args], { stdio: 'pipe' });
  children.push(child);
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const wakeUp of waiters.splice(0)) wakeUp();
  };
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    wake();
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    wake();
  });
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      wake();
      resolve(code);
    }),
  );
  const until = async (ready: () => boolean, what: string) => {
    while (!ready()) {
      if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${what}; stderr: ${stderr}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return {
    child,
    get lines() {
      return stdout.split('\n').filter(Boolean);
    },
    stderr: () => stderr,
    exit,
    async waitForStdoutLines(count) {
      await until(() => stdout.split('\n').length > count, `${count} stdout lines`);
      return stdout.split('\n').slice(0, count);
    },
    async waitForStderr(pattern) {
      await until(() => pattern.test(stderr), `stderr matching ${pattern}`);
    },
  };
}

describe('runServer in a process', () => {
  it('prints the URL first, then the accounts, logs requests to stderr, and exits 0 on SIGTERM', async () => {
    const server = start(['11111111-1111-4111-8111-111111111111:key-one-abcdef', '22222222-2222-4222-8222-222222222222:key:with:colons']);
    const [first, second, third] = await server.waitForStdoutLines(3);
    expect(first).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(second).toBe('account 11111111-1111-4111-8111-111111111111 key key-one-abcdef');
    expect(third).toBe('account 22222222-2222-4222-8222-222222222222 key key:with:colons');
    const url = first!.slice('listening on '.length);

    const response = await fetch(`${url}/v1/status-pages`, { headers: { authorization: 'Bearer key:with:colons' } });
    expect(response.status).toBe(200);
    expect((await response.json()).entries[0].accountId).toBe('22222222-2222-4222-8222-222222222222');
    await server.waitForStderr(/GET \/v1\/status-pages 200 /);
    expect(server.stderr()).not.toContain('key:with:colons');

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  });

  it('generates an account when none is given', async () => {
    const server = start([]);
    const [, account] = await server.waitForStdoutLines(2);
    expect(account).toMatch(/^account [0-9a-f-]{36} key \S{20,}$/);
    server.child.kill('SIGINT');
    expect(await server.exit).toBe(0);
  });

  it('finishes a request in flight before exiting', async () => {
    const server = start(['11111111-1111-4111-8111-111111111111:key-one-abcdef']);
    const [first] = await server.waitForStdoutLines(1);
    const port = Number(first!.split(':').pop());
    const body = JSON.stringify({ checkId: 'c', rawErrorMessage: 'connect ECONNREFUSED 10.0.0.1:443' });
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    // With Expect: 100-continue the server answers 100 once it has taken the request in (its
    // headers read and the request dispatched): the event that says the request has started.
    const started = new Promise<void>((resolve) => socket.on('data', () => answer.includes('100 Continue') && resolve()));
    socket.write(
      `POST /_reference/error-events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer key-one-abcdef\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await started;
    // Stop the server while the request's body is still to come.
    server.child.kill('SIGTERM');
    await server.waitForStderr(/SIGTERM/);
    socket.end(body);
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 Created/);
    expect(await server.exit).toBe(0);
  });
});

describe('parseAccountSpec', () => {
  it('splits ID:KEY at the first colon', () => {
    const id = '7ea10000-0000-4000-8000-000000000001';
    expect(parseAccountSpec(`${id}:sk_abc:def`)).toEqual({ id, key: 'sk_abc:def' });
  });

  it.each([
    ['no-colon', /expects ID:KEY/],
    [':key', /ID is empty/],
    ['id:', /KEY of account id is empty/],
    ['my id:key', /white space/],
    ['id:my key', /white space/],
    ['team-1:sk_abc', /the ID "team-1" is not a UUID/],
  ])('refuses %j with a clear message', (spec, message) => {
    expect(() => parseAccountSpec(spec)).toThrow(message);
  });

  it('does not echo a key in its errors', () => {
    expect(() => parseAccountSpec('id:secret key-value')).toThrow(/^(?!.*secret).*$/);
  });
});

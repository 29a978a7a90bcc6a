// The built binary through a real SOCKS5 proxy (microsocks, a Debian package installed by
// scripts/system-deps/socks-proxy.sh) with user and password authentication, to the reference
// server over TLS. microsocks logs each connection it opens, which says the proxy was used.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyEnv, useTlsServer } from '../support/network.js';
import { closedPortUrl, removeTempDirs, runCli } from './helpers.js';

const MICROSOCKS = spawnSync('sh', ['-c', 'command -v microsocks'], { encoding: 'utf8' }).stdout.trim();
if (!MICROSOCKS) {
  console.warn('SKIPPED: the SOCKS5 proxy tests need microsocks; install it with scripts/system-deps/socks-proxy.sh');
}

const USER = 'carol';
const PASSWORD = 's0cks-pass';

let socks: ChildProcess | undefined;
let socksPort: number;
let socksLog = '';

/** Resolves once something accepts connections on the port (microsocks has no ready message). */
async function listening(port: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (socks?.exitCode !== null) throw new Error(`microsocks exited: ${socksLog}`);
  }
}

describe.skipIf(!MICROSOCKS)('through a SOCKS5 proxy (microsocks: scripts/system-deps/socks-proxy.sh)', () => {
  const tls = useTlsServer();

  beforeAll(async () => {
    socksPort = Number(new URL(await closedPortUrl()).port);
    socks = spawn(MICROSOCKS, ['-i', '127.0.0.1', '-p', String(socksPort), '-u', USER, '-P', PASSWORD], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    socks.stdout?.setEncoding('utf8').on('data', (chunk: string) => (socksLog += chunk));
    socks.stderr?.setEncoding('utf8').on('data', (chunk: string) => (socksLog += chunk));
    await listening(socksPort);
  });

  afterAll(() => {
    socks?.kill();
    removeTempDirs();
  });

  const run = (proxy: string, args: string[] = ['runtimes', 'list', '-o', 'json']) =>
    runCli(['--ca-file', tls.certs.caFile, ...args], {
      env: { ...tls.server.env, STATUSCTL_BASE_URL: tls.baseUrl, ...proxyEnv({ HTTPS_PROXY: proxy }) },
    });

  it.each(['socks5', 'socks5h'])('%s:// with the right user and password: the request goes through the proxy', async (scheme) => {
    const before = socksLog.length;
    const result = await run(`${scheme}://${USER}:${PASSWORD}@127.0.0.1:${socksPort}`, ['--verbose', 'runtimes', 'list', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`via proxy ${scheme}://${USER}:****@127.0.0.1:${socksPort}`);
    expect(socksLog.slice(before)).toMatch(new RegExp(`connected to [^\\n]*:${tls.front.port}`));
  });

  it('a wrong password: exit 1, the proxy named without it, and a hint', async () => {
    const result = await run(`socks5h://${USER}:bad-s0cks@127.0.0.1:${socksPort}`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `the proxy socks5h://${USER}:****@127.0.0.1:${socksPort} refused the credentials (SOCKS5 authentication failed)`,
    );
    expect(result.stderr).toMatch(/^hint: put the right user and password in the proxy URL/m);
    expect(result.stderr).not.toContain('bad-s0cks');
  });
});

// The CLI behind a real forward proxy (the `proxy` package: CONNECT tunnels, Basic
// authentication) in front of the reference server served over TLS with a CA made here. The
// proxy records every request it gets, so the tests can say what it saw: only CONNECT lines to
// the server's host and port, never an Authorization header, nothing at all with NO_PROXY.
// A write (the incident the command families then use), the http:// base URL and the MCP server
// run as the built binary (with the proxy agents as bundled); every command family, and how the
// proxy is chosen, authenticated and reported, through the CLI in the test process, which takes
// its proxy from the run's environment too.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createClient } from '../../src/client/index.js';
import { toolName } from '../../src/mcp/tools.js';
import { proxyEnv, type SeenByProxy, startProxy, type TestProxy, useTlsServer } from '../support/network.js';
import { BIN, cleanEnv, closedPortUrl, parseJson, removeTempDirs, ROOT, runCli, tempConfigDir } from './helpers.js';
import { testClock } from '../support/clock.js';

const tls = useTlsServer();
let proxy: TestProxy;
let guarded: TestProxy;
let errorGroupId: string;
let checkId: string;
let serviceId: string;

const USER = 'alice';
const PASSWORD = 'pr0xy-s3cret';

beforeAll(async () => {
  [proxy, guarded] = await Promise.all([startProxy(), startProxy({ user: USER, password: PASSWORD })]);
  const { server } = tls;
  const client = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, proxy: false });
  errorGroupId = (await client.recordErrorEvent({ body: { checkId: 'check-proxy', rawErrorMessage: 'Error: socket hang up' } })).id;
  const page = (await client.listStatusPages({})).entries[0]!;
  serviceId = page.cards[0]!.services[0]!.id;
  checkId = randomUUID();
  await client.recordHeartbeatEvent({ params: { checkId }, body: { state: 'RECEIVED', timestamp: new Date().toISOString() } });
});

afterAll(async () => {
  await Promise.all([proxy?.close(), guarded?.close()]);
  removeTempDirs();
});

/** The server over TLS, its CA trusted with --ca-file, and the proxy variables given: the CLI in this process. */
function through(args: string[], variables: Record<string, string>) {
  return runCli(['--ca-file', tls.certs.caFile, ...args], {
    env: { ...tls.server.env, STATUSCTL_BASE_URL: tls.baseUrl, ...proxyEnv(variables) },
    inProcess: true,
  });
}

/** The same with the built binary. */
function throughBinary(args: string[], variables: Record<string, string>) {
  return runCli(['--ca-file', tls.certs.caFile, ...args], {
    env: { ...tls.server.env, STATUSCTL_BASE_URL: tls.baseUrl, ...proxyEnv(variables) },
  });
}

/** What a proxy saw from here on. */
function watch(target: TestProxy) {
  const from = target.seen.length;
  return () => target.seen.slice(from);
}

describe('every command family through an HTTP proxy (HTTPS via CONNECT)', () => {
  const env = () => ({ HTTPS_PROXY: proxy.url });
  let seen: () => SeenByProxy[];
  let incidentId: string;

  beforeAll(async () => {
    seen = watch(proxy);
    const created = await throughBinary(
      ['incidents', 'create', '--name', 'Through the proxy', '--severity', 'minor', '--service', serviceId, '-o', 'json'],
      env(),
    );
    expect(created.code, created.stderr).toBe(0);
    incidentId = parseJson<{ id: string }>(created).id;
  });

  it.each([
    ['runtimes', 'list', '-o', 'json'],
    ['status-pages', 'list', '-o', 'json'],
    ['incidents', 'list', '-o', 'json'],
    ['incidents', 'get', '<incident>', '-o', 'json'],
    ['incident-updates', 'add', '<incident>', '--message', 'Fix deployed', '--status', 'MONITORING', '-o', 'json'],
    ['incidents', 'resolve', '<incident>', '--message', 'Resolved', '-o', 'json'],
    ['rca', 'request', '<error-group>', '-o', 'json'],
    ['error-groups', 'archive', '<error-group>', '-o', 'json'],
    ['heartbeats', 'availability', '<check>', '-o', 'json'],
    ['api', '/v1/runtimes'],
    ['whoami', '-o', 'json'],
  ])('%s %s', async (...template) => {
    const ids: Record<string, string> = { '<incident>': incidentId, '<error-group>': errorGroupId, '<check>': checkId };
    const args = template.map((word) => ids[word] ?? word);
    const before = seen().length;
    const result = await through(args, env());
    expect(result.code, result.stderr).toBe(0);
    expect(() => JSON.parse(result.stdout)).not.toThrow();
    expect(seen().length).toBeGreaterThan(before);
  });

  it('the proxy saw only CONNECT to the server, never Authorization nor the key', () => {
    const requests = seen();
    expect(requests.length).toBeGreaterThanOrEqual(12);
    for (const request of requests) {
      expect(request.method).toBe('CONNECT');
      expect(request.url).toBe(`localhost:${tls.front.port}`);
      expect(request.headers.authorization).toBeUndefined();
      expect(JSON.stringify(request.headers)).not.toContain(tls.server.account.key);
    }
  });
});

describe('through an HTTP proxy (HTTPS via CONNECT)', () => {
  it('lowercase variables work too, and the lowercase one wins over the uppercase', async () => {
    const seen = watch(proxy);
    const result = await through(['runtimes', 'list', '-o', 'json'], {
      https_proxy: proxy.url,
      HTTPS_PROXY: await closedPortUrl(),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(seen().map((request) => request.method)).toEqual(['CONNECT']);
  });

  it('ALL_PROXY serves when no scheme variable is set; HTTP_PROXY alone does not apply to https', async () => {
    const seen = watch(proxy);
    const all = await through(['runtimes', 'list', '-o', 'json'], { ALL_PROXY: proxy.url });
    expect(all.code, all.stderr).toBe(0);
    expect(seen()).toHaveLength(1);
    const httpOnly = await through(['runtimes', 'list', '-o', 'json'], { HTTP_PROXY: proxy.url });
    expect(httpOnly.code, httpOnly.stderr).toBe(0);
    expect(seen()).toHaveLength(1);
  });

  it('NO_PROXY sends listed hosts direct: the proxy log shows nothing', async () => {
    const seen = watch(proxy);
    for (const noProxy of ['localhost', `localhost:${tls.front.port}`, 'example.com, localhost', '*']) {
      for (const name of ['NO_PROXY', 'no_proxy']) {
        const result = await through(['runtimes', 'list', '-o', 'json'], { HTTPS_PROXY: proxy.url, [name]: noProxy });
        expect(result.code, `${name}=${noProxy}: ${result.stderr}`).toBe(0);
      }
    }
    expect(seen()).toEqual([]);
    // A port or host that does not match leaves the proxy in use.
    const otherPort = await through(['runtimes', 'list', '-o', 'json'], { HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost:1' });
    expect(otherPort.code, otherPort.stderr).toBe(0);
    expect(seen()).toHaveLength(1);
  });

  it('--proxy and the proxy setting serve when the environment has none; NO_PROXY applies to them too', async () => {
    const seen = watch(proxy);
    const option = await through(['--proxy', proxy.url, 'runtimes', 'list', '-o', 'json'], {});
    expect(option.code, option.stderr).toBe(0);
    expect(seen()).toHaveLength(1);

    const dir = tempConfigDir();
    const set = await runCli(['config', 'set', 'proxy', proxy.url], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(set.code, set.stderr).toBe(0);
    const fromProfile = await through(['runtimes', 'list', '-o', 'json'], { STATUSCTL_CONFIG_DIR: dir });
    expect(fromProfile.code, fromProfile.stderr).toBe(0);
    expect(seen()).toHaveLength(2);

    const bypassed = await through(['--proxy', proxy.url, 'runtimes', 'list', '-o', 'json'], { NO_PROXY: 'localhost' });
    expect(bypassed.code, bypassed.stderr).toBe(0);
    expect(seen()).toHaveLength(2);
  });

  it('whoami shows the proxy in use and where it comes from, and when NO_PROXY bypasses it', async () => {
    const fromEnv = await through(['whoami', '-o', 'json'], { HTTPS_PROXY: proxy.url });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(parseJson<{ proxy: unknown }>(fromEnv).proxy).toEqual({
      value: proxy.url,
      source: 'environment',
      from: 'HTTPS_PROXY',
      used: true,
    });
    const table = await through(['--proxy', proxy.url, 'whoami'], {});
    expect(table.stdout).toMatch(new RegExp(`proxy\\s+${proxy.url} \\(from --proxy\\)`));
    const bypassed = await through(['whoami'], { https_proxy: proxy.url, NO_PROXY: 'localhost' });
    expect(bypassed.stdout).toMatch(/proxy\s+none: NO_PROXY=localhost sends this base URL direct/);
    const none = await through(['whoami', '-o', 'json'], {});
    expect(parseJson<{ proxy: { value: unknown; used: boolean } }>(none).proxy).toMatchObject({ value: null, used: false });
  });

  it('--verbose says that each request goes through the proxy', async () => {
    const result = await through(['--verbose', 'runtimes', 'list', '-o', 'json'], { HTTPS_PROXY: proxy.url });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`GET ${tls.baseUrl}/v1/runtimes via proxy ${proxy.url} -> 200`);
  });
});

describe('proxy authentication', () => {
  it('credentials in the URL become Proxy-Authorization: the right ones pass', async () => {
    const seen = watch(guarded);
    const url = `http://${USER}:${PASSWORD}@127.0.0.1:${guarded.port}`;
    const result = await through(['runtimes', 'list', '-o', 'json'], { HTTPS_PROXY: url });
    expect(result.code, result.stderr).toBe(0);
    const [connect] = seen();
    expect(connect?.method).toBe('CONNECT');
    expect(connect?.headers['proxy-authorization']).toBe(`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`);
    expect(connect?.headers.authorization).toBeUndefined();
  });

  it('wrong credentials: exit 1, the proxy named without its password, and a hint', async () => {
    const url = `http://${USER}:wrong-password@127.0.0.1:${guarded.port}`;
    const result = await through(['--verbose', 'runtimes', 'list'], { HTTPS_PROXY: url });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `the proxy http://${USER}:****@127.0.0.1:${guarded.port} refused the credentials (407 Proxy Authentication Required)`,
    );
    expect(result.stderr).toMatch(/^hint: put the right user and password in the proxy URL/m);
    expect(result.stderr).not.toContain('wrong-password');
    // Not retried: the same credentials get the same answer.
    expect(result.stderr).not.toContain('attempts');
  });

  it('no credentials for a proxy that wants them: the same 407 error', async () => {
    const result = await through(['runtimes', 'list'], { HTTPS_PROXY: guarded.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the proxy ${guarded.url} refused the credentials (407`);
    expect(result.stderr).toMatch(/^hint: /m);
  });

  it('config list and get show the proxy password masked', async () => {
    const dir = tempConfigDir();
    const url = `http://${USER}:${PASSWORD}@127.0.0.1:${guarded.port}`;
    expect((await runCli(['config', 'set', 'proxy', url], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true })).code).toBe(0);
    for (const args of [['config', 'list'], ['config', 'get', 'proxy'], ['whoami']]) {
      const result = await runCli(args, { env: { ...tls.server.env, STATUSCTL_CONFIG_DIR: dir, ...proxyEnv() }, inProcess: true });
      expect(`${result.stdout}${result.stderr}`, args.join(' ')).toContain(`${USER}:****@127.0.0.1`);
      expect(`${result.stdout}${result.stderr}`, args.join(' ')).not.toContain(PASSWORD);
    }
  });
});

describe('proxy failures and bad values', () => {
  it('proxy down: exit 1, naming the proxy (not the server), with a hint', async () => {
    const down = await closedPortUrl();
    // Its retries wait on a clock of the test's, which they move instead of taking time.
    const result = await runCli(['--ca-file', tls.certs.caFile, 'runtimes', 'list'], {
      env: { ...tls.server.env, STATUSCTL_BASE_URL: tls.baseUrl, ...proxyEnv({ HTTPS_PROXY: down }) },
      inProcess: true,
      clock: testClock(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`connection refused (ECONNREFUSED) to the proxy ${down.replace(/\/$/, '')} (for ${tls.baseUrl})`);
    expect(result.stderr).toMatch(/^hint: the proxy cannot be reached/m);
  });

  it('a proxy URL that is not one: exit 2 naming where it came from', async () => {
    const ftp = await through(['runtimes', 'list'], { HTTPS_PROXY: 'ftp://proxy.example.com:21' });
    expect(ftp.code).toBe(2);
    expect(ftp.stderr).toContain('the proxy from HTTPS_PROXY is not usable: ftp proxies are not supported');
    expect(ftp.stderr).toMatch(/^hint: /m);
    const option = await through(['--proxy', 'http://proxy.example.com:3128/path', 'runtimes', 'list'], {});
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('the proxy from --proxy is not usable');
    const set = await runCli(['config', 'set', 'proxy', 'gopher://x'], { env: proxyEnv(), inProcess: true });
    expect(set.code).toBe(2);
    expect(set.stderr).toContain('proxy: gopher proxies are not supported');
  });
});

describe('an http base URL through the proxy', () => {
  it('goes in absolute form to the proxy (which then sees the request), with HTTP_PROXY', async () => {
    const seen = watch(proxy);
    const result = await runCli(['runtimes', 'list', '-o', 'json'], { env: { ...tls.server.env, ...proxyEnv({ HTTP_PROXY: proxy.url }) } });
    expect(result.code, result.stderr).toBe(0);
    const [request] = seen();
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(`${tls.server.url}/v1/runtimes`);
  });
});

describe('statusctl mcp', () => {
  it('sends its tool calls through the proxy and trusts the CA of the profile settings', async () => {
    const dir = tempConfigDir();
    for (const [key, value] of [
      ['proxy', proxy.url],
      ['ca-file', tls.certs.caFile],
    ] as const) {
      expect((await runCli(['config', 'set', key, value], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true })).code).toBe(0);
    }
    const seen = watch(proxy);
    const transport = new StdioClientTransport({
      command: process.execPath,
      // The runtimes' toolset: what the call below needs, not served by default.
      args: [BIN, 'mcp', '--toolsets', 'runtimes'],
      cwd: ROOT,
      env: cleanEnv({ ...tls.server.env, STATUSCTL_BASE_URL: tls.baseUrl, STATUSCTL_CONFIG_DIR: dir, ...proxyEnv() }) as Record<
        string,
        string
      >,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'statusctl-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: toolName('listRuntimes'), arguments: {} });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    } finally {
      await client.close();
    }
    expect(seen().map((request) => request.method)).toEqual(['CONNECT']);
  });
});

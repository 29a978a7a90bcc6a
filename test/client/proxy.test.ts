// The typed client through a real forward proxy on both HTTP stacks (undici, the library's
// default, and node:http), against the reference server over TLS with a CA made here; and the
// NO_PROXY rules as the client applies them (proxy-from-env's matching, over a given value).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createClient } from '../../src/client/index.js';
import { bypassesProxy, maskProxyUrl, parseProxyUrl, proxyVariable } from '../../src/client/proxy.js';
import { removeTempDirs } from '../support/cli.js';
import { proxyEnv, startProxy, type TestProxy, useTlsServer } from '../support/network.js';

const tls = useTlsServer();
let proxy: TestProxy;
let guarded: TestProxy;

beforeAll(async () => {
  [proxy, guarded] = await Promise.all([startProxy(), startProxy({ user: 'bob', password: 'b0b-pass' })]);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

afterAll(async () => {
  await Promise.all([proxy?.close(), guarded?.close()]);
  removeTempDirs();
});

function seenFrom(target: TestProxy) {
  const from = target.seen.length;
  return () => target.seen.slice(from);
}

/** process.env with every proxy variable cleared, then `set` (vi.stubEnv, undone after each test). */
function stubProxyEnv(set: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(proxyEnv(set))) vi.stubEnv(name, value);
}

describe.each(['undici', 'node'] as const)('the client over %s', (http) => {
  const clientWith = (options: { proxy?: string | false; ca?: string }) =>
    createClient({ baseUrl: tls.baseUrl, apiKey: tls.server.account.key, accountId: tls.server.account.id, http, ...options });

  it('goes through the proxy given, CONNECT only, the key never seen by the proxy', async () => {
    const seen = seenFrom(proxy);
    const runtimes = await clientWith({ proxy: proxy.url, ca: tls.certs.ca.cert }).listRuntimes({});
    expect(runtimes.length).toBeGreaterThan(0);
    const requests = seen();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([`CONNECT localhost:${tls.front.port}`]);
    expect(JSON.stringify(requests)).not.toContain(tls.server.account.key);
  });

  it('takes HTTPS_PROXY from process.env by default, and NO_PROXY from there too', async () => {
    stubProxyEnv({ HTTPS_PROXY: proxy.url });
    const seen = seenFrom(proxy);
    await clientWith({ ca: tls.certs.ca.cert }).listRuntimes({});
    expect(seen()).toHaveLength(1);
    stubProxyEnv({ HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost' });
    await clientWith({ ca: tls.certs.ca.cert }).listRuntimes({});
    expect(seen()).toHaveLength(1);
  });

  it('proxy: false ignores the environment', async () => {
    stubProxyEnv({ HTTPS_PROXY: 'http://127.0.0.1:1' });
    const seen = seenFrom(proxy);
    await clientWith({ proxy: false, ca: tls.certs.ca.cert }).listRuntimes({});
    expect(seen()).toEqual([]);
  });

  it('credentials become Proxy-Authorization; wrong ones are an ApiError naming the proxy with 407, password masked', async () => {
    const seen = seenFrom(guarded);
    await clientWith({ proxy: `http://bob:b0b-pass@127.0.0.1:${guarded.port}`, ca: tls.certs.ca.cert }).listRuntimes({});
    expect(seen()[0]?.headers['proxy-authorization']).toBe(`Basic ${Buffer.from('bob:b0b-pass').toString('base64')}`);
    const error = await clientWith({ proxy: `http://bob:nope@127.0.0.1:${guarded.port}`, ca: tls.certs.ca.cert })
      .listRuntimes({})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', proxyStatus: 407, proxy: `http://bob:****@127.0.0.1:${guarded.port}` });
    expect((error as ApiError).message).toContain('refused the credentials (407 Proxy Authentication Required)');
    expect((error as ApiError).message).not.toContain('nope');
  });

  it('ca adds to the default roots: without it, the private CA is unknown', async () => {
    const error = await clientWith({ proxy: false })
      .listRuntimes({})
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'network', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    await expect(clientWith({ proxy: false, ca: tls.certs.ca.cert }).listRuntimes({})).resolves.toBeInstanceOf(Array);
  });
});

describe('the trusted list', () => {
  it('is the default roots plus the PEM given, not the PEM alone', async () => {
    const { rootCertificates } = await import('node:tls');
    const { trustedCertificates } = await import('../../src/client/tls.js');
    expect(trustedCertificates({})).toBeUndefined();
    const list = trustedCertificates({ extra: [tls.certs.ca.cert] })!;
    expect(list.at(-1)).toBe(tls.certs.ca.cert);
    expect(list).toEqual(expect.arrayContaining([...rootCertificates]));
  });
});

describe('which proxy, and NO_PROXY', () => {
  const https = new URL('https://api.example.com/v1');
  const http = new URL('http://127.0.0.1:4010/v1');

  it('the scheme variable, then ALL_PROXY, lowercase first; HTTP_PROXY is not for https', () => {
    expect(proxyVariable(https, { HTTPS_PROXY: 'a', https_proxy: 'b', ALL_PROXY: 'c' })).toEqual({ name: 'https_proxy', value: 'b' });
    expect(proxyVariable(https, { HTTP_PROXY: 'a', ALL_PROXY: 'c' })).toEqual({ name: 'ALL_PROXY', value: 'c' });
    expect(proxyVariable(https, { HTTP_PROXY: 'a' })).toBeUndefined();
    expect(proxyVariable(http, { HTTP_PROXY: 'a', all_proxy: 'c' })).toEqual({ name: 'HTTP_PROXY', value: 'a' });
  });

  it.each([
    ['api.example.com', true],
    ['example.com', false],
    ['.example.com', true],
    ['*.example.com', true],
    ['api.example.com:443', true],
    ['api.example.com:8443', false],
    ['other.org, api.example.com', true],
    ['other.org api.example.com', true],
    ['*', true],
    ['other.org', false],
  ])('NO_PROXY=%j for https://api.example.com: direct %s', async (noProxy, direct) => {
    expect(await bypassesProxy(https, noProxy)).toBe(direct);
  });

  it('IP literals match as written', async () => {
    expect(await bypassesProxy(http, '127.0.0.1')).toBe(true);
    expect(await bypassesProxy(http, '127.0.0.2')).toBe(false);
    expect(await bypassesProxy(new URL('http://[::1]:4010/'), '[::1]')).toBe(true);
  });

  it('address ranges match an address given as the host, IPv4 and IPv6; a host name is not resolved for them', async () => {
    expect(await bypassesProxy(http, '10.0.0.0/8, 127.0.0.0/8')).toBe(true);
    expect(await bypassesProxy(http, '10.0.0.0/8')).toBe(false);
    expect(await bypassesProxy(new URL('https://192.168.17.4/'), 'example.com 192.168.16.0/20')).toBe(true);
    expect(await bypassesProxy(new URL('https://192.168.32.4/'), '192.168.16.0/20')).toBe(false);
    expect(await bypassesProxy(new URL('http://[fd12:3456::1]:4010/'), 'fd00::/8')).toBe(true);
    expect(await bypassesProxy(new URL('http://[fe80::1]:4010/'), 'fd00::/8')).toBe(false);
    expect(await bypassesProxy(new URL('http://localhost:4010/'), '127.0.0.0/8')).toBe(false);
    // Not ranges: left to the host name rules, and matching nothing here.
    expect(await bypassesProxy(http, '127.0.0.1/33, 127.0.0.0/x, /8')).toBe(false);
  });

  it('leaves process.env as it was', async () => {
    const before = process.env;
    await bypassesProxy(https, 'example.com');
    expect(process.env).toBe(before);
  });

  it('proxy URLs: schemes, credentials masked, no path', () => {
    expect(parseProxyUrl('proxy.example.com:3128')).toEqual(new URL('http://proxy.example.com:3128'));
    expect(parseProxyUrl('socks5h://proxy:1080')).toBeInstanceOf(URL);
    expect(parseProxyUrl('ftp://proxy:21')).toMatch(/ftp proxies are not supported/);
    expect(parseProxyUrl('http://proxy:3128/x')).toMatch(/no path/);
    expect(maskProxyUrl(new URL('http://u%40corp:p%3Ass@proxy:3128'))).toBe('http://u%40corp:****@proxy:3128');
  });
});

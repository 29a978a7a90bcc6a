// Which forward proxy a request goes through, as curl, gh and the vendor's CLI decide it: the
// variable of the target's scheme (HTTPS_PROXY for https, HTTP_PROXY for http), else ALL_PROXY,
// each in lowercase first, then uppercase; NO_PROXY lists the hosts that go direct. Nothing here
// loads a proxy library: NO_PROXY is matched by proxy-from-env, imported only when a proxy is set,
// and its address ranges by Node's own BlockList.
import { BlockList, isIP } from 'node:net';

/** Proxy schemes the client can send through (socks5h: the proxy resolves the host name). */
export const PROXY_SCHEMES = ['http:', 'https:', 'socks5:', 'socks5h:'] as const;

type Env = Readonly<Record<string, string | undefined>>;

/** The variable holding the proxy for `target`, with its value; undefined when none is set. */
export function proxyVariable(target: URL, env: Env): { name: string; value: string } | undefined {
  const scheme = target.protocol.replace(/:$/, '');
  for (const base of [`${scheme}_proxy`, 'all_proxy']) {
    for (const name of [base, base.toUpperCase()]) {
      const value = env[name]?.trim();
      if (value) return { name, value };
    }
  }
  return undefined;
}

/** NO_PROXY as it is set (lowercase first, as curl reads it). */
export function noProxyValue(env: Env): string | undefined {
  return env.no_proxy?.trim() || env.NO_PROXY?.trim() || undefined;
}

/**
 * A proxy URL as given, or what is wrong with it. A value without a scheme (`proxy:3128`) is
 * an HTTP proxy, as curl takes it.
 */
export function parseProxyUrl(value: string): URL | string {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    return 'expected a URL like http://proxy.example.com:3128 (credentials: http://USER:PASSWORD@host:port)';
  }
  if (!(PROXY_SCHEMES as readonly string[]).includes(url.protocol)) {
    return `${url.protocol.replace(/:$/, '')} proxies are not supported: expected http://, https://, socks5:// or socks5h://`;
  }
  if (!url.hostname) return 'expected a host name, as in http://proxy.example.com:3128';
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    return 'a proxy URL has no path: expected scheme://host:port';
  return url;
}

/** The proxy URL for people to read: the password replaced, never shown. */
export function maskProxyUrl(url: URL): string {
  const shown = new URL(url.href);
  if (shown.password) shown.password = '****';
  return shown.href.replace(/\/$/, '');
}

/**
 * Whether NO_PROXY sends `target` direct: host names and domain suffixes (`example.com`,
 * `.example.com`, `*.example.com`), with a port or not (`host:8443`), IP literals, `*` for all,
 * and address ranges (`10.0.0.0/8`, `fd00::/8`).
 */
export async function bypassesProxy(target: URL, noProxy: string | undefined): Promise<boolean> {
  if (!noProxy) return false;
  if (noProxy === '*') return true;
  if (inListedRange(target, noProxy)) return true;
  const { getProxyForUrl } = await import('proxy-from-env');
  // proxy-from-env reads its variables from process.env only, and a run of the CLI may be given
  // an environment of its own (tests pass one): the lookup is made, synchronously, over an
  // environment holding just the two values it needs, and process.env is put back at once.
  const own = process.env;
  process.env = { no_proxy: noProxy, all_proxy: 'http://proxy.invalid' };
  try {
    return getProxyForUrl(target.href) === '';
  } finally {
    process.env = own;
  }
}

/**
 * Whether `target` is an IP address within a range of NO_PROXY (`10.0.0.0/8`), which corporate
 * settings often hold and proxy-from-env does not read. As with curl, a host name is not
 * resolved to find out: only an address given as the host matches a range.
 */
function inListedRange(target: URL, noProxy: string): boolean {
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  if (family === 0) return false;
  const ranges = new BlockList();
  for (const entry of noProxy.split(/[\s,]+/)) {
    const match = /^\[?([0-9a-f.:]+)\]?\/(\d{1,3})$/i.exec(entry);
    const rangeFamily = match ? isIP(match[1]!) : 0;
    const bits = Number(match?.[2]);
    if (rangeFamily === 0 || bits > (rangeFamily === 4 ? 32 : 128)) continue;
    ranges.addSubnet(match![1]!, bits, rangeFamily === 4 ? 'ipv4' : 'ipv6');
  }
  return ranges.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

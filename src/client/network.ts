// How a client's requests reach the server: direct or through a forward proxy, trusting the
// default certificate authorities or more. Settled once, before the first request; a client
// with no proxy and no extra CA loads nothing for it.
import type { Agent } from 'node:http';
import type { Dispatcher } from 'undici';
import { bypassesProxy, maskProxyUrl, noProxyValue, parseProxyUrl, proxyVariable } from './proxy.js';

export interface Network {
  /** The proxy requests go through, when one applies. */
  proxy?: URL | undefined;
  /** The proxy as shown in messages (password masked). */
  proxyShown?: string | undefined;
  /** node:http: the agent that sends through the proxy. */
  agent?: Agent | undefined;
  /** undici: the dispatcher to send through. */
  dispatcher?: Dispatcher | undefined;
  /** node:http: the CA list for the target (undici has it in its dispatcher). */
  ca?: string[] | undefined;
}

export interface NetworkOptions {
  target: URL;
  http: 'undici' | 'node';
  /** A proxy URL, false for none, undefined to take it from process.env (see proxy.ts). */
  proxy: string | false | undefined;
  ca: readonly string[] | undefined;
  systemCa: boolean;
  /** A dispatcher given by the caller: it decides how to connect, proxies included. */
  dispatcher?: Dispatcher | undefined;
}

/** The proxy for the target: the one given, or the environment's unless NO_PROXY lists the host. */
export async function chooseProxy(options: Pick<NetworkOptions, 'target' | 'proxy'>): Promise<URL | undefined> {
  if (options.proxy === false) return undefined;
  if (options.proxy !== undefined) {
    const parsed = parseProxyUrl(options.proxy);
    if (typeof parsed === 'string') throw new TypeError(`proxy: ${parsed}`);
    return parsed;
  }
  const variable = proxyVariable(options.target, process.env);
  if (!variable) return undefined;
  const parsed = parseProxyUrl(variable.value);
  if (typeof parsed === 'string') throw new TypeError(`${variable.name}: ${parsed}`);
  return (await bypassesProxy(options.target, noProxyValue(process.env))) ? undefined : parsed;
}

export async function makeNetwork(options: NetworkOptions): Promise<Network> {
  if (options.dispatcher) return { dispatcher: options.dispatcher };
  const proxy = await chooseProxy(options);
  const wantsCa = (options.ca?.length ?? 0) > 0 || options.systemCa;
  if (!proxy && !wantsCa) return {};
  const ca = wantsCa ? (await import('./tls.js')).trustedCertificates({ extra: options.ca, system: options.systemCa }) : undefined;
  if (!proxy) {
    if (options.http === 'node') return { ca };
    const { Agent } = await import('undici');
    return { dispatcher: new Agent({ connect: { ca } }) };
  }
  const agents = await import('./proxy-agents.js');
  const shown = maskProxyUrl(proxy);
  if (options.http === 'node') {
    return { proxy, proxyShown: shown, ca, agent: await agents.nodeProxyAgent({ proxy, target: options.target, ca }) };
  }
  return { proxy, proxyShown: shown, dispatcher: await agents.undiciProxyAgent({ proxy, target: options.target, ca }) };
}

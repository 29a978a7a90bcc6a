// The agents that send a request through a forward proxy, one per HTTP stack. Imported only
// when a proxy applies, so a client without one never loads them.
//
// node:http: the proxy-agents family (https-proxy-agent, http-proxy-agent, socks-proxy-agent),
// the agents most Node tools use for this. An https target goes through a CONNECT tunnel, so
// the proxy sees the host and port and nothing of the request (the API key included); an http
// target is sent to the proxy in absolute form. Credentials in the proxy URL become
// Proxy-Authorization (Basic) or the SOCKS5 user and password.
// undici: its own ProxyAgent, which does the same (and SOCKS5 through its Socks5 agent).
import type { Agent } from 'node:http';
import type { Dispatcher } from 'undici';

export interface ProxyAgentOptions {
  proxy: URL;
  target: URL;
  /** The CA list for the target, and for an https proxy (see tls.ts); undefined: the defaults. */
  ca?: string[] | undefined;
}

export async function nodeProxyAgent({ proxy, target, ca }: ProxyAgentOptions): Promise<Agent> {
  const tlsToProxy = ca ? { ca } : {};
  if (proxy.protocol === 'socks5:' || proxy.protocol === 'socks5h:') {
    const { SocksProxyAgent } = await import('socks-proxy-agent');
    return new SocksProxyAgent(proxy);
  }
  if (target.protocol === 'https:') {
    const { HttpsProxyAgent } = await import('https-proxy-agent');
    return new HttpsProxyAgent(proxy, tlsToProxy);
  }
  const { HttpProxyAgent } = await import('http-proxy-agent');
  return new HttpProxyAgent(proxy, tlsToProxy);
}

export async function undiciProxyAgent({ proxy, ca }: ProxyAgentOptions): Promise<Dispatcher> {
  const { ProxyAgent } = await import('undici');
  const tls = ca ? { ca } : undefined;
  // undici's SOCKS5 agent resolves nothing itself: socks5h and socks5 are the same request.
  const uri = proxy.protocol === 'socks5h:' ? proxy.href.replace(/^socks5h:/, 'socks5:') : proxy.href;
  return new ProxyAgent({
    uri,
    // An http target in absolute form, as to any HTTP proxy; https always through CONNECT.
    proxyTunnel: false,
    ...(tls ? { requestTls: tls, proxyTls: tls } : {}),
  });
}

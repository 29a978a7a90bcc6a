// Which certificate authorities a TLS connection trusts when the caller adds some. Node's `ca`
// option replaces the default roots instead of adding to them, so the list given is the
// defaults plus the additions: Node's default store (its bundled Mozilla roots and the file of
// NODE_EXTRA_CA_CERTS), the operating system's store when asked, then the caller's own PEM.
import { getCACertificates } from 'node:tls';

export interface TrustOptions {
  /** PEM text to trust besides the defaults. */
  extra?: readonly string[] | undefined;
  /** Also trust the operating system's store. */
  system?: boolean | undefined;
}

/** The whole `ca` list for a connection, or undefined when the defaults are left alone. */
export function trustedCertificates({ extra = [], system = false }: TrustOptions): string[] | undefined {
  if (extra.length === 0 && !system) return undefined;
  const list = [...getCACertificates('default')];
  if (system) list.push(...getCACertificates('system'));
  list.push(...extra);
  return list;
}

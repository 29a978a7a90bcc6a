// Which certificate authorities a TLS connection trusts when the caller adds some. Node's `ca`
// option replaces the default roots instead of adding to them, so the list given is the
// defaults plus the additions: Node's bundled (Mozilla) roots, the file of NODE_EXTRA_CA_CERTS,
// the operating system's store when asked, then the caller's own PEM.
import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';

type CaKind = 'default' | 'system' | 'bundled' | 'extra';
/** tls.getCACertificates: Node 22.15 and later (23.10 on the 23 line); absent from Node 20. */
const getCACertificates = (tls as { getCACertificates?: (kind: CaKind) => string[] }).getCACertificates;

/** Whether this Node can read the operating system's certificate store. */
export function systemStoreAvailable(): boolean {
  return typeof getCACertificates === 'function';
}

export interface TrustOptions {
  /** PEM text to trust besides the defaults. */
  extra?: readonly string[] | undefined;
  /** Also trust the operating system's store (needs systemStoreAvailable()). */
  system?: boolean | undefined;
}

/** The whole `ca` list for a connection, or undefined when the defaults are left alone. */
export function trustedCertificates({ extra = [], system = false }: TrustOptions): string[] | undefined {
  if (extra.length === 0 && !system) return undefined;
  const list = getCACertificates ? [...getCACertificates('default')] : [...tls.rootCertificates, ...extraFromEnvironment()];
  if (system) {
    if (!getCACertificates) {
      throw new TypeError(`this Node (${process.version}) cannot read the operating system's certificate store: Node 22.15 or later can`);
    }
    list.push(...getCACertificates('system'));
  }
  list.push(...extra);
  return list;
}

/**
 * NODE_EXTRA_CA_CERTS, which Node reads at start-up into its default store but which a `ca`
 * option would drop; an unreadable file was already reported by Node itself.
 */
function extraFromEnvironment(): string[] {
  const path = process.env.NODE_EXTRA_CA_CERTS;
  if (!path) return [];
  try {
    return [readFileSync(path, 'utf8')];
  } catch {
    return [];
  }
}

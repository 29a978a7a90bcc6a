// The proxy and the certificates a run uses, from its settings (option, environment, profile):
// checked before any request, so a bad value is a usage error (exit 2) naming where it came
// from, never a network failure later.
import { bypassesProxy, maskProxyUrl, noProxyValue, parseProxyUrl } from '../../client/proxy.js';
import { usageError } from '../errors/exit-codes.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The part of a run's settings (Context.settings()) this module reads. */
export interface NetworkSettings {
  profile: string;
  baseUrl: string;
  proxy?: string | undefined;
  proxyVariable?: string | undefined;
  caFile?: string | undefined;
  systemCa?: string | undefined;
  sources: { proxy: string; caFile: string };
}

export interface NetworkChoice {
  /** The proxy requests go through; undefined when none is set or NO_PROXY lists the host. */
  proxy?: URL;
  /** The configured proxy, password masked, whether used or bypassed. */
  proxyShown?: string;
  /** Where the proxy comes from: --proxy, the variable's name, or the profile. */
  proxyFrom?: string;
  /** The NO_PROXY value that sends the base URL direct, when it does. */
  bypassedBy?: string;
  /** The PEM text of the CA file, when one is set. */
  ca?: string[];
  caFile?: string;
  systemCa: boolean;
}

export async function resolveNetwork(settings: NetworkSettings, env: Env): Promise<NetworkChoice> {
  const choice: NetworkChoice = { systemCa: settings.systemCa === 'true' };
  if (settings.proxy) {
    const from =
      settings.sources.proxy === 'option'
        ? '--proxy'
        : settings.sources.proxy === 'environment'
          ? (settings.proxyVariable ?? 'the environment')
          : `the proxy setting of profile '${settings.profile}'`;
    const parsed = parseProxyUrl(settings.proxy);
    if (typeof parsed === 'string') {
      throw usageError(
        `the proxy from ${from} is not usable: ${parsed}`,
        'for example --proxy http://proxy.example.com:3128 (http://USER:PASSWORD@host:port with credentials)',
      );
    }
    Object.assign(choice, { proxyShown: maskProxyUrl(parsed), proxyFrom: from });
    const noProxy = noProxyValue(env);
    if (noProxy && (await bypassesProxy(new URL(settings.baseUrl), noProxy))) choice.bypassedBy = noProxy;
    else choice.proxy = parsed;
  }
  if (settings.caFile) {
    const from = settings.sources.caFile === 'option' ? '--ca-file' : `the ca-file setting of profile '${settings.profile}'`;
    choice.caFile = settings.caFile;
    choice.ca = [await readCaFile(settings.caFile, from)];
  }
  return choice;
}

async function readCaFile(path: string, from: string): Promise<string> {
  let text: string;
  try {
    // Loaded here: most runs name no CA file.
    const { readFile } = await import('node:fs/promises');
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    throw usageError(`${from}: cannot read ${path} (${code})`, 'give the path of a PEM file holding the CA certificate(s) to trust');
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw usageError(
      `${from}: ${path} holds no PEM certificate (expected -----BEGIN CERTIFICATE----- blocks)`,
      'a DER (.cer, .crt) file converts with: openssl x509 -inform der -in CA.cer -out CA.pem',
    );
  }
  return text;
}

// What to do about a failure to reach the server through a proxy or over TLS: the `hint:` line
// under the error. Every certificate failure names its fix (a private CA, a self-signed
// certificate, an expired one, another host's).
import type { ApiError } from '../../client/errors.js';

const TRUST_A_CA =
  'if the server (or a proxy inspecting TLS) uses a private certificate authority, trust it with --ca-file CA.pem ' +
  '(or `statusctl config set ca-file CA.pem`, or NODE_EXTRA_CA_CERTS=CA.pem)';

const CERTIFICATE_HINTS: Readonly<Record<string, string>> = {
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: TRUST_A_CA,
  UNABLE_TO_GET_ISSUER_CERT: TRUST_A_CA,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: TRUST_A_CA,
  SELF_SIGNED_CERT_IN_CHAIN: TRUST_A_CA,
  DEPTH_ZERO_SELF_SIGNED_CERT:
    "the server's certificate is self-signed: trust that very certificate with --ca-file SERVER.pem " +
    '(or `statusctl config set ca-file SERVER.pem`, or NODE_EXTRA_CA_CERTS=SERVER.pem)',
  CERT_HAS_EXPIRED:
    "the server's certificate has expired: it must be renewed on the server (check this machine's clock too); trusting a CA does not help",
  CERT_NOT_YET_VALID: "the server's certificate is not valid yet: check this machine's clock",
  ERR_TLS_CERT_ALTNAME_INVALID:
    'the certificate is for other host names (listed above): use one of them in --base-url, or have the certificate reissued for this name',
};

const PROXY_AUTH_HINT =
  'put the right user and password in the proxy URL, http://USER:PASSWORD@host:port (--proxy, HTTPS_PROXY or `statusctl config set proxy`); ' +
  "'statusctl whoami' shows which proxy is used and where it comes from";

export function networkHint(error: ApiError): string | undefined {
  if (error.proxyStatus === 407) return PROXY_AUTH_HINT;
  if (error.proxyStatus !== undefined) {
    return 'the proxy would not open a tunnel to the server: check with its administrators, or reach the host directly by listing it in NO_PROXY';
  }
  if (error.kind !== 'network') return undefined;
  const certificate = error.code === undefined ? undefined : CERTIFICATE_HINTS[error.code];
  if (certificate) return certificate;
  if (error.proxy && / to the proxy /.test(error.message)) {
    return "the proxy cannot be reached: check its address (--proxy, HTTPS_PROXY, HTTP_PROXY, ALL_PROXY or the proxy setting; 'statusctl whoami' shows which), or list the host in NO_PROXY to go direct";
  }
  return undefined;
}

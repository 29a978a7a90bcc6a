// Real network parts for the proxy and certificate tests: certificates made here (a CA, a
// server certificate it signs, an expired one, a self-signed one), a TLS front for the
// reference server (node:tls, forwarding the decrypted bytes to its port), the reference server
// behind such a front for a whole test file (useTlsServer), and a real CONNECT-capable forward
// proxy (the `proxy` package) that records what it is asked.
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect as netConnect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import forge from 'node-forge';
import { createProxy } from 'proxy';
import { afterAll, beforeAll } from 'vitest';
import { tempConfigDir } from './cli.js';
import { startTestServer, type TestServer } from './server.js';

export interface KeyAndCert {
  key: string;
  cert: string;
}

const DAY = 24 * 60 * 60 * 1000;
let serial = 1;

function rsaKeys(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  // Node's own generator: forge's is pure JavaScript, and slow.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e) };
}

interface CertSpec {
  commonName: string;
  /** Host names the certificate is for (subjectAltName). */
  hosts?: string[];
  isCa?: boolean;
  notBefore: Date;
  notAfter: Date;
  /** Signed by this CA; self-signed without. */
  issuer?: KeyAndCert;
}

function makeCert(spec: CertSpec): KeyAndCert {
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, '0');
  cert.validity.notBefore = spec.notBefore;
  cert.validity.notAfter = spec.notAfter;
  const subject = [{ name: 'commonName', value: spec.commonName }];
  cert.setSubject(subject);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: spec.isCa === true, critical: true },
    spec.isCa
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }
      : { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ];
  if (spec.hosts) {
    extensions.push({ name: 'extKeyUsage', serverAuth: true });
    extensions.push({ name: 'subjectAltName', altNames: spec.hosts.map((value) => ({ type: 2, value })) });
  }
  cert.setExtensions(extensions);
  let signer = keys.privateKey;
  if (spec.issuer) {
    const issuerCert = forge.pki.certificateFromPem(spec.issuer.cert);
    cert.setIssuer(issuerCert.subject.attributes);
    signer = forge.pki.privateKeyFromPem(spec.issuer.key);
  } else {
    cert.setIssuer(subject);
  }
  cert.sign(signer, forge.md.sha256.create());
  return { key: forge.pki.privateKeyToPem(keys.privateKey), cert: forge.pki.certificateToPem(cert) };
}

export interface TestCertificates {
  ca: KeyAndCert;
  /** For `localhost` only, signed by the CA: https://127.0.0.1 is then the wrong host. */
  server: KeyAndCert;
  /** Signed by the CA, expired yesterday. */
  expired: KeyAndCert;
  /** For localhost, signed by itself. */
  selfSigned: KeyAndCert;
  /** The CA certificate as a PEM file (for --ca-file). */
  caFile: string;
  /** The self-signed certificate as a PEM file. */
  selfSignedFile: string;
}

/** Makes every certificate the tests need and writes the PEM files into `dir`. */
export function makeCertificates(dir: string, now = Date.now()): TestCertificates {
  const ca = makeCert({ commonName: 'statusctl test CA', isCa: true, notBefore: new Date(now - DAY), notAfter: new Date(now + 30 * DAY) });
  const server = makeCert({
    commonName: 'localhost',
    hosts: ['localhost'],
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 30 * DAY),
    issuer: ca,
  });
  const expired = makeCert({
    commonName: 'localhost',
    hosts: ['localhost'],
    notBefore: new Date(now - 30 * DAY),
    notAfter: new Date(now - DAY),
    issuer: ca,
  });
  const selfSigned = makeCert({
    commonName: 'localhost',
    hosts: ['localhost'],
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 30 * DAY),
  });
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, ca.cert);
  const selfSignedFile = join(dir, 'self-signed.pem');
  writeFileSync(selfSignedFile, selfSigned.cert);
  return { ca, server, expired, selfSigned, caFile, selfSignedFile };
}

export interface TlsFront {
  port: number;
  close(): Promise<void>;
}

/** A TLS server on 127.0.0.1 presenting `identity` and passing the plain bytes to `targetPort`. */
export async function startTlsFront(identity: KeyAndCert, targetPort: number): Promise<TlsFront> {
  const sockets = new Set<import('node:net').Socket>();
  const server = createTlsServer({ key: identity.key, cert: identity.cert }, (secure) => {
    const plain = netConnect(targetPort, '127.0.0.1');
    sockets.add(secure);
    sockets.add(plain);
    secure.pipe(plain).pipe(secure);
    const end = () => {
      secure.destroy();
      plain.destroy();
    };
    secure.on('error', end).on('close', end);
    plain.on('error', end).on('close', end);
  });
  // A client refusing our certificate ends the handshake: that is the test's point, not an error.
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface TlsServer {
  /** The reference server itself (plain HTTP, in this process). */
  readonly server: TestServer;
  /** The certificates made for the file; their PEM files are in a temporary directory. */
  readonly certs: TestCertificates;
  /** The server over TLS, presenting the certificate for `localhost` that the CA signed. */
  readonly front: TlsFront;
  /** `https://localhost:PORT`: the front's address, for which its certificate is valid. */
  readonly baseUrl: string;
}

/**
 * The reference server behind a TLS front with a private CA, for the whole test file (or the
 * describe block it is called in): made before its tests, closed after them.
 * `const tls = useTlsServer(); ... tls.baseUrl, tls.certs.caFile, tls.server.env`.
 */
export function useTlsServer(): TlsServer {
  let started: TlsServer | undefined;
  beforeAll(async () => {
    const server = await startTestServer();
    const certs = makeCertificates(tempConfigDir());
    const front = await startTlsFront(certs.server, server.port);
    started = { server, certs, front, baseUrl: `https://localhost:${front.port}` };
  });
  afterAll(async () => {
    // The server closes itself after the file (test/support/server.ts).
    await started?.front.close();
  });
  const get = (): TlsServer => {
    if (!started) throw new Error('useTlsServer: the server starts in beforeAll; read it inside a test or a later hook');
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get certs() {
      return get().certs;
    },
    get front() {
      return get().front;
    },
    get baseUrl() {
      return get().baseUrl;
    },
  };
}

export interface SeenByProxy {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface TestProxy {
  url: string;
  port: number;
  /** Every request the proxy received: CONNECT tunnels and plain (absolute-form) requests. */
  seen: SeenByProxy[];
  close(): Promise<void>;
}

/**
 * A forward proxy on 127.0.0.1 (the `proxy` package: CONNECT tunnels and absolute-form
 * requests), asking for `user:password` with Basic authentication when given.
 */
export async function startProxy(credentials?: { user: string; password: string }): Promise<TestProxy> {
  const server: Server = createHttpServer();
  const seen: SeenByProxy[] = [];
  // Recorded before the proxy's own handlers run: what it was asked, whatever it answered.
  server.prependListener('connect', (req) => seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers }));
  server.prependListener('request', (req) => seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers }));
  const proxy = createProxy(server);
  if (credentials) {
    const expected = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
    proxy.authenticate = (req) => req.headers['proxy-authorization'] === expected;
  }
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Every proxy variable removed (the machine's own included), then the ones given set. */
export function proxyEnv(set: Record<string, string> = {}): Record<string, string | undefined> {
  const cleared: Record<string, string | undefined> = {};
  for (const base of ['http_proxy', 'https_proxy', 'all_proxy', 'no_proxy']) {
    cleared[base] = undefined;
    cleared[base.toUpperCase()] = undefined;
  }
  return { ...cleared, NODE_EXTRA_CA_CERTS: undefined, ...set };
}

// The CLI against the reference server behind TLS fronts presenting certificates made here: one
// signed by a private CA (for `localhost`), an expired one, a self-signed one. Each certificate
// failure exits 1 with a `hint:` naming its fix; --ca-file, the ca-file setting and
// NODE_EXTRA_CA_CERTS make the private CA trusted. The CLI runs in this process, which takes the
// CA file and the proxy from the run's options and environment, but where a process is the
// point: NODE_EXTRA_CA_CERTS, which Node reads when it starts, and --ca-file once through the
// built binary (the client as bundled).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyEnv, startProxy, startTlsFront, type TestProxy, type TlsFront, useTlsServer } from '../support/network.js';
import { parseJson, removeTempDirs, runCli, tempConfigDir } from './helpers.js';

/** The server behind TLS: tls.front presents the certificate the CA signed, for localhost. */
const tls = useTlsServer();
let expired: TlsFront;
let selfSigned: TlsFront;
let proxy: TestProxy;

beforeAll(async () => {
  [expired, selfSigned, proxy] = await Promise.all([
    startTlsFront(tls.certs.expired, tls.server.port),
    startTlsFront(tls.certs.selfSigned, tls.server.port),
    startProxy(),
  ]);
});

afterAll(async () => {
  await Promise.all([expired?.close(), selfSigned?.close(), proxy?.close()]);
  removeTempDirs();
});

function runAgainst(baseUrl: string, args: string[], env: Record<string, string> = {}, { binary = false } = {}) {
  return runCli(args, { env: { ...tls.server.env, STATUSCTL_BASE_URL: baseUrl, ...proxyEnv(env) }, inProcess: !binary });
}

const LIST = ['runtimes', 'list', '-o', 'json'];

describe('a private CA', () => {
  it('unknown issuer: exit 1 naming the failure, with a hint naming --ca-file, the setting and NODE_EXTRA_CA_CERTS', async () => {
    const result = await runAgainst(tls.baseUrl, LIST);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^statusctl: TLS certificate cannot be verified \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\) to https:\/\/localhost:/,
    );
    expect(result.stderr).toMatch(/^hint: .*--ca-file CA\.pem .*config set ca-file CA\.pem.*NODE_EXTRA_CA_CERTS=CA\.pem/m);
  });

  it('--ca-file trusts it, besides the default roots', async () => {
    const result = await runAgainst(tls.baseUrl, ['--ca-file', tls.certs.caFile, ...LIST], {}, { binary: true });
    expect(result.code, result.stderr).toBe(0);
    expect(Array.isArray(parseJson(result))).toBe(true);
  });

  it('the ca-file setting of the profile does the same', async () => {
    const dir = tempConfigDir();
    const set = await runCli(['config', 'set', 'ca-file', tls.certs.caFile], { env: { STATUSCTL_CONFIG_DIR: dir }, inProcess: true });
    expect(set.code, set.stderr).toBe(0);
    const result = await runAgainst(tls.baseUrl, LIST, { STATUSCTL_CONFIG_DIR: dir });
    expect(result.code, result.stderr).toBe(0);
  });

  it('NODE_EXTRA_CA_CERTS does too, as documented', async () => {
    const result = await runAgainst(tls.baseUrl, LIST, { NODE_EXTRA_CA_CERTS: tls.certs.caFile }, { binary: true });
    expect(result.code, result.stderr).toBe(0);
  });

  it('through a proxy (CONNECT) the same: unknown issuer with its hint, then trusted with --ca-file', async () => {
    const env = { HTTPS_PROXY: proxy.url };
    const refused = await runAgainst(tls.baseUrl, LIST, env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`through the proxy ${proxy.url}`);
    expect(refused.stderr).toMatch(/^hint: .*--ca-file/m);
    const trusted = await runAgainst(tls.baseUrl, ['--ca-file', tls.certs.caFile, ...LIST], env);
    expect(trusted.code, trusted.stderr).toBe(0);
  });

  it('a CA file that cannot be read, or holds no PEM: exit 2 before any request, with a hint', async () => {
    const missing = await runAgainst(tls.baseUrl, ['--ca-file', join(tempConfigDir(), 'nope.pem'), ...LIST]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^statusctl: --ca-file: cannot read .*nope\.pem \(ENOENT\)/);
    expect(missing.stderr).toMatch(/^hint: /m);
    const notPem = join(tempConfigDir(), 'ca.der');
    writeFileSync(notPem, Buffer.from([0x30, 0x82, 0x01, 0x0a]));
    const der = await runAgainst(tls.baseUrl, ['--ca-file', notPem, ...LIST]);
    expect(der.code).toBe(2);
    expect(der.stderr).toContain('holds no PEM certificate');
    expect(der.stderr).toMatch(/^hint: a DER .*openssl x509 -inform der/m);
  });
});

describe('each certificate error has its hint', () => {
  it('self-signed: names the certificate to trust', async () => {
    const result = await runAgainst(`https://localhost:${selfSigned.port}`, LIST);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('TLS certificate is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT)');
    expect(result.stderr).toMatch(/^hint: the server's certificate is self-signed: trust that very certificate with --ca-file/m);
    const trusted = await runAgainst(`https://localhost:${selfSigned.port}`, ['--ca-file', tls.certs.selfSignedFile, ...LIST]);
    expect(trusted.code, trusted.stderr).toBe(0);
  });

  it('expired: says it must be renewed, even with its CA trusted', async () => {
    const result = await runAgainst(`https://localhost:${expired.port}`, ['--ca-file', tls.certs.caFile, ...LIST]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('TLS certificate expired (CERT_HAS_EXPIRED)');
    expect(result.stderr).toMatch(/^hint: the server's certificate has expired: it must be renewed on the server/m);
  });

  it('wrong host: names the hosts the certificate is for', async () => {
    const result = await runAgainst(`https://127.0.0.1:${tls.front.port}`, ['--ca-file', tls.certs.caFile, ...LIST]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('TLS certificate does not match the host (ERR_TLS_CERT_ALTNAME_INVALID');
    expect(result.stderr).toContain('DNS:localhost');
    expect(result.stderr).toMatch(/^hint: the certificate is for other host names \(listed above\)/m);
  });
});

describe("the operating system's store", () => {
  it('system-ca: the store is added, the private CA still needs --ca-file', async () => {
    const without = await runAgainst(tls.baseUrl, ['--system-ca', ...LIST]);
    expect(without.code).toBe(1);
    expect(without.stderr).toMatch(/^hint: .*--ca-file/m);
    const withCa = await runAgainst(tls.baseUrl, ['--system-ca', '--ca-file', tls.certs.caFile, ...LIST]);
    expect(withCa.code, withCa.stderr).toBe(0);
  });

  it('the system-ca setting takes true or false only', async () => {
    const bad = await runCli(['config', 'set', 'system-ca', 'yes'], { inProcess: true });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('system-ca: expected true or false');
  });
});

// How `statusctl status` reads, through the built binary: the parts' first reads are made at once
// (a gate in front of the server holds every request until each of them has arrived, so a CLI
// that made them one after another would never finish), and a part whose read fails says so in
// its place while the others are shown, the exit code saying it failed.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_KEYS } from '../../src/server/fixtures/demo/keys.js';
import { seededId } from '../../src/server/fixtures/ids.js';
import { startFaultRelay } from '../support/fault-relay.js';
import { cleanUpAfter } from '../support/cleanup.js';
import { parseJson, runCli, useTestServer } from './helpers.js';
import type { StatusJson } from './status-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const demo = useTestServer();

/** The first read of each part, none of which needs another's answer. */
const FIRST_READS: Record<string, RegExp> = {
  'v2 incidents': /^\/v1\/status-pages\/incidents\b/,
  'V3 pages': /^\/v3\/status-pages\?/,
  'maintenance windows': /^\/v1\/maintenance-windows\?/,
  'check statuses': /^\/v1\/check-statuses$/,
  heartbeat: /^\/v1\/checks\/heartbeats\/[^/]+\/availability/,
  'error groups': /^\/v1\/error-groups\?/,
};

/**
 * A relay to `target` that holds each of FIRST_READS until all of them have arrived, then lets
 * everything through; `arrived` names those seen so far.
 */
async function startGate(target: string): Promise<{ url: string; arrived: Set<string> }> {
  const arrived = new Set<string>();
  const held: (() => void)[] = [];
  const server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    const read = Object.keys(FIRST_READS).find((name) => FIRST_READS[name]!.test(path));
    if (read !== undefined && arrived.size < Object.keys(FIRST_READS).length) {
      arrived.add(read);
      if (arrived.size < Object.keys(FIRST_READS).length) await new Promise<void>((release) => held.push(release));
      else for (const release of held.splice(0)) release();
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    const body = await readAll(req);
    const answer = await fetch(target + path, { method: req.method, headers, ...(body.length ? { body: new Uint8Array(body) } : {}) });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  cleanUpAfter('test', () => new Promise<void>((closed) => server.close(() => closed())));
  server.on('connection', (socket) => cleanUpAfter('test', () => socket.destroy()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrived };
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

const heartbeat = () => seededId(demo.server.account.id, 'check', DEMO_KEYS.heartbeatChecks.invoiceCron);

describe('statusctl status reads', () => {
  it('makes the first read of every part at once: none waits for another it does not need', async () => {
    const gate = await startGate(demo.server.url);
    const result = await runCli(['status', '--heartbeat', heartbeat(), '-o', 'json'], {
      env: { ...demo.server.env, STATUSCTL_BASE_URL: gate.url },
      // A CLI reading one part after another is held at its first read: the run never ends.
      timeoutMs: 60_000,
    });
    expect([...gate.arrived].sort()).toEqual(Object.keys(FIRST_READS).sort());
    expect(result.code, result.stderr).toBe(0);
    const json = parseJson<StatusJson>(result);
    expect(json.checks.length).toBeGreaterThan(0);
    expect(json.heartbeats.map((low) => low.checkId)).toEqual([heartbeat()]);
  });

  it('a part that cannot be read says so in its place; the others are shown and the exit says it failed', async () => {
    const relay = await startFaultRelay(demo.server.url);
    cleanUpAfter('test', () => relay.close());
    relay.decide = (request) => (request.path.startsWith('/v1/check-statuses') ? 'unavailable' : 'pass');
    const env = { ...demo.server.env, STATUSCTL_BASE_URL: relay.url };
    const shown = await runCli(['status'], { env });
    expect(shown.code).toBe(1);
    expect(shown.stdout).toContain('Failing and degraded checks: could not be read\n  503');
    expect(shown.stdout).toMatch(/Open incidents \(\d+\)/);
    expect(shown.stdout).toMatch(/Error groups first seen today or yesterday \(\d+\)/);
    expect(shown.stderr).toMatch(/^statusctl: checks: could not be read: 503/);

    const json = await runCli(['status', '-o', 'json'], { env });
    expect(json.code).toBe(1);
    const parts = parseJson<StatusJson>(json);
    expect(parts.checks).toEqual([]);
    expect(parts.incidents.length).toBeGreaterThan(0);
    expect(json.stderr).toContain('checks: could not be read');
  });
});

// Shared by the benchmarks: the reference server started the way users start it (a child
// process of bin/statusctl), statistics, and the environment every measured process gets.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = fileURLToPath(new URL('../bin/statusctl', import.meta.url));

/** `BENCH_QUICK=1` (or `npm run bench -- --quick`): fewer, shorter runs, for a smoke check. */
export const QUICK = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');

export const ACCOUNT = { id: 'be000000-0000-4000-8000-000000000001', key: 'sc_bench_key_0123456789abcdef' };
export const AUTH_HEADERS = { authorization: `Bearer ${ACCOUNT.key}`, 'x-service-account': ACCOUNT.id };

/**
 * The environment of every process a benchmark starts. NODE_EXTRA_CA_CERTS makes every Node
 * process parse a certificate bundle at start; the same
 * fixed cost on both sides would hide the difference being measured, so it is left out.
 */
export function benchEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.NODE_OPTIONS;
  // A proxy of this machine would carry the benchmark's requests: each run says which it uses.
  for (const name of ['http_proxy', 'https_proxy', 'all_proxy', 'no_proxy']) {
    delete env[name];
    delete env[name.toUpperCase()];
  }
  return env;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function fmt(value, digits = 1) {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** One result line: name, ours, baseline, ratio, target and whether it is met. */
export function report(name, { ours, baseline, unit, ratio, target, higherIsBetter }) {
  const met = higherIsBetter ? ratio >= target : ratio <= target;
  const targetText = `${higherIsBetter ? '>=' : '<='} ${target}x`;
  const base = baseline === undefined ? '' : `  baseline ${baseline}`;
  console.log(
    `${name.padEnd(44)} ours ${ours}${base}  ratio ${fmt(ratio, 2)}x  target ${targetText}  ${met ? 'ok' : 'MISSED'}${unit ? '' : ''}`,
  );
}

/** Starts `node bin/statusctl server --port 0 --account ID:KEY` and waits for its URL line. */
export function startReferenceServer(args = [], options = {}) {
  // One log line per request goes to stderr: discarded, as a script would.
  return startListening([BIN, 'server', '--port', '0', '--account', `${ACCOUNT.id}:${ACCOUNT.key}`, ...args], options);
}

export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request from this process; resolves with status, headers and the raw body bytes. */
export function httpRequest(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const req = http.request(url, {
      method,
      agent,
      headers: {
        ...AUTH_HEADERS,
        ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        ...headers,
      },
    });
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export async function getJson(url) {
  const response = await httpRequest(url);
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${response.body}`);
  return JSON.parse(response.body.toString('utf8'));
}

/** Resident memory of a process, in bytes (Linux). */
export function residentBytes(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** The demo services as a create body names them ({ id, name, accountId }), to create incidents on. */
export async function demoServices(url) {
  const pages = await getJson(`${url}/v1/status-pages?limit=100`);
  const services = new Map();
  for (const page of pages.entries) {
    for (const card of page.cards) for (const { id, name, accountId } of card.services) services.set(id, { id, name, accountId });
  }
  return [...services.values()];
}

/** A create-incident body the hosted API accepts: one service, exactly one first update. */
export function incidentBody(service, n = 0) {
  return {
    name: `Bench incident ${n}: checkout API returns 502 errors`,
    severity: 'MAJOR',
    services: [service],
    incidentUpdates: [{ description: 'We are investigating elevated 502 responses from the checkout API.', status: 'INVESTIGATING' }],
  };
}

/** Runs autocannon runs one after the other in a separate process; resolves with their summaries. */
export function runLoad(runs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('./load.mjs', import.meta.url)), JSON.stringify(runs)], {
      cwd: ROOT,
      env: benchEnv(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited ${code}`));
      const results = JSON.parse(out);
      const failed = results.find((result) => result.errors || result.non2xx || result.timeouts);
      if (failed) return reject(new Error(`load run had failures: ${JSON.stringify(failed)}`));
      resolve(results);
    });
  });
}

/**
 * Starts a process that prints "listening on URL" first, like statusctl server. Its stderr is
 * discarded, as a script would, or kept (`keepStderr`) for the caller to read.
 */
export async function startListening(args, { keepStderr = false, cpu } = {}) {
  // `cpu`: pinned to that core with taskset (which execs node: the pid stays the server's).
  const [command, commandArgs] = cpu === undefined ? [process.execPath, args] : ['taskset', ['-c', String(cpu), process.execPath, ...args]];
  const child = spawn(command, commandArgs, { cwd: ROOT, env: benchEnv(), stdio: ['ignore', 'pipe', keepStderr ? 'pipe' : 'ignore'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const url = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /listening on (\S+)/.exec(text);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before listening: ${text}${stderr}`)));
  });
  child.stdout.resume();
  return { url, pid: child.pid, child, stderr: () => stderr, stop: () => stopChild(child) };
}

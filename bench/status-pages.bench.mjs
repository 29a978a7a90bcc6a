// Status pages as HTML on the reference server (started as users start it):
//
// 1. Server time to render a page with 50 open incidents, from the server's own access log
//    (`--log-format json`, durationMs: arrival to the last byte handed to the socket), beside
//    the API's JSON of the same page (GET /v1/status-pages/{id}) measured in the same run,
//    requests alternating. Target: a median under 20 ms.
// 2. The API's own routes under load (wrk, as in server.bench.mjs) on a server holding 400 open
//    pages' live streams (Server-Sent Events, within the default cap of 512 connections), with an
//    incident update every second sent to all of them, beside a server with no stream; runs
//    alternate. Target: at least 0.9x the requests per second (no more than 10% slower). The
//    streams must all still be open at the end: the idle and body timeouts do not cut them.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import http from 'node:http';
import {
  ACCOUNT,
  AUTH_HEADERS,
  BIN,
  QUICK,
  demoServices,
  fmt,
  httpRequest,
  incidentBody,
  median,
  report,
  startListening,
  startReferenceServer,
} from './lib.mjs';

const RENDERS = QUICK ? 60 : 300;
const STREAMS = 400;
const RUNS = QUICK ? 3 : 7;
const SECONDS = QUICK ? 1 : 3;
const CONNECTIONS = 16;
const PAGE = 'acme-cloud';

/** wrk, installed from the Debian packages when missing and this process may (root with apt-get). */
function findWrk() {
  const has = () => spawnSync('wrk', ['--version']).error === undefined;
  if (has()) return true;
  if (process.getuid?.() !== 0 || spawnSync('apt-get', ['--version']).error) return false;
  console.log('status-pages: wrk is missing; installing it with apt-get (Debian package wrk)');
  try {
    execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '-qq', 'wrk'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    return false;
  }
  return has();
}

/** Requests per second of one wrk run; asynchronous, so this process keeps writing updates and reading its streams meanwhile. */
async function wrkRun(url) {
  const headers = Object.entries(AUTH_HEADERS).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const { stdout: out } = await promisify(execFile)('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, ...headers, url], {
    encoding: 'utf8',
  });
  if (/Non-2xx|Socket errors/.test(out)) throw new Error(`wrk run had failures:\n${out}`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]);
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Durations (ms) of the access log's lines for `path`, from a server started with --log-format json. */
function durations(server, path) {
  return server
    .stderr()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.path === path && entry.status === 200)
    .map((entry) => entry.durationMs);
}

async function renderBench() {
  // The access log (JSON lines on stderr) is kept: it holds the server's own durations.
  const logged = await startListening([BIN, 'server', '--port', '0', '--account', `${ACCOUNT.id}:${ACCOUNT.key}`, '--log-format', 'json'], {
    keepStderr: true,
  });
  try {
    const pages = JSON.parse((await httpRequest(`${logged.url}/v1/status-pages?limit=100`)).body.toString('utf8')).entries;
    const page = pages.find((entry) => entry.url === PAGE);
    const services = page.cards.flatMap((card) => card.services).map(({ id, name, accountId }) => ({ id, name, accountId }));
    for (let i = 0; i < 50; i++) {
      const created = await httpRequest(`${logged.url}/v1/status-pages/incidents`, {
        method: 'POST',
        body: incidentBody(services[i % services.length], i),
      });
      if (created.status !== 201) throw new Error(`create: ${created.status}`);
    }
    const htmlPath = `/status/${ACCOUNT.id}/${PAGE}`;
    const apiPath = `/v1/status-pages/${page.id}`;
    const first = await httpRequest(`${logged.url}${htmlPath}`);
    const open = (first.body.toString('utf8').match(/<article class="card incident"/g) ?? []).length;
    for (let i = 0; i < RENDERS; i++) {
      await httpRequest(`${logged.url}${htmlPath}`);
      await httpRequest(`${logged.url}${apiPath}`);
    }
    // The access log is written in batches: let the last one out.
    await pause(300);
    const html = durations(logged, htmlPath).slice(1);
    const api = durations(logged, apiPath);
    const sorted = [...html].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)];
    console.log(
      `status-pages: server time per request from the access log, median of ${html.length} alternating requests; ` +
        `the page shows ${open} incidents (50 open), ${fmt(first.body.length / 1024)} KiB`,
    );
    report('GET /status/<account>/<url> (HTML, 50 open)', {
      ours: `${fmt(median(html), 2)} ms (p95 ${fmt(p95, 2)} ms)`,
      baseline: `${fmt(median(api), 2)} ms (the same page as JSON, GET /v1/status-pages/{id})`,
      ratio: median(html) / 20,
      target: 1,
    });
    console.log(`${''.padEnd(44)} (ratio: the median against the 20 ms budget)`);
  } finally {
    await logged.stop();
  }
}

/** Opens `count` event streams of the page; each counts the events it gets. */
async function openStreams(url, count) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams = [];
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const stream = { events: 0, open: true, res: undefined };
          const req = http.get(`${url}/status/${ACCOUNT.id}/${PAGE}/events`, { agent }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
            stream.res = res;
            res.setEncoding('utf8');
            res.on('data', (chunk) => (stream.events += (chunk.match(/^event: incident$/gm) ?? []).length));
            res.on('close', () => (stream.open = false));
            streams.push(stream);
            resolve();
          });
          req.on('error', reject);
        }),
    ),
  );
  return {
    streams,
    close: () => {
      for (const stream of streams) stream.res.destroy();
    },
  };
}

async function streamsBench() {
  if (!findWrk()) {
    console.log('status-pages: wrk is not available (and could not be installed): the streams figure is skipped');
    return;
  }
  const plain = await startReferenceServer(['--quiet']);
  const withStreams = await startReferenceServer(['--quiet']);
  let streams;
  let writer;
  try {
    streams = await openStreams(withStreams.url, STREAMS);
    // An incident update every second on both servers (the listed incident grows alike on
    // both), sent on the one with streams to every stream.
    const incidents = [];
    for (const server of [plain, withStreams]) {
      const [service] = (await demoServices(server.url)).filter((entry) => entry.name === 'Web App');
      const created = await httpRequest(`${server.url}/v1/status-pages/incidents`, { method: 'POST', body: incidentBody(service) });
      incidents.push({ url: server.url, id: JSON.parse(created.body.toString('utf8')).id });
    }
    let updates = 0;
    writer = setInterval(() => {
      updates++;
      for (const incident of incidents) {
        void httpRequest(`${incident.url}/v1/status-pages/incidents/${incident.id}/incident-updates`, {
          method: 'POST',
          body: { description: `Still investigating (${updates}).` },
        });
      }
    }, 1000);

    console.log(
      `status-pages: requests/s by wrk (1 thread), ${CONNECTIONS} connections, median of ${RUNS} alternating ${SECONDS} s runs after a warm-up, ` +
        `against a server holding ${STREAMS} open page streams and one with none (both: an incident update a second)`,
    );
    for (const path of ['/v1/status-pages/incidents?limit=20', '/v1/runtimes']) {
      await wrkRun(`${plain.url}${path}`);
      await wrkRun(`${withStreams.url}${path}`);
      const baseline = [];
      const ours = [];
      for (let i = 0; i < RUNS; i++) {
        baseline.push(await wrkRun(`${plain.url}${path}`));
        ours.push(await wrkRun(`${withStreams.url}${path}`));
      }
      report(`GET ${path} with ${STREAMS} streams`, {
        ours: `${fmt(median(ours), 0)} req/s`,
        baseline: `${fmt(median(baseline), 0)} req/s (no stream)`,
        ratio: median(ours) / median(baseline),
        target: 0.9,
        higherIsBetter: true,
      });
    }
    clearInterval(writer);
    await pause(200);
    const open = streams.streams.filter((stream) => stream.open).length;
    const events = median(streams.streams.map((stream) => stream.events));
    console.log(
      `${'streams still open after the runs'.padEnd(44)} ${open} of ${STREAMS}, each got ${events} events (median) of ${updates + 1} writes`,
    );
    if (open !== STREAMS) process.exitCode = 1;
  } finally {
    clearInterval(writer);
    streams?.close();
    await Promise.all([plain.stop(), withStreams.stop()]);
  }
}

await renderBench();
await streamsBench();

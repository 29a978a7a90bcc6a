// Server throughput: requests per second of the reference server (started as users start it)
// beside a bare node:http server answering the same bytes (bench/bare-server.mjs), on a page of
// 20 incidents and on the static /v1/runtimes. The load comes from wrk (C, one thread), which
// leaves the second core to the server; autocannon, a Node process, competes with the server for
// the two cores here and under-reports it, so it is used only where wrk cannot be had (the
// output says which tool made each figure). After a warm-up of each, short runs alternate
// (bare, ours, bare, ours, ...); every figure is the median run.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AUTH_HEADERS,
  QUICK,
  fmt,
  httpRequest,
  incidentBody,
  median,
  report,
  runLoad,
  demoServices,
  startListening,
  startReferenceServer,
} from './lib.mjs';

const RUNS = Number(process.env.BENCH_SERVER_RUNS) || (QUICK ? 5 : 9);
const SECONDS = QUICK ? 1 : 2;
const CONNECTIONS = 16;
const TARGET = 0.6;

/** wrk, installed from the Debian packages when missing and this process may (root with apt-get). */
function findWrk() {
  const has = () => spawnSync('wrk', ['--version']).error === undefined;
  if (has()) return true;
  if (process.getuid?.() !== 0 || spawnSync('apt-get', ['--version']).error) return false;
  console.log('server: wrk is missing; installing it with apt-get (Debian package wrk)');
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    return false;
  }
  return has();
}

/** Requests per second of one wrk run (one thread, so the other core is the server's). */
function wrkRun(url, seconds) {
  const headers = Object.entries(AUTH_HEADERS).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const out = execFileSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, ...headers, url], { encoding: 'utf8' });
  if (/Non-2xx|Socket errors/.test(out)) throw new Error(`wrk run had failures:\n${out}`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]);
}

/** Medians of alternating runs, bare first; after a longer warm-up of each. */
async function alternate(tool, bareUrl, ourUrl) {
  if (tool === 'wrk') {
    wrkRun(bareUrl, SECONDS * 2);
    wrkRun(ourUrl, SECONDS * 2);
    const baseline = [];
    const measured = [];
    for (let i = 0; i < RUNS; i++) {
      baseline.push(wrkRun(bareUrl, SECONDS));
      measured.push(wrkRun(ourUrl, SECONDS));
    }
    return { baseline: median(baseline), ours: median(measured) };
  }
  const options = (url) => ({ url, connections: CONNECTIONS, pipelining: 1, duration: SECONDS, headers: AUTH_HEADERS });
  const runs = [
    { ...options(bareUrl), duration: SECONDS * 2 },
    { ...options(ourUrl), duration: SECONDS * 2 },
  ];
  for (let i = 0; i < RUNS; i++) runs.push(options(bareUrl), options(ourUrl));
  const results = (await runLoad(runs)).slice(2);
  return {
    baseline: median(results.filter((_, i) => i % 2 === 0).map((result) => result.rps)),
    ours: median(results.filter((_, i) => i % 2 === 1).map((result) => result.rps)),
  };
}

const tool = findWrk() ? 'wrk' : 'autocannon';
// --quiet: no access log, as people run it under load; the log's own cost is measured below.
const ours = await startReferenceServer(['--quiet']);
const logged = await startReferenceServer();
const dir = mkdtempSync(join(tmpdir(), 'statusctl-bench-'));
let bare;
try {
  // A full first page: 30 incidents besides the demo ones.
  const services = await demoServices(ours.url);
  for (const server of [ours, logged]) {
    for (let i = 0; i < 30; i++) {
      const created = await httpRequest(`${server.url}/v1/status-pages/incidents`, {
        method: 'POST',
        body: incidentBody(services[i % services.length], i),
      });
      if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body}`);
    }
  }
  const listPath = '/v1/status-pages/incidents?limit=20';
  const runtimesPath = '/v1/runtimes';
  const routes = [];
  for (const path of [listPath, runtimesPath]) {
    const response = await httpRequest(`${ours.url}${path}`);
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
    routes.push({ path, status: response.status, contentType: response.headers['content-type'], body: response.body.toString('utf8') });
  }
  const routesFile = join(dir, 'routes.json');
  writeFileSync(routesFile, JSON.stringify(routes));
  bare = await startListening(['bench/bare-server.mjs', routesFile]);

  console.log(
    `server: requests/s by ${tool}${tool === 'wrk' ? ' (1 thread)' : ' (wrk not available: a Node load generator, which under-reports the server)'}, ` +
      `${CONNECTIONS} connections, median of ${RUNS} alternating ${SECONDS} s runs after a warm-up`,
  );
  for (const [name, path, bytes] of [
    ['GET /v1/status-pages/incidents?limit=20', listPath, routes[0].body.length],
    ['GET /v1/runtimes', runtimesPath, routes[1].body.length],
  ]) {
    const { baseline, ours: o } = await alternate(tool, `${bare.url}${path}`, `${ours.url}${path}`);
    report(`${name} (${fmt(bytes / 1024)} KiB, ${tool})`, {
      ours: `${fmt(o, 0)} req/s`,
      baseline: `${fmt(baseline, 0)} req/s (bare node:http)`,
      ratio: o / baseline,
      target: TARGET,
      higherIsBetter: true,
    });
  }
  // Not a target: what the default access log (one buffered line per request) costs.
  const { baseline: quiet, ours: withLog } = await alternate(tool, `${ours.url}${listPath}`, `${logged.url}${listPath}`);
  console.log(
    `${'same page with the access log on (default)'.padEnd(44)} ${fmt(withLog, 0)} req/s against ${fmt(quiet, 0)} with --quiet  ratio ${fmt(withLog / quiet, 2)}x`,
  );
} finally {
  await Promise.all([ours.stop(), logged.stop(), bare?.stop()]);
  rmSync(dir, { recursive: true, force: true });
}

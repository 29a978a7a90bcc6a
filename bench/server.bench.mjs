// Server throughput: requests per second of the reference server (started as users start it)
// beside a bare node:http server answering the same bytes (bench/bare-server.mjs), with the
// same autocannon settings, the load generator in a process of its own. After a warm-up of
// each, short runs alternate (bare, ours, bare, ours, ...); every figure is the median run.
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

const RUNS = Number(process.env.BENCH_SERVER_RUNS) || 10;
const SECONDS = QUICK ? 0.5 : 1;
const CONNECTIONS = 10;
const TARGET = 0.6;

const ours = await startReferenceServer();
const dir = mkdtempSync(join(tmpdir(), 'statusctl-bench-'));
let bare;
try {
  // A full first page: 30 incidents with 3 updates each besides the demo ones.
  const services = await demoServices(ours.url);
  for (let i = 0; i < 30; i++) {
    const created = await httpRequest(`${ours.url}/v1/status-pages/incidents`, {
      method: 'POST',
      body: incidentBody(services[i % services.length], i),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body}`);
  }
  const listPath = '/v1/status-pages/incidents?limit=20';
  const list = await httpRequest(`${ours.url}${listPath}`);
  const incidentPath = `/v1/status-pages/incidents/${JSON.parse(list.body.toString('utf8')).entries[0].id}`;
  const one = await httpRequest(`${ours.url}${incidentPath}`);
  const routes = [
    { path: listPath, response: list },
    { path: incidentPath, response: one },
  ].map(({ path, response }) => ({
    path,
    status: response.status,
    contentType: response.headers['content-type'],
    body: response.body.toString('utf8'),
  }));
  const routesFile = join(dir, 'routes.json');
  writeFileSync(routesFile, JSON.stringify(routes));
  bare = await startListening(['bench/bare-server.mjs', routesFile]);

  console.log(
    `server: requests/s, median of ${RUNS} alternating ${SECONDS} s autocannon runs, ${CONNECTIONS} connections, after a warm-up`,
  );
  for (const [name, path, bytes] of [
    ['GET /v1/status-pages/incidents?limit=20', listPath, routes[0].body.length],
    ['GET /v1/status-pages/incidents/{id}', incidentPath, routes[1].body.length],
  ]) {
    const options = (url) => ({ url: `${url}${path}`, connections: CONNECTIONS, pipelining: 1, duration: SECONDS, headers: AUTH_HEADERS });
    // One load process: a warm-up of each server, then the alternating runs.
    const runs = [
      { ...options(bare.url), duration: SECONDS * 2 },
      { ...options(ours.url), duration: SECONDS * 2 },
    ];
    for (let i = 0; i < RUNS; i++) runs.push(options(bare.url), options(ours.url));
    const results = (await runLoad(runs)).slice(2);
    const baseline = results.filter((_, i) => i % 2 === 0).map((result) => result.rps);
    const measured = results.filter((_, i) => i % 2 === 1).map((result) => result.rps);
    const b = median(baseline);
    const o = median(measured);
    report(`${name} (${fmt(bytes / 1024)} KiB)`, {
      ours: `${fmt(o, 0)} req/s`,
      baseline: `${fmt(b, 0)} req/s (bare node:http)`,
      ratio: o / b,
      target: TARGET,
      higherIsBetter: true,
    });
  }
} finally {
  await Promise.all([ours.stop(), bare?.stop()]);
  rmSync(dir, { recursive: true, force: true });
}

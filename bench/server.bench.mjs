// Server throughput: requests per second of the reference server (started as users start it)
// beside a bare node:http server answering the same bytes (bench/bare-server.mjs), on a page of
// 20 incidents (v2, and a V3 page's) and on the static /v1/runtimes, with the access log off (--quiet) and on (the
// default). The load comes from wrk (C, one thread); autocannon, a Node process, competes with
// the server for the cores and under-reports it, so it is used only where wrk cannot be had (the
// output says which tool made each figure). With two cores or more and taskset at hand, wrk runs
// on core 0 and every server on core 1, so the load generator and the server never share a core.
// One process of a kind differs from the next far more than one run from the next (a server
// process may be slow or fast for its whole life), so the figures come from several sets of
// fresh processes, one of each kind per set, started in turn. In each set, after a warm-up of
// each process on every route, short runs go in rounds (bare, quiet, logged, in every order in
// turn); each round gives its own ratios, and the median is taken over the rounds of every set,
// printed with the lowest and highest round and each set's own median: a ratio taken within one
// round moves less than a ratio of two medians when the machine is busy. `--against=DIR` compares
// this checkout's server with the one built in DIR instead of with the bare server.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  ACCOUNT,
  AUTH_HEADERS,
  BIN,
  QUICK,
  fmt,
  getJson,
  httpRequest,
  incidentBody,
  median,
  runLoad,
  demoServices,
  startListening,
} from './lib.mjs';

// Sets of fresh processes, and rounds of short runs in each. More processes and fewer rounds of
// each: the spread between two processes of the same build is wider than between two rounds of
// one, so one unlucky process must not decide a figure. Short runs because on a shared machine
// other work comes and goes on the server's core, and a run that meets it gives a ratio far off
// in either direction; the median of many rounds is moved less by those than that of a few.
const SETS = Number(process.env.BENCH_SERVER_PROCESSES) || (QUICK ? 2 : 6);
const ROUNDS = Number(process.env.BENCH_SERVER_RUNS) || 2;
const SECONDS = 1;
/** Of each process on each route, before its set's rounds; the routes share most of their code. */
const WARM_UP_SECONDS = 1;
const CONNECTIONS = 16;
const TARGET = 0.85;

/** Core 0 for wrk, core 1 for the servers, when there are two and taskset can pin. */
const PINNED = availableParallelism() >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
const WRK_CPU = PINNED ? 0 : undefined;
const SERVER_CPU = PINNED ? 1 : undefined;

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

/** Requests per second and requests answered in one wrk run (one thread, so the other core is the server's). */
function wrkRun(url, seconds) {
  const headers = Object.entries(AUTH_HEADERS).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, ...headers, url];
  const out =
    WRK_CPU === undefined
      ? execFileSync('wrk', args, { encoding: 'utf8' })
      : execFileSync('taskset', ['-c', String(WRK_CPU), 'wrk', ...args], { encoding: 'utf8' });
  if (/Non-2xx|Socket errors/.test(out)) throw new Error(`wrk run had failures:\n${out}`);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]), requests: Number(/(\d+) requests in/.exec(out)[1]) };
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU time (user and system) a process has used so far, in seconds (Linux). */
function cpuSeconds(pid) {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * The kinds of process each set starts, in this order. By default the bare node:http server and
 * the reference server with its access log off and on. With `--against=DIR`, no bare server:
 * the reference server of this checkout and that of the checkout in DIR (built there), each
 * with its access log off and on, to compare two builds directly.
 */
const AGAINST = process.argv.find((arg) => arg.startsWith('--against='))?.slice('--against='.length);
const otherBin = AGAINST && join(resolve(AGAINST), 'bin', 'statusctl');
const KINDS = AGAINST
  ? [
      { name: 'quiet, this checkout', bin: BIN, args: ['--quiet'] },
      { name: `quiet, ${AGAINST}`, bin: otherBin, args: ['--quiet'] },
      { name: 'logged, this checkout', bin: BIN, args: [] },
      { name: `logged, ${AGAINST}`, bin: otherBin, args: [] },
    ]
  : [
      { name: 'bare node:http', bare: true },
      { name: 'access log off (--quiet)', bin: BIN, args: ['--quiet'] },
      { name: 'access log on (default)', bin: BIN, args: [] },
    ];

/**
 * Orders of the kinds' indexes: each rotation of them, forwards and backwards, so that over the
 * rounds each kind is measured as often in each place (with three kinds, every order).
 */
const ORDERS = [...KINDS.keys()].flatMap((shift) => {
  const order = KINDS.map((_, i) => (i + shift) % KINDS.length);
  return [order, [...order].reverse()];
});

/**
 * The runs of set `set`, in order: the warm-ups, each route on every process in turn, then the
 * rounds. A round measures every process on each route, the processes in one of their orders,
 * and the rounds take every order in turn across the sets, so each kind is measured as often in
 * each place and after each of the others. No process waits long between two of its runs: V8
 * shrinks the young generation of a process that allocated little since its last collection
 * (one left idle for several seconds), and under a server's load it grows back slowly, so a
 * process left waiting would collect garbage several times as often as the others for the rest
 * of its set.
 */
function plan(set, routeCount) {
  const runs = [];
  for (let route = 0; route < routeCount; route++) {
    for (const server of ORDERS[set % ORDERS.length]) runs.push({ server, route, seconds: WARM_UP_SECONDS, round: -1 });
  }
  for (let round = 0; round < ROUNDS; round++) {
    const order = ORDERS[(set * ROUNDS + round) % ORDERS.length];
    for (let route = 0; route < routeCount; route++) for (const server of order) runs.push({ server, route, seconds: SECONDS, round });
  }
  return runs;
}

/**
 * Requests per second of each process of a set on each route, one value per round
 * (`rps[route][server][round]`). With wrk, also the server's CPU time per request in each run,
 * which a busy machine disturbs less than the rate.
 */
async function measureSet(tool, servers, paths, set) {
  const runs = plan(set, paths.length);
  const rps = paths.map(() => servers.map(() => []));
  const cpu = paths.map(() => servers.map(() => []));
  const url = (run) => `${servers[run.server].url}${paths[run.route]}`;
  if (tool === 'wrk') {
    for (const run of runs) {
      const pid = servers[run.server].pid;
      const before = cpuSeconds(pid);
      const { rps: rate, requests } = wrkRun(url(run), run.seconds);
      if (run.round < 0) continue;
      // A run that got no answer at all (the machine stalled) says nothing of the CPU per request.
      if (requests > 0) cpu[run.route][run.server].push((cpuSeconds(pid) - before) / requests);
      rps[run.route][run.server].push(rate);
    }
    return { rps, cpu };
  }
  const options = runs.map((run) => ({
    url: url(run),
    connections: CONNECTIONS,
    pipelining: 1,
    duration: run.seconds,
    headers: AUTH_HEADERS,
  }));
  (await runLoad(options)).forEach((result, n) => {
    if (runs[n].round >= 0) rps[runs[n].route][runs[n].server].push(result.rps);
  });
  return { rps, cpu: undefined };
}

const LIST_PATH = '/v1/status-pages/incidents?limit=20';
const RUNTIMES_PATH = '/v1/runtimes';
/** A V3 page's incidents: a route with a parameter, so the router's lookup is in its cost. */
const V3_LIST_PATH = '/v3/status-pages/{statusPageId}/incidents?limit=20';
/** As printed; each set's servers give the V3 page's id (the demo's, the same on every start). */
const PATHS = [LIST_PATH, RUNTIMES_PATH, V3_LIST_PATH];

/** The demo V3 page of the server at `url`, filled to a full first page; resolves with its incidents' path. */
async function fillV3Page(url) {
  const [page] = (await getJson(`${url}/v3/status-pages?limit=100`)).entries;
  if (!page) throw new Error('no V3 status page in the demo data');
  const components = (await getJson(`${url}/v3/status-pages/${page.id}/components?limit=100`)).entries;
  const leaf = components.find((component) => !component.components?.length) ?? components[0];
  for (let i = 0; i < 20; i++) {
    const created = await httpRequest(`${url}/v3/status-pages/${page.id}/incidents`, {
      method: 'POST',
      body: {
        name: `Bench incident ${i}: webhook deliveries delayed`,
        componentImpacts: [{ componentId: leaf.id, status: 'DEGRADED_PERFORMANCE' }],
        incidentUpdates: [{ description: 'We are looking into delayed webhook deliveries.', status: 'INVESTIGATING' }],
      },
    });
    if (created.status !== 201) throw new Error(`create V3 incident: ${created.status} ${created.body}`);
  }
  return V3_LIST_PATH.replace('{statusPageId}', page.id);
}

/**
 * One set of fresh processes: the reference servers (in an order that turns with the sets),
 * then a bare server answering the same bytes as they do. Resolves with them in the order of
 * KINDS, and what each route answered.
 */
async function startSet(set, dir) {
  const servers = [];
  try {
    for (const kind of ORDERS[set % ORDERS.length]) {
      const { bin, args, bare } = KINDS[kind];
      if (!bare)
        servers[kind] = await startListening([bin, 'server', '--port', '0', '--account', `${ACCOUNT.id}:${ACCOUNT.key}`, ...args], pin);
    }
    const reference = servers.filter(Boolean);
    // Every reference server is given the same requests before the rounds, so that they differ
    // in what is compared alone: a server's earlier requests shape the code V8 has optimized.
    // A full first page: 30 incidents besides the demo ones.
    const services = await demoServices(reference[0].url);
    for (const server of reference.slice(1)) await demoServices(server.url);
    for (const server of reference) {
      for (let i = 0; i < 30; i++) {
        const created = await httpRequest(`${server.url}/v1/status-pages/incidents`, {
          method: 'POST',
          body: incidentBody(services[i % services.length], i),
        });
        if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body}`);
      }
    }
    const v3Paths = [];
    for (const server of reference) v3Paths.push(await fillV3Page(server.url));
    if (new Set(v3Paths).size !== 1) throw new Error(`the servers' V3 pages differ: ${v3Paths.join(', ')}`);
    const paths = [LIST_PATH, RUNTIMES_PATH, v3Paths[0]];
    const routes = [];
    for (const path of paths) {
      const responses = [];
      for (const server of reference) responses.push(await httpRequest(`${server.url}${path}`));
      const failed = responses.find((response) => response.status !== 200);
      if (failed) throw new Error(`GET ${path}: ${failed.status}`);
      const [response] = responses;
      routes.push({ path, status: response.status, contentType: response.headers['content-type'], body: response.body.toString('utf8') });
    }
    const bare = KINDS.findIndex((kind) => kind.bare);
    if (bare >= 0) {
      const routesFile = join(dir, `routes-${set}.json`);
      writeFileSync(routesFile, JSON.stringify(routes));
      servers[bare] = await startListening(['bench/bare-server.mjs', routesFile], pin);
    }
    return { servers, routes, paths };
  } catch (error) {
    await Promise.all(servers.filter(Boolean).map((server) => server.stop()));
    throw error;
  }
}

/** The ratios a[set][round] / b[set][round]: median, lowest and highest over every round, and each set's median. */
function ratios(a, b) {
  const perSet = a.map((rounds, set) => rounds.map((value, round) => value / b[set][round]));
  const values = perSet.flat();
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), sets: perSet.map((set) => median(set)) };
}

const spread = ({ median: m, min, max }) => `${fmt(m, 2)}x (min ${fmt(min, 2)}, max ${fmt(max, 2)})`;
const thousands = (value) => `${fmt(value / 1000, 1)}k`;

/** Other work on the machine, which a figure should be read with: the load average over 1, 5 and 15 minutes. */
const load = () =>
  `load average ${loadavg()
    .map((value) => fmt(value, 2))
    .join(', ')}`;

const tool = findWrk() ? 'wrk' : 'autocannon';
const pin = { cpu: SERVER_CPU };
const dir = mkdtempSync(join(tmpdir(), 'statusctl-bench-'));
// [route][kind][set][round]
const rps = PATHS.map(() => KINDS.map(() => []));
const cpu = PATHS.map(() => KINDS.map(() => []));
let bodies;
try {
  console.log(
    `server: requests/s by ${tool}${tool === 'wrk' ? ' (1 thread)' : ' (wrk not available: a Node load generator, which under-reports the server)'}, ` +
      `${CONNECTIONS} connections; ${SETS} sets of fresh processes (${KINDS.map((kind) => kind.name).join('; ')}), ` +
      `each warmed up, then ${ROUNDS} rounds of ${SECONDS} s runs on each route; ` +
      (PINNED ? `wrk on core ${WRK_CPU}, each server on core ${SERVER_CPU} (taskset)` : 'not pinned (taskset or a second core missing)') +
      `; ${load()}`,
  );
  for (let set = 0; set < SETS; set++) {
    const { servers, routes, paths } = await startSet(set, dir);
    bodies ??= routes.map((route) => route.body.length);
    try {
      const measured = await measureSet(tool, servers, paths, set);
      PATHS.forEach((_, route) => {
        KINDS.forEach((_, kind) => {
          rps[route][kind].push(measured.rps[route][kind]);
          if (measured.cpu) cpu[route][kind].push(measured.cpu[route][kind]);
        });
      });
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Each process's median, in thousands of requests per second. */
const perProcess = (sets) => sets.map((rounds) => thousands(median(rounds))).join(' ');
/** `measured` against `baseline` (indexes of KINDS), per round, with `target` when it has one. */
function compare(route, measured, baseline, target) {
  const ratio = ratios(rps[route][measured], rps[route][baseline]);
  const verdict = target === undefined ? '' : `  target >= ${target}x  ${ratio.median >= target ? 'ok' : 'MISSED'}`;
  console.log(
    `  ${KINDS[measured].name.padEnd(26)} ${fmt(median(rps[route][measured].flat()), 0).padStart(7)} req/s  ratio ${spread(ratio)}${verdict}`,
  );
  console.log(
    `  ${''.padEnd(26)} per set: ratio ${ratio.sets.map((value) => fmt(value, 2)).join(' ')}; per process ${perProcess(rps[route][measured])} req/s`,
  );
}
/** The server's CPU time per request of each kind, the medians of every run. */
function cpuLine(route) {
  const micros = cpu[route].map((sets) => median(sets.flat()) * 1e6);
  return micros.map((value, kind) => `${KINDS[kind].name} ${fmt(value)} µs`).join(', ');
}

if (AGAINST) {
  console.log(
    `ratios: this checkout against ${AGAINST} per round, in the same set; the median over the rounds of every set, the lowest and highest round, ` +
      "then each set's median; req/s: the median of every run, then each process's median",
  );
} else {
  console.log(
    'ratios: per round against the bare node:http process of the same set answering the same bytes; the median over the rounds of every set, ' +
      "the lowest and highest round, then each set's median; req/s: the median of every run, then each process's median",
  );
}
PATHS.forEach((path, route) => {
  if (AGAINST) {
    console.log(
      `GET ${path} (${fmt(bodies[route] / 1024)} KiB): ${KINDS[1].name} ${fmt(median(rps[route][1].flat()), 0)} req/s (per process ${perProcess(rps[route][1])})`,
    );
    compare(route, 0, 1);
    console.log(
      `  ${KINDS[3].name.padEnd(26)} ${fmt(median(rps[route][3].flat()), 0).padStart(7)} req/s (per process ${perProcess(rps[route][3])})`,
    );
    compare(route, 2, 3);
  } else {
    console.log(
      `GET ${path} (${fmt(bodies[route] / 1024)} KiB): bare node:http ${fmt(median(rps[route][0].flat()), 0)} req/s (per process ${perProcess(rps[route][0])})`,
    );
    compare(route, 1, 0, TARGET);
    compare(route, 2, 0, TARGET);
    // Not a target: what the log costs, the logged server against the quiet one in the same rounds.
    console.log(`  ${'the access log costs'.padEnd(26)} logged / quiet ${spread(ratios(rps[route][2], rps[route][1]))}`);
  }
  if (tool === 'wrk') console.log(`  ${'server CPU per request'.padEnd(26)} ${cpuLine(route)} (medians, user and system)`);
});
console.log(`(at the end: ${load()})`);

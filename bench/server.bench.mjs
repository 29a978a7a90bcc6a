// Server throughput: requests per second of the reference server (started as users start it)
// beside a bare node:http server answering the same bytes (bench/bare-server.mjs), on a page of
// 20 incidents and on the static /v1/runtimes, with the access log off (--quiet) and on (the
// default). The load comes from wrk (C, one thread); autocannon, a Node process, competes with
// the server for the cores and under-reports it, so it is used only where wrk cannot be had (the
// output says which tool made each figure). With two cores or more and taskset at hand, wrk runs
// on core 0 and every server on core 1, so the load generator and the server never share a core.
// After a warm-up of each, short runs go in rounds (bare, quiet, logged, in every order in turn);
// each round gives its own ratios, printed as the median with the lowest and highest: a ratio
// taken within one round moves less than a ratio of two medians when the machine is busy.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AUTH_HEADERS,
  QUICK,
  fmt,
  httpRequest,
  incidentBody,
  median,
  runLoad,
  demoServices,
  startListening,
  startReferenceServer,
} from './lib.mjs';

// Many short runs rather than a few long ones: on a shared machine other work comes and goes on
// the server's core, and a run that meets it gives a ratio far off in either direction; the
// median of many rounds is moved less by those than the median of a few. Three times each order
// of the three servers (see rounds()).
const ROUNDS = Number(process.env.BENCH_SERVER_RUNS) || (QUICK ? 6 : 18);
const SECONDS = 1;
const WARM_UP_SECONDS = QUICK ? 2 : 4;
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

/** Every order of `items`, each once. */
function permutations(items) {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/**
 * Requests per second of each server at `path`, in rounds after a longer warm-up of each: one
 * array per server, index i being round i. The rounds take every order of the servers in turn,
 * so each is measured as often in each place and after each of the others. With wrk, also the
 * server's CPU time per request in each run, which a busy machine disturbs less than the rate.
 */
async function rounds(tool, servers, path) {
  const urls = servers.map((server) => `${server.url}${path}`);
  const orders = permutations([...urls.keys()]);
  const order = (round) => orders[round % orders.length];
  const results = urls.map(() => []);
  const cpu = urls.map(() => []);
  if (tool === 'wrk') {
    for (const url of urls) wrkRun(url, WARM_UP_SECONDS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const i of order(round)) {
        const before = cpuSeconds(servers[i].pid);
        const { rps, requests } = wrkRun(urls[i], SECONDS);
        cpu[i].push((cpuSeconds(servers[i].pid) - before) / requests);
        results[i].push(rps);
      }
    }
    return { rps: results, cpu };
  }
  const options = (url, duration = SECONDS) => ({ url, connections: CONNECTIONS, pipelining: 1, duration, headers: AUTH_HEADERS });
  const runs = urls.map((url) => options(url, WARM_UP_SECONDS));
  const which = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of order(round)) {
      runs.push(options(urls[i]));
      which.push(i);
    }
  }
  (await runLoad(runs)).slice(urls.length).forEach((result, n) => {
    results[which[n]].push(result.rps);
  });
  return { rps: results, cpu: undefined };
}

/** Median, lowest and highest of the per-round ratios a[i] / b[i]. */
function ratios(a, b) {
  const values = a.map((value, i) => value / b[i]);
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

const spread = ({ median: m, min, max }) => `${fmt(m, 2)}x (min ${fmt(min, 2)}, max ${fmt(max, 2)})`;

const tool = findWrk() ? 'wrk' : 'autocannon';
const pin = { cpu: SERVER_CPU };
const ours = await startReferenceServer(['--quiet'], pin);
// The access log as it is by default, in text to stderr (discarded here, as a script would).
const logged = await startReferenceServer([], pin);
const dir = mkdtempSync(join(tmpdir(), 'statusctl-bench-'));
let bare;
try {
  // The quiet and the logged server are given the same requests before the rounds, so that
  // they differ in the log alone: a server's earlier requests shape the code V8 has optimized.
  // A full first page: 30 incidents besides the demo ones.
  const services = await demoServices(ours.url);
  await demoServices(logged.url);
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
    const alike = await httpRequest(`${logged.url}${path}`);
    if (alike.status !== 200) throw new Error(`GET ${path} (logged): ${alike.status}`);
    routes.push({ path, status: response.status, contentType: response.headers['content-type'], body: response.body.toString('utf8') });
  }
  const routesFile = join(dir, 'routes.json');
  writeFileSync(routesFile, JSON.stringify(routes));
  bare = await startListening(['bench/bare-server.mjs', routesFile], pin);

  console.log(
    `server: requests/s by ${tool}${tool === 'wrk' ? ' (1 thread)' : ' (wrk not available: a Node load generator, which under-reports the server)'}, ` +
      `${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s runs after a warm-up; ` +
      (PINNED ? `wrk on core ${WRK_CPU}, each server on core ${SERVER_CPU} (taskset)` : 'not pinned (taskset or a second core missing)'),
  );
  console.log('ratios: per round against bare node:http answering the same bytes; the median, then the lowest and highest round');
  for (const route of routes) {
    const { rps, cpu } = await rounds(tool, [bare, ours, logged], route.path);
    const [b, q, l] = rps;
    console.log(`GET ${route.path} (${fmt(route.body.length / 1024)} KiB): bare node:http ${fmt(median(b), 0)} req/s`);
    for (const [name, measured] of [
      ['access log off (--quiet)', q],
      ['access log on (default)', l],
    ]) {
      const ratio = ratios(measured, b);
      console.log(
        `  ${name.padEnd(26)} ${fmt(median(measured), 0).padStart(7)} req/s  ratio ${spread(ratio)}  target >= ${TARGET}x  ${ratio.median >= TARGET ? 'ok' : 'MISSED'}`,
      );
    }
    // Not a target: what the log costs, the logged server against the quiet one in the same rounds.
    console.log(`  ${'the access log costs'.padEnd(26)} logged / quiet ${spread(ratios(l, q))}`);
    if (cpu) {
      const [bareCpu, quietCpu, loggedCpu] = cpu.map((values) => median(values) * 1e6);
      console.log(
        `  ${'server CPU per request'.padEnd(26)} bare ${fmt(bareCpu)} µs, quiet ${fmt(quietCpu)} µs, logged ${fmt(loggedCpu)} µs ` +
          `(medians, user and system; bare / ours ${fmt(bareCpu / quietCpu, 2)}x quiet, ${fmt(bareCpu / loggedCpu, 2)}x logged)`,
      );
    }
  }
} finally {
  await Promise.all([ours.stop(), logged.stop(), bare?.stop()]);
  rmSync(dir, { recursive: true, force: true });
}

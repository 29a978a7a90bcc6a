// Scale: does a page of 20 incidents stay as fast with 100,000 incidents stored as with 100?
// (`npm run bench:scale` asks the same at 1,000,000: `--incidents N`.)
// Two reference servers (started as users start them) are filled through the real HTTP API,
// one to 100 incidents, one to N, each created with its one first update (autocannon POSTs,
// which also gives the create throughput). Page latency is the median of sequential keep-alive GETs
// alternating between the two; memory is the resident size of the big server's process
// before and after it was filled.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AUTH_HEADERS,
  QUICK,
  fmt,
  getJson,
  httpRequest,
  incidentBody,
  median,
  report,
  residentBytes,
  runLoad,
  demoServices,
  startReferenceServer,
} from './lib.mjs';

const asked = process.argv.indexOf('--incidents');
const BIG = asked > 0 ? Number(process.argv[asked + 1]) : QUICK ? 10_000 : 100_000;
if (!(BIG > 1000)) throw new Error('--incidents expects a number above 1000');
const SMALL = 100;
const SAMPLES = QUICK ? 200 : 1000;
const TARGET = 1.3;
const PAGE = '/v1/status-pages/incidents?limit=20';

async function countIncidents(url) {
  let count = 0;
  let nextId = null;
  do {
    const page = await getJson(`${url}/v1/status-pages/incidents?limit=100${nextId ? `&nextId=${nextId}` : ''}`);
    count += page.length;
    nextId = page.nextId;
  } while (nextId && count < SMALL * 2);
  return count;
}

// --quiet: a million access-log lines would only measure the log.
const small = await startReferenceServer(['--quiet']);
const big = await startReferenceServer(['--quiet']);
try {
  const services = await demoServices(small.url);
  const demoCount = await countIncidents(small.url);
  for (let i = demoCount; i < SMALL; i++) {
    const created = await httpRequest(`${small.url}/v1/status-pages/incidents`, {
      method: 'POST',
      body: incidentBody(services[i % services.length], i),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body}`);
  }

  for (let i = 0; i < 50; i++) await httpRequest(`${big.url}${PAGE}`);
  await sleep(500);
  const rssBefore = residentBytes(big.pid);
  const toCreate = BIG - demoCount;
  const [seeded] = await runLoad([
    {
      url: `${big.url}/v1/status-pages/incidents`,
      method: 'POST',
      headers: { ...AUTH_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify(incidentBody(services[0])),
      connections: 10,
      amount: toCreate,
    },
  ]);
  await sleep(1000);
  const rssAfter = residentBytes(big.pid);

  // Warm both, then alternate sequential requests.
  for (let i = 0; i < 100; i++) {
    await httpRequest(`${small.url}${PAGE}`);
    await httpRequest(`${big.url}${PAGE}`);
  }
  /** Median ms of sequential GETs of `pathAt(i)`, alternating between the two servers. */
  async function alternatingMedians(pathAt) {
    const timings = { small: [], big: [] };
    for (let i = 0; i < SAMPLES; i++) {
      const path = pathAt(i);
      for (const [name, server] of [
        ['small', small],
        ['big', big],
      ]) {
        const started = process.hrtime.bigint();
        const response = await httpRequest(`${server.url}${path}`);
        timings[name].push(Number(process.hrtime.bigint() - started) / 1e6);
        if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
      }
    }
    return { small: median(timings.small), big: median(timings.big) };
  }
  const { small: smallMs, big: bigMs } = await alternatingMedians(() => PAGE);
  // Pages the server has not answered since the last change: a hundred page sizes in turn, more
  // than its page cache keeps, so each one is put together again.
  const fresh = await alternatingMedians((i) => `/v1/status-pages/incidents?limit=${(i % 100) + 1}`);

  console.log(`scale: page latency median of ${SAMPLES} sequential GETs each, alternating; ${fmt(BIG, 0)} incidents seeded through POST`);
  report(`GET ${PAGE}, ${fmt(BIG, 0)} vs ${SMALL} stored`, {
    ours: `${fmt(bigMs, 3)} ms`,
    baseline: `${fmt(smallMs, 3)} ms (${SMALL} stored)`,
    ratio: bigMs / smallMs,
    target: TARGET,
  });
  report(`GET pages of 1 to 100, put together afresh`, {
    ours: `${fmt(fresh.big, 3)} ms`,
    baseline: `${fmt(fresh.small, 3)} ms (${SMALL} stored)`,
    ratio: fresh.big / fresh.small,
    target: TARGET,
  });
  console.log(
    `${'POST /v1/status-pages/incidents'.padEnd(44)} ${fmt(seeded.rps, 0)} creates/s (${fmt(seeded.requests, 0)} in ${fmt(seeded.duration)} s, 10 connections, p50 ${seeded.latencyP50} ms, p99 ${seeded.latencyP99} ms)`,
  );
  const perIncident = (rssAfter - rssBefore) / toCreate;
  console.log(
    `${'resident memory per incident'.padEnd(44)} ${fmt(perIncident / 1024, 2)} KiB (RSS ${fmt(rssBefore / 2 ** 20, 0)} MiB with the demo data, ${fmt(rssAfter / 2 ** 20, 0)} MiB after ${fmt(toCreate, 0)} creates)`,
  );
} finally {
  await Promise.all([small.stop(), big.stop()]);
}

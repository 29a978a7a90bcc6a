// Update load: 50 concurrent clients adding and editing incident updates on the same 3
// incidents, against `statusctl server` as a child process, in memory and with --data (every
// answer waits for its journal line's fdatasync; concurrent requests share one sync). Prints
//   update load: N requests, p50 X ms, p99 Y ms (in memory)
//   update load: N requests, p50 X ms, p99 Y ms (--data, fsync)
// and checks at the end that no acknowledged write is missing. Runs alone
// (`node bench/update-load.bench.mjs`, after npm run build) or from the bench runner.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT, QUICK, startReferenceServer } from './lib.mjs';

const CLIENTS = 50;
const REQUESTS = Number(process.env.BENCH_UPDATE_REQUESTS) || (QUICK ? 1000 : 5000);
const WARMUP = QUICK ? 100 : 500;
const INCIDENTS = 3;
const STATUSES = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'];

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function request(url, method, path, body) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url + path,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${ACCOUNT.key}`,
          ...(text === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** `count` requests from CLIENTS clients at once; returns each request's latency in ms. */
async function load(url, incidentIds, count, acknowledged) {
  const latencies = [];
  let issued = 0;
  const client = async (index) => {
    const mine = [];
    for (let op = 0; issued < count; op++) {
      issued++;
      const status = STATUSES[(index + op) % STATUSES.length];
      const edit = mine.length > 0 && op % 3 === 2;
      const target = edit ? mine[op % mine.length] : { incidentId: incidentIds[(index + op) % INCIDENTS] };
      const path = `/v1/status-pages/incidents/${target.incidentId}/incident-updates${edit ? `/${target.updateId}` : ''}`;
      const started = performance.now();
      const result = await request(url, edit ? 'PUT' : 'POST', path, { description: `client ${index} op ${op}`, status });
      latencies.push(performance.now() - started);
      if (result.status !== 200) throw new Error(`${edit ? 'PUT' : 'POST'} ${path}: ${result.status} ${JSON.stringify(result.json)}`);
      if (!edit) {
        mine.push({ incidentId: target.incidentId, updateId: result.json.id });
        acknowledged.get(target.incidentId).add(result.json.id);
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  return latencies;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run(label, args) {
  const server = await startReferenceServer(args);
  try {
    const { url } = server;
    const pages = await request(url, 'GET', '/v1/status-pages?limit=1');
    // A service of the demo data, read from a status page rather than hard-coded.
    const { id, name, accountId } = pages.json.entries[0].cards[0].services[0];
    const incidentIds = [];
    const acknowledged = new Map();
    for (let i = 0; i < INCIDENTS; i++) {
      const created = await request(url, 'POST', '/v1/status-pages/incidents', {
        name: `Update load ${i}`,
        severity: 'MAJOR',
        services: [{ id, name, accountId }],
        incidentUpdates: [{ description: 'Investigating.' }],
      });
      if (created.status !== 201) throw new Error(`create incident: ${created.status} ${JSON.stringify(created.json)}`);
      incidentIds.push(created.json.id);
      acknowledged.set(created.json.id, new Set(created.json.incidentUpdates.map((update) => update.id)));
    }
    await load(url, incidentIds, WARMUP, acknowledged);
    const latencies = await load(url, incidentIds, REQUESTS, acknowledged);

    // No acknowledged update may be missing; the summary must follow the updates.
    for (const [incidentId, ids] of acknowledged) {
      const incident = (await request(url, 'GET', `/v1/status-pages/incidents/${incidentId}`)).json;
      const served = new Set(incident.incidentUpdates.map((update) => update.id));
      const missing = [...ids].filter((id) => !served.has(id));
      if (missing.length || served.size !== ids.size)
        throw new Error(
          `${label}: incident ${incidentId}: ${missing.length} acknowledged updates missing, ${served.size - ids.size + missing.length} unexpected`,
        );
      let latest;
      for (const update of incident.incidentUpdates)
        if (!latest || Date.parse(update.publicIncidentUpdateDate) >= Date.parse(latest.publicIncidentUpdateDate)) latest = update;
      if (incident.lastUpdateStatus !== latest.status)
        throw new Error(
          `${label}: incident ${incidentId}: lastUpdateStatus ${incident.lastUpdateStatus}, latest update says ${latest.status}`,
        );
      if ((incident.duration === null) !== (latest.status !== 'RESOLVED'))
        throw new Error(`${label}: incident ${incidentId}: duration ${incident.duration} with latest status ${latest.status}`);
    }
    const fmt = (ms) => ms.toFixed(2);
    console.log(
      `update load: ${latencies.length} requests, p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms (${label})`,
    );
  } finally {
    await server.stop();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'statusctl-update-load-'));
try {
  await run('in memory', []);
  const dataPath = join(dir, 'data.jsonl');
  await run('--data, fsync', ['--data', dataPath]);
  console.log(
    `update load: data file ${Math.round(statSync(dataPath).size / 1024)} KiB after ${REQUESTS + WARMUP + INCIDENTS} writes and the demo data`,
  );
} finally {
  agent.destroy();
  rmSync(dir, { recursive: true, force: true });
}

// No request can buy much CPU: the latency of a GET sent while 20 error events
// with adversarial 10,000-character messages (the shapes that made the old cleaning patterns
// quadratic: `a.` × 5000 and the like) are in flight, against the same GET alone and against
// the same GET with 20 ordinary messages of the same size in flight. Against
// `statusctl server` as a child process; each round sends the 20 POSTs on their own
// connections, then the GET, and times the GET. Prints
//   GET alone:                      p50 X ms  p90 Y ms
//   GET, 20 ordinary 10 KB in flight: ...
//   GET, 20 adversarial 10 KB in flight: ...
// and the ratios (adversarial against ordinary: the target; against alone: for scale). Runs
// alone (`node bench/adversarial.bench.mjs`, after npm run build) or from the bench runner.
import http from 'node:http';
import { AUTH_HEADERS, fmt, median, QUICK, report, startReferenceServer } from './lib.mjs';

const IN_FLIGHT = 20;
const ROUNDS = QUICK ? 20 : 100;
const MESSAGE_CHARS = 10_000;

const ADVERSARIAL = ['a.', 'a://', '1.', 'a1', 'http://a', '0f', 'ab', '1'].map((unit) =>
  unit.repeat(Math.ceil(MESSAGE_CHARS / unit.length)).slice(0, MESSAGE_CHARS),
);
// As long, as a real stack trace is: words, numbers and a URL now and then.
const ORDINARY = Array.from({ length: ADVERSARIAL.length }, (_, n) => {
  const line = `Error: request ${n} to https://api.example.com/v1/orders?id=${n} failed after 3021 ms at checkout (app.js:42:7)\n`;
  return line.repeat(Math.ceil(MESSAGE_CHARS / line.length)).slice(0, MESSAGE_CHARS);
});

// One connection per request in flight: they reach the server together, not one by one.
const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT + 1 });

function send(url, method, path, body) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(url + path, {
      method,
      agent,
      headers: { ...AUTH_HEADERS, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => (res.statusCode < 300 ? resolve(res.statusCode) : reject(new Error(`${method} ${path}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** GET latencies over ROUNDS rounds, each with `messages` (or none) posted just before it. */
async function rounds(url, messages) {
  const latencies = [];
  for (let round = 0; round < ROUNDS; round++) {
    const posts = (messages ?? []).length
      ? Array.from({ length: IN_FLIGHT }, (_, i) =>
          send(url, 'POST', '/_reference/error-events', {
            checkId: `bench-check-${i % 4}`,
            rawErrorMessage: messages[(round + i) % messages.length],
          }),
        )
      : [];
    const started = performance.now();
    await send(url, 'GET', '/v1/status-pages/incidents?limit=20');
    latencies.push(performance.now() - started);
    await Promise.all(posts);
  }
  return latencies;
}

const server = await startReferenceServer();
try {
  const { url } = server;
  // Warm-up: every code path once, connections opened.
  await rounds(url, ORDINARY);
  await rounds(url, ADVERSARIAL);
  const alone = await rounds(url, undefined);
  const ordinary = await rounds(url, ORDINARY);
  const adversarial = await rounds(url, ADVERSARIAL);
  const line = (name, values) =>
    console.log(
      `${name.padEnd(44)} p50 ${fmt(median(values), 2)} ms  p90 ${fmt(percentile(values, 90), 2)} ms  max ${fmt(Math.max(...values), 2)} ms`,
    );
  line('GET alone', alone);
  line(`GET, ${IN_FLIGHT} ordinary 10 KB messages in flight`, ordinary);
  line(`GET, ${IN_FLIGHT} adversarial 10 KB messages in flight`, adversarial);
  // The target: adversarial messages cost no more than ordinary ones of the same size.
  report('GET p90, adversarial vs ordinary in flight', {
    ours: `${fmt(percentile(adversarial, 90), 2)} ms`,
    baseline: `${fmt(percentile(ordinary, 90), 2)} ms`,
    ratio: percentile(adversarial, 90) / percentile(ordinary, 90),
    target: 1.5,
    higherIsBetter: false,
  });
  console.log(
    `GET p50, adversarial in flight vs alone: ${fmt(median(adversarial) / median(alone), 2)}x ` +
      `(the ${IN_FLIGHT} POSTs ahead of it are answered first)`,
  );
} finally {
  agent.destroy();
  await server.stop();
}

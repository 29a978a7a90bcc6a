// The load generator, always a process of its own (the server gets the other core). Runs the
// autocannon runs it is given one after the other and prints one JSON summary per run.
// Usage: node bench/load.mjs '<JSON array of autocannon options>'
import autocannon from 'autocannon';

const results = [];
for (const options of JSON.parse(process.argv[2])) {
  const result = await autocannon(options);
  results.push({
    url: options.url,
    requests: result.requests.total,
    duration: result.duration,
    rps: result.requests.total / result.duration,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  });
}
process.stdout.write(JSON.stringify(results));

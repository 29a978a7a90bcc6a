// Bulk writes under a rate limit: `statusctl server --rate-limit 4`, error groups created with
// POST /_reference/error-events (distinct messages, 12 at a time through one typed client), then
// `statusctl error-groups archive - --concurrency 12` on all of them, then two such processes at
// once on the same key, each with half of them. Each time is printed against the ideal, ids /
// rate: the limit allows no faster (its first burst aside). Failures are counted, never hidden.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { ACCOUNT, BIN, QUICK, benchEnv, fmt, report, startReferenceServer } from './lib.mjs';

const RATE = 4;
const IDS = QUICK ? 40 : 200;
const CONCURRENCY = 12;

const { createClient } = await import('../dist/index.js');

/** A word per number: error grouping ignores digits (and hex), so messages differ in letters. */
const word = (n) => [...String(n)].map((digit) => 'ghijklmnop'[Number(digit)]).join('');

/** Runs `statusctl error-groups archive -` on `ids`; resolves with its exit code, lines and time. */
function archive(url, ids) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'error-groups', 'archive', '-', '--concurrency', String(CONCURRENCY)], {
      env: benchEnv({ STATUSCTL_BASE_URL: url, STATUSCTL_API_KEY: ACCOUNT.key, STATUSCTL_ACCOUNT_ID: ACCOUNT.id, NO_COLOR: '1' }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = stdout.trimEnd().split('\n');
      const failed = lines.filter((line) => line.split('\t')[1] !== 'archived').length;
      resolve({ code, failed, ms: performance.now() - started, stderr });
    });
    child.stdin.end(ids.join('\n'));
  });
}

const server = await startReferenceServer(['--rate-limit', String(RATE), '--quiet']);
try {
  const client = createClient({ baseUrl: server.url, apiKey: ACCOUNT.key, accountId: ACCOUNT.id, maxWaitMs: 300_000 });
  const checkId = '00000000-0000-4000-8000-00000000bec0';
  const ids = new Array(IDS);
  let next = 0;
  const createStarted = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < IDS) {
        const i = next++;
        const group = await client.recordErrorEvent({
          body: { checkId, rawErrorMessage: `Error: bench failure in module ${word(i)}` },
        });
        ids[i] = group.id;
      }
    }),
  );
  const createMs = performance.now() - createStarted;
  if (new Set(ids).size !== IDS) throw new Error(`expected ${IDS} distinct error groups, got ${new Set(ids).size}`);
  const idealS = IDS / RATE;
  console.log(`rate limit ${RATE}/s, ${IDS} ids, --concurrency ${CONCURRENCY}; ideal = ids / rate = ${fmt(idealS)} s`);
  report(`create ${IDS} groups (typed client, 12 at once)`, {
    ours: `${fmt(createMs / 1000)} s`,
    baseline: `${fmt(idealS)} s ideal`,
    ratio: createMs / 1000 / idealS,
    target: 1.5,
  });

  // Let the bucket refill, so each run starts as a fresh job would.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const one = await archive(server.url, ids);
  report(`archive ${IDS} ids, one process`, {
    ours: `${fmt(one.ms / 1000)} s`,
    baseline: `${fmt(idealS)} s ideal`,
    ratio: one.ms / 1000 / idealS,
    target: 1.5,
  });
  console.log(`  exit ${one.code}, ${one.failed} of ${IDS} failed`);

  await new Promise((resolve) => setTimeout(resolve, 1000));
  const halves = [ids.slice(0, IDS / 2), ids.slice(IDS / 2)];
  const started = performance.now();
  const two = await Promise.all(halves.map((half) => archive(server.url, half)));
  const bothMs = performance.now() - started;
  report(`archive ${IDS} ids, two processes on one key`, {
    ours: `${fmt(bothMs / 1000)} s`,
    baseline: `${fmt(idealS)} s ideal`,
    ratio: bothMs / 1000 / idealS,
    target: 1.5,
  });
  for (const [i, run] of two.entries())
    console.log(`  process ${i + 1}: exit ${run.code}, ${run.failed} of ${IDS / 2} failed, ${fmt(run.ms / 1000)} s`);
} finally {
  await server.stop();
}

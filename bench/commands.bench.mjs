// What users type: a set of commands (reads with and without options, lists of both generations
// of status pages, a V3 read, a write with --dry-run, `statusctl status`), each as whole
// processes against the reference server beside its floor, a bare CommonJS Node process that
// makes the same requests (at once where the command makes them at once, or all at once where
// it cannot tell) and prints the same bytes, compared before any timing:
// - bare-get.cjs: one GET, its answer printed as the command prints it;
// - bare-merged.cjs: `incidents list -o json`'s reads and merge, done by hand;
// - bare-replay.cjs: the GETs the command's own --verbose lines name, all at once, then the
//   command's output as captured (lower than any process that makes those requests).
// On each Node line CI runs (22, 24, 26: scripts/ci-node.sh; `--node=22` picks lines). Runs
// alternate floor and command; the ratio printed is the median over the pairs, with the lowest
// and highest pair. Ratios only: absolute times of a shared machine mean nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT, AUTH_HEADERS, BIN, QUICK, ROOT, benchEnv, fmt, median, startReferenceServer } from './lib.mjs';

const RUNS = Number(process.env.BENCH_CLI_RUNS) || (QUICK ? 8 : 20);
/**
 * `--against=DIR`: the launcher of another checkout (built), run in each round after ours, so
 * its ratio to the same floor is measured in the same run (before and after a change).
 */
const AGAINST = process.argv.find((arg) => arg.startsWith('--against='))?.slice('--against='.length);
const THEIRS = AGAINST ? join(AGAINST, 'bin', 'statusctl') : undefined;
const GOAL = 1.25;
const TARGET = 1.15;

const server = await startReferenceServer();
const dir = mkdtempSync(join(tmpdir(), 'statusctl-bench-commands-'));
const env = benchEnv({
  STATUSCTL_BASE_URL: server.url,
  STATUSCTL_API_KEY: ACCOUNT.key,
  STATUSCTL_ACCOUNT_ID: ACCOUNT.id,
  STATUSCTL_CONFIG_DIR: join(dir, 'config'),
  STATUSCTL_CACHE_DIR: join(dir, 'cache'),
  NO_COLOR: '1',
});

function nodeLines() {
  const flag = process.argv.find((arg) => arg.startsWith('--node='));
  return (flag?.slice('--node='.length) ?? process.env.BENCH_CLI_NODE ?? '22,24,26').split(',').map((major) => {
    if (major === 'current') return { major, node: process.execPath };
    const found = spawnSync('bash', ['scripts/ci-node.sh', major], { cwd: ROOT, encoding: 'utf8' });
    if (found.status !== 0) return { major, error: found.stderr.trim().split('\n').at(-1) };
    return { major, node: join(found.stdout.trim(), 'node') };
  });
}

function run(node, args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(node, args, { cwd: ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return { ms, stdout: result.stdout };
}

/** Whether a command runs and prints `expected`. */
function sameBytes(node, args, expected) {
  try {
    return run(node, args).stdout === expected;
  } catch {
    return false;
  }
}

/** The requests a command makes, from its --verbose lines, and what it prints: a replay floor's plan. */
function replayPlan(args, name) {
  const result = spawnSync(process.execPath, [BIN, '--verbose', ...args], { cwd: ROOT, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')}: ${result.stderr}`);
  const urls = [...result.stderr.matchAll(/^GET (\S+) -> 200/gm)].map((match) => match[1]);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ urls, text: result.stdout }));
  return { floor: ['bench/bare-replay.cjs', file], requests: urls.length };
}

const get = async (path) => (await fetch(`${server.url}${path}`, { headers: AUTH_HEADERS })).json();
const [incident] = (await get('/v1/status-pages/incidents?limit=1')).entries;
const [v3Page] = (await get('/v3/status-pages?limit=1')).entries;
const [v3Incident] = v3Page ? (await get(`/v3/status-pages/${v3Page.id}/incidents?limit=1`)).entries : [];
const statusExists = spawnSync(process.execPath, [BIN, 'status', '--help'], { cwd: ROOT, env }).status === 0;

const bare = (route, print = 'json') => ({ floor: ['bench/bare-get.cjs', `${server.url}${route}`, print], requests: 1 });
const cases = [
  { name: 'runtimes list -o json', args: ['runtimes', 'list', '-o', 'json'], ...bare('/v1/runtimes') },
  { name: 'incidents list -o json', args: ['incidents', 'list', '-o', 'json'], floor: ['bench/bare-merged.cjs', server.url, '20'] },
  {
    name: 'incidents list --limit 5 -o json',
    args: ['incidents', 'list', '--limit', '5', '-o', 'json'],
    floor: ['bench/bare-merged.cjs', server.url, '5'],
  },
  { name: 'incidents list --since 7d -o json', args: ['incidents', 'list', '--since', '7d', '-o', 'json'], replay: true },
  { name: 'incidents list (table, piped)', args: ['incidents', 'list'], replay: true },
  { name: 'status-pages list -o json', args: ['status-pages', 'list', '-o', 'json'], replay: true },
  { name: 'api /v1/runtimes', args: ['api', '/v1/runtimes'], ...bare('/v1/runtimes', 'raw') },
  {
    name: 'incidents get ID -o json',
    args: ['incidents', 'get', incident.id, '-o', 'json'],
    ...bare(`/v1/status-pages/incidents/${incident.id}`),
  },
  { name: 'incidents get SHORT-ID -o json', args: ['incidents', 'get', incident.id.slice(0, 8), '-o', 'json'], replay: true },
  ...(v3Incident
    ? [{ name: 'incidents get V3-ID -o json (V3 read)', args: ['incidents', 'get', v3Incident.id, '-o', 'json'], replay: true }]
    : []),
  { name: 'incidents resolve ID --dry-run', args: ['incidents', 'resolve', incident.id, '--dry-run'], replay: true },
  ...(statusExists ? [{ name: 'status', args: ['status'], replay: true }] : []),
];
for (const [index, each] of cases.entries()) if (each.replay) Object.assign(each, replayPlan(each.args, `case-${index}`));

console.log(
  `commands: median over ${RUNS} pairs of whole processes, each command beside its floor (same requests, same bytes); ` +
    `goal <= ${GOAL}x on Node 22 (target ${TARGET}x). Ratios of one run only.`,
);
try {
  for (const line of nodeLines()) {
    if (line.error) {
      console.log(`\nNode ${line.major}: not measured (${line.error})`);
      continue;
    }
    console.log(`\nNode ${spawnSync(line.node, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
    for (const { name, args, floor, requests } of cases) {
      const ours = [BIN, ...args];
      const first = run(line.node, floor);
      const second = run(line.node, ours);
      if (first.stdout !== second.stdout) {
        console.log(`${name.padEnd(40)} not measured: the floor prints other bytes`);
        continue;
      }
      const theirs = THEIRS && sameBytes(line.node, [THEIRS, ...args], first.stdout) ? [THEIRS, ...args] : undefined;
      const ratios = [];
      const before = [];
      for (let i = 0; i < RUNS; i++) {
        const base = run(line.node, floor).ms;
        ratios.push(run(line.node, ours).ms / base);
        if (theirs) before.push(run(line.node, theirs).ms / base);
      }
      const ratio = median(ratios);
      const verdict = line.major === '22' ? `  ${ratio <= GOAL ? 'ok' : 'MISSED'}` : '';
      const spread = (list) => `(pairs ${fmt(Math.min(...list), 2)}-${fmt(Math.max(...list), 2)})`;
      const against = !THEIRS
        ? ''
        : theirs
          ? `  that build ${fmt(median(before), 2)}x ${spread(before)}`
          : '  that build: other bytes or failed';
      console.log(
        `${name.padEnd(40)} ratio ${fmt(ratio, 2)}x ${spread(ratios)}` +
          `${requests === undefined ? '' : `  ${requests} request${requests === 1 ? '' : 's'}`}${verdict}${against}`,
      );
    }
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

// CLI start-up: wall time of whole `statusctl` processes against the reference server, each beside
// its floor: a bare CommonJS Node process doing one node:http GET of the same route and printing
// the same bytes (bench/bare-get.cjs; the bytes are compared before any timing, so the floor does
// the whole job the command does and nothing else). Each Node line CI runs is measured with its
// own binary (scripts/ci-node.sh; `--node=22,24` or BENCH_CLI_NODE picks lines, `current` is the
// Node running the bench). Runs alternate (floor, ours, floor, ours, ...) so that drift on a busy
// machine hits both sides alike. Times are the medians of the runs; a ratio (or what --jq adds)
// is the median over the pairs of runs made one after the other, with the lowest and highest
// pair beside it. No proxy variable reaches the measured runs (benchEnv), except in the proxy
// lines, which say what a proxy set aside by NO_PROXY, and one in use, add to a call.
// Beside the goal, on each line and not a target: the floor with commander parsing a command line
// first, bundled and launched as the CLI is (commanderFloor), which is the least a statusctl
// process built on commander can cost.
// `--goal-only` measures the goal's commands alone, with more pairs in the same time; `--cpu`
// measures each process's main-thread CPU time instead of its wall time (steadier on a busy machine).
// Through npm: `npm run bench -- cli --cpu`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { missingSecretServiceTools, startSecretService } from '../test/support/secret-service.mjs';
import { ACCOUNT, AUTH_HEADERS, BIN, QUICK, ROOT, benchEnv, fmt, median, startListening, startReferenceServer } from './lib.mjs';

const RUNS = Number(process.env.BENCH_CLI_RUNS) || (QUICK ? 10 : 30);
/** What the CLI may take against the floor: the oldest line CI runs, and the others. */
const GOAL_FIRST_LINE = 1.15;
const GOAL = 1.25;
/** What --jq may add to a command, in ms. */
const JQ_BUDGET_MS = 100;
/** What reading the key from the OS credential store may add, against the key from the environment, in ms. */
const KEYRING_BUDGET_MS = 20;
const FLOOR = 'bench/bare-get.cjs';
const GOAL_ONLY = process.argv.includes('--goal-only');
/**
 * `--cpu`: each process's main-thread CPU time (cpu-time.cjs) instead of its wall time. Other
 * work on the machine takes wall time from both sides unevenly, but hardly changes how much CPU
 * a process itself needs, so on a busy machine these ratios hold still where wall times do not.
 */
const CPU = process.argv.includes('--cpu');
const CPU_TIME = join(ROOT, 'bench', 'cpu-time.cjs');
/**
 * `--against=DIR`: the goal's commands of this checkout against those of the checkout in DIR
 * (built, as this one), alternating, instead of against the floor. A change worth half a
 * millisecond is lost in how much the floor's ratio moves from run to run; side by side with
 * the build before it, the pairs show it.
 */
const AGAINST = againstBuild();

const lines = nodeLines();
const commander = await commanderFloor();
const server = await startReferenceServer();
const proxy = await startListening(['bench/proxy-server.mjs']);
const configDir = mkdtempSync(join(tmpdir(), 'statusctl-bench-'));
const env = benchEnv({
  STATUSCTL_BASE_URL: server.url,
  STATUSCTL_API_KEY: ACCOUNT.key,
  STATUSCTL_ACCOUNT_ID: ACCOUNT.id,
  STATUSCTL_CONFIG_DIR: configDir,
  // The launcher's code caches, warmed by the first run of each command, stay out of ~/.cache.
  STATUSCTL_CACHE_DIR: join(configDir, 'cache'),
  NO_COLOR: '1',
});

/** The launcher of the checkout `--against` names, which must be built. */
function againstBuild() {
  const flag = process.argv.find((arg) => arg.startsWith('--against='));
  if (!flag) return undefined;
  const bin = join(resolve(flag.slice('--against='.length)), 'bin', 'statusctl');
  if (!existsSync(join(bin, '..', '..', 'dist', 'cli.cjs')))
    throw new Error(`--against: no built checkout at ${join(bin, '..', '..')} (npm run build there)`);
  return bin;
}

/** The Node binaries to measure with, in the order asked; a line that cannot be installed says so. */
function nodeLines() {
  const flag = process.argv.find((arg) => arg.startsWith('--node='));
  const asked = (flag?.slice('--node='.length) ?? process.env.BENCH_CLI_NODE ?? '22,24,26').split(',').filter(Boolean);
  return asked.map((major) => {
    if (major === 'current') return { major, node: process.execPath, version: process.version };
    const found = spawnSync('bash', ['scripts/ci-node.sh', major], { cwd: ROOT, encoding: 'utf8' });
    if (found.status !== 0) return { major, error: found.stderr.trim().split('\n').at(-1) };
    const node = join(found.stdout.trim(), 'node');
    return { major, node, version: spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim() };
  });
}

function runProcess(node, args, extraEnv = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(node, CPU ? ['--require', CPU_TIME, ...args] : args, {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${node} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return { ms: CPU ? cpuMs(result.stderr) : wall, stdout: result.stdout };
}

/** The main thread's CPU time in ms, from the last line cpu-time.cjs writes on stderr. */
function cpuMs(stderr) {
  const match = /cpu-time (\d+)\n$/.exec(stderr);
  if (!match) throw new Error(`no CPU time on stderr: ${stderr}`);
  return Number(match[1]) / 1000;
}

/**
 * Alternates baseline and ours; one unmeasured pair first warms the file and code caches. With
 * `sameOutput`, that pair's stdout must be the same bytes on both sides, or nothing is timed.
 */
function sideBySide(node, baselineArgs, ourArgs, { ourEnv = {}, baselineEnv = {}, sameOutput = false } = {}) {
  const first = runProcess(node, baselineArgs, baselineEnv);
  const second = runProcess(node, ourArgs, ourEnv);
  if (sameOutput && first.stdout !== second.stdout) throw new Error(outputDiffers(baselineArgs, ourArgs, first.stdout, second.stdout));
  const baseline = [];
  const ours = [];
  for (let i = 0; i < RUNS; i++) {
    baseline.push(runProcess(node, baselineArgs, baselineEnv).ms);
    ours.push(runProcess(node, ourArgs, ourEnv).ms);
  }
  const ratios = ours.map((time, i) => time / baseline[i]);
  return {
    baseline: median(baseline),
    ours: median(ours),
    ratio: median(ratios),
    lowest: Math.min(...ratios),
    highest: Math.max(...ratios),
    added: median(ours.map((time, i) => time - baseline[i])),
  };
}

function outputDiffers(baselineArgs, ourArgs, expected, actual) {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  return (
    `the baseline (${baselineArgs.join(' ')}) and statusctl (${ourArgs.slice(1).join(' ')}) print different bytes, ` +
    `first at line ${line + 1}:\n  baseline:  ${JSON.stringify(a[line])}\n  statusctl: ${JSON.stringify(b[line])}`
  );
}

function ratioLine(name, { ours, baseline, ratio, lowest, highest }, baselineName, goal) {
  const verdict = goal === undefined ? '' : `  goal <= ${goal}x  ${ratio <= goal ? 'ok' : 'MISSED'}`;
  console.log(
    `${name.padEnd(46)} ours ${fmt(ours)} ms  ${baselineName} ${fmt(baseline)} ms  ` +
      `ratio ${fmt(ratio, 2)}x (pairs ${fmt(lowest, 2)}-${fmt(highest, 2)})${verdict}`,
  );
}

function addedLine(name, { ours, baseline, added }, baselineName, budget) {
  const verdict = budget === undefined ? '' : `  budget <= ${budget} ms  ${added <= budget ? 'ok' : 'MISSED'}`;
  console.log(`${name.padEnd(46)} ours ${fmt(ours)} ms  ${baselineName} ${fmt(baseline)} ms  adds ${fmt(added)} ms${verdict}`);
}

// What a user has after `statusctl login` on a machine without a credential store: no variable,
// the settings and key in the config file at its usual place (env-paths: $XDG_CONFIG_HOME).
const configHome = join(configDir, 'config-home');
mkdirSync(join(configHome, 'statusctl'), { recursive: true });
writeFileSync(
  join(configHome, 'statusctl', 'config.json'),
  JSON.stringify({ profiles: { default: { baseUrl: server.url, apiKey: ACCOUNT.key, accountId: ACCOUNT.id } } }),
  { mode: 0o600 },
);
// An empty variable counts as unset.
const fromConfigFile = {
  XDG_CONFIG_HOME: configHome,
  STATUSCTL_CONFIG_DIR: '',
  STATUSCTL_BASE_URL: '',
  STATUSCTL_API_KEY: '',
  STATUSCTL_ACCOUNT_ID: '',
};

// An incident of the demo data, named whole and by the 8 characters a terminal table shows.
const [incident] = (await (await fetch(`${server.url}/v1/status-pages/incidents?limit=1`, { headers: AUTH_HEADERS })).json()).entries;
const incidentRoute = `/v1/status-pages/incidents/${incident.id}`;

/** The goal: measured on every line. `print` is what the floor prints (bare-get.cjs). */
const goalCases = [
  { name: 'statusctl runtimes list -o json', route: '/v1/runtimes', args: ['runtimes', 'list', '-o', 'json'] },
  { name: 'statusctl incidents list', route: '/v1/status-pages/incidents', print: 'incident-rows', args: ['incidents', 'list'] },
];
/** Measured on the first line only, against the same floor. */
const moreCases = [
  { name: 'statusctl incidents list -o json', route: '/v1/status-pages/incidents', args: ['incidents', 'list', '-o', 'json'] },
  { name: 'statusctl status-pages list -o json', route: '/v1/status-pages', args: ['status-pages', 'list', '-o', 'json'] },
  { name: 'statusctl api /v1/runtimes', route: '/v1/runtimes', print: 'raw', args: ['api', '/v1/runtimes'] },
  // A whole id is sent as it is: no read besides the GET itself.
  { name: 'statusctl incidents get ID -o json', route: incidentRoute, args: ['incidents', 'get', incident.id, '-o', 'json'] },
  {
    name: 'runtimes list -o json, config file settings',
    route: '/v1/runtimes',
    args: ['runtimes', 'list', '-o', 'json'],
    env: fromConfigFile,
  },
];

console.log(
  AGAINST
    ? `cli: median ${CPU ? 'main-thread CPU time' : 'wall time'} of ${RUNS} processes each, alternating with the same command of ${AGAINST}`
    : `cli: median ${CPU ? 'main-thread CPU time' : 'wall time'} of ${RUNS} processes each, alternating with the floor: ${FLOOR}, a CommonJS node:http GET ` +
        'printing the bytes the command prints (compared before timing)',
);
try {
  for (const [index, line] of lines.entries()) {
    if (line.error) {
      console.log(`\nNode ${line.major}: not measured, scripts/ci-node.sh ${line.major} failed: ${line.error}`);
      continue;
    }
    const goal = index === 0 ? GOAL_FIRST_LINE : GOAL;
    console.log(
      `\nNode ${line.version} (${line.major === 'current' ? 'the Node running the bench' : `scripts/ci-node.sh ${line.major}`})${AGAINST ? '' : `, floor ${FLOOR}`}`,
    );
    if (AGAINST) {
      for (const { name, args } of goalCases) {
        const { ours, baseline, ratio, lowest, highest, added } = sideBySide(line.node, [AGAINST, ...args], [BIN, ...args], {
          sameOutput: true,
        });
        console.log(
          `${name.padEnd(46)} ours ${fmt(ours)} ms  that build ${fmt(baseline)} ms  ` +
            `ratio ${fmt(ratio, 3)}x (pairs ${fmt(lowest, 2)}-${fmt(highest, 2)})  adds ${fmt(added, 2)} ms`,
        );
      }
      continue;
    }
    const all = index === 0 && !GOAL_ONLY;
    for (const { name, route, print = 'json', args, env: caseEnv } of all ? [...goalCases, ...moreCases] : goalCases) {
      const result = sideBySide(line.node, [FLOOR, `${server.url}${route}`, print], [BIN, ...args], { ourEnv: caseEnv, sameOutput: true });
      ratioLine(name, result, 'floor', goalCases.some((c) => c.name === name) ? goal : GOAL);
    }
    // Not a target: the floor as an ES module, which is what the CLI was measured against before.
    ratioLine(
      'ES module bare GET (bare-get.mjs), runtimes',
      sideBySide(line.node, [FLOOR, `${server.url}/v1/runtimes`], ['bench/bare-get.mjs', `${server.url}/v1/runtimes`], {
        sameOutput: true,
      }),
      'floor',
    );
    // Not a target: what commander alone adds to the floor, run as the CLI is run.
    ratioLine(
      'floor + commander (bundled, launcher)',
      sideBySide(line.node, [FLOOR, `${server.url}/v1/runtimes`], [commander.launcher, `${server.url}/v1/runtimes`], {
        ourEnv: commander.env,
        sameOutput: true,
      }),
      'floor',
    );
    if (all) await moreLines(line.node);
  }
} finally {
  await Promise.all([server.stop(), proxy.stop()]);
  rmSync(configDir, { recursive: true, force: true });
  rmSync(commander.dir, { recursive: true, force: true });
}

/**
 * The floor with commander parsing a command line first (bare-get.cjs with BARE_GET_COMMANDER=1),
 * bundled and minified as dist/cli.cjs is and run by a copy of bin/statusctl with a code cache of
 * its own: the cost of the parser itself, which the CLI cannot go below.
 */
async function commanderFloor() {
  const dir = mkdtempSync(join(tmpdir(), 'statusctl-bench-commander-'));
  mkdirSync(join(dir, 'bin'));
  for (const file of ['statusctl', 'package.json']) copyFileSync(join(ROOT, 'bin', file), join(dir, 'bin', file));
  await build({
    entryPoints: [join(ROOT, FLOOR)],
    outfile: join(dir, 'dist', 'cli.cjs'),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    minify: true,
    logLevel: 'warning',
  });
  // A cache directory of its own: this cli.cjs is another build, which would take a place the launcher keeps for the CLI's.
  return { dir, launcher: join(dir, 'bin', 'statusctl'), env: { BARE_GET_COMMANDER: '1', STATUSCTL_CACHE_DIR: join(dir, 'cache') } };
}

/** Not targets: --jq, proxies, a short id, the credential store, no request at all. */
async function moreLines(node) {
  const plain = [BIN, 'runtimes', 'list', '-o', 'json'];
  // --jq: the same command with and without the filter, alternating.
  addedLine(
    'statusctl runtimes list --jq .[].name',
    sideBySide(node, plain, [BIN, 'runtimes', 'list', '--jq', '.[].name']),
    'without --jq',
    JQ_BUDGET_MS,
  );
  // The cost of a proxy variable that NO_PROXY sets aside (the NO_PROXY match loads), and of a
  // request through a real proxy (the agents load, one more hop).
  addedLine(
    'runtimes list, HTTP_PROXY set, NO_PROXY match',
    sideBySide(node, plain, plain, { ourEnv: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } }),
    'no proxy set',
  );
  addedLine('runtimes list through a proxy', sideBySide(node, plain, plain, { ourEnv: { HTTP_PROXY: proxy.url } }), 'direct');
  // A short id is looked for in the incident list (one read of pages of 100, which hold the
  // incident) instead of the GET of the incident.
  ratioLine(
    'statusctl incidents get SHORT-ID -o json',
    sideBySide(node, [FLOOR, `${server.url}${incidentRoute}`], [BIN, 'incidents', 'get', incident.id.slice(0, 8), '-o', 'json'], {
      sameOutput: true,
    }),
    'floor (GET of the incident)',
  );
  await keyFromStore(node);
  // Where the time goes when no request is made.
  ratioLine('statusctl --version (no request)', sideBySide(node, ['-e', ''], [BIN, '--version']), "node -e ''");
}

/**
 * The key from the OS credential store (a Secret Service of the benchmark's own: a private
 * D-Bus bus with gnome-keyring-daemon, as in the tests) against the key from the environment,
 * the same command alternating: what loading the library and one D-Bus lookup add.
 */
async function keyFromStore(node) {
  const name = 'statusctl incidents list, key from the keyring';
  const missing = await missingSecretServiceTools();
  if (missing.length > 0) {
    console.log(`${name.padEnd(46)} skipped: ${missing.join(', ')} missing (scripts/system-deps/keyring.sh installs them)`);
    return;
  }
  const service = await startSecretService();
  const storeDir = mkdtempSync(join(tmpdir(), 'statusctl-bench-keyring-'));
  try {
    const withStore = { ...service.env, STATUSCTL_CONFIG_DIR: storeDir };
    // An empty variable counts as unset: the key then comes from the store.
    const fromStore = { ...withStore, STATUSCTL_API_KEY: '' };
    const login = spawnSync(node, [BIN, 'login', '--json'], { cwd: ROOT, env: { ...env, ...withStore }, encoding: 'utf8' });
    if (login.status !== 0 || JSON.parse(login.stdout).keyStorage !== 'keyring') {
      throw new Error(`login did not save the key in the keyring: ${login.stdout}${login.stderr}`);
    }
    const args = [BIN, 'incidents', 'list', '-o', 'json'];
    addedLine(
      name,
      sideBySide(node, args, args, { ourEnv: fromStore, baselineEnv: withStore }),
      'key from the environment',
      KEYRING_BUDGET_MS,
    );
  } finally {
    await service.stop();
    rmSync(storeDir, { recursive: true, force: true });
  }
}

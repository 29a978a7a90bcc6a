// CLI start-up: wall time of whole `statusctl` processes against the reference server, each
// beside a bare Node process doing one node:http GET of the same route and printing the JSON
// (bench/bare-get.mjs). Runs alternate (baseline, ours, baseline, ours, ...) so that drift on
// a busy machine hits both sides alike. Times are the medians of the runs; a ratio (or what
// --jq adds) is the median over the pairs of runs made one after the other, which a machine
// whose speed drifts within the benchmark moves less than a ratio of two medians. No proxy
// variable reaches the measured runs (benchEnv), except in the proxy lines, which say what a
// proxy set aside by NO_PROXY, and one in use (bench/proxy-server.mjs), add to a call.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingSecretServiceTools, startSecretService } from '../test/support/secret-service.mjs';
import { ACCOUNT, AUTH_HEADERS, BIN, QUICK, ROOT, benchEnv, fmt, median, report, startListening, startReferenceServer } from './lib.mjs';

const RUNS = Number(process.env.BENCH_CLI_RUNS) || (QUICK ? 10 : 30);
const TARGET = 1.25;
/** What --jq may add to a command, in ms. */
const JQ_BUDGET_MS = 100;
/** What reading the key from the OS credential store may add, against the key from the environment, in ms. */
const KEYRING_BUDGET_MS = 20;

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

function timeProcess(args, extraEnv = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

/** Alternates baseline and ours; one unmeasured pair first warms the file cache. */
function sideBySide(baselineArgs, ourArgs, ourEnv = {}, baselineEnv = {}) {
  timeProcess(baselineArgs, baselineEnv);
  timeProcess(ourArgs, ourEnv);
  const baseline = [];
  const ours = [];
  for (let i = 0; i < RUNS; i++) {
    baseline.push(timeProcess(baselineArgs, baselineEnv));
    ours.push(timeProcess(ourArgs, ourEnv));
  }
  return {
    baseline: median(baseline),
    ours: median(ours),
    ratio: median(ours.map((time, i) => time / baseline[i])),
    added: median(ours.map((time, i) => time - baseline[i])),
  };
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

const cases = [
  { name: 'statusctl runtimes list -o json', route: '/v1/runtimes', args: ['runtimes', 'list', '-o', 'json'] },
  { name: 'statusctl incidents list -o json', route: '/v1/status-pages/incidents', args: ['incidents', 'list', '-o', 'json'] },
  { name: 'statusctl status-pages list -o json', route: '/v1/status-pages', args: ['status-pages', 'list', '-o', 'json'] },
  { name: 'statusctl api /v1/runtimes', route: '/v1/runtimes', args: ['api', '/v1/runtimes'] },
  // A whole id is sent as it is: no read besides the GET itself.
  { name: 'statusctl incidents get ID -o json', route: incidentRoute, args: ['incidents', 'get', incident.id, '-o', 'json'] },
  {
    name: 'runtimes list -o json, config file settings',
    route: '/v1/runtimes',
    args: ['runtimes', 'list', '-o', 'json'],
    env: fromConfigFile,
  },
];

console.log(`cli: median wall time of ${RUNS} processes each, alternating with the baseline (node ${process.version})`);
try {
  for (const { name, route, args, env: caseEnv } of cases) {
    const { baseline, ours, ratio } = sideBySide(['bench/bare-get.mjs', `${server.url}${route}`], [BIN, ...args], caseEnv);
    report(name, { ours: `${fmt(ours)} ms`, baseline: `${fmt(baseline)} ms (bare node:http GET)`, ratio, target: TARGET });
  }
  // --jq: the same command with and without the filter, alternating.
  {
    const plain = [BIN, 'runtimes', 'list', '-o', 'json'];
    const filtered = [BIN, 'runtimes', 'list', '--jq', '.[].name'];
    const { baseline, ours, added } = sideBySide(plain, filtered);
    console.log(
      `${'statusctl runtimes list --jq .[].name'.padEnd(44)} ours ${fmt(ours)} ms  without --jq ${fmt(baseline)} ms  ` +
        `adds ${fmt(added)} ms  budget <= ${JQ_BUDGET_MS} ms  ${added <= JQ_BUDGET_MS ? 'ok' : 'MISSED'}`,
    );
  }
  // Proxies, not targets: the cost of a proxy variable that NO_PROXY sets aside (the NO_PROXY
  // match loads), and of a request through a real proxy (the agents load, one more hop).
  {
    const plain = [BIN, 'runtimes', 'list', '-o', 'json'];
    const bypassed = sideBySide(plain, plain, { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    console.log(
      `${'runtimes list, HTTP_PROXY set, NO_PROXY match'.padEnd(44)} ours ${fmt(bypassed.ours)} ms  no proxy set ${fmt(bypassed.baseline)} ms  ` +
        `adds ${fmt(bypassed.added)} ms`,
    );
    const through = sideBySide(plain, plain, { HTTP_PROXY: proxy.url });
    console.log(
      `${'runtimes list through a proxy'.padEnd(44)} ours ${fmt(through.ours)} ms  direct ${fmt(through.baseline)} ms  adds ${fmt(through.added)} ms`,
    );
  }
  // Not a target: a short id is looked for in the incident list (one read of pages of 100,
  // which hold the incident) instead of the GET of the incident.
  {
    const { baseline, ours, ratio } = sideBySide(
      ['bench/bare-get.mjs', `${server.url}${incidentRoute}`],
      [BIN, 'incidents', 'get', incident.id.slice(0, 8), '-o', 'json'],
    );
    console.log(
      `${'statusctl incidents get SHORT-ID -o json'.padEnd(44)} ours ${fmt(ours)} ms  baseline ${fmt(baseline)} ms (bare node:http GET of the incident)  ratio ${fmt(ratio, 2)}x`,
    );
  }
  await keyFromStore();
  // Not targets: where the time goes when no request is made.
  const { baseline, ours, ratio } = sideBySide(['-e', ''], [BIN, '--version']);
  console.log(
    `${'statusctl --version (no request)'.padEnd(44)} ours ${fmt(ours)} ms  baseline ${fmt(baseline)} ms (node -e '')  ratio ${fmt(ratio, 2)}x`,
  );
} finally {
  await Promise.all([server.stop(), proxy.stop()]);
  rmSync(configDir, { recursive: true, force: true });
}

/**
 * The key from the OS credential store (a Secret Service of the benchmark's own: a private
 * D-Bus bus with gnome-keyring-daemon, as in the tests) against the key from the environment,
 * the same command alternating: what loading the library and one D-Bus lookup add.
 */
async function keyFromStore() {
  const name = 'statusctl incidents list, key from the keyring';
  const missing = await missingSecretServiceTools();
  if (missing.length > 0) {
    console.log(`${name.padEnd(44)} skipped: ${missing.join(', ')} missing (scripts/system-deps/keyring.sh installs them)`);
    return;
  }
  const service = await startSecretService();
  const storeDir = mkdtempSync(join(tmpdir(), 'statusctl-bench-keyring-'));
  try {
    const withStore = { ...service.env, STATUSCTL_CONFIG_DIR: storeDir };
    // An empty variable counts as unset: the key then comes from the store.
    const fromStore = { ...withStore, STATUSCTL_API_KEY: '' };
    const login = spawnSync(process.execPath, [BIN, 'login', '--json'], { cwd: ROOT, env: { ...env, ...withStore }, encoding: 'utf8' });
    if (login.status !== 0 || JSON.parse(login.stdout).keyStorage !== 'keyring') {
      throw new Error(`login did not save the key in the keyring: ${login.stdout}${login.stderr}`);
    }
    const args = [BIN, 'incidents', 'list', '-o', 'json'];
    const { baseline, ours, added } = sideBySide(args, args, fromStore, withStore);
    console.log(
      `${name.padEnd(44)} ours ${fmt(ours)} ms  key from the environment ${fmt(baseline)} ms  ` +
        `adds ${fmt(added)} ms  budget <= ${KEYRING_BUDGET_MS} ms  ${added <= KEYRING_BUDGET_MS ? 'ok' : 'MISSED'}`,
    );
  } finally {
    await service.stop();
    rmSync(storeDir, { recursive: true, force: true });
  }
}

// Every example in every command's --help runs, as written, against the reference server: a
// newcomer who copies one gets what it promises (exit 0; exit 5 where the example sets a
// --fail-under threshold). The examples are read from the help output of the whole program tree,
// so a command or example added later is run without touching this file.
//
// Where each runs: an example that is one statusctl command of plain and quoted words, and ends
// by itself, runs in this process through run() (src/cli/runtime/run.ts, the program the binary
// runs: the same parsing, commands and exit codes), as the binary would be started by bash: the
// sandbox's environment, its directory as the current one, stdin empty, stdout a pipe. Starting
// Node for each of them was most of this file's time, and a process adds nothing these examples
// show (the launcher, signals and pipes have tests of their own). An example that is a pipeline
// of such commands and others, with maybe a file in or out (`statusctl ... | jq ...`, `printf
// ... | statusctl ... -`, `statusctl ... - < ids.txt`, `statusctl ... > key.txt`), runs its
// statusctl commands so and the others in bash, each given what the one before printed, checked
// as bash with pipefail checks the line (pipeline.ts). Every other example runs in bash with the
// built binary on the PATH: an expansion, `&&`, `||`, a substitution, a variable in front, a
// redirection to anything but a plain file name (statusctlArgs in readme-shell.ts and pipelineOf
// tell them apart, strictly: anything they do not know goes to bash), and the examples that serve
// or tour (server, mcp, demo), which are stopped or start a process per step.
//
// The examples run in a sandbox that stands for a newcomer's machine after the README's "Try it"
// steps: `statusctl` on the PATH; the reference server serving the demo
// account (whose ids the examples name) with STATUSCTL_BASE_URL, STATUSCTL_API_KEY and
// STATUSCTL_ACCOUNT_ID exported, and KEY and ACCOUNT_ID as in the README; profiles `staging` and
// `ci` in the config file; HOME with the usual completion directories; and the files the examples
// read (ids.txt, key.txt, fixtures.json..., the template .statusctl/templates/outage.md) in the
// working directory, which is a git checkout with one commit. Two substitutions, so that
// runs in parallel never collide: the server's address for http://127.0.0.1:4010, and port 0
// (a free one) for `statusctl server`. A trailing `&` is dropped: the test waits instead.
//
// `statusctl server` and `statusctl mcp` serve until stopped: a server example passes once it
// prints its address, an MCP one once it answers an initialize request; then it is stopped.
// `statusctl demo` tours every command, each a process of its own: the tour runs to its end once,
// for the example that writes its transcript to a file (checked here step by step), which stands
// for a tour example that differs from it only in --no-color and where its output goes (off a
// terminal these change nothing); every other tour example (other options) passes once its
// reference server listens, those options taken (its steps are the full tour's), then is
// interrupted as a user would, with Ctrl-C. What any example prints to the pipe has no colors.
//
// Examples that run the same code run once, and each of the others is reported by name as covered
// by the one run: examples that differ only in a trailing comment; a tour like the full one (above);
// and the same example under the other name of a command declared twice by one module, in
// SAME_COMMANDS (`auth login` is `login`, `auth logout` is `logout`: their helps are checked to
// be one text but for the name). An example whose command line differs in anything else runs.
//
// Examples that need what the sandbox cannot give are marked in SKIPPED, by their exact text,
// with the reason; each is reported as skipped by name. An example that a docs page shows as well,
// the same command line in a block docs-examples.test.ts runs (docs-blocks.ts), runs there, once in
// the suite, with the same checks (exit 0 or a --fail-under's 5, no colors on the pipe); each is
// reported by name.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../src/server/fixtures/demo.js';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { BIN, cleanEnv, ROOT, runCli, tempConfigDir, useTestServer } from './helpers.js';
import { commandLinesOfDocsExamples, withoutComment } from './docs-blocks.js';
import { pipelineOf, runPipeline, type Stage } from './pipeline.js';
import { type ShellResult, statusctlArgs } from './readme-shell.js';
import { examplesIn, helpTree } from './help-tree.js';

const DEMO_KEY = 'sc_local_0123456789abcdef';
const ERROR_GROUP = DEMO_IDS.errorGroups[Object.keys(DEMO_IDS.errorGroups)[0] as keyof typeof DEMO_IDS.errorGroups];

/** Examples that cannot run here, by their exact text, and why. */
const SKIPPED: Record<string, string> = {
  'statusctl incidents create': 'needs a terminal: asks for each missing option',
};

const file = useTestServer({ accounts: [{ id: DEMO_ACCOUNT_ID, key: DEMO_KEY }], rcaDelayMs: 50 });

interface Outcome {
  example: string;
  problem?: string;
}

/** The sandbox every example runs in; see the top of this file. */
async function sandbox(url: string): Promise<{ cwd: string; env: NodeJS.ProcessEnv }> {
  const cwd = tempConfigDir();
  const home = join(cwd, 'home');
  const bin = join(cwd, 'bin');
  for (const dir of [
    bin,
    join(home, '.local/share/bash-completion/completions'),
    join(home, '.config/fish/completions'),
    join(home, '.zfunc'),
  ]) {
    mkdirSync(dir, { recursive: true });
  }
  writeFileSync(join(bin, 'statusctl'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`, {
    mode: 0o755,
  });
  writeFileSync(join(cwd, 'ids.txt'), `${ERROR_GROUP}\n`);
  writeFileSync(join(cwd, 'known-failures.txt'), `# flaky on Fridays\n${ERROR_GROUP}\n`);
  writeFileSync(join(cwd, 'key.txt'), `${DEMO_KEY}\n`);
  writeFileSync(join(cwd, 'notice.md'), 'Some customers cannot log in. We are on it.\n');
  writeFileSync(join(cwd, 'postmortem-summary.txt'), 'A bad deploy, rolled back.\n');
  writeFileSync(join(cwd, 'corrected.txt'), 'Payments, not payouts, were affected.\n');
  mkdirSync(join(cwd, '.statusctl', 'templates'), { recursive: true });
  writeFileSync(
    join(cwd, '.statusctl', 'templates', 'outage.md'),
    '---\nname: "{{service}} outage in {{region}}"\nseverity: major\nservices: [Payments API]\n---\nCustomers of {{service}} in {{region}} see errors.\n',
  );
  copyFileSync(join(ROOT, 'src', 'server', 'fixtures', 'example.json'), join(cwd, 'fixtures.json'));
  const git = (args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Newcomer', '-c', 'user.email=newcomer@example.com', ...args], { cwd });
  git(['init', '--quiet']);
  git(['add', '--all']);
  git(['commit', '--quiet', '--message', 'Roll back the checkout deploy.']);
  const service = (
    await runCli(['status-pages', 'get', 'acme-payments', '--jq', '.cards[0].services[0]'], { env: envFor(url), inProcess: true })
  ).stdout;
  writeFileSync(
    join(cwd, 'incident.json'),
    JSON.stringify({
      name: 'Checkout errors',
      severity: 'MAJOR',
      services: [JSON.parse(service)],
      incidentUpdates: [{ description: 'Investigating.' }],
    }),
  );
  const env = cleanEnv({
    ...envFor(url),
    PATH: `${bin}:${process.env.PATH}`,
    HOME: home,
    STATUSCTL_CONFIG_DIR: join(cwd, 'config'),
    KEY: DEMO_KEY,
    ACCOUNT_ID: DEMO_ACCOUNT_ID,
  });
  for (const profile of ['staging', 'ci']) {
    const login = await runCli(['login', '--with-token', '--profile', profile], { env, input: DEMO_KEY, inProcess: true });
    expect(login.code, login.stderr).toBe(0);
  }
  return { cwd, env };
}

function envFor(url: string): Record<string, string> {
  return { STATUSCTL_BASE_URL: url, STATUSCTL_API_KEY: DEMO_KEY, STATUSCTL_ACCOUNT_ID: DEMO_ACCOUNT_ID };
}

/** The example as the sandbox runs it (see the substitutions at the top). */
function adapt(example: string, url: string): string {
  let line = example.replaceAll('http://127.0.0.1:4010', url).replace(/\s+&(\s+#.*)?$/, '$1');
  if (/^statusctl server\b/.test(line)) {
    line = /--port\s+\d+/.test(line)
      ? line.replace(/--port\s+\d+/, '--port 0')
      : line.replace(/^statusctl server\b/, 'statusctl server --port 0');
  }
  return line;
}

/**
 * Commands declared under two names by one module (the auth entry of src/cli/commands/nouns.ts declares the login
 * and logout modules at the top and under `auth`), so that an example written with either name
 * runs the very same code: the longer name, as the shorter one.
 */
const SAME_COMMANDS: Record<string, string> = { 'auth login': 'login', 'auth logout': 'logout' };

const SAME_COMMAND = new RegExp(`\\bstatusctl (${Object.keys(SAME_COMMANDS).join('|')})\\b`, 'g');

/** A command line with each command of SAME_COMMANDS under the name it runs as. */
function sameCommand(line: string): string {
  return line.replace(SAME_COMMAND, (_, name: string) => `statusctl ${SAME_COMMANDS[name]}`);
}

/** The tour example that runs to its end; the other tours are stopped once their server listens. */
const FULL_TOUR = 'statusctl demo --no-color > demo.txt';

/** A tour without --no-color and without where its output goes, which change nothing off a terminal. */
const tourShown = (command: string) => command.replace(/\s+--no-color\b/, '').replace(/\s*>\s*\S+$/, '');

/**
 * The command lines to run for `examples`, adapted, each with the example it is (`run`) and every
 * example it runs for: examples that differ only in a trailing comment are one command line, run
 * once and reported for each; so are a tour that differs from the full tour only in --no-color and
 * where its output goes, and the full tour; and an example of a command of SAME_COMMANDS, and the
 * same example under the command's other name, which is the one run. The tours (`statusctl demo`,
 * which runs every command in turn) take longest, so they start first and the rest runs beside
 * them rather than after them.
 */
function commandsToRun(examples: string[], url: string): { line: string; run: string; examples: string[] }[] {
  const byCommand = new Map<string, { line: string; run: string; examples: string[] }>();
  for (const example of examples) {
    const line = adapt(example, url);
    const command = sameCommand(withoutComment(line));
    const full = examples.includes(FULL_TOUR) && isTour(command) && tourShown(command) === tourShown(FULL_TOUR);
    const key = full ? FULL_TOUR : command;
    const entry = byCommand.get(key);
    if (!entry) byCommand.set(key, { line: full ? FULL_TOUR : line, run: full ? FULL_TOUR : example, examples: [example] });
    else {
      entry.examples.push(example);
      // Of examples that run the same code, the one written as it runs is run.
      if (line === key) Object.assign(entry, { line, run: example });
    }
  }
  return [...byCommand.values()].sort((a, b) => Number(isTour(b.line)) - Number(isTour(a.line)));
}

/** `statusctl demo`, which runs every command in turn. */
function isTour(line: string): boolean {
  return /^statusctl demo\b/.test(line);
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'help-examples', version: '1' } },
})}\n`;

/** What an example serves until it is stopped (a server, the MCP server, a tour left at its start), if anything. */
function servesOf(line: string): 'server' | 'mcp' | 'demo' | undefined {
  const named = /^(\S+=\S+\s+)*statusctl (server|mcp)\b/.exec(line)?.[2] as 'server' | 'mcp' | undefined;
  return named ?? (isTour(line) && !/>/.test(line) ? 'demo' : undefined);
}

/**
 * The arguments of an example that runs in this process: one statusctl command of plain and
 * quoted words (statusctlArgs) that ends by itself. A line that needs a shell, and one that
 * serves or tours (a process to stop, or a process per step), runs in bash with the binary.
 */
function inProcessArgs(line: string): string[] | undefined {
  return servesOf(line) || isTour(line) ? undefined : statusctlArgs(line);
}

/**
 * The commands of an example that is a pipeline with a statusctl command of plain words in it
 * (pipelineOf in pipeline.ts: `statusctl ... | jq ...`, `statusctl ... - < ids.txt`, `printf
 * ... | statusctl ... -`): its statusctl commands run in this process, the rest in bash.
 */
function stagesOf(line: string): Stage[] | undefined {
  return servesOf(line) || isTour(line) ? undefined : pipelineOf(line);
}

/** What went wrong with an example that ran to its end (or served until stopped), if anything. */
function outcomeOf(example: string, line: string, run: { code: number | null; stdout: string; stderr: string; served?: boolean }): Outcome {
  const serves = servesOf(line);
  const ran = serves ? run.served : run.code === 0 || (run.code === 5 && /--fail-under/.test(line));
  const colored = run.stdout.includes('\x1b[');
  const what = colored
    ? 'printed color escapes to a pipe'
    : serves
      ? `did not ${{ server: 'print its address', mcp: 'answer initialize', demo: 'start its tour' }[serves]} (exit ${run.code})`
      : `exit ${run.code}`;
  return ran && !colored
    ? { example }
    : { example, problem: `${what}\n    stdout: ${run.stdout.slice(-400)}\n    stderr: ${run.stderr.slice(-600)}` };
}

/**
 * Runs one example; resolves with what went wrong, if anything. In this process when
 * inProcessArgs gives its arguments: stdin empty and closed and stdout a pipe, as for the
 * binary, with the sandbox's environment; the caller has made the sandbox the current directory.
 * A pipeline with statusctl in it (stagesOf) runs its statusctl commands so and the rest in bash.
 */
async function runExample(example: string, line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Outcome> {
  const args = inProcessArgs(line);
  if (args) return outcomeOf(example, line, await runCli(args, { env, inProcess: true, timeoutMs: 120_000 }));
  const stages = stagesOf(line);
  if (stages) {
    const run = await runPipeline(stages, {
      cwd,
      statusctl: (args, input) => runCli(args, { env, input, inProcess: true, timeoutMs: 120_000 }),
      shell: (script, input) => inBash(script, cwd, env, input),
    });
    return outcomeOf(example, line, run);
  }
  return outcomeOf(example, line, await inBash(line, cwd, env));
}

/**
 * Runs `line` in bash with pipefail in the sandbox, stdin `input` (then closed); one that serves
 * (servesOf) until it is ready, then it is stopped.
 */
function inBash(line: string, cwd: string, env: NodeJS.ProcessEnv, input = ''): Promise<ShellResult & { served: boolean }> {
  const serves = servesOf(line);
  return new Promise((resolve) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', line], { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let served = false;
    const stop = () => {
      try {
        // The tour removes its temporary config directory on Ctrl-C.
        process.kill(-child.pid!, serves === 'demo' ? 'SIGINT' : 'SIGTERM');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      stderr += '\n[killed: no end after 120 s]';
      process.kill(-child.pid!, 'SIGKILL');
    }, 120_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const ready =
        serves === 'server'
          ? /^listening on http:\/\//m.test(stdout)
          : serves === 'demo'
            ? /^Reference server listening on http:\/\//m.test(stdout)
            : serves === 'mcp' && /"id":1\b/.test(stdout) && /"result":/.test(stdout);
      if (ready && !served) {
        served = true;
        stop();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // A pipeline's stdin is what its statusctl command printed, written whole: a command that
    // ends without reading all of it (no example's does) leaves the rest unwritten, no failure.
    child.stdin.on('error', () => {});
    if (serves === 'mcp') child.stdin.write(INITIALIZE);
    else child.stdin.end(input);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, served });
    });
  });
}

/** The transcript of a whole tour, with no terminal and no stdin, as CI would run it. */
function checkTour(out: string): void {
  // Each step is shown as the command line, followed by what it printed.
  for (const step of [
    'login',
    'config list',
    'runtimes list',
    'runtimes get',
    'status-pages list',
    'services list --status-page',
    'subscriptions list',
    'incidents create',
    'incident-updates add',
    'incident-updates get',
    'incident-updates put',
    'incidents get',
    'incidents resolve',
    'incidents list',
    'rca request',
    'rca get',
    'error-groups archive',
    'error-groups unarchive',
    'error-groups list --check',
    'heartbeats availability',
    'heartbeats events',
    'status-pages open',
  ]) {
    expect(out).toContain(`$ statusctl ${step}`);
  }
  // Logged out without the variable the tour logged in with, so no note that it still applies.
  expect(out).toContain('$ env -u STATUSCTL_API_KEY statusctl logout\nRemoved the API key');
  expect(out).not.toContain('is still set in this environment');
  expect(out).toMatch(/^Reference server listening on http:\/\/127\.0\.0\.1:\d+/m);
  // Services and pages are named as a person reads them on the status page, not by id.
  expect(out).toMatch(/\$ statusctl incidents create --name .+ --severity MINOR --status-page '[^']+' --dry-run/);
  expect(out).toMatch(/\$ statusctl incidents create --name .+ --severity MAJOR --service '[^']+' .*--yes/);
  // Results of the steps, not only their command lines.
  expect(out).toMatch(/Node\.js/);
  expect(out).toContain('Checkout API returns 502 errors');
  expect(out).toContain('RESOLVED');
  expect(out).toContain('Root cause');
  expect(out).toContain('still pending');
  expect(out).toContain('\tarchived\tfor ever\n');
  expect(out).toMatch(/\t91\.67\t100\.00\t-8\.33\t/);
  // The pings behind it: the failing one among the last five, as a piped row.
  expect(out).toMatch(/\tFAILING\t-\t[0-9a-f-]{36}\n/);
  expect(out).toContain('below --fail-under 99%');
  expect(out).toContain('(exit code 5)');
  expect(out).toContain('Tour finished');
  // The tour ends with the address of a status page as its visitors see it.
  expect(out).toMatch(/\$ statusctl status-pages open '[^']+'\nhttp:\/\/127\.0\.0\.1:\d+\/status\/[0-9a-f-]{36}\/[a-z-]+\n/);
  // The key is never shown in full, and no colors.
  expect(out).toMatch(/key \*\*\*\*\S{4}/);
  expect(out).not.toContain('\x1b[');
}

describe('help examples', () => {
  it('every example of every command runs against the reference server', async () => {
    const { server } = file;
    const tree = await helpTree(async (path) => {
      const result = await runCli([...path, '--help'], { inProcess: true });
      expect(result.code, `${path.join(' ')} --help: ${result.stderr}`).toBe(0);
      return result.stdout;
    });
    const examples = [...new Set(tree.flatMap(([, help]) => examplesIn(help)))];
    // A floor, so that a parser that finds nothing cannot pass.
    expect(examples.length).toBeGreaterThan(80);
    for (const example of Object.keys(SKIPPED)) expect(examples, `SKIPPED names an example no help shows: ${example}`).toContain(example);
    const skipped = examples.filter((example) => example in SKIPPED);
    console.info(`help examples skipped:\n${skipped.map((example) => `  ${example}  (${SKIPPED[example]})`).join('\n')}`);
    // A command of SAME_COMMANDS is looked for in the docs under the name it runs as, too.
    const docsLines = new Set([...commandLinesOfDocsExamples()].map(sameCommand));
    const inDocs = examples.filter((example) => !(example in SKIPPED) && docsLines.has(sameCommand(withoutComment(example))));
    console.info(
      `help examples run by docs-examples.test.ts, as a docs page shows them:\n${inDocs.map((example) => `  ${example}`).join('\n')}`,
    );
    // Each command of SAME_COMMANDS is one command: the same help under either name.
    const helpOf = (name: string) => tree.find(([path]) => path.join(' ') === name)?.[1];
    for (const [longer, shorter] of Object.entries(SAME_COMMANDS)) {
      expect(helpOf(longer), `${longer} --help`).toBeDefined();
      expect(helpOf(longer)?.replaceAll(`statusctl ${longer}`, `statusctl ${shorter}`)).toBe(helpOf(shorter));
    }

    const { cwd, env } = await sandbox(server.url);
    const queue = commandsToRun(
      examples.filter((example) => !(example in SKIPPED) && !inDocs.includes(example)),
      server.url,
    );
    const covered = queue.flatMap(({ run, examples: same }) =>
      same.filter((example) => example !== run).map((example) => `  ${example}  (by: ${run})`),
    );
    console.info(`help examples covered by another that runs the same code:\n${covered.join('\n')}`);
    const inProcess = queue.filter(({ line }) => inProcessArgs(line));
    const split = queue.filter(({ line }) => !inProcessArgs(line) && stagesOf(line));
    const binary = queue.filter(({ line }) => !inProcessArgs(line) && !stagesOf(line));
    console.info(
      `help examples run in this process: ${inProcess.length} command lines; its statusctl commands in this process, the rest in bash: ${split.length}:\n${split.map(({ run }) => `  ${run}`).join('\n')}\nby bash and the binary: ${binary.length}:\n${binary.map(({ run }) => `  ${run}`).join('\n')}`,
    );
    // So that the binary and bash stay exercised, and a tokenizer that takes everything cannot pass.
    expect(binary.length).toBeGreaterThan(30);
    const outcomes: Outcome[] = [];
    // The in-process runs read the sandbox's files by relative names (--message-file notice.md,
    // --input incident.json) and look for templates from the current directory up, as the binary
    // does from the directory it is started in: run() has no directory of its own, so this process
    // moves into the sandbox while the examples run, and back whatever happens. Vitest's forks
    // run one file at a time in a worker, so no other test sees the move.
    // In this process the CLI's default directories would be this process's (env-paths reads
    // its HOME, the user's): the sandbox names the config and cache directories, and gives no
    // session bus, so the key goes to the sandbox's config file and not to a credential store.
    // No example run here opens a browser (stdout is not a terminal) or writes under ~ (those go
    // through a redirection, so bash).
    for (const name of ['STATUSCTL_CONFIG_DIR', 'STATUSCTL_CACHE_DIR', 'XDG_RUNTIME_DIR'])
      expect(env[name]?.startsWith(tmpdir()), `${name}: ${env[name]}`).toBe(true);
    expect(env.DBUS_SESSION_BUS_ADDRESS).toBeUndefined();
    const home = process.cwd();
    process.chdir(cwd);
    try {
      // A few at a time: a bash line is a process or two, on a machine that may be busy.
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let command = queue.shift(); command !== undefined; command = queue.shift()) {
            const outcome = await runExample(command.run, command.line, cwd, env);
            for (const example of command.examples) outcomes.push({ ...outcome, example });
          }
        }),
      );
    } finally {
      process.chdir(home);
    }
    expect(outcomes).toHaveLength(examples.length - skipped.length - inDocs.length);
    expect(outcomes.filter((outcome) => outcome.problem).map(({ example, problem }) => `${example}\n    ${problem}`)).toEqual([]);
    // The one tour that runs to its end, in a file.
    expect(examples).toContain(FULL_TOUR);
    checkTour(readFileSync(join(cwd, 'demo.txt'), 'utf8'));
  }, 900_000);

  it('names the demo account in the sandbox, so the ids of the examples exist there', () => {
    expect(adapt('statusctl server --port 4010 &                  # prints the key', 'http://x')).toBe(
      'statusctl server --port 0                  # prints the key',
    );
    expect(adapt('statusctl server --quiet', 'http://x')).toBe('statusctl server --port 0 --quiet');
    expect(adapt('statusctl login --base-url http://127.0.0.1:4010', 'http://127.0.0.1:5555')).toBe(
      'statusctl login --base-url http://127.0.0.1:5555',
    );
    expect(ERROR_GROUP).toBe('c463c2d9-a899-5e7b-9e54-5b24368461d1');
  });

  it('runs examples that differ only in a trailing comment once, for each of them, a tour like the full one as its run, and the tours first', () => {
    expect(
      commandsToRun(['statusctl whoami', 'statusctl demo', 'statusctl whoami   # who am I', "echo '# not a comment'"], 'http://x'),
    ).toEqual([
      { line: 'statusctl demo', run: 'statusctl demo', examples: ['statusctl demo'] },
      { line: 'statusctl whoami', run: 'statusctl whoami', examples: ['statusctl whoami', 'statusctl whoami   # who am I'] },
      { line: "echo '# not a comment'", run: "echo '# not a comment'", examples: ["echo '# not a comment'"] },
    ]);
    // A tour that differs from the full one only in --no-color and where its output goes is its run.
    expect(
      commandsToRun(['statusctl demo   # the tour', FULL_TOUR, 'statusctl demo --rca-delay 5000', 'statusctl whoami'], 'http://x'),
    ).toEqual([
      { line: FULL_TOUR, run: FULL_TOUR, examples: ['statusctl demo   # the tour', FULL_TOUR] },
      { line: 'statusctl demo --rca-delay 5000', run: 'statusctl demo --rca-delay 5000', examples: ['statusctl demo --rca-delay 5000'] },
      { line: 'statusctl whoami', run: 'statusctl whoami', examples: ['statusctl whoami'] },
    ]);
  });

  it('runs in this process only one statusctl command of plain and quoted words that ends by itself', () => {
    expect(inProcessArgs(`statusctl incidents create --name "Checkout errors" --service 'Payments API' --yes   # a comment`)).toEqual([
      'incidents',
      'create',
      '--name',
      'Checkout errors',
      '--service',
      'Payments API',
      '--yes',
    ]);
    expect(inProcessArgs(`statusctl api /v1/x -f description='Rolled back' -f status=MONITORING --fail-under 99.5%`)).toEqual([
      'api',
      '/v1/x',
      '-f',
      'description=Rolled back',
      '-f',
      'status=MONITORING',
      '--fail-under',
      '99.5%',
    ]);
    expect(inProcessArgs(`statusctl whoami ''`)).toEqual(['whoami', '']);
    for (const line of [
      'statusctl auth token | wc -c',
      'statusctl rca request - < ids.txt',
      'statusctl auth token --profile staging > key.txt',
      'statusctl a && statusctl b',
      'statusctl a; statusctl b',
      'statusctl rca get "$ID"',
      'statusctl rca get $ID',
      'statusctl rca get `cat id`',
      'statusctl get "a\\"b"',
      'statusctl get a\\ b',
      'statusctl api /v1/status-pages?limit=1',
      'statusctl completion bash > ~/x',
      'statusctl config get ~',
      'statusctl get {a,b}',
      'statusctl get a#b',
      "statusctl get 'unterminated",
      'STATUSCTL_PROFILE=staging statusctl whoami',
      '"statusctl" whoami',
      'statusctlx whoami',
      'cat <<EOF',
      'statusctl server --port 0',
      'statusctl mcp',
      'statusctl demo --rca-delay 5000',
      'echo statusctl',
    ]) {
      expect(inProcessArgs(line), line).toBeUndefined();
    }
  });

  it('runs the statusctl commands of plain words of a pipeline in this process and the rest in bash, and splits no other line', () => {
    expect(stagesOf(`statusctl incidents list -o json | jq -r '.entries[] | "(.id) (.name)"'   # a comment | with a pipe`)).toEqual([
      { statusctl: ['incidents', 'list', '-o', 'json'] },
      { shell: `jq -r '.entries[] | "(.id) (.name)"'` },
    ]);
    expect(stagesOf(`printf '%s\n' a b | statusctl subscriptions add 'Acme Payments' - | cut -f2 | sort`)).toEqual([
      { shell: `printf '%s\n' a b` },
      { statusctl: ['subscriptions', 'add', 'Acme Payments', '-'] },
      { shell: 'cut -f2 | sort' },
    ]);
    expect(stagesOf('statusctl a --jq .id | statusctl b - --yes')).toEqual([
      { statusctl: ['a', '--jq', '.id'] },
      { statusctl: ['b', '-', '--yes'] },
    ]);
    expect(stagesOf('statusctl rca request - < ids.txt')).toEqual([{ statusctl: ['rca', 'request', '-'], input: 'ids.txt' }]);
    expect(stagesOf('statusctl auth token > key.txt')).toEqual([{ statusctl: ['auth', 'token'], output: 'key.txt' }]);
    for (const line of [
      'echo "$KEY" | wc -c',
      'statusctl a || echo failed',
      'statusctl a |& cat',
      'statusctl a && statusctl b | cat',
      'statusctl a | cat; statusctl b',
      'statusctl a | cat &',
      'statusctl a "$(statusctl b | cut -f1)"',
      'curl -H "Bearer $(statusctl auth token)" | cat',
      'statusctl a | cat `statusctl b`',
      'statusctl a | (cat)',
      'statusctl a | { cat; }',
      'statusctl a \\| cat',
      "statusctl a | grep 'unterminated",
      'statusctl a |',
      '| statusctl a',
      'statusctl a > ~/file',
      'statusctl a 2> errors.txt',
      'statusctl a >> log.txt',
      'statusctl a < one.txt < two.txt',
      'statusctl a > "quoted name"',
      'STATUSCTL_PROFILE=staging statusctl whoami | cat',
      'statusctl rca get "$ID" | cat',
      'statusctl server --quiet | cat',
      'statusctl demo | cat',
    ]) {
      expect(stagesOf(line), line).toBeUndefined();
    }
  });

  it('runs a pipeline as bash with pipefail would: each stdin the output before, the last failure its exit status', async () => {
    const cwd = tempConfigDir();
    writeFileSync(join(cwd, 'ids.txt'), 'one\n');
    const ran: string[] = [];
    const runners = {
      cwd,
      statusctl: async (args: string[], input: string) => {
        ran.push(`statusctl ${args.join(' ')} <${JSON.stringify(input)}`);
        return { code: args[0] === 'fail' ? 4 : 0, stdout: `${args.join(' ')}:${input}`, stderr: `${args[0]} said\n` };
      },
      shell: async (script: string, input: string) => {
        ran.push(`bash ${script} <${JSON.stringify(input)}`);
        return { code: script === 'false' ? 1 : 0, stdout: input.toUpperCase(), stderr: '' };
      },
    };
    expect(await runPipeline(pipelineOf('statusctl a - < ids.txt | tr a-z A-Z | statusctl b -')!, runners)).toEqual({
      code: 0,
      stdout: 'b -:A -:ONE\n',
      stderr: 'a said\nb said\n',
    });
    expect(ran).toEqual(['statusctl a - <"one\\n"', 'bash tr a-z A-Z <"a -:one\\n"', 'statusctl b - <"A -:ONE\\n"']);
    expect((await runPipeline(pipelineOf('statusctl fail | false | statusctl a')!, runners)).code).toBe(1);
    expect((await runPipeline(pipelineOf('statusctl fail | cat')!, runners)).code).toBe(4);
    // Output to a file is the file's, not the line's.
    expect(await runPipeline(pipelineOf('statusctl a > out.txt')!, runners)).toEqual({ code: 0, stdout: '', stderr: 'a said\n' });
    expect(readFileSync(join(cwd, 'out.txt'), 'utf8')).toBe('a:');
    // Input that cannot be opened: the command does not run, as in bash.
    ran.length = 0;
    const missing = await runPipeline(pipelineOf('statusctl a - < missing.txt')!, runners);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^missing\.txt: /);
    expect(ran).toEqual([]);
  });

  it('runs an example of `auth login` or `auth logout` as the same example of `login` or `logout`, and no other', () => {
    const examples = [
      'statusctl auth login --insecure-storage',
      'echo "$KEY" | statusctl auth login --with-token',
      'statusctl login --insecure-storage',
      'statusctl auth logout --profile staging',
      'statusctl logout --profile staging   # the staging key',
      'statusctl auth status',
      'statusctl auth loginx',
    ];
    expect(commandsToRun(examples, 'http://x')).toEqual([
      {
        line: 'statusctl login --insecure-storage',
        run: 'statusctl login --insecure-storage',
        examples: ['statusctl auth login --insecure-storage', 'statusctl login --insecure-storage'],
      },
      {
        line: 'echo "$KEY" | statusctl auth login --with-token',
        run: 'echo "$KEY" | statusctl auth login --with-token',
        examples: ['echo "$KEY" | statusctl auth login --with-token'],
      },
      {
        line: 'statusctl auth logout --profile staging',
        run: 'statusctl auth logout --profile staging',
        examples: ['statusctl auth logout --profile staging', 'statusctl logout --profile staging   # the staging key'],
      },
      { line: 'statusctl auth status', run: 'statusctl auth status', examples: ['statusctl auth status'] },
      { line: 'statusctl auth loginx', run: 'statusctl auth loginx', examples: ['statusctl auth loginx'] },
    ]);
  });
});

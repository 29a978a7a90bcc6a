// How a help example runs (help-examples.test.ts says why so): the sandbox that stands for a
// newcomer's machine, the examples that run once for several, where each runs (in this process,
// as a pipeline of this process and bash, or in bash with the binary) and what counts as passing.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { DEMO_IDS } from '../../src/server/fixtures/demo.js';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { BIN, cleanEnv, ROOT, runCli, tempConfigDir } from './helpers.js';
import { withoutComment } from './docs-blocks.js';
import { pipelineOf, runPipeline, type Stage } from './pipeline.js';
import { type ShellResult, statusctlArgs } from './readme-shell.js';

export const DEMO_KEY = 'sc_local_0123456789abcdef';
export const ERROR_GROUP = DEMO_IDS.errorGroups[Object.keys(DEMO_IDS.errorGroups)[0] as keyof typeof DEMO_IDS.errorGroups];

export interface Outcome {
  example: string;
  problem?: string;
}

/** The sandbox every example runs in; see the top of help-examples.test.ts. */
export async function sandbox(url: string): Promise<{ cwd: string; env: NodeJS.ProcessEnv }> {
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
  // No template: a fresh machine has none, so an example that uses one makes it first.
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

export function envFor(url: string): Record<string, string> {
  return { STATUSCTL_BASE_URL: url, STATUSCTL_API_KEY: DEMO_KEY, STATUSCTL_ACCOUNT_ID: DEMO_ACCOUNT_ID };
}

/** The example as the sandbox runs it (see the substitutions at the top). */
export function adapt(example: string, url: string): string {
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
export const SAME_COMMANDS: Record<string, string> = { 'auth login': 'login', 'auth logout': 'logout' };

export const SAME_COMMAND = new RegExp(`\\bstatusctl (${Object.keys(SAME_COMMANDS).join('|')})\\b`, 'g');

/** A command line with each command of SAME_COMMANDS under the name it runs as. */
export function sameCommand(line: string): string {
  return line.replace(SAME_COMMAND, (_, name: string) => `statusctl ${SAME_COMMANDS[name]}`);
}

/** The tour example that runs to its end; the other tours are stopped once their server listens. */
export const FULL_TOUR = 'statusctl demo --no-color > demo.txt';

/** A tour without --no-color and without where its output goes, which change nothing off a terminal. */
export const tourShown = (command: string) => command.replace(/\s+--no-color\b/, '').replace(/\s*>\s*\S+$/, '');

/**
 * The command lines to run for `examples`, adapted, each with the example it is (`run`) and every
 * example it runs for: examples that differ only in a trailing comment are one command line, run
 * once and reported for each; so are a tour that differs from the full tour only in --no-color and
 * where its output goes, and the full tour; and an example of a command of SAME_COMMANDS, and the
 * same example under the command's other name, which is the one run. The tours (`statusctl demo`,
 * which runs every command in turn) take longest, so they start first and the rest runs beside
 * them rather than after them.
 */
export function commandsToRun(examples: string[], url: string): { line: string; run: string; examples: string[] }[] {
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
export function isTour(line: string): boolean {
  return /^statusctl demo\b/.test(line);
}

export const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'help-examples', version: '1' } },
})}\n`;

/** What an example serves until it is stopped (a server, the MCP server, a tour left at its start), if anything. */
export function servesOf(line: string): 'server' | 'mcp' | 'demo' | undefined {
  const named = /^(\S+=\S+\s+)*statusctl (server|mcp)\b/.exec(line)?.[2] as 'server' | 'mcp' | undefined;
  // `mcp --list-toolsets` prints the toolsets and ends, as any other command.
  if (named === 'mcp' && /\s--list-toolsets\b/.test(line)) return undefined;
  return named ?? (isTour(line) && !/>/.test(line) ? 'demo' : undefined);
}

/**
 * The arguments of an example that runs in this process: one statusctl command of plain and
 * quoted words (statusctlArgs) that ends by itself. A line that needs a shell, and one that
 * serves or tours (a process to stop, or a process per step), runs in bash with the binary.
 */
export function inProcessArgs(line: string): string[] | undefined {
  return servesOf(line) || isTour(line) ? undefined : statusctlArgs(line);
}

/**
 * The commands of an example that is a pipeline with a statusctl command of plain words in it
 * (pipelineOf in pipeline.ts: `statusctl ... | jq ...`, `statusctl ... - < ids.txt`, `printf
 * ... | statusctl ... -`): its statusctl commands run in this process, the rest in bash.
 */
export function stagesOf(line: string): Stage[] | undefined {
  return servesOf(line) || isTour(line) ? undefined : pipelineOf(line);
}

/** What went wrong with an example that ran to its end (or served until stopped), if anything. */
export function outcomeOf(
  example: string,
  line: string,
  run: { code: number | null; stdout: string; stderr: string; served?: boolean },
): Outcome {
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
export async function runExample(example: string, line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Outcome> {
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
export function inBash(line: string, cwd: string, env: NodeJS.ProcessEnv, input = ''): Promise<ShellResult & { served: boolean }> {
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
export function checkTour(out: string): void {
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

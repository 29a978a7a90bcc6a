// Every ```sh block of the docs pages that show the commands in use runs as written, by this file
// or by the one test that runs it more closely (ELSEWHERE): each block once in the suite. Here a
// block runs as a reader would run it in a terminal: in one bash (pipefail) with `statusctl` on
// the PATH, given its lines one after another (block-shell.ts), against the reference server
// serving the demo account (whose ids the pages name), with the environment the README's "Try
// it" exports and KEY and ACCOUNT as there, in a directory that is a git checkout with a commit.
// The blocks of a page run in order, on a server of the page's own; the pages run side by side.
// scripting.md's block of variables runs once, first, and each other block starts with the
// values it set, as in the shell of a reader who ran it. Each line must exit 0, except that a
// line with --fail-under may exit 5: the threshold it shows; the block stops at its first line
// that does not. What a line prints to the pipe has no colors. What cannot run here is listed in
// SKIPPED (docs-blocks.ts), with why.
//
// A line that is one statusctl command and nothing around it (no pipe, redirection, list or
// substitution) has its words expanded by the block's bash, variables and quotes as bash reads
// them, and runs in this process through run() (src/cli/runtime/run.ts, the program the binary
// runs) with the shell's environment. Such a line changes nothing of the shell's (no variable,
// no directory), and starting Node for each was most of this file's time; the binary and bash
// still run every line that needs a shell: a pipe, a substitution, a redirection.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, type ExpectStatic, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { ROOT, runCli, type TestServer, tempConfigDir, useTestServer } from './helpers.js';
import { blocksRunByDocsExamples, ELSEWHERE, elsewhere, namedBlocks, PAGES, SKIPPED } from './docs-blocks.js';
import { BlockShell, type InProcessRunner, isOneStatusctlCommand, logicalLines } from './block-shell.js';
import { readmeLines, readmeShellBlocks, runShell, shellEnv } from './readme-shell.js';

const KEY = 'sc_local_0123456789abcdef';

/** Exit at the first failing command, but let a --fail-under gate exit 5. */
const STRICT = [
  'set -o pipefail',
  `trap 'code=$?; case "$BASH_COMMAND" in *--fail-under*) [ "$code" = 5 ] || exit "$code" ;; *) exit "$code" ;; esac' ERR`,
].join('\n');

/** The working directory is a git checkout with a commit, as a reader's project is (`git log -1 | ...`). */
const SANDBOX =
  "git init -q && git -c user.name=statusctl -c user.email=statusctl@example.com commit -q --allow-empty -m 'Rolled back payments-api to 4.2.0.'";

function servePage(): { readonly server: TestServer } {
  return useTestServer({ accounts: [{ id: DEMO_ACCOUNT_ID, key: KEY }], rcaDelayMs: 20 });
}

async function runPage(
  expect: ExpectStatic,
  server: TestServer,
  page: string,
  { prelude = undefined as string | undefined, atLeast = 3 } = {},
): Promise<void> {
  const env = { ...server.env, KEY, ACCOUNT: DEMO_ACCOUNT_ID };
  const asWritten = (lines: string[]) => [STRICT, SANDBOX, ...lines].join('\n').replaceAll('http://127.0.0.1:4010', server.url);
  const first = prelude === undefined ? [] : await valuesSetBy(expect, readmeLines(prelude, page), asWritten, env);
  const blocks = blocksRunByDocsExamples(page)
    .filter(({ name }) => name !== prelude)
    .map(({ lines }) => lines);
  // So that this test can fail: the page has blocks, and they run.
  expect(blocks.length).toBeGreaterThanOrEqual(atLeast);
  for (const lines of blocks) {
    // A config directory of the block's own. (In this process the CLI's default directories
    // would be under this process's HOME, the user's: the block names its config directory,
    // cleanEnv the cache directory and no session bus, so no key store.)
    const shell = new BlockShell(process.cwd(), shellEnv({ ...env, STATUSCTL_CONFIG_DIR: tempConfigDir() }));
    try {
      for (const values of first) expect((await shell.line(values, inProcess)).code, values).toBe(0);
      for (const line of logicalLines(lines.map((line) => line.replaceAll('http://127.0.0.1:4010', server.url)))) {
        const result = await shell.line(line, inProcess);
        ran[result.inProcess ? 'inProcess' : 'bash']++;
        // Exit 0, or 5 from a line with --fail-under.
        const passed = result.code === 0 || (result.code === 5 && /--fail-under/.test(line));
        expect(passed, `${page}:\n${line}\nexit ${result.code}\n${result.stderr}`).toBe(true);
        expect(result.stdout.includes('\x1b['), `${page}: color escapes printed to a pipe by\n${line}`).toBe(false);
      }
    } finally {
      await shell.close();
    }
  }
}

/** Runs a line's statusctl command in this process. */
const inProcess: InProcessRunner = (args, env) => runCli(args, { env, inProcess: true, timeoutMs: 120_000 });

/** How many lines of the blocks ran each way, for the report at the end. */
const ran = { inProcess: 0, bash: 0 };

/** Runs the block of variables as written; returns bash lines that set each variable it sets to its value. */
async function valuesSetBy(
  expect: ExpectStatic,
  lines: string[],
  asWritten: (lines: string[]) => string,
  env: Record<string, string>,
): Promise<string[]> {
  const names = lines.flatMap((line) => /^([A-Za-z_]\w*)=/.exec(line)?.[1] ?? []);
  // So that this test can fail: the block sets variables, and each is set.
  expect(names.length).toBeGreaterThanOrEqual(3);
  const result = await runShell(asWritten([...lines, 'echo --values--', `declare -p ${names.join(' ')}`]), env);
  expect(result.code, `${lines.join('\n')}\n${result.stderr}`).toBe(0);
  const values = result.stdout.split('--values--\n')[1]!.trimEnd().split('\n');
  expect(values).toHaveLength(names.length);
  return values;
}

// Each page on a server of its own, started before the tests: the pages share nothing.
const commands = servePage();
const scripting = servePage();
const configuration = servePage();

// The lines run in this process read relative names from the current directory, as the binary
// does from the directory bash starts it in: this process moves into a fresh git checkout for
// the file's tests, where the blocks' shells run too, shared by the pages (run() has no
// directory of its own, and the pages run side by side; no block writes a file), and back
// afterwards. Vitest's forks run one file at a time in a worker, so no other test sees the move.
let home: string | undefined;
beforeAll(() => {
  const checkout = tempConfigDir();
  execFileSync('bash', ['-c', SANDBOX], { cwd: checkout });
  home = process.cwd();
  process.chdir(checkout);
});
afterAll(() => {
  if (home) process.chdir(home);
  console.info(`docs blocks: ${ran.inProcess} lines run in this process, ${ran.bash} in bash with the binary`);
});

// A page is dozens of processes, one after another, beside the other pages: on a busy machine
// that can take longer than the default time limit of a test.
describe.concurrent('the docs pages run as written', { timeout: 180_000 }, () => {
  it('docs/commands.md', async ({ expect }) => {
    await runPage(expect, commands.server, 'docs/commands.md');
  });

  it('docs/scripting.md, each block after its variables', async ({ expect }) => {
    await runPage(expect, scripting.server, 'docs/scripting.md', { prelude: 'variables' });
  });

  it('docs/configuration.md', async ({ expect }) => {
    await runPage(expect, configuration.server, 'docs/configuration.md', { atLeast: 1 });
  });
});

describe('which lines run in this process', () => {
  it('runs in this process a line that is one statusctl command and nothing around it, its words expanded by bash', ({ expect }) => {
    for (const line of [
      "statusctl status-pages get 'Acme Payments'  # a comment; with | and $(x)",
      'statusctl incidents get "$ID" -o md',
      `statusctl api "/v1/error-groups/\${GROUP}" -F archivedUntilNextEvent=true`,
      "statusctl incidents create --name 'Checkout slow' \\\n  --service 'Web App' --yes",
      'statusctl config get ~',
    ]) {
      expect(isOneStatusctlCommand(line), line).toBe(true);
    }
    for (const line of [
      'ID=$(statusctl incidents list --limit 1 | cut -f1)',
      'statusctl incidents list | cut -f1',
      'statusctl rca get "$(statusctl rca request "$GROUP" | cut -f3)"',
      'statusctl rca get `cat id`',
      'statusctl login --base-url x < /dev/null',
      'statusctl a > out.txt',
      'statusctl a && statusctl b',
      'statusctl a; statusctl b',
      'statusctl a &',
      'statusctl a || true',
      'statusctl a \\\n  --b | cat',
      'STATUSCTL_PROFILE=ci statusctl whoami',
      'echo statusctl',
      '"statusctl" whoami',
      "statusctl get 'unterminated",
      'statusctl get "unterminated',
      'statusctl get ${unterminated',
    ]) {
      expect(isOneStatusctlCommand(line), line).toBe(false);
    }
  });

  it('joins a line ending in a backslash with the next, and leaves out blank and comment lines', ({ expect }) => {
    expect(logicalLines(['# a comment', 'statusctl a \\', '  --b \\', '  --c', '', 'statusctl d  # e'])).toEqual([
      'statusctl a \\\n  --b \\\n  --c',
      'statusctl d  # e',
    ]);
  });

  it('runs each line in one shell, the variables of one there for the next, and a lone statusctl command in this process', async ({
    expect,
  }) => {
    const cwd = process.cwd();
    const shell = new BlockShell(cwd, shellEnv({ GREETING: 'hello', HOME: '/home/reader' }));
    const calls: { args: string[]; env: Record<string, string> }[] = [];
    const runner: InProcessRunner = async (args, env) => {
      calls.push({ args, env });
      return { code: args[0] === 'fail' ? 4 : 0, stdout: `ran ${args.join(',')}\n`, stderr: '' };
    };
    try {
      expect(await shell.line('ID=\'an id\'; echo "set $ID"; echo oops >&2', runner)).toEqual({
        code: 0,
        stdout: 'set an id\n',
        stderr: 'oops\n',
        inProcess: false,
      });
      expect(await shell.line('statusctl incidents get "$ID" --name \'a b\' \\\n  ~  # a comment', runner)).toEqual({
        code: 0,
        stdout: 'ran incidents,get,an id,--name,a b,/home/reader\n',
        stderr: '',
        inProcess: true,
      });
      expect(calls).toHaveLength(1);
      expect(calls[0]!.env.GREETING).toBe('hello');
      expect((await shell.line('statusctl fail', runner)).code).toBe(4);
      expect(await shell.line('false | true', runner)).toMatchObject({ code: 1, inProcess: false });
      expect(await shell.line('printf "no newline"', runner)).toMatchObject({ code: 0, stdout: 'no newline' });
      // The line's stdin is empty, never the lines after it.
      expect(await shell.line('cat', runner)).toMatchObject({ code: 0, stdout: '' });
      expect(await shell.line('echo "$ID"', runner)).toMatchObject({ code: 0, stdout: 'an id\n' });
      // Moved to another directory, a lone statusctl command runs in bash, where it is (here a
      // function of the shell's that stands for the binary, which would add a Node start).
      expect(await shell.line('cd / && statusctl() { echo "bash ran $*"; }', runner)).toMatchObject({ code: 0 });
      expect(await shell.line('statusctl a "$ID"', runner)).toEqual({
        code: 0,
        stdout: 'bash ran a an id\n',
        stderr: '',
        inProcess: false,
      });
      expect(calls).toHaveLength(2);
    } finally {
      await shell.close();
    }
  });
});

describe('each block runs once in the suite', () => {
  const testFiles = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join('test', file));
  const self = relative(ROOT, import.meta.filename);

  it('a block run elsewhere is there, once on its page, and the test named reads it', ({ expect }) => {
    for (const { page, block, test } of ELSEWHERE) {
      expect(
        namedBlocks(page).filter(({ name }) => name === block),
        `${page}: ${block}`,
      ).toHaveLength(1);
      const source = readFileSync(join(ROOT, test), 'utf8');
      const reads = block.startsWith('#') ? [`'${page}'`, `${block}\\n\\n\`\`\`sh\\n`] : [`readmeLines('${block}', '${page}')`];
      for (const text of reads) expect(source.includes(text), `${test} runs ${page}: ${block} (${text})`).toBe(true);
    }
  });

  it('no other test reads by its marker a block this file runs', ({ expect }) => {
    let read = 0;
    for (const file of testFiles.filter((file) => file !== self)) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const [, block, page] of source.matchAll(/readmeLines\('([\w-]+)', '([\w/.-]+)'\)/g)) {
        if (!PAGES.includes(page!)) continue;
        read++;
        expect(elsewhere(page!, block!), `${file} runs ${page}: ${block}`).toBe(true);
      }
    }
    // So that this test can fail: it finds the blocks the other tests read.
    expect(read).toBeGreaterThanOrEqual(ELSEWHERE.filter(({ block }) => !block.startsWith('#')).length);
  });

  it('skips only lines that are there', ({ expect }) => {
    const lines = PAGES.flatMap((page) => readmeShellBlocks(page).flat());
    for (const line of Object.keys(SKIPPED)) expect(lines, line).toContain(line);
  });
});

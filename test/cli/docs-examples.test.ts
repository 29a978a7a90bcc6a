// Every ```sh block of the docs pages that show the commands in use runs as written, by this file
// or by the one test that runs it more closely (ELSEWHERE): each block once in the suite. Here a
// block runs in bash (pipefail) with `statusctl` on the PATH, against the reference server serving
// the demo account (whose ids the pages name), with the environment the README's "Try it" exports
// and KEY and ACCOUNT as there, in a directory that is a git checkout with a commit. The blocks of
// a page run in order, on a server of the page's own, as a reader would run them; the pages run
// side by side. scripting.md's block of variables runs once, first, and each other block starts
// with the values it set, as in the shell of a reader who ran it. A block stops at its
// first failing line, except that a line with --fail-under may exit 5: the threshold it shows.
// What cannot run here is listed in SKIPPED (docs-blocks.ts), with why. What a block prints to the
// pipe has no colors.
//
// The lines at the start of a block that are each one statusctl command of plain and quoted words
// (statusctlArgs in readme-shell.ts) run in this process through run() (src/cli/runtime/run.ts,
// the program the binary runs), one after another, each checked as bash would check it; from the
// first line that needs a shell, the rest of the block runs in bash as written. Only a block's
// start, because such a line changes nothing of the shell's (no variable, no directory), so
// taking it out of the script changes nothing for the lines after it; a line after one that
// needs a shell may read what that line set, and stays with it. The two parts share the block's
// config directory, as the script's lines do. Starting Node for each line was most of this
// file's time; the binary and bash still run every line that needs them.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, type ExpectStatic, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { ROOT, runCli, type TestServer, tempConfigDir, useTestServer } from './helpers.js';
import { blocksRunByDocsExamples, ELSEWHERE, elsewhere, namedBlocks, PAGES, SKIPPED } from './docs-blocks.js';
import { readmeLines, readmeShellBlocks, runShell, statusctlArgs } from './readme-shell.js';

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
    // One config directory for the block, whichever way its lines run. (In this process the
    // CLI's default directories would be under this process's HOME, the user's: the block names
    // its config directory, cleanEnv the cache directory and no session bus, so no key store.)
    const blockEnv = { ...env, STATUSCTL_CONFIG_DIR: tempConfigDir() };
    const { start, rest } = splitBlock(lines.map((line) => line.replaceAll('http://127.0.0.1:4010', server.url)));
    for (const { line, args } of start) {
      const result = await runCli(args, { env: blockEnv, inProcess: true, timeoutMs: 120_000 });
      // As the script's trap would: exit 0, or 5 from a line with --fail-under.
      const passed = result.code === 0 || (result.code === 5 && /--fail-under/.test(line));
      expect(passed, `${page}:\n${line}\nexit ${result.code}\n${result.stderr}`).toBe(true);
      expect(result.stdout.includes('\x1b['), `${page}: color escapes printed to a pipe by\n${line}`).toBe(false);
    }
    ran.inProcess += start.length;
    if (rest.length === 0) continue;
    ran.bash += rest.length;
    const result = await runShell(asWritten([...first, ...rest]), blockEnv);
    expect(result.code, `${page}:\n${rest.join('\n')}\n${result.stderr}`).toBe(0);
    expect(result.stdout.includes('\x1b['), `${page}: color escapes printed to a pipe by\n${rest.join('\n')}`).toBe(false);
  }
}

/** How many lines of the blocks ran each way, for the report at the end. */
const ran = { inProcess: 0, bash: 0 };

/**
 * The lines at the start of a block that run in this process, each with its arguments (blank and
 * comment lines among them are passed over), and the rest of the block, from the first line that
 * needs a shell: see the top of this file.
 */
function splitBlock(lines: string[]): { start: { line: string; args: string[] }[]; rest: string[] } {
  const start: { line: string; args: string[] }[] = [];
  for (const [at, line] of lines.entries()) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const args = statusctlArgs(line);
    if (!args) return { start, rest: lines.slice(at) };
    start.push({ line, args });
  }
  return { start, rest: [] };
}

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
// does from the directory bash starts it in, a fresh git checkout: this process moves into one
// such checkout for the file's tests, shared by the pages (run() has no directory of its own,
// and the pages run side by side), and back afterwards. Vitest's forks run one file at a time in
// a worker, so no other test sees the move.
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
  it("runs a block's start of plain statusctl commands in this process, and the rest in bash from the first line that needs it", ({
    expect,
  }) => {
    expect(
      splitBlock([
        "statusctl status-pages get 'Acme Payments'  # a comment",
        '# a comment line',
        'statusctl version',
        'ID=$(statusctl incidents list --limit 1 | cut -f1)',
        'statusctl runtimes list',
        'statusctl incidents get "$ID"',
      ]),
    ).toEqual({
      start: [
        { line: "statusctl status-pages get 'Acme Payments'  # a comment", args: ['status-pages', 'get', 'Acme Payments'] },
        { line: 'statusctl version', args: ['version'] },
      ],
      rest: ['ID=$(statusctl incidents list --limit 1 | cut -f1)', 'statusctl runtimes list', 'statusctl incidents get "$ID"'],
    });
    expect(splitBlock(['statusctl a \\', '  --b', 'statusctl c'])).toEqual({ start: [], rest: ['statusctl a \\', '  --b', 'statusctl c'] });
    expect(splitBlock(['statusctl runtimes list'])).toEqual({
      start: [{ line: 'statusctl runtimes list', args: ['runtimes', 'list'] }],
      rest: [],
    });
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

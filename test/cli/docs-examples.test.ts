// Every ```sh block of the docs pages that show the commands in use runs as written, by this file
// or by the one test that runs it more closely (ELSEWHERE): each block once in the suite. Here a
// block runs in bash (pipefail) with `statusctl` on the PATH, against the reference server serving
// the demo account (whose ids the pages name), with the environment the README's "Try it" exports
// and KEY and ACCOUNT as there, in a directory that is a git checkout with a commit. The blocks of
// a page run in order, on a server of the page's own, as a reader would run them; the pages run
// side by side. scripting.md's block of variables runs once, first, and each other block starts
// with the values it set, as in the shell of a reader who ran it. A block stops at its
// first failing line, except that a line with --fail-under may exit 5: the threshold it shows.
// What cannot run here is listed in SKIPPED, with why.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, type ExpectStatic, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { ROOT, type TestServer, useTestServer } from './helpers.js';
import { readmeLines, readmeShellBlocks, runShell } from './readme-shell.js';

const KEY = 'sc_local_0123456789abcdef';

const PAGES = ['docs/commands.md', 'docs/scripting.md', 'docs/configuration.md'];

/** Lines that cannot run here, by their exact text, and why: each is left out of its block. */
const SKIPPED: Record<string, string> = {
  'statusctl incidents create                  # on a terminal: pick services, severity, name, message; confirm':
    'needs a terminal: asks for each missing option',
};

/**
 * Blocks another test runs, checking what they do (or in a terminal), so not run here again: the
 * page, the block (the name of its `<!-- name:start -->` marker, or the heading right above it)
 * and the test file that runs it.
 */
const ELSEWHERE: { page: string; block: string; test: string }[] = [
  { page: 'docs/commands.md', block: 'services-subscriptions', test: 'test/cli/subscriptions.test.ts' },
  { page: 'docs/commands.md', block: 'create-pages', test: 'test/cli/local-time.test.ts' },
  { page: 'docs/commands.md', block: '### Changing and deleting incidents', test: 'test/cli/incidents-edit-delete.test.ts' },
  { page: 'docs/commands.md', block: 'watch', test: 'test/cli/watch.test.ts' },
  { page: 'docs/commands.md', block: '### Templates', test: 'test/cli/templates.test.ts' },
  { page: 'docs/commands.md', block: '### Writing in your editor', test: 'test/cli/editor.test.ts' },
  { page: 'docs/commands.md', block: 'error-group-pipelines', test: 'test/cli/error-groups-list.test.ts' },
  { page: 'docs/commands.md', block: 'gh-words', test: 'test/cli/aliases.test.ts' },
  { page: 'docs/commands.md', block: 'local-time', test: 'test/cli/local-time.test.ts' },
  { page: 'docs/commands.md', block: 'completion', test: 'test/cli/completion-account.test.ts' },
  { page: 'docs/configuration.md', block: 'profiles', test: 'test/cli/auth.test.ts' },
];

/** Exit at the first failing command, but let a --fail-under gate exit 5. */
const STRICT = [
  'set -o pipefail',
  `trap 'code=$?; case "$BASH_COMMAND" in *--fail-under*) [ "$code" = 5 ] || exit "$code" ;; *) exit "$code" ;; esac' ERR`,
].join('\n');

/** The working directory is a git checkout with a commit, as a reader's project is (`git log -1 | ...`). */
const SANDBOX =
  "git init -q && git -c user.name=statusctl -c user.email=statusctl@example.com commit -q --allow-empty -m 'Rolled back payments-api to 4.2.0.'";

/** Every ```sh block of `page` with its name: its marker's, or else the heading above it. */
function namedBlocks(page: string): { name: string; lines: string[] }[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const blocks = readmeShellBlocks(page);
  const names = [...text.matchAll(/```sh\n/g)].map(({ index }) => {
    const before = text.slice(0, index);
    const marker = /<!-- ([\w-]+):start -->\n$/.exec(before);
    return marker ? marker[1]! : ([...before.matchAll(/^#+ .*$/gm)].at(-1)?.[0] ?? page);
  });
  return blocks.map((lines, i) => ({ name: names[i]!, lines }));
}

const elsewhere = (page: string, name: string) => ELSEWHERE.some((entry) => entry.page === page && entry.block === name);

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
  const blocks = namedBlocks(page)
    .filter(({ name }) => !elsewhere(page, name) && name !== prelude)
    .map(({ lines }) => lines.filter((line) => !(line in SKIPPED)));
  // So that this test can fail: the page has blocks, and they run.
  expect(blocks.length).toBeGreaterThanOrEqual(atLeast);
  for (const lines of blocks) {
    const result = await runShell(asWritten([...first, ...lines]), env);
    expect(result.code, `${page}:\n${lines.join('\n')}\n${result.stderr}`).toBe(0);
  }
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

describe.concurrent('the docs pages run as written', () => {
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

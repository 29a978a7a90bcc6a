// Every ```sh block of the docs pages that show the commands in use runs as written: in bash
// (pipefail) with `statusctl` on the PATH, against the reference server serving the demo account
// (whose ids the pages name), with the environment the README's "Try it" exports and KEY and
// ACCOUNT as there, in a directory that is a git checkout with a commit. The blocks of a page run in order, on one server, as a reader would run them;
// scripting.md's start from its block of variables. A block stops at its first failing line,
// except that a line with --fail-under may exit 5: the threshold it shows. Blocks that other
// tests run more closely run here too; what cannot run here is listed in SKIPPED, with why.
import { describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { useTestServer } from './helpers.js';
import { readmeLines, readmeShellBlocks, runShell } from './readme-shell.js';

vi.setConfig({ testTimeout: 120_000 });

const KEY = 'sc_local_0123456789abcdef';

/** Lines that cannot run here, by their exact text, and why: each is left out of its block. */
const SKIPPED: Record<string, string> = {
  'statusctl incidents create                  # on a terminal: pick services, severity, name, message; confirm':
    'needs a terminal: asks for each missing option',
  'statusctl incident-updates add "$ID" -e --status monitoring   # $VISUAL or $EDITOR opens on the text':
    'needs a terminal for the editor (test/cli/editor.test.ts runs this block in one)',
};

/** A block holding a skipped line that needs a terminal for the lines after it too is skipped whole. */
const WHOLE_BLOCK = new Set(['statusctl incident-updates add "$ID" -e --status monitoring   # $VISUAL or $EDITOR opens on the text']);

/** Exit at the first failing command, but let a --fail-under gate exit 5. */
const STRICT = [
  'set -o pipefail',
  `trap 'code=$?; case "$BASH_COMMAND" in *--fail-under*) [ "$code" = 5 ] || exit "$code" ;; *) exit "$code" ;; esac' ERR`,
].join('\n');

/** The working directory is a git checkout with a commit, as a reader's project is (`git log -1 | ...`). */
const SANDBOX =
  "git init -q && git -c user.name=statusctl -c user.email=statusctl@example.com commit -q --allow-empty -m 'Rolled back payments-api to 4.2.0.'";

const test = useTestServer({ accounts: [{ id: DEMO_ACCOUNT_ID, key: KEY }], rcaDelayMs: 20 });

function blocksOf(page: string): { lines: string[]; skipped: string[] }[] {
  return readmeShellBlocks(page).map((lines) => ({
    lines: lines.some((line) => WHOLE_BLOCK.has(line)) ? [] : lines.filter((line) => !(line in SKIPPED)),
    skipped: lines.filter((line) => line in SKIPPED),
  }));
}

async function runPage(page: string, { prelude = [] as string[], atLeast = 3 } = {}): Promise<void> {
  const blocks = blocksOf(page);
  // So that this test can fail: the page has blocks, and they run.
  expect(blocks.filter((block) => block.lines.length > 0).length).toBeGreaterThanOrEqual(atLeast);
  const env = { ...test.server.env, KEY, ACCOUNT: DEMO_ACCOUNT_ID };
  for (const block of blocks) {
    if (block.lines.length === 0) continue;
    const script = [STRICT, SANDBOX, ...prelude, ...block.lines].join('\n').replaceAll('http://127.0.0.1:4010', test.server.url);
    const result = await runShell(script, env);
    expect(result.code, `${page}:\n${block.lines.join('\n')}\n${result.stderr}`).toBe(0);
  }
}

describe('the docs pages run as written', () => {
  it('docs/commands.md', async () => {
    await runPage('docs/commands.md');
  });

  it('docs/scripting.md, each block after its variables', async () => {
    await runPage('docs/scripting.md', { prelude: readmeLines('variables', 'docs/scripting.md') });
  });

  it('docs/configuration.md', async () => {
    await runPage('docs/configuration.md', { atLeast: 2 });
  });

  it('skips only lines that are there', () => {
    const lines = ['docs/commands.md', 'docs/scripting.md', 'docs/configuration.md'].flatMap((page) => readmeShellBlocks(page).flat());
    for (const line of Object.keys(SKIPPED)) expect(lines, line).toContain(line);
  });
});

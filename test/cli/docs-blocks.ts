// The ```sh blocks of the docs pages that show the commands in use, and which test runs each:
// docs-examples.test.ts runs every block of PAGES as written, except the lines of SKIPPED and the
// blocks of ELSEWHERE, which the test named there runs more closely. help-examples.test.ts reads
// the command lines run here, so that an example a page shows as well runs once in the suite.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers.js';
import { readmeShellBlocks } from './readme-shell.js';

export const PAGES = ['docs/commands.md', 'docs/scripting.md', 'docs/configuration.md'];

/** Lines that cannot run here, by their exact text, and why: each is left out of its block. */
export const SKIPPED: Record<string, string> = {
  'statusctl incidents create                  # on a terminal: pick services, severity, name, message; confirm':
    'needs a terminal: asks for each missing option',
};

/**
 * Blocks another test runs, checking what they do (or in a terminal), so not run by
 * docs-examples.test.ts again: the page, the block (the name of its `<!-- name:start -->` marker,
 * or the heading right above it) and the test file that runs it.
 */
export const ELSEWHERE: { page: string; block: string; test: string }[] = [
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

/** Every ```sh block of `page` with its name: its marker's, or else the heading above it. */
export function namedBlocks(page: string): { name: string; lines: string[] }[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const blocks = readmeShellBlocks(page);
  const names = [...text.matchAll(/```sh\n/g)].map(({ index }) => {
    const before = text.slice(0, index);
    const marker = /<!-- ([\w-]+):start -->\n$/.exec(before);
    return marker ? marker[1]! : ([...before.matchAll(/^#+ .*$/gm)].at(-1)?.[0] ?? page);
  });
  return blocks.map((lines, i) => ({ name: names[i]!, lines }));
}

export const elsewhere = (page: string, name: string) => ELSEWHERE.some((entry) => entry.page === page && entry.block === name);

/** The blocks of `page` that docs-examples.test.ts runs, as it runs them (without SKIPPED's lines). */
export function blocksRunByDocsExamples(page: string): { name: string; lines: string[] }[] {
  return namedBlocks(page)
    .filter(({ name }) => !elsewhere(page, name))
    .map(({ name, lines }) => ({ name, lines: lines.filter((line) => !(line in SKIPPED)) }));
}

/** A command line without its trailing comment. */
export const withoutComment = (line: string) => line.replace(/\s+#[^'"]*$/, '');

/**
 * The command lines docs-examples.test.ts runs, each a whole command (not the continuation of
 * the line before it), without trailing comments.
 */
export function commandLinesOfDocsExamples(): Set<string> {
  return new Set(
    PAGES.flatMap((page) =>
      blocksRunByDocsExamples(page).flatMap(({ lines }) =>
        lines.filter((_line, i) => i === 0 || !lines[i - 1]!.endsWith('\\')).map(withoutComment),
      ),
    ),
  );
}

// Every --help ends with the docs page that covers the command, from one table
// (src/cli/runtime/docs-pages.ts): each page and section exists, and the README's table of
// commands links the same sections.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_PAGES, docsPageOf, PROGRAM_DOCS } from '../../src/cli/runtime/docs-pages.js';
import { helpTree } from './help-tree.js';
import { ROOT, runCli } from './helpers.js';

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a dash. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

/** Whether `page` (`docs/commands.md#templates`) is a file of the repository with that heading. */
function exists(page: string): boolean {
  const [file, anchor] = page.split('#') as [string, string];
  const headings = [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!));
  return headings.includes(anchor);
}

describe('the docs page of every command', () => {
  it('every --help ends with its Docs: line (the built binary)', async () => {
    const [watch, root, view] = await Promise.all([
      runCli(['incidents', 'watch', '--help']),
      runCli(['--help']),
      runCli(['incident', 'view', '--help']),
    ]);
    expect(watch.code, watch.stderr).toBe(0);
    expect(watch.stdout).toMatch(/\n\nDocs: docs\/commands\.md#watching-an-incident\n$/);
    expect(root.stdout).toMatch(/\n\nDocs: README\.md#commands\n$/);
    expect(view.stdout).toMatch(/\nAlias: view\n\nDocs: docs\/commands\.md#incidents-and-their-updates\n$/);
  });

  it('for every command of the tree, naming a section that exists', async () => {
    const tree = await helpTree(async (path) => {
      const result = await runCli([...path, '--help'], { inProcess: true });
      expect(result.code, `${path.join(' ')} --help: ${result.stderr}`).toBe(0);
      return result.stdout;
    });
    // A floor, so that a tree read wrong cannot pass.
    expect(tree.length).toBeGreaterThan(60);
    const wrong = tree
      .filter(([path, help]) => !help.endsWith(`\n\nDocs: ${path.length === 0 ? PROGRAM_DOCS : docsPageOf(path)}\n`))
      .map(([path]) => path.join(' ') || 'statusctl');
    expect(wrong).toEqual([]);
    // A floor, so that a table that names nothing cannot pass: most top-level commands have an entry.
    const withEntry = tree.filter(([path]) => path.length === 1 && path[0]! in DOCS_PAGES);
    expect(withEntry.length).toBeGreaterThan(15);
    const missing = [...new Set([PROGRAM_DOCS, ...Object.values(DOCS_PAGES)])].filter((page) => !exists(page));
    expect(missing).toEqual([]);
  }, 180_000);

  it("the README's table of commands links the section the help names", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| (`[^|]*(?:\\\|[^|]*)*`[^|]*)\|[^|]*\| \[[^\]]+\]\(([^)]+)\)\s*\|$/gm)];
    expect(rows.length).toBeGreaterThan(15);
    const differ: string[] = [];
    for (const [, commands, link] of rows) {
      // `incidents create\|list\|get`, `login`, `logout`: each command (and its verbs) of the cell.
      for (const [, words] of commands!.matchAll(/`([^`]+)`/g)) {
        const [noun, verbs = ''] = words!.replace(/\\\|/g, '|').split(' ');
        const paths =
          verbs && !verbs.startsWith('[') && !verbs.startsWith('-') && /^[a-z|]+$/.test(verbs)
            ? verbs.split('|').map((verb) => [noun!, verb])
            : [[noun!]];
        // A row of its own that links another section than its noun's: an entry for it in src/cli/runtime/docs-pages.ts.
        for (const path of paths) {
          // A noun the table has no entry for names the README's table itself, which links onward.
          if (!(path[0]! in DOCS_PAGES)) continue;
          if (docsPageOf(path) !== link) differ.push(`${path.join(' ')}: README ${link}, help ${docsPageOf(path)}`);
        }
      }
    }
    expect(differ).toEqual([]);
  });
});

// docs/command-reference.md is every command's --help, the whole program tree from the root down,
// written from the program itself: a command or option added later is in it once the file is
// written again (STATUSCTL_WRITE_DOCS=1 npx vitest run test/cli/command-reference.test.ts), and
// this test fails, naming the command, until it is. So the reference never needs a hand-written
// line; docs/commands.md shows the commands in use, by task.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpTree } from './help-tree.js';
import { ROOT, runCli } from './helpers.js';

const PAGE = join(ROOT, 'docs', 'command-reference.md');

const INTRO = `# Command reference

Every command's \`--help\`, as \`statusctl <command> --help\` prints it, from the root of the
program down. The examples run as written against the reference server's demo account (start it
with \`npx statusctl server\`); [commands.md](commands.md) shows the commands in use, by task.
This page is written from the program itself (\`STATUSCTL_WRITE_DOCS=1 npx vitest run
test/cli/command-reference.test.ts\`), and a test fails when it falls behind.
`;

/** The page, one section per command: a noun's verbs follow it, in the order its help lists them. */
async function reference(): Promise<string> {
  const help = async (path: string[]) => {
    const result = await runCli([...path, '--help'], { inProcess: true });
    expect(result.code, path.join(' ')).toBe(0);
    return result.stdout;
  };
  const tree = await helpTree(help);
  const sections = tree.map(([path, text]) => {
    const heading = path.length === 0 ? '## statusctl' : `${'#'.repeat(Math.min(path.length + 2, 4))} statusctl ${path.join(' ')}`;
    return `${heading}\n\n\`\`\`text\n${text.trimEnd()}\n\`\`\`\n`;
  });
  return [INTRO, ...sections].join('\n');
}

describe('docs/command-reference.md', () => {
  it("is every command's help, as the program prints it", async () => {
    const written = await reference();
    if (process.env.STATUSCTL_WRITE_DOCS === '1') writeFileSync(PAGE, written);
    const page = readFileSync(PAGE, 'utf8');
    const sectionsOf = (text: string) => new Map(text.split(/^(?=#{2,4} statusctl)/m).map((part) => [part.split('\n')[0]!, part]));
    const [want, have] = [sectionsOf(written), sectionsOf(page)];
    const stale = [...want].filter(([heading, part]) => have.get(heading) !== part).map(([heading]) => heading);
    const gone = [...have.keys()].filter((heading) => !want.has(heading));
    expect({ stale, gone }, 'write it again: STATUSCTL_WRITE_DOCS=1 npx vitest run test/cli/command-reference.test.ts').toEqual({
      stale: [],
      gone: [],
    });
    expect(page).toBe(written);
  }, 120_000);
});

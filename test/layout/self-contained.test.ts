// The project stands alone: a reader who clones it can follow every reference. No file of src/,
// test/, docs/, bench/ or scripts/ points at a document that is not in the repository or names a
// work item, and every relative link of the Markdown pages (and every `docs/<page>.md#anchor`
// a comment gives) resolves to a file, and to a heading of it when it names one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['src', 'test', 'docs', 'bench', 'scripts', 'bin', 'README.md', 'spec/README.md'];
const TEXT = /\.(ts|mts|mjs|cjs|js|json|md|sh)$|^statusctl$/;

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(path, entry.name)) : TEXT.test(entry.name) ? [join(path, entry.name)] : [],
  );
}

// The names are put together here so that this file, which must spell them, does not match them itself.
const NOTES = ['CONTRACT', 'NOTES'].join('-');
const CLI_SPEC = ['spec', 'CLI.md'].join('/');
const WORK_ITEM = ['iss', 'ue'].join('');

/** What no file may say: references to documents outside the repository, and work-item numbers. */
const FORBIDDEN: [RegExp, string][] = [
  [new RegExp(NOTES), 'a notes file that is not in the repository'],
  [/spec\/CLI\.md|api-spec\.md|DESIGN\.md/, 'a spec file that is not in the repository'],
  // A numbered section of some other document; RFCs are public and stay citable.
  [/(?<!RFC \d{3,5} )§\s*\d/, 'a section number of a document that is not in the repository'],
  [/\/work\/|\/home\/\w+\/|\/root\//, 'a path of one machine'],
  [/\b(?:issue|work item|item|ticket|task|story)\s*#?\d+\b/i, 'a work-item number'],
  // `#12` alone; colors (`#1A2B3C`, `#334155`) and URL fragments are not.
  [/(?<![\w/&#])#\d{1,5}(?![\w-])/, 'a work-item number'],
];

function findForbidden(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      FORBIDDEN.filter(([pattern]) => pattern.test(line)).map(([, what]) => `${index + 1}: ${what}: ${line.trim()}`),
    );
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdownFile: string): Set<string> {
  const text = readFileSync(markdownFile, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1]!)));
}

/**
 * Problems with a reference `target` (a path relative to `fromDir`, maybe with `#anchor`; an
 * anchor alone names a heading of `fromFile`).
 */
function checkTarget(
  fromDir: string,
  target: string,
  fromFile?: string,
  exists: (file: string) => boolean = existsSync,
  anchors: (file: string) => Set<string> = anchorsOf,
): string | undefined {
  const [path = '', anchor] = target.split('#');
  const file = path ? resolve(fromDir, decodeURIComponent(path)) : fromFile;
  if (!file) return `${target}: an anchor with no file`;
  if (!exists(file)) return `${target}: no such file`;
  if (anchor === undefined || !file.endsWith('.md')) return undefined;
  return anchors(file).has(anchor) ? undefined : `${target}: no heading #${anchor} in ${relative(ROOT, file)}`;
}

/** Relative links of a Markdown text, outside code blocks. */
function markdownLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

describe('the project stands alone', () => {
  const scanned = SCANNED.flatMap((path) => files(join(ROOT, path))).filter((file) => file !== fileURLToPath(import.meta.url));

  it('scans the tree', () => {
    expect(scanned.length).toBeGreaterThan(100);
  });

  it('no file refers to a document outside the repository, a path of this machine or a work item', () => {
    const found = scanned.flatMap((file) =>
      findForbidden(readFileSync(file, 'utf8')).map((problem) => `${relative(ROOT, file)}:${problem}`),
    );
    expect(found).toEqual([]);
  });

  it('every relative link of a Markdown page resolves, to a heading where it names one', () => {
    const broken = scanned
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) =>
        markdownLinks(readFileSync(file, 'utf8')).flatMap((target) => {
          const problem = checkTarget(dirname(file), target, file);
          return problem ? [`${relative(ROOT, file)}: ${problem}`] : [];
        }),
      );
    expect(broken).toEqual([]);
  });

  it('every docs/ page a comment names exists, with the heading it names', () => {
    const broken = scanned
      .filter((file) => !file.endsWith('.md'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w-]+\.md(?:#[\w-]+)?/g)].flatMap(([target]) => {
          const problem = checkTarget(ROOT, target);
          return problem ? [`${relative(ROOT, file)}: ${problem}`] : [];
        }),
      );
    expect(broken).toEqual([]);
  });

  it('the checks find what they look for (the checker itself works)', () => {
    expect(findForbidden(`// see ${NOTES} §4`)).toHaveLength(2);
    expect(findForbidden(`// as ${CLI_SPEC} says`)).toHaveLength(1);
    expect(findForbidden(`// fixed for ${WORK_ITEM} 13`)).toHaveLength(1);
    expect(findForbidden('// (#42)')).toHaveLength(1);
    expect(findForbidden('// read /work/shared/x')).toHaveLength(1);
    expect(findForbidden("// RFC 9110 §11.1, color '#1A2B3C', '#334155', https://x.test/a#12")).toEqual([]);
    const exists = (file: string) => file.endsWith('/present.md');
    const anchors = () => new Set(['errors']);
    expect(checkTarget('/r', 'present.md#errors', undefined, exists, anchors)).toBeUndefined();
    expect(checkTarget('/r', '#errors', '/r/present.md', exists, anchors)).toBeUndefined();
    expect(checkTarget('/r', 'present.md#nothing', undefined, exists, anchors)).toMatch(/no heading #nothing/);
    expect(checkTarget('/r', 'missing.md', undefined, exists, anchors)).toMatch(/no such file/);
    expect(markdownLinks('[a](b.md) [c](https://x.test) `x`\n```\n[d](e.md)\n```')).toEqual(['b.md']);
    expect(slug('The data file (`statusctl server --data FILE`)')).toBe('the-data-file-statusctl-server---data-file');
  });
});

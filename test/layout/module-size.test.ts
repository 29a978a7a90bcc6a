// Every module stays small and named for what it holds, wherever it is: no module of src/ is
// over 300 lines and no file of test/ over 600, with no exceptions, so the limits hold however
// many operations the table grows to. A longer one is split by what its parts hold (a module
// per kind of record, per resource, per role; a test file per thing its tests cover, their shared
// setup in a helper module beside them). Data files (JSON and the like) are not modules.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MODULE = /\.[cm]?[jt]s$/;

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return MODULE.test(entry.name) ? [path] : [];
  });
}

/** The modules under `folder` (of the repository) over `max` lines, as `path: N lines`. */
function over(folder: string, max: number): string[] {
  return modules(join(ROOT, folder))
    .map((path) => ({ name: relative(ROOT, path).split('\\').join('/'), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > max)
    .map(({ name, lines }) => `${name}: ${lines} lines`);
}

describe('module size', () => {
  it('no module of src/ is over 300 lines: a longer one is split by what its parts hold', () => {
    expect(modules(join(ROOT, 'src')).length).toBeGreaterThan(100);
    expect(over('src', 300)).toEqual([]);
  });

  it('no file of test/ is over 600 lines: a longer one is split by what its tests cover', () => {
    expect(modules(join(ROOT, 'test')).length).toBeGreaterThan(100);
    expect(over('test', 600)).toEqual([]);
  });
});

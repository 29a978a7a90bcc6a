// The reference server's modules stay small and named for what they hold, as the CLI's do
// (test/cli/layout.test.ts): none is over 300 lines but those listed here, each with why.
// A listed module that shrinks under the limit leaves the list.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/server');
const MAX_LINES = 300;

/** Modules over the limit, by path under src/server, with the reason they are. */
const LONGER: Record<string, string> = {
  'fixtures/demo.ts': 'data rather than code: the demo account as one fixtures literal, read top to bottom',
};

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('src/server layout', () => {
  it('no module is over 300 lines but the listed ones: a longer one is split by what its parts hold', () => {
    const long = modules(SERVER)
      .map((path) => ({ name: relative(SERVER, path).split('\\').join('/'), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(
      long.filter(({ name }) => !(name in LONGER)).map(({ name, lines }) => `${name}: ${lines} lines`),
      'over 300 lines: split by what the parts hold',
    ).toEqual([]);
    expect(
      Object.keys(LONGER).filter((name) => !long.some((module) => module.name === name)),
      'no longer over 300 lines (or gone): take off LONGER',
    ).toEqual([]);
  });
});

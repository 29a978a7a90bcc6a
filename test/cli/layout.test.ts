// The CLI's layout says what depends on what: a command module never imports another command's
// file (what two commands share lives beside them in src/cli), and the shared pieces do not
// hide under one command's folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const CLI = join(ROOT, 'src', 'cli');
const COMMANDS = join(CLI, 'commands');

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((match) => match[1]!);
}

describe('src/cli layout', () => {
  it('no command module imports another command module', () => {
    const files = readdirSync(COMMANDS).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    const crossing = files.flatMap((name) =>
      importsOf(join(COMMANDS, name))
        .filter((path) => path.startsWith('./'))
        .map((path) => `${name} -> ${path}`),
    );
    expect(crossing).toEqual([]);
  });

  it('only the program declares the commands: no other module imports src/cli/commands', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (path !== COMMANDS) walk(path);
        } else if (entry.name.endsWith('.ts') && entry.name !== 'program.ts') {
          if (importsOf(path).some((imported) => /(^|\/)commands\//.test(imported))) offenders.push(path.slice(CLI.length + 1));
        }
      }
    };
    walk(CLI);
    expect(offenders).toEqual([]);
  });
});

// The import graph of src/ (type-only and dynamic imports included, since a cycle of types is
// still two modules that cannot be read apart): no cycles, and the layers import one way,
// contract <- client, server <- cli.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** A type-only import or export (`import type ... from`), which the build erases. */
const TYPE_ONLY = /^\s*(?:import|export)\s+type\b[^;]*;/gm;

/** Module (path relative to src/) -> the src modules it imports; `loaded`: only those evaluated with it (no type-only imports). */
function importGraph({ loaded = false } = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const source = readFileSync(file, 'utf8');
    const text = loaded ? source.replace(TYPE_ONLY, '') : source;
    const targets = [...text.matchAll(SPECIFIER)].map((match) => relative(SRC, resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts'))));
    graph.set(relative(SRC, file), [...new Set(targets)]);
  }
  return graph;
}

function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

const LAYER_MAY_IMPORT: Record<string, string[]> = {
  contract: ['contract'],
  client: ['contract', 'client'],
  server: ['contract', 'server'],
  // The MCP server is a consumer beside the CLI: it reads the operations table and calls the client.
  mcp: ['contract', 'client', 'mcp'],
  // The CLI launches the two servers (`statusctl server`, `statusctl mcp`), each loaded only by its command.
  cli: ['contract', 'client', 'server', 'mcp', 'cli'],
};

describe('import graph of src/', () => {
  const graph = importGraph();

  it('resolves every relative import to a file of src/', () => {
    const missing = [...graph].flatMap(([from, targets]) => targets.filter((to) => !graph.has(to)).map((to) => `${from} -> ${to}`));
    expect(missing).toEqual([]);
    expect(graph.size).toBeGreaterThan(50);
  });

  it('has no import cycle', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('finds a cycle when there is one (the checker itself works)', () => {
    const graphWithCycle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(graphWithCycle)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('keeps the zod-free modules free of zod (the CLI start-up path loads them)', () => {
    const zodFree = [
      'contract/table.ts',
      'contract/rules.ts',
      'contract/error-responses.ts',
      'contract/enums.ts',
      'contract/request-checks.ts',
      'client/request-check.ts',
    ];
    // The modules evaluated with them: a type-only import (table.ts names the schemas' types) loads nothing.
    const loadedGraph = importGraph({ loaded: true });
    const reached = new Set<string>();
    const walk = (node: string): void => {
      if (reached.has(node)) return;
      reached.add(node);
      for (const next of loadedGraph.get(node) ?? []) walk(next);
    };
    for (const module of zodFree) walk(module);
    // A type-only import is erased at build time; any other import of zod would evaluate it.
    const loadsZod = [...reached].filter((file) =>
      /^import\s+(?!type\b)[^;]*from\s*['"]zod['"]/m.test(readFileSync(join(SRC, file), 'utf8')),
    );
    expect(reached.size).toBeGreaterThanOrEqual(zodFree.length);
    expect(loadsZod).toEqual([]);
  });

  it('imports one way: contract <- client, server <- cli', () => {
    const wrong = [...graph].flatMap(([from, targets]) => {
      const layer = from.split('/')[0]!;
      const allowed = LAYER_MAY_IMPORT[layer];
      if (!allowed) return [];
      return targets.filter((to) => !allowed.includes(to.split('/')[0]!)).map((to) => `${from} -> ${to}`);
    });
    expect(wrong).toEqual([]);
  });
});

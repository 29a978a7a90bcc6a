// The contract is written by resource: each module of src/contract/resources/ holds the rows of
// one resource (and a sibling `.schemas.ts` its schemas), table.ts merges them. The modules stay
// small (no more than 15 operations; no more than 300 lines, as every module of src/:
// test/layout/module-size.test.ts), and every row of every module is in the merged table once:
// a row whose id another module also uses would replace it silently.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/table.js';

const CONTRACT = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/contract');
const RESOURCES = join(CONTRACT, 'resources');
const MAX_OPERATIONS = 15;

/** The modules of rows (not schemas, not the shared parameter descriptions), each with its rows. */
async function rowModules(): Promise<{ name: string; rows: Record<string, unknown> }[]> {
  const files = readdirSync(RESOURCES).filter((name) => name.endsWith('.ts') && !name.endsWith('.schemas.ts'));
  const loaded = await Promise.all(
    files.map(async (name) => ({ name, exports: (await import(join(RESOURCES, name))) as Record<string, unknown> })),
  );
  return loaded
    .map(({ name, exports }) => ({ name, rows: Object.values(exports).find(isRows) }))
    .filter((module): module is { name: string; rows: Record<string, unknown> } => module.rows !== undefined);
}

function isRows(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).length > 0 &&
    Object.values(value).every((row) => typeof row === 'object' && row !== null && 'method' in row && 'path' in row)
  );
}

describe('the contract by resource', () => {
  it('no module of rows holds more than 15 operations, and table.ts holds none itself', async () => {
    const found = await rowModules();
    expect(found.length).toBeGreaterThanOrEqual(10);
    const big = found
      .filter(({ rows }) => Object.keys(rows).length > MAX_OPERATIONS)
      .map(({ name, rows }) => `${name}: ${Object.keys(rows).length}`);
    expect(big).toEqual([]);
    expect(readFileSync(join(CONTRACT, 'table.ts'), 'utf8')).not.toMatch(/^\s*method: '/m);
  });

  it('every row of every module is in the merged table, once', async () => {
    const ids = (await rowModules()).flatMap(({ rows }) => Object.keys(rows));
    const twice = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(twice).toEqual([]);
    expect(ids.sort()).toEqual(Object.keys(routes).sort());
    for (const { rows } of await rowModules()) {
      for (const [id, row] of Object.entries(rows)) expect(routes[id as keyof typeof routes], id).toBe(row);
    }
  });
});

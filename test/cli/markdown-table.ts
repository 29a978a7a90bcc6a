// The Markdown tables the MCP tests write into docs/mcp.md (STATUSCTL_WRITE_README=1) and compare
// with it: laid out with their columns aligned, as the docs keep their tables, and compared
// cell by cell, so the alignment is never what fails.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';

/** The table with its columns aligned. `table` is its marker lines around its Markdown rows. */
export function padded(table: string): string {
  const lines = table.split('\n');
  const rows = cells(table);
  const widths = rows[0]!.map((_, column) => Math.max(3, ...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 || column === row.length - 1 ? cell : ` ${cell.padEnd(widths[column]!)} `)).join('|');
  const rule = widths.map((width, column) => (column === 0 || column === widths.length - 1 ? '' : ` ${'-'.repeat(width)} `)).join('|');
  return [lines[0], line(rows[0]!), rule, ...rows.slice(1).map(line), lines.at(-1)].join('\n');
}

/** The cells of each row of a table, its rule left out. */
export function cells(table: string): string[][] {
  return table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|-]+\|$/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()));
}

/**
 * Holds the table between `<!-- NAME:start -->` and `<!-- NAME:end -->` of the file at `path` to
 * `table` (its marker lines around its rows); with STATUSCTL_WRITE_README=1, writes it there first.
 */
export function expectDocTable(path: string, name: string, table: string): void {
  const [startMark, endMark] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  let doc = readFileSync(path, 'utf8');
  const start = doc.indexOf(startMark);
  const end = doc.indexOf(endMark);
  expect(start, startMark).toBeGreaterThan(-1);
  if (process.env.STATUSCTL_WRITE_README === '1') {
    doc = doc.slice(0, start) + padded(table) + doc.slice(end + endMark.length);
    writeFileSync(path, doc);
  }
  expect(cells(doc.slice(doc.indexOf(startMark), doc.indexOf(endMark)))).toEqual(cells(table));
}

// Reads a terminal table back into its rows and cells, as a person does: the header's words say
// where each column starts; a line whose first column is blank goes on with the row above (a
// wrapped cell), and a wrapped cell's lines joined with spaces are its text. Widths are terminal
// cells (a wide character takes two), so a column starts at the same cell on every line.
import stringWidth from 'string-width';
import { expect } from 'vitest';
import { stripAnsi } from './helpers.js';

/** The text of `line` from terminal cell `from` up to `to` (a wide character belongs where it starts). */
function cellsOf(line: string, from: number, to: number): string {
  let at = 0;
  let out = '';
  for (const char of line) {
    if (at >= from && at < to) out += char;
    at += stringWidth(char);
  }
  return out;
}

export interface TerminalTable {
  headers: string[];
  /** A row's cells, each wrapped cell's lines joined with one space. */
  rows: string[][];
  /** The lines of each row, as shown. */
  lines: string[][];
}

/**
 * The table in `stdout`, every line checked to be at most `columns` wide. `headers` are the
 * header's words as shown, upper case (two spaces apart, as the table prints them).
 */
export function readTerminalTable(stdout: string, columns: number): TerminalTable {
  const shown = stripAnsi(stdout).trimEnd().split('\n');
  for (const line of shown) expect(stringWidth(line), line).toBeLessThanOrEqual(columns);
  const [header = '', ...body] = shown;
  const headers = header.split(/ {2,}/);
  const starts: number[] = [];
  let from = 0;
  for (const name of headers) {
    const index = header.indexOf(name, from);
    starts.push(stringWidth(header.slice(0, index)));
    from = index + name.length;
  }
  const rows: string[][] = [];
  const lines: string[][] = [];
  for (const line of body) {
    const cells = starts.map((start, i) => cellsOf(line, start, starts[i + 1] ?? Number.POSITIVE_INFINITY).trim());
    if (cells[0] !== '' || rows.length === 0) {
      rows.push(cells);
      lines.push([line]);
      continue;
    }
    const row = rows.at(-1)!;
    cells.forEach((text, i) => {
      if (text) row[i] = row[i] ? `${row[i]} ${text}` : text;
    });
    lines.at(-1)!.push(line);
  }
  return { headers, rows, lines };
}

// Tables and field lists in the three shapes a person or a script wants, as gh prints them:
// - terminal: aligned, borderless columns under a bold header, fitted to the width by cutting
//   the widest column with an ellipsis (and leaving out optional columns when even that is not
//   enough); colors and short values ("3 hours ago") only here;
// - tsv (piped): no header, one row per line, tab-separated full values, no cutting; colored
//   only when FORCE_COLOR asks (the paints are plain otherwise: see colorLevel in iostreams/iostreams.ts);
// - md (-o md): a Markdown table or list for a ticket or a chat.
// Loaded only when something is printed this way (see renderTable in cells.ts).
import truncatedWidth from 'fast-string-truncated-width';
import { terminalLine, terminalText } from './terminal-text.js';

const NO_LIMIT = { limit: Number.POSITIVE_INFINITY, ellipsis: '', ellipsisWidth: 0 };
/**
 * Terminal cells `text` takes: wide (CJK) characters and emoji count 2, combining marks 0.
 * fast-string-truncated-width, not string-width: the latter compiles Unicode property regexes
 * at load, which costs more than laying out the whole table.
 */
const stringWidth = (text: string) => truncatedWidth(text, NO_LIMIT).width;

/** The terminal cells a value takes in a table as it is shown there (terminal-text.ts's rule applied). */
export const shownWidth = (text: string): number => stringWidth(terminalLine(text));

export type TableFormat = 'terminal' | 'tsv' | 'md';
export type Paint = (text: string) => string;

export interface Cell {
  /** The full value: what scripts and Markdown get (an ISO time, a whole description). */
  text: string;
  /** Shown instead of `text` on a terminal (a relative time, a shortened list). */
  short?: string;
  /** Color for the terminal, applied after cutting and padding so alignment holds. */
  paint?: Paint;
  /** Code in Markdown (an id, a path). */
  code?: boolean;
}
export type CellValue = string | Cell;

export interface Column {
  /** Written in any case: every table shows headers the same way (upper case). */
  header: string;
  /** An id: never cut (a cut id cannot be copied), and code in Markdown. */
  id?: boolean;
  /**
   * May be left out on a terminal too narrow for every column even when cut; lower numbers go
   * first. Scripts and Markdown always get every column.
   */
  optional?: number;
}
export type ColumnSpec = string | Column;

export interface TableStyle {
  format: TableFormat;
  /** Terminal columns available (terminal format only). */
  width: number;
  bold: Paint;
}

const GAP = '  ';
const ELLIPSIS = '…';
/**
 * A cut column keeps at least this many cells (or its header's width, if wider), ellipsis
 * included; so short values (a severity, a status, a time) are never cut at all, and a name
 * keeps enough to be recognised.
 */
const MIN_WIDTH = 16;

const column = (spec: ColumnSpec): Column => (typeof spec === 'string' ? { header: spec } : spec);
// A value the answer left out shows as `-`: the answer check warns of an answer that differs from
// the contract and still returns it as received, so a field the types promise may be missing.
const cell = (value: CellValue | null | undefined): Cell =>
  value === undefined || value === null ? { text: '-' } : typeof value === 'string' ? { text: value } : value;

/** A Markdown cell: steering characters escaped (terminal-text.ts), a newline as `<br>`, `|` escaped. */
function escapeMarkdown(text: string): string {
  return terminalText(text).replace(/\n/g, '<br>').replace(/\|/g, '\\|');
}

function markdownCell(value: Cell, code = false): string {
  const text = escapeMarkdown(value.text);
  return (code || value.code) && text ? `\`${text}\`` : text;
}

/**
 * `text` cut to at most `width` terminal cells, ending with an ellipsis when anything was cut.
 * Measured code point by code point (zero-width ones stay with the character before them): the
 * library's own truncation miscounts runs of wide characters, and Intl.Segmenter's graphemes
 * are slow to load. An emoji joined with ZWJ may be cut early; nothing is
 * ever wider than `width`.
 */
export function truncate(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  if (width <= 0) return '';
  let out = '';
  let used = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    // Printable ASCII, most of any text, is one cell: no need to ask.
    const w = code >= 0x20 && code < 0x7f ? 1 : stringWidth(char);
    if (w > 0 && used + w > width - 1) break;
    out += char;
    used += w;
  }
  return out + ELLIPSIS;
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(width - stringWidth(text), 0));
}

/**
 * Which columns a terminal of `width` shows and how wide each is: optional columns are left out
 * (lowest first) while even the cut minimum does not fit; then the widest cuttable column is
 * narrowed, one cell at a time, until the table fits (so two long columns end up equally cut).
 */
function layout(columns: Column[], natural: number[], width: number): { shown: number[]; widths: number[] } {
  const minimum = columns.map((spec, i) => (spec.id ? natural[i]! : Math.min(natural[i]!, Math.max(MIN_WIDTH, stringWidth(spec.header)))));
  const total = (indexes: number[], w: number[]) =>
    indexes.reduce((sum, i) => sum + w[i]!, 0) + GAP.length * Math.max(indexes.length - 1, 0);
  let shown = columns.map((_, i) => i);
  for (;;) {
    if (total(shown, minimum) <= width) break;
    const droppable = shown.filter((i) => columns[i]!.optional !== undefined);
    if (droppable.length === 0) break;
    const drop = droppable.reduce((a, b) => (columns[b]!.optional! < columns[a]!.optional! ? b : a));
    shown = shown.filter((i) => i !== drop);
  }
  const widths = [...natural];
  let excess = total(shown, widths) - width;
  while (excess > 0) {
    let widest = -1;
    for (const i of shown) {
      if (widths[i]! > minimum[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    }
    if (widest < 0) break;
    widths[widest]!--;
    excess--;
  }
  return { shown, widths };
}

const painted = (value: Cell, text: string) => (value.paint ? value.paint(text) : text);

export function formatTable(style: TableStyle, specs: ColumnSpec[], rows: CellValue[][]): string {
  const columns = specs.map(column);
  const headers = columns.map((spec) => spec.header.toUpperCase());
  const cells = rows.map((row) => columns.map((_, i) => cell(row[i] ?? '')));

  if (style.format === 'tsv') {
    return cells.map((row) => row.map((value) => painted(value, terminalLine(value.text))).join('\t')).join('\n');
  }
  if (style.format === 'md') {
    const line = (values: string[]) => `| ${values.join(' | ')} |`;
    return [
      line(headers),
      line(headers.map(() => '---')),
      ...cells.map((row) => line(row.map((value, i) => markdownCell(value, columns[i]!.id)))),
    ].join('\n');
  }

  const shownText = cells.map((row) => row.map((value) => terminalLine(value.short ?? value.text)));
  const natural = headers.map((header, i) => Math.max(stringWidth(header), ...shownText.map((row) => stringWidth(row[i]!))));
  const { shown, widths } = layout(columns, natural, style.width);
  const render = (values: string[], paints: (Paint | undefined)[]) =>
    shown
      .map((i, position) => {
        const text = truncate(values[i]!, widths[i]!);
        // The last column is not padded: no trailing spaces to wrap or to copy.
        const padded = position === shown.length - 1 ? text : pad(text, widths[i]!);
        const paint = paints[i];
        // Only the text is painted, not the padding (a background color would show it).
        return paint ? paint(text) + padded.slice(text.length) : padded;
      })
      .join(GAP)
      .trimEnd();
  return [
    render(
      headers,
      headers.map(() => style.bold),
    ),
    ...cells.map((row, r) =>
      render(
        shownText[r]!,
        row.map((value) => value.paint),
      ),
    ),
  ].join('\n');
}

/** `label value` pairs: aligned on a terminal, `label<TAB>value` piped, a bullet list in Markdown. */
export function formatFields(style: TableStyle & { dim: Paint }, rows: [string, CellValue][]): string {
  const pairs = rows.map(([label, value]) => [label, cell(value)] as const);
  if (style.format === 'tsv') return pairs.map(([label, value]) => `${label}\t${painted(value, terminalLine(value.text))}`).join('\n');
  if (style.format === 'md') {
    return pairs.map(([label, value]) => `- **${label}:** ${markdownCell(value)}`).join('\n');
  }
  const width = Math.max(...pairs.map(([label]) => label.length));
  const indent = width + 4;
  return pairs
    .map(([label, value]) => {
      const lines = wrap(terminalLine(value.short ?? value.text), Math.max(style.width - indent, 20));
      const painted = lines.map((line) => (value.paint ? value.paint(line) : line));
      return `  ${style.dim(label.padEnd(width))}  ${painted.join(`\n${' '.repeat(indent)}`)}`;
    })
    .join('\n');
}

/** Words on lines of at most `width` cells (a word longer than that gets a line of its own). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && stringWidth(line) + 1 + stringWidth(word) > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return lines;
}

// Tables and field lists in the three shapes a person or a script wants, as gh prints them:
// - terminal: aligned, borderless columns under a bold header (cli-table3), fitted to the width by
//   narrowing the widest free-text column, whose text then wraps at word boundaries (and leaving
//   out optional columns when even that is not enough), a wrapping column moved last so it reads
//   as text; ids are never narrowed; colors and
//   short values ("3 hours ago") only here; `--wide` shows every column in full;
// - tsv (piped): no header, one row per line, tab-separated full values, no cutting; colored
//   only when FORCE_COLOR asks (the paints are plain otherwise: see colorLevel in iostreams/iostreams.ts);
// - md (-o md): a Markdown table or list for a ticket or a chat.
// Loaded only when something is printed this way (see renderTable in cells.ts).
import Table from 'cli-table3';
import { terminalLine, terminalText } from './terminal-text.js';
import { cellWidth, wrapWords } from './wrap.js';

/** Terminal cells `text` takes: wide (CJK) characters and emoji count 2, combining marks 0. */
const stringWidth = cellWidth;

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
  /** An id: never narrowed (a wrapped id cannot be copied), and code in Markdown. */
  id?: boolean;
  /** Never narrowed either, though not code: what tells rows apart (a profile's base URL). */
  whole?: boolean;
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
  /** Every column in full, whatever the width (`--wide`). */
  wide?: boolean;
  bold: Paint;
}

const GAP = '  ';
/**
 * A column that has to give room keeps at least this many cells (or its header's width, if
 * wider): short values (a severity, a status, a time) never wrap, and a name keeps enough of
 * each line to be read.
 */
const MIN_WIDTH = 16;
/** Where even the minimums do not fit, a free-text column may go down to this many cells. */
const LAST_RESORT_WIDTH = 6;

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

/** Terminal cells of one character: printable ASCII, most of any text, is one cell without asking. */
function charWidth(char: string): number {
  const code = char.charCodeAt(0);
  return code >= 0x20 && code < 0x7f ? 1 : stringWidth(char);
}

/**
 * A word wider than `width` in pieces that each fit, one per line: cli-table3 wraps at word
 * boundaries and cuts a word it cannot place, and a cut value cannot be read or copied whole.
 */
function breakLongWords(text: string, width: number): string {
  return text
    .split(' ')
    .map((word) => {
      if (stringWidth(word) <= width) return word;
      const pieces: string[] = [];
      let piece = '';
      let used = 0;
      for (const char of word) {
        const w = charWidth(char);
        if (w > 0 && used + w > width && piece) {
          pieces.push(piece);
          piece = '';
          used = 0;
        }
        piece += char;
        used += w;
      }
      pieces.push(piece);
      return pieces.join('\n');
    })
    .join(' ');
}

/**
 * Which columns a terminal of `width` shows and how wide each is: optional columns are left out
 * (lowest first) while even the minimums do not fit; then the widest free-text column gives a
 * cell at a time until the table fits (so two long columns end up equally narrowed), and its
 * text wraps. An id column keeps its width: an id is what a user types back.
 */
function layout(
  columns: Column[],
  headers: string[],
  natural: number[],
  longestWord: number[],
  width: number,
): { shown: number[]; widths: number[] } {
  const fixed = (spec: Column) => spec.id === true || spec.whole === true;
  const floor = (i: number, cells: number) =>
    fixed(columns[i]!) ? natural[i]! : Math.min(natural[i]!, Math.max(cells, stringWidth(headers[i]!)));
  const minimum = columns.map((_, i) => floor(i, MIN_WIDTH));
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
  const narrow = (limit: number[]) => {
    let excess = total(shown, widths) - width;
    while (excess > 0) {
      let widest = -1;
      for (const i of shown) {
        if (widths[i]! > limit[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
      }
      if (widest < 0) break;
      widths[widest]!--;
      excess--;
    }
  };
  narrow(minimum);
  // Still too wide (many columns on a narrow terminal): free text wraps narrower still, first
  // down to its longest word, so that words stay whole where they can, then to the last resort.
  narrow(columns.map((spec, i) => (fixed(spec) ? natural[i]! : Math.min(natural[i]!, Math.max(longestWord[i]!, LAST_RESORT_WIDTH)))));
  narrow(columns.map((spec, i) => (fixed(spec) ? natural[i]! : Math.min(natural[i]!, LAST_RESORT_WIDTH))));
  return { shown, widths };
}

const painted = (value: Cell, text: string) => (value.paint ? value.paint(text) : text);

/** No borders, as gh: columns apart by two spaces, no lines above, below or between rows. */
const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: GAP,
};

/** The terminal's table: fitted to `style.width` (unless `style.wide`), cells wrapped at word boundaries by cli-table3. */
function terminalTable(style: TableStyle, columns: Column[], headers: string[], cells: Cell[][]): string {
  const shownText = cells.map((row) => row.map((value) => terminalLine(value.short ?? value.text)));
  const natural = headers.map((header, i) => Math.max(stringWidth(header), ...shownText.map((row) => stringWidth(row[i]!))));
  const longestWord = headers.map((header, i) =>
    Math.max(...header.split(' ').map(stringWidth), ...shownText.flatMap((row) => row[i]!.split(' ').map(stringWidth))),
  );
  const fitted = style.wide
    ? { shown: columns.map((_, i) => i), widths: natural }
    : layout(columns, headers, natural, longestWord, style.width);
  const { widths } = fitted;
  // A column that wraps goes last, so its lines read on as text instead of between two columns.
  const wraps = (i: number) => widths[i]! < natural[i]!;
  const shown = [...fitted.shown.filter((i) => !wraps(i)), ...fitted.shown.filter(wraps)];
  const table = new Table({
    chars: BORDERLESS,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    colWidths: shown.map((i) => widths[i]!),
    wordWrap: true,
    wrapOnWordBoundary: true,
  });
  table.push(shown.map((i) => style.bold(headers[i]!)));
  cells.forEach((row, r) => {
    table.push(
      shown.map((i) => {
        // Ids are never wrapped: they keep their column's width (layout), so they fit.
        const text = breakLongWords(shownText[r]![i]!, widths[i]!);
        return painted(row[i]!, text);
      }),
    );
  });
  // No trailing spaces to wrap or to copy.
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

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
  return terminalTable(style, columns, headers, cells);
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
      const lines = wrapWords(terminalLine(value.short ?? value.text), Math.max(style.width - indent, 20));
      const painted = lines.map((line) => (value.paint ? value.paint(line) : line));
      return `  ${style.dim(label.padEnd(width))}  ${painted.join(`\n${' '.repeat(indent)}`)}`;
    })
    .join('\n');
}

// Text wrapped at word boundaries for a terminal of a given width: field values, a section's
// paragraphs, watch lines. A word wider than the line gets a line of its own (never cut: a cut
// address or id cannot be copied). Widths are terminal cells: a wide (CJK) character or an emoji
// counts 2, a color's escape sequence 0.
import truncatedWidth from 'fast-string-truncated-width';

const NO_LIMIT = { limit: Number.POSITIVE_INFINITY, ellipsis: '', ellipsisWidth: 0 };

/** Terminal cells `text` takes (fast-string-truncated-width: string-width compiles Unicode regexes at load). */
export const cellWidth = (text: string): number => truncatedWidth(text, NO_LIMIT).width;

/** Words on lines of at most `width` cells. */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && cellWidth(line) + 1 + cellWidth(word) > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return lines;
}

/**
 * One line of indented text wrapped to `width`: its continuation lines keep its indentation, and
 * a list item's (`- `) go under its text, so a wrapped paragraph still reads as one.
 */
export function wrapIndented(line: string, width: number): string {
  const indent = /^ */.exec(line)![0];
  const bullet = line.slice(indent.length).startsWith('- ') ? '  ' : '';
  const hanging = indent + bullet;
  const available = Math.max(width - hanging.length, 20);
  const words = line.slice(hanging.length);
  const [first = '', ...rest] = wrapWords(words, available);
  return [hanging.length ? `${line.slice(0, hanging.length)}${first}` : first, ...rest.map((next) => hanging + next)].join('\n');
}

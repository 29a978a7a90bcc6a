// A record printed for people as text rather than a table: its heading, and sections indented
// under a title (an analysis's parts, a template's first update). Its fields are laid out by
// renderFields (cells.ts), the one label-and-value layout.
import type { View } from './view.js';
import { tableFormat } from './cells.js';
import { terminalLine } from './terminal-text.js';
import { wrapIndented } from './wrap.js';

/**
 * A record's heading for people: bold on a terminal, a Markdown heading with -o md. Piped output
 * has no headings (the id is a field there), so a script reads fields and rows only.
 */
export function heading(ctx: View, title: string, given: string): string | undefined {
  const id = terminalLine(given);
  switch (tableFormat(ctx)) {
    case 'terminal':
      return `${ctx.io.style.bold(title)} ${id}`;
    case 'md':
      return `### ${title} \`${id}\``;
    default:
      return undefined;
  }
}

/**
 * Lines indented under a bold title (wrapped to the terminal's width on one); empty text is left out by the caller. The body may carry
 * the caller's colors, so text from the data in it is made safe by the caller (terminalText).
 */
export function section(ctx: View, title: string, body: string): string {
  // On a terminal, long lines wrap at word boundaries under their own indentation.
  const terminal = tableFormat(ctx) === 'terminal';
  const indented = body
    .trim()
    .split('\n')
    .map((line) => (terminal ? wrapIndented(`  ${line}`, ctx.io.terminalWidth) : `  ${line}`))
    .join('\n');
  return `${ctx.io.style.bold(title)}\n${indented}`;
}

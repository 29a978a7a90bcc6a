// A record printed for people as text rather than a table: a heading, fields with their labels
// dimmed and aligned, sections indented under a title (analyses, error groups).
import type { Context } from '../context.js';

/** Lines indented under a bold title; empty text is left out by the caller. */
export function section(ctx: Context, title: string, body: string): string {
  const indented = body
    .trim()
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  return `${ctx.style.bold(title)}\n${indented}`;
}

/** One labelled line of a record, the label dimmed and padded so the values line up. */
export function field(ctx: Context, label: string, value: string): string {
  return `  ${ctx.style.dim(label.padEnd(12))} ${value}`;
}

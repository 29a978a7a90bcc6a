// The one rule for text from the data (a server's names, messages, descriptions) on its way to a
// terminal, in every shape people read (tables, fields, Markdown, watch lines, errors, progress;
// docs/output.md, "Control characters"): characters that steer a terminal instead of showing
// are shown as visible escapes, so a value can neither move the cursor, retitle the window,
// write the clipboard, make a link nor reorder what follows it. JSON output is left alone: it
// stays the API's exact data: JSON escapes C0 controls itself, and jsonText escapes the rest,
// which is the same data to any JSON reader.
// - C0 controls (but the tab and newline each shape handles), DEL and C1 controls (U+0080 to
//   U+009F, where an 8-bit CSI is U+009B) as `\x1b`, `\x9b`;
// - bidi embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069) as `\u202e`:
//   they reorder the rest of a line, other columns included. The marks (U+200E, U+200F,
//   U+061C) are kept: they order only the neutral characters beside them and open nothing, and
//   right-to-left names carry them.

/** What steers a terminal: C0 but tab and newline, DEL, C1, bidi embeddings, overrides and isolates. */
const STEERING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function escaped(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Text that keeps its lines (a message, a section's body, a Markdown value): a CR, alone or
 * before a newline, is a newline, so it never sends the cursor back over a line; tabs stay;
 * anything else that steers is escaped.
 */
export function terminalText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(STEERING, escaped);
}

/**
 * One line (a cell, a field, a watch line, a progress line): tabs, newlines and CRs become a
 * space, so a value never breaks its row or its columns; anything else that steers is escaped.
 */
export function terminalLine(text: string): string {
  return text.replace(/[\t\n\r]+/g, ' ').replace(STEERING, escaped);
}

/** What steers and JSON.stringify leaves as it is: DEL, C1, bidi embeddings, overrides and isolates. */
const STEERING_IN_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON text with every character that steers a terminal written as a `\uXXXX` escape: the same
 * value to any JSON reader (such characters can only stand inside its strings), safe to print.
 */
export function jsonEscaped(json: string): string {
  return json.replace(STEERING_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

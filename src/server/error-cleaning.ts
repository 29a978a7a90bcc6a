// Volatile parts of an error message are replaced by placeholders, so two
// runs of the same failure (another request id, another timeout value, another timestamp)
// land in the same group (docs/api-rules.md#root-cause-analyses-and-error-groups).
// Placeholders contain no digits, so cleaning is idempotent.
import { createHash } from 'node:crypto';

// Every rule runs in linear time on any input (a message is user input): no pattern rescans a
// run it has already passed. URLs are found from their `://` (dropQueries), not tried from
// every word start (a `[^?]*\?` pattern rescans the rest of the message from each, quadratic on
// "a." × 5000; even a scheme bounded to 32 characters costs 32 steps per word); the
// hex rule checks for a digit after matching instead of with a lookahead at each position.
const RULES: [RegExp, (match: string, ...groups: (string | undefined)[]) => string][] = [
  [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, () => '<timestamp>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, () => '<uuid>'],
  // Long hex runs (commit shas, trace ids, object ids) need at least one digit, so words pass.
  [/\b[0-9a-f]{12,}\b/gi, (m) => (/\d/.test(m) ? '<hex>' : m)],
  [/(?<![A-Za-z_<])\d+(?:\.\d+)*/g, () => '<number>'],
];

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
/** `[a-z0-9+.-]`, any case. */
const isSchemeChar = (c: number) => isLetter(c) || isDigit(c) || c === 43 || c === 46 || c === 45;
/** `\w`: what a `\b` looks at. */
const isWordChar = (c: number) => isLetter(c) || isDigit(c) || c === 95;
/** A URL's path, then its query if any: both stop at white space and quotes. */
const URL_REST = /[^\s?#"'<>]*(\?[^\s#"'<>]+)?/y;

/**
 * Query strings carry tokens, cache busters and ids: keep each URL's path, drop its query. The
 * same matches as `/\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s?#"'<>]*(\?[^\s#"'<>]+)?/gi`, found from each
 * `://` (at most 32 characters looked at backwards for the scheme, each once).
 */
function dropQueries(text: string): string {
  let out = '';
  let copied = 0;
  // Where the previous URL ended: the next one starts there at the earliest.
  let matchEnd = 0;
  for (let sep = text.indexOf('://'); sep !== -1; sep = text.indexOf('://', Math.max(sep + 1, matchEnd))) {
    let runStart = sep;
    while (runStart > matchEnd && sep - runStart < 32 && isSchemeChar(text.charCodeAt(runStart - 1))) runStart--;
    // The scheme starts with a letter at a word boundary; the leftmost such start wins.
    let start = runStart;
    while (start < sep && !(isLetter(text.charCodeAt(start)) && (start === 0 || !isWordChar(text.charCodeAt(start - 1))))) start++;
    if (start === sep) continue;
    URL_REST.lastIndex = sep + 3;
    const query = URL_REST.exec(text)?.[1];
    matchEnd = URL_REST.lastIndex;
    if (query) {
      out += `${text.slice(copied, matchEnd - query.length)}?<query>`;
      copied = matchEnd;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

export function cleanErrorMessage(raw: string): string {
  let cleaned = dropQueries(raw.trim());
  for (const [pattern, replace] of RULES) cleaned = cleaned.replace(pattern, replace);
  return cleaned;
}

export function errorHash(cleaned: string): string {
  return createHash('sha256').update(cleaned, 'utf8').digest('hex');
}

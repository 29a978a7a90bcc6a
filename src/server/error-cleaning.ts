// CONTRACT-NOTES §6: volatile parts of an error message are replaced by placeholders, so two
// runs of the same failure (another request id, another timeout value, another timestamp)
// land in the same group. Placeholders contain no digits, so cleaning is idempotent.
import { createHash } from 'node:crypto';

// Every rule runs in linear time on any input (a message is user input): no pattern rescans a
// run it has already passed. The URL rule bounds the scheme and consumes the whole URL in one
// match (the old `[^?]*\?` form rescanned the rest of the message from every word start, so
// "a." × 5000 cost ~75 ms); the hex rule checks for a digit after matching instead of with a
// lookahead at each position.
const RULES: [RegExp, (match: string, ...groups: (string | undefined)[]) => string][] = [
  // Query strings carry tokens, cache busters and ids: keep the URL's path, drop the query.
  [/\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s?#"'<>]*(\?[^\s#"'<>]+)?/gi, (m, query) => (query ? `${m.slice(0, -query.length)}?<query>` : m)],
  [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, () => '<timestamp>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, () => '<uuid>'],
  // Long hex runs (commit shas, trace ids, object ids) need at least one digit, so words pass.
  [/\b[0-9a-f]{12,}\b/gi, (m) => (/\d/.test(m) ? '<hex>' : m)],
  [/(?<![A-Za-z_<])\d+(?:\.\d+)*/g, () => '<number>'],
];

export function cleanErrorMessage(raw: string): string {
  let cleaned = raw.trim();
  for (const [pattern, replace] of RULES) cleaned = cleaned.replace(pattern, replace);
  return cleaned;
}

export function errorHash(cleaned: string): string {
  return createHash('sha256').update(cleaned, 'utf8').digest('hex');
}

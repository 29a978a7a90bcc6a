// CONTRACT-NOTES §6: volatile parts of an error message are replaced by placeholders, so two
// runs of the same failure (another request id, another timeout value, another timestamp)
// land in the same group. Placeholders contain no digits, so cleaning is idempotent.
import { createHash } from 'node:crypto';

const RULES: [RegExp, string][] = [
  // Query strings carry tokens, cache busters and ids: keep the URL's path, drop the query.
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>]*)\?[^\s#"'<>]+/gi, '$1?<query>'],
  [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<timestamp>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  // Long hex runs (commit shas, trace ids, object ids) need at least one digit, so words pass.
  [/\b(?=[0-9a-f]*\d)[0-9a-f]{12,}\b/gi, '<hex>'],
  [/(?<![A-Za-z_<])\d+(?:\.\d+)*/g, '<number>'],
];

export function cleanErrorMessage(raw: string): string {
  let cleaned = raw.trim();
  for (const [pattern, replacement] of RULES) cleaned = cleaned.replace(pattern, replacement);
  return cleaned;
}

export function errorHash(cleaned: string): string {
  return createHash('sha256').update(cleaned, 'utf8').digest('hex');
}

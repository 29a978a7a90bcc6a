// "Did you mean": the known values closest to what was typed, by edit distance (any case), so a
// typo ('Payment API' for 'Payments API') is answered with the name meant, before the full list.
import { distance } from 'fastest-levenshtein';

/**
 * Up to `limit` of `candidates` close enough to `given` to be what was meant, closest first. Close
 * enough: at most a third of the longer word's letters differ (at least 2), or one contains the
 * other; beyond that a suggestion is noise and only the full list helps.
 */
export function closest(given: string, candidates: readonly string[], limit = 3): string[] {
  const wanted = given.trim().toLowerCase();
  if (wanted === '') return [];
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of new Set(candidates)) {
    const lower = candidate.toLowerCase();
    const edits = distance(wanted, lower);
    const allowed = Math.max(2, Math.floor(Math.max(wanted.length, lower.length) / 3));
    const contains = wanted.length >= 3 && (lower.includes(wanted) || wanted.includes(lower));
    if (edits <= allowed || contains) scored.push({ candidate, score: edits });
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

/** ` (did you mean MAJOR?)`, or nothing when no value is close. */
export function didYouMean(given: string, candidates: readonly string[]): string {
  const close = closest(given, candidates);
  return close.length > 0 ? ` (did you mean ${close.join(' or ')}?)` : '';
}

// Error-message cleaning runs over user input, so its patterns must stay linear: these inputs
// (the shapes that made the old patterns rescan) must come back correct. The old patterns are
// kept here as the reference for short strings, where their cost does not matter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanErrorMessage } from '../../src/server/error-cleaning.js';

const REFERENCE: [RegExp, string][] = [
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>]*)\?[^\s#"'<>]+/gi, '$1?<query>'],
  [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<timestamp>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/\b(?=[0-9a-f]*\d)[0-9a-f]{12,}\b/gi, '<hex>'],
  [/(?<![A-Za-z_<])\d+(?:\.\d+)*/g, '<number>'],
];
const reference = (raw: string) => REFERENCE.reduce((text, [pattern, to]) => text.replace(pattern, to), raw.trim());

// Characters that reach every rule: schemes, separators, digits, hex letters, query marks,
// word characters that are no scheme characters (\b), and whole `://` so URLs are common.
const alphabet = fc.constantFrom(...'ab3f0:/.?#-T Z+x_"<A'.split(''), '://');

describe('cleanErrorMessage on adversarial input', () => {
  it('agrees with the reference patterns on short strings of the characters they care about', () => {
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), (chars) => {
        const raw = chars.join('');
        expect(cleanErrorMessage(raw)).toBe(reference(raw));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the reference patterns on URL-shaped strings (where a scheme starts, where a query ends)', () => {
    // Tokens around a `://`: word characters that may or may not start a scheme, separators
    // that end a URL or a query, and queries.
    const token = fc.constantFrom(
      '_',
      'a',
      'Z',
      '7',
      '.',
      '+',
      '-',
      '://',
      '?',
      'q=1',
      '#',
      ' ',
      '"',
      '<',
      'x',
      '_a',
      'b://',
      '?q=1',
      'a+b',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (tokens) => {
        const raw = tokens.join('');
        expect(cleanErrorMessage(raw)).toBe(reference(raw));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes a scheme of up to 32 characters (the bound that keeps the search linear)', () => {
    expect(cleanErrorMessage(`${'s'.repeat(32)}://host/p?token=x`)).toBe(`${'s'.repeat(32)}://host/p?<query>`);
    expect(cleanErrorMessage(`${'s'.repeat(33)}://host/p?token=x`)).toBe(`${'s'.repeat(33)}://host/p?token=x`);
    expect(cleanErrorMessage('see _a://host?token=x and b://host?token=y')).toBe('see _a://host?token=x and b://host?<query>');
  });

  it('returns long repetitive messages correctly', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('a.', 'a://', 'ab', '1', 'a1', 'http://a', '0f', '1.'),
        fc.integer({ min: 2000, max: 5000 }),
        (unit, times) => {
          const raw = unit.repeat(times);
          const cleaned = cleanErrorMessage(raw);
          // Idempotent: a cleaned message is its own cleaning.
          expect(cleanErrorMessage(cleaned)).toBe(cleaned);
          if (unit === 'a.' || unit === 'ab' || unit === 'a://') expect(cleaned).toBe(raw);
          // A digit run is a hex run first (it has a digit); dotted digits are one number.
          if (unit === '1') expect(cleaned).toBe('<hex>');
          if (unit === '1.') expect(cleaned).toBe('<number>.');
          if (unit === '0f') expect(cleaned).toBe('<hex>');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('still drops a query after a long URL and keeps the path', () => {
    const path = 'seg/'.repeat(2500);
    expect(cleanErrorMessage(`GET https://h.example/${path}?token=abc failed`)).toBe(`GET https://h.example/${path}?<query> failed`);
  });
});

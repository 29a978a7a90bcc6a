/** The API key is a password: show at most its last 4 characters, anywhere it is shown. */
export function maskKey(key: string | undefined): string {
  if (!key) return '(not set)';
  return key.length <= 8 ? '****' : `****${key.slice(-4)}`;
}

// The prefixes of the keys the project knows: the reference server's (sc_) and the hosted API's (sk_).
const KEY_PREFIX = /^(?:sk|sc)[_-][A-Za-z0-9_-]{8,}$/i;

/** Bits per character of `text`, as often as each character occurs in it. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

/** One word of a value (between the characters no key holds) that reads as a key. */
function keyLikeWord(word: string): boolean {
  if (KEY_PREFIX.test(word) && /\d/.test(word)) return true;
  // A long run of hexadecimal digits (a UUID's parts are at most 12), or a long token of random
  // letters of both cases and digits (base64): no name or address a person types looks like it.
  if (word.length >= 24 && /^[0-9a-f]+$/i.test(word) && /\d/.test(word) && /[a-f]/i.test(word)) return true;
  const mixed = (text: string) => /[a-z]/.test(text) && /[A-Z]/.test(text) && /\d/.test(text);
  if (word.length >= 24 && mixed(word) && entropy(word) >= 4) return true;
  // Between - and _ (a key of base64 holds a few; a name holds them between its short parts).
  return word.split(/[-_]/).some((run) => run.length >= 12 && mixed(run) && entropy(run) >= 3);
}

/**
 * Whether a value given for another setting (an account id, a base URL, a profile's name...)
 * looks like an API key pasted in the wrong place: one of `keys` (the run's own), a word with a
 * key's prefix, or a long random token. Such a value is never shown in a message, which may
 * end up in a CI log.
 */
export function looksLikeKey(value: string, ...keys: (string | undefined)[]): boolean {
  const text = value.trim();
  if (keys.some((key) => key && key.length >= 8 && text.includes(key))) return true;
  return text.split(/[^A-Za-z0-9_-]+/).some(keyLikeWord);
}

/**
 * A value a user gave, as an error quotes it: in double quotes, cut past `max` characters, or
 * `(a value that looks like an API key; not shown)` when it looks like one, so a key pasted as an
 * id never lands in a CI log.
 */
export function quotedValue(value: string, max = 60, ...keys: (string | undefined)[]): string {
  if (looksLikeKey(value, ...keys)) return '(a value that looks like an API key; not shown)';
  return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
}

/** What an error says instead of a value that looks like a key. */
export const notShown = (what: string) => `${what} looks like an API key; it is not shown`;

/** The hint of such an error. */
export const KEY_IN_WRONG_PLACE_HINT =
  'if it is the API key, give it with --api-key or STATUSCTL_API_KEY (or save it: statusctl login), never in another setting';

// API keys: compared in constant time, never logged or echoed in full. The key ring holds hashes;
// a kept-alive connection holds the Authorization header that passed on it, as its request did,
// and the account header that passed with it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isUuid } from '../contract/rules.js';
import { HttpError } from './http-error.js';
import type { RateLimiter } from './rate-limit.js';

// Hashing both sides first gives equal-length buffers, so timingSafeEqual never throws and the
// comparison time says nothing about the key's length or its first differing character.
const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest();

/** `****abcd`: the only form of a key that may leave the server's memory. */
export function maskKey(key: string): string {
  return `****${key.slice(-4)}`;
}

export class KeyRing {
  private readonly entries: { accountId: string; hash: Buffer }[] = [];
  /**
   * Per connection, the last Authorization header whose key was found, that key's account, and
   * the account header last checked with it (absent until one is).
   */
  private readonly verified = new WeakMap<object, { header: string; accountId: string; accountHeader?: string }>();

  add(accountId: string, key: string): void {
    this.entries.push({ accountId, hash: digest(key) });
  }

  /** The account of the key, or undefined. Looks at every entry so timing does not say which matched. */
  accountOf(key: string): string | undefined {
    const presented = digest(key);
    let match: string | undefined;
    for (const entry of this.entries) {
      if (timingSafeEqual(entry.hash, presented) && match === undefined) match = entry.accountId;
    }
    return match;
  }

  /**
   * The account of the Authorization header that last passed on `connection`, when `header` is
   * that header. A kept-alive client sends the same header with every request: its key is
   * hashed and compared once (accountOf), then remembered for that connection alone, one per
   * connection, replaced by the next that passes there; any other header is checked in full, so
   * no key passes unchecked. The comparison takes the same time whatever is presented: a proxy
   * may carry several clients' requests on one connection.
   */
  rememberedOn(connection: object, header: string): string | undefined {
    const known = this.verified.get(connection);
    return known && sameText(header, known.header) ? known.accountId : undefined;
  }

  /** Remembers for `connection` the header whose key accountOf just found (see rememberedOn). */
  remember(connection: object, header: string, accountId: string): void {
    this.verified.set(connection, { header, accountId });
  }

  /**
   * Whether `accountHeader` is the account header that last passed on `connection` beside the
   * Authorization header remembered there (so call it only once rememberedOn or remember has
   * settled that header for this request).
   */
  accountHeaderPassedOn(connection: object, accountHeader: string): boolean {
    return this.verified.get(connection)?.accountHeader === accountHeader;
  }

  /** Remembers the account header that passed beside the Authorization header kept for `connection`. */
  rememberAccountHeader(connection: object, accountHeader: string): void {
    const known = this.verified.get(connection);
    if (known) known.accountHeader = accountHeader;
  }
}

/**
 * Whether `presented` is `known`, looking at every character of `known` whatever is presented:
 * the time says nothing of where they differ. As timingSafeEqual compares bytes, without
 * encoding a copy of the header at every request (a character past the end of `presented` reads
 * as NaN, which the bitwise operators take as 0; the lengths are compared apart).
 */
function sameText(presented: string, known: string): boolean {
  let difference = presented.length ^ known.length;
  for (let i = 0; i < known.length; i++) difference |= presented.charCodeAt(i) ^ known.charCodeAt(i);
  return difference === 0;
}

const BEARER = /^Bearer +([^\s]+) *$/i;

/**
 * The key names the account; `x-service-account`, when present, must be a UUID, as the hosted
 * API takes it (400 otherwise, in its words), and agree (403 otherwise)
 * (docs/api-rules.md#authentication-and-accounts).
 * Returns the account id or throws 401/400/403: the key is checked first, so no answer about the
 * account header is given to a request without a key that passes. With the request's
 * `connection` (its socket), the headers that last passed on it are not checked again
 * (KeyRing.rememberedOn, KeyRing.accountHeaderPassedOn).
 */
export function authenticate(
  keys: KeyRing,
  authorization: string | undefined,
  serviceAccount: string | string[] | undefined,
  connection?: object,
): string {
  if (!authorization) throw new HttpError(401, 'missing Authorization header: expected "Bearer <API key>"');
  let accountId = connection && keys.rememberedOn(connection, authorization);
  if (accountId === undefined) {
    const match = BEARER.exec(authorization);
    if (!match) throw new HttpError(401, 'malformed Authorization header: expected "Bearer <API key>"');
    accountId = keys.accountOf(match[1]!);
    if (accountId === undefined) throw new HttpError(401, 'unknown API key');
    if (connection) keys.remember(connection, authorization, accountId);
  }
  if (serviceAccount !== undefined) {
    const claimed = Array.isArray(serviceAccount) ? serviceAccount.join(',') : serviceAccount;
    if (connection && keys.accountHeaderPassedOn(connection, claimed)) return accountId;
    // Neither is echoed: a key pasted into the wrong header (swapped settings) must not come back.
    if (!isUuid(claimed)) {
      throw new HttpError(400, '"x-service-account" must be a valid GUID', [
        { path: 'x-service-account', message: 'must be a valid GUID' },
      ]);
    }
    if (claimed !== accountId) throw new HttpError(403, 'the API key does not belong to the account named in x-service-account');
    if (connection) keys.rememberAccountHeader(connection, claimed);
  }
  return accountId;
}

/**
 * Counts a request refused for its key (wrong or missing) against its client's address: 0 while
 * under the limit (answer 401), else the whole seconds to wait (answer 429 with Retry-After).
 * Without a limiter (no `--rate-limit`) nothing is counted.
 */
export function failedAuthentication(limiter: RateLimiter | undefined, req: IncomingMessage): number {
  return limiter ? limiter.take(req.socket.remoteAddress ?? '') : 0;
}

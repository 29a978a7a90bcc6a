// The account's names and ids that shell completion offers (service names, status page names and
// urls, the ids of open incidents (of both kinds of page) and of their updates, the names of V3 pages' automation rules,
// and those of account-lists.ts: error groups, test sessions, maintenance windows and occurrences), kept in a small file in the user's cache
// directory so that a Tab never waits on the network.
//
// - One file per profile, base URL and account id, so two accounts never mix; it holds names
//   and ids only, never the key (mode 0600 all the same, in a directory of mode 0700).
// - A completion reads the file and answers at once. When the file is missing or older than
//   STALE_MS it starts a detached `statusctl __complete refresh` that reads the account with the
//   usual settings and writes the file anew; the Tab does not wait for it, and a refresh that
//   fails (a server that is down, no key) only leaves the old file. A marker file beside the
//   cache keeps a burst of Tabs from starting more than one refresh per RETRY_MS.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { DEFAULT_BASE_URL } from '../settings/config.js';
import type { Context } from '../runtime/context.js';
import { isOpen } from '../output/cells.js';
import { fetchPages } from '../api/paging.js';
import { isNotFound } from '../errors/not-found.js';
import { loadCatalog } from '../lookup/service-catalog.js';
import { isWholeId, MIN_PREFIX } from '../lookup/short-ids.js';
import type { ValueKind } from './value-kinds.js';
import { type AccountLists, listCandidates, readLists } from './account-lists.js';

/** A cache older than this is refreshed in the background (and still used meanwhile). */
export const STALE_MS = 5 * 60_000;
/** At most one refresh is started per this long, whether the last one worked or not. */
const RETRY_MS = 60_000;

/** The lists of account-lists.ts are left out by a cache written before there were any. */
export interface CompletionCache extends Partial<AccountLists> {
  version: 1;
  profile: string;
  baseUrl: string;
  accountId?: string;
  /** When the account was read (ms since the epoch). */
  fetchedAt: number;
  services: { id: string; name: string }[];
  pages: { id: string; name: string; url: string }[];
  incidents: { id: string; name: string; updates: { id: string; status: string }[] }[];
  /** The automation rules of the V3 pages (left out by a cache written before there were any). */
  rules?: { id: string; name: string; page: string }[];
}

/** Whose cache: the account the typed command line would act on. */
export interface CacheIdentity {
  profile: string;
  baseUrl: string;
  accountId?: string;
}

/** A value to offer and what it is (shown beside it by zsh and fish). */
export interface Candidate {
  value: string;
  description: string;
}

/** The user's cache directory, the one the launcher keeps compiled code in. */
export function cacheDirectory(env: Context['env']): string {
  return env.STATUSCTL_CACHE_DIR || envPaths('statusctl', { suffix: '' }).cache;
}

/**
 * The account the words of a command line name: --profile, --base-url and --account-id typed
 * there, then the variables, then the profile (the config file), then the defaults: the rules
 * of the settings, without reading the key.
 */
export async function identityOf(ctx: Context): Promise<CacheIdentity> {
  const profile = ctx.profileName;
  const config = await ctx.config();
  const saved = config.problem ? {} : config.profile(profile);
  const baseUrl = ctx.globals.baseUrl || ctx.env.STATUSCTL_BASE_URL || saved.baseUrl || DEFAULT_BASE_URL;
  const accountId = ctx.globals.accountId || ctx.env.STATUSCTL_ACCOUNT_ID || saved.accountId;
  return { profile, baseUrl, ...(accountId ? { accountId } : {}) };
}

/** The cache file of an account: the profile's name (readable), and a digest of the whole identity. */
export function cacheFile(env: Context['env'], identity: CacheIdentity): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([identity.profile, identity.baseUrl, identity.accountId ?? null]))
    .digest('hex')
    .slice(0, 16);
  const name = identity.profile.replace(/[^\w.-]/g, '_').slice(0, 40);
  return join(cacheDirectory(env), 'completion', `${name}-${digest}.json`);
}

export function readCache(file: string, identity: CacheIdentity): CompletionCache | undefined {
  try {
    const cache = JSON.parse(readFileSync(file, 'utf8')) as CompletionCache;
    const same =
      cache.version === 1 &&
      cache.profile === identity.profile &&
      cache.baseUrl === identity.baseUrl &&
      (cache.accountId ?? null) === (identity.accountId ?? null);
    return same ? cache : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (a temporary file renamed), readable by the user only. */
export function writeCache(file: string, cache: CompletionCache): void {
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(cache)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

/** Reads the account (status pages with their services, open incidents with their updates) into a cache. */
export async function readAccount(ctx: Context, identity: CacheIdentity): Promise<CompletionCache> {
  const client = await ctx.client();
  const [catalog, v3Pages, incidents, lists] = await Promise.all([
    loadCatalog(ctx),
    // V3 pages are named wherever a page is (status-pages get, components list).
    fetchPages((query) => client.listV3StatusPages({ query }), { all: true }),
    fetchPages((query) => client.listIncidents({ query }), { all: true }),
    readLists(client),
  ]);
  // Each V3 page's open incidents (their list has no updates) and rules: two reads a page, all at
  // once; a page deleted meanwhile has none.
  const gone = (error: unknown) => {
    if (isNotFound(error)) return { entries: [] };
    throw error;
  };
  const perPage = await Promise.all(
    v3Pages.entries.map(async (page) => {
      const params = { statusPageId: page.id };
      const [pageIncidents, pageRules] = await Promise.all([
        fetchPages((query) => client.listV3Incidents({ params, query }), { all: true }).catch(gone),
        fetchPages((query) => client.listV3AutomationRules({ params, query }), { all: true }).catch(gone),
      ]);
      return {
        incidents: pageIncidents.entries.filter(isOpen).map((incident) => ({ id: incident.id, name: incident.name, updates: [] })),
        rules: pageRules.entries.map((rule) => ({ id: rule.id, name: rule.name, page: page.url })),
      };
    }),
  );
  const services = new Map<string, string>();
  for (const page of catalog) for (const service of page.services) services.set(service.id, service.name);
  return {
    version: 1,
    ...identity,
    fetchedAt: ctx.now(),
    services: [...services].map(([id, name]) => ({ id, name })),
    pages: [...catalog, ...v3Pages.entries].map((page) => ({ id: page.id, name: page.name, url: page.url })),
    incidents: incidents.entries
      .filter(isOpen)
      .map((incident) => ({
        id: incident.id,
        name: incident.name,
        updates: (incident.incidentUpdates ?? []).map((update) => ({ id: update.id, status: update.status })),
      }))
      .concat(perPage.flatMap((page) => page.incidents)),
    rules: perPage.flatMap((page) => page.rules),
    ...lists,
  };
}

/** The marker of a refresh started at most RETRY_MS ago. */
const markerOf = (file: string) => `${file}.refresh`;

/**
 * Starts a refresh in a detached process when the cache is missing or stale and none was started
 * lately; never waits for it. Anything that goes wrong only means no refresh.
 */
export function refreshIfStale(ctx: Context, file: string, cache: CompletionCache | undefined, words: readonly string[]): void {
  if (cache && ctx.now() - cache.fetchedAt < STALE_MS) return;
  const marker = markerOf(file);
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(marker, '', { flag: 'wx', mode: 0o600 });
    } catch {
      // Another Tab started one: leave it be unless it is old (that refresh failed or died).
      if (ctx.now() - statSync(marker).mtimeMs < RETRY_MS) return;
      writeFileSync(marker, '', { mode: 0o600 });
    }
    // The launcher (bin/statusctl) and node, as this process was started.
    const child = spawn(process.execPath, [process.argv[1]!, '__complete', 'refresh', '', '--', ...words], {
      detached: true,
      stdio: 'ignore',
      env: { ...ctx.env },
    });
    child.on('error', () => {});
    child.unref();
  } catch {
    // An unwritable cache directory: completion goes on without the account's values.
  }
}

/** The detached refresh: reads the account and writes its cache; a failure leaves the old file (and the marker, which spaces the retries). */
export async function refresh(ctx: Context): Promise<void> {
  const identity = await identityOf(ctx);
  const file = cacheFile(ctx.env, identity);
  writeCache(file, await readAccount(ctx, identity));
  rmSync(markerOf(file), { force: true });
}

/**
 * What to offer for a value of `kind`. An update is one of the incident typed before it on the
 * line (its id or a prefix of it, among `words`), else of any open incident.
 */
export function candidates(cache: CompletionCache, kind: ValueKind, words: readonly string[]): Candidate[] {
  switch (kind) {
    case 'incident':
      return cache.incidents.map((incident) => ({ value: incident.id, description: incident.name }));
    case 'update': {
      const typed = words.filter((word) => isWholeId(word) || (word.length >= MIN_PREFIX && /^[0-9a-f-]+$/i.test(word)));
      const named = cache.incidents.filter((incident) => typed.some((word) => incident.id.toLowerCase().startsWith(word.toLowerCase())));
      return (named.length ? named : cache.incidents).flatMap((incident) =>
        incident.updates.map((update) => ({ value: update.id, description: `${update.status}: ${incident.name}` })),
      );
    }
    case 'service':
      return [...new Set(cache.services.map((service) => service.name))].map((name) => ({ value: name, description: 'service' }));
    case 'status-page':
      return cache.pages.flatMap((page) => [
        { value: page.name, description: `status page ${page.url}` },
        ...(page.url !== page.name ? [{ value: page.url, description: `url of ${page.name}` }] : []),
      ]);
    case 'automation-rule':
      return [...new Map((cache.rules ?? []).map((rule) => [rule.name, rule.page])).entries()].map(([name, page]) => ({
        value: name,
        description: `automation rule on ${page}`,
      }));
    default:
      return listCandidates(cache, kind, words) ?? [];
  }
}

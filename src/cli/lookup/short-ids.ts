// Short ids, as people paste them from a terminal table: a unique prefix of an incident or
// incident update id (at least MIN_PREFIX characters) stands for the whole id. A whole UUID costs
// no read at all; an incident prefix is looked for in the incident list (pages of 100, the
// fewest requests the API allows) and an update prefix in its incident's timeline. The API
// has no list of root cause analyses, so analysis ids are taken whole only.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import envPaths from 'env-paths';
import type { Client } from '../../client/index.js';
import type { Context } from '../runtime/context.js';
import type { Incident, IncidentUpdate } from '../api/types.js';
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import { fetchPages } from '../api/paging.js';
import { didYouMean } from '../errors/suggest.js';
import { quotedValue } from '../settings/mask.js';

export const MIN_PREFIX = 6;
/** What terminal tables show of an id: enough to paste back (made longer where two shown ids share it). */
export const SHORT_ID_LENGTH = 8;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isWholeId(value: string): boolean {
  return UUID.test(value.trim());
}

/**
 * What a table shows of each id: its first `SHORT_ID_LENGTH` characters, or one more than it
 * shares with any other of `ids`, so each shown id is a prefix of its own id only.
 */
export function shortIds(ids: readonly string[]): Map<string, string> {
  // By code unit, not localeCompare: its first call sets up an ICU collator, a cost at every call.
  const sorted = [...new Set(ids)].sort((a, b) => {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const common = (a = '', b = '') => {
    let n = 0;
    while (n < a.length && n < b.length && a[n]!.toLowerCase() === b[n]!.toLowerCase()) n++;
    return n;
  };
  // Sorted, the id sharing the longest start with each one is a neighbour.
  return new Map(
    sorted.map((id, i) => {
      const length = Math.max(SHORT_ID_LENGTH, common(id, sorted[i - 1]) + 1, common(id, sorted[i + 1]) + 1);
      return [id, id.slice(0, length)];
    }),
  );
}

function checkPrefix(given: string, what: string): string {
  const value = given.trim();
  if (value.length < MIN_PREFIX) {
    throw usageError(
      `${what} ${quotedValue(given)} is too short: give the whole id or at least its first ${MIN_PREFIX} characters`,
      what === 'incident id' ? "'statusctl incidents list' shows the ids" : "'statusctl incidents get INCIDENT' shows the update ids",
    );
  }
  return value;
}

/**
 * ` (did you mean 7385595c?)`: the ids whose start is closest to a prefix that matches none (a
 * typo), shown as long as the prefix given; nothing when none is close.
 */
function nearPrefixes(prefix: string, items: readonly { id: string }[]): string {
  return didYouMean(
    prefix,
    items.map((item) => item.id.slice(0, prefix.length)),
  );
}

function ambiguous(what: string, given: string, lines: string[]): CliError {
  return usageError(
    [`${what} ${quotedValue(given)} is the start of ${lines.length} ids; give more of it:`, ...lines.map((line) => `  ${line}`)].join('\n'),
  );
}

/** An id of another list than the v2 incidents', with the line that tells it apart. */
export interface OtherId {
  id: string;
  line: string;
}

/** An incident found by a prefix, with the incident itself when the lookup already read it. */
export interface ResolvedIncident {
  id: string;
  incident?: Incident;
}

/**
 * Resolves incident ids and prefixes for one command. The incident list is read at most once
 * (all its pages), however many prefixes the command was given.
 */
export class IncidentIds {
  private listing?: Promise<Incident[]>;

  /** The client is asked for only when a prefix needs the list: a whole id needs no credentials. */
  constructor(private readonly client: () => Promise<Client>) {}

  /**
   * `others`: the ids of the other kind (V3 pages' incidents) starting with `given`, each with
   * its line for an ambiguity; when the one match is among them, undefined (the caller has it).
   */
  async resolve(given: string): Promise<ResolvedIncident>;
  async resolve(given: string, others: readonly OtherId[]): Promise<ResolvedIncident | undefined>;
  async resolve(given: string, others: readonly OtherId[] = []): Promise<ResolvedIncident | undefined> {
    if (isWholeId(given)) return { id: given.trim() };
    const value = checkPrefix(given, 'incident id');
    const lower = value.toLowerCase();
    const incidents = await this.all();
    const exact = incidents.find((incident) => incident.id.toLowerCase() === lower);
    if (exact) return { id: exact.id, incident: exact };
    const matches = incidents.filter((incident) => incident.id.toLowerCase().startsWith(lower));
    if (matches.length === 1 && others.length === 0) return { id: matches[0]!.id, incident: matches[0]! };
    if (matches.length === 0 && others.length === 1) return undefined;
    if (matches.length + others.length > 1) {
      throw ambiguous('incident id', given, [
        ...matches.map((incident) => `${incident.id}  ${incident.name} (${incident.severity}, ${incident.lastUpdateStatus})`),
        ...others.map((other) => other.line),
      ]);
    }
    throw new CliError(
      ExitCode.notFound,
      `no incident id starts with ${quotedValue(given)}${nearPrefixes(value, incidents)} (${incidents.length} incident${incidents.length === 1 ? '' : 's'} of the account looked at)`,
      undefined,
      "'statusctl incidents list --all' shows the ids",
    );
  }

  /**
   * Starts reading the list a prefix `given` is looked for in, so that it goes at the same time as
   * a lookup's other reads (the V3 pages' incidents); resolve() then waits for the same read.
   */
  prefetch(given: string): void {
    if (isWholeId(given) || given.trim().length < MIN_PREFIX) return;
    // resolve() reports a failure of the read; until it is called, nothing is to be reported.
    this.all().catch(() => undefined);
  }

  async resolveId(given: string): Promise<string> {
    return (await this.resolve(given)).id;
  }

  private all(): Promise<Incident[]> {
    this.listing ??= (async () => {
      const client = await this.client();
      const list = await fetchPages((query) => client.listIncidents({ query }), { all: true });
      return list.entries;
    })();
    return this.listing;
  }
}

/**
 * An update id or prefix of `incidentId`'s timeline. A whole id costs no read; a prefix reads the
 * incident (or uses `incident` when the caller has it already).
 */
export async function resolveUpdateId(client: Client, incidentId: string, given: string, incident?: Incident): Promise<string> {
  if (isWholeId(given)) return given.trim();
  const value = checkPrefix(given, 'update id');
  const lower = value.toLowerCase();
  const updates: IncidentUpdate[] = (incident ?? (await client.getIncident({ params: { incidentId } }))).incidentUpdates ?? [];
  const exact = updates.find((update) => update.id.toLowerCase() === lower);
  if (exact) return exact.id;
  const matches = updates.filter((update) => update.id.toLowerCase().startsWith(lower));
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length > 1) {
    throw ambiguous(
      'update id',
      given,
      matches.map((update) => `${update.id}  ${update.publicIncidentUpdateDate} ${update.status}: ${update.description}`),
    );
  }
  throw new CliError(
    ExitCode.notFound,
    `incident ${incidentId} has no update whose id starts with ${quotedValue(given)}${nearPrefixes(value, updates)} (${updates.length} update${updates.length === 1 ? '' : 's'})`,
    undefined,
    `'statusctl incidents get ${incidentId}' shows its updates`,
  );
}

// The id cache: which V3 status page holds an incident, found once (an incident id alone does
// not say which page it is on), so the next command on it makes one request. A small file per
// profile, base URL and account in the user's cache directory, holding ids only (mode 0600).
// Anything wrong with it (missing, unreadable, stale) only means the page is looked for again.

async function idsFile(ctx: Context): Promise<string> {
  const { profile, baseUrl, accountId } = await ctx.settings();
  const digest = createHash('sha256')
    .update(JSON.stringify([profile, baseUrl, accountId ?? null]))
    .digest('hex')
    .slice(0, 16);
  const directory = ctx.env.STATUSCTL_CACHE_DIR || envPaths('statusctl', { suffix: '' }).cache;
  return join(directory, 'ids', `${profile.replace(/[^\w.-]/g, '_').slice(0, 40)}-${digest}.json`);
}

/** The most incidents whose page is remembered: the latest found are kept. */
const REMEMBERED = 500;

async function readPages(file: string): Promise<Record<string, string>> {
  try {
    const pages = JSON.parse(readFileSync(file, 'utf8')) as { incidentPages?: Record<string, string> };
    return typeof pages.incidentPages === 'object' && pages.incidentPages !== null ? pages.incidentPages : {};
  } catch {
    return {};
  }
}

/** The V3 page remembered to hold incident `incidentId`, if any. */
export async function pageOfIncident(ctx: Context, incidentId: string): Promise<string | undefined> {
  const page = (await readPages(await idsFile(ctx)))[incidentId.toLowerCase()];
  return typeof page === 'string' && page ? page : undefined;
}

async function writePages(ctx: Context, change: (pages: Record<string, string>) => void): Promise<void> {
  try {
    const file = await idsFile(ctx);
    const pages = await readPages(file);
    change(pages);
    const kept = Object.fromEntries(Object.entries(pages).slice(-REMEMBERED));
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ incidentPages: kept })}\n`, { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written is only a request more next time.
  }
}

/** Remembers that V3 page `pageId` holds incident `incidentId` ('' forgets it). */
export async function rememberPage(ctx: Context, incidentId: string, pageId: string): Promise<void> {
  const key = incidentId.toLowerCase();
  if (!pageId && (await pageOfIncident(ctx, key)) === undefined) return;
  await writePages(ctx, (pages) => {
    delete pages[key];
    if (pageId) pages[key] = pageId;
  });
}

export const forgetPage = (ctx: Context, incidentId: string) => rememberPage(ctx, incidentId, '');

/** How a list looked in for prefixes names what it holds (`error group id`, `error groups`) and shows one. */
export interface PrefixWords<T> {
  /** `error group id`. */
  readonly what: string;
  /** `error groups`, for the count looked at. */
  readonly plural: string;
  /** Where the ids are shown: `'statusctl error-groups list --all' shows the ids`. */
  readonly hint: string;
  /** The line an ambiguous prefix lists for one match, after its id. */
  describe(item: T): string;
}

/** What could be the start of a UUID: hexadecimal digits and dashes. Anything else is no prefix. */
export const looksLikePrefix = (value: string): boolean => /^[0-9a-f-]+$/i.test(value.trim());

/**
 * Ids and unique prefixes of one kind (error groups), as IncidentIds does for incidents: a whole
 * id costs no read; a prefix of at least MIN_PREFIX characters is looked for in `list`, read at
 * most once. Ambiguous: exit 2 listing the matches; none: exit 4 with the closest starts.
 */
export class PrefixIds<T extends { id: string }> {
  private listing?: Promise<readonly T[]>;

  constructor(
    private readonly list: () => Promise<readonly T[]>,
    private readonly words: PrefixWords<T>,
  ) {}

  async resolve(given: string): Promise<{ id: string; item?: T }> {
    if (isWholeId(given)) return { id: given.trim() };
    const { what, plural, hint, describe } = this.words;
    const value = given.trim();
    if (value.length < MIN_PREFIX) {
      throw usageError(
        `${what} ${quotedValue(given)} is too short: give the whole id or at least its first ${MIN_PREFIX} characters`,
        hint,
      );
    }
    const lower = value.toLowerCase();
    const items = await (this.listing ??= this.list());
    const matches = items.filter((item) => item.id.toLowerCase().startsWith(lower));
    if (matches.length === 1) return { id: matches[0]!.id, item: matches[0]! };
    if (matches.length > 1)
      throw ambiguous(
        what,
        given,
        matches.map((item) => `${item.id}  ${describe(item)}`),
      );
    throw new CliError(
      ExitCode.notFound,
      `no ${what} starts with ${quotedValue(given)}${nearPrefixes(value, items)} (${items.length} ${plural} of the account looked at)`,
      undefined,
      hint,
    );
  }
}

// The V3 status pages kind: an account's status pages of the current generation, built from
// components (docs/api-rules.md#v3-status-pages), by id and by url, newest first in the list,
// and which of their custom domains a recheck found.
//
// Deleting a page deletes what belongs to it in the same change: every part of the store that
// has a `deleteOfV3Page` method (V3PageHolder) is told, so a kind holding records of a page (its
// components, subscribers, rules) joins by writing that method, and a replay does the same.
import { z } from 'zod';
import type { V3StatusPage } from '../../contract/schemas.js';
import { ThemeColors } from '../../contract/schemas.js';
import { dateOnly } from '../dates.js';
import { FixtureTime, Id, Text } from '../fixtures/fields.js';
import { Collection, type Page } from './collection.js';
import { PAGE_URL } from './status-pages.js';
import { type FixtureContext, recordKind } from './kind.js';
import { type V3ComponentAdded, V3ComponentFixture, v3ComponentFixtureChanges } from './v3-components.js';

export interface V3StatusPageAdded {
  kind: 'v3StatusPageAdded';
  page: V3StatusPage;
}

/** A PUT: the whole page as it now is (the id, account and created_at kept). */
export interface V3StatusPageReplaced {
  kind: 'v3StatusPageReplaced';
  page: V3StatusPage;
}

export interface V3StatusPageDeleted {
  kind: 'v3StatusPageDeleted';
  statusPageId: string;
}

/** A recheck found the page's custom domain: its verification is active while the page keeps that domain. */
export interface V3CustomDomainVerified {
  kind: 'v3CustomDomainVerified';
  statusPageId: string;
  domain: string;
}

/** A part holding records of V3 pages: they go in the change that deletes their page. */
export interface V3PageHolder {
  deleteOfV3Page(statusPageId: string): void;
}

function holdsPageRecords(part: unknown): part is V3PageHolder {
  return typeof (part as Partial<V3PageHolder>).deleteOfV3Page === 'function';
}

export class V3StatusPageRecords {
  // A page's place is its sequence number (list cursors); a deleted page leaves a hole.
  private readonly pages = new Collection<V3StatusPage>();
  private readonly idByUrl = new Map<string, string>();
  private readonly verified = new Map<string, string>();

  /** Every part of the store, told when a page goes. */
  constructor(private readonly parts: object) {}

  /** Deleted pages included: what a cursor's number is checked against. */
  get count(): number {
    return this.pages.count;
  }

  get(id: string): V3StatusPage | undefined {
    return this.pages.get(id);
  }

  has(id: string): boolean {
    return this.pages.has(id);
  }

  list(limit: number, beforeSeq?: number): Page<V3StatusPage> {
    return this.pages.list(limit, beforeSeq);
  }

  /** The page whose url this is (urls are stored lower-cased). */
  idOfUrl(url: string): string | undefined {
    return this.idByUrl.get(url.toLowerCase());
  }

  /** The custom domain a recheck found for the page, if any. */
  verifiedDomain(id: string): string | undefined {
    return this.verified.get(id);
  }

  /** As stored, oldest first, with the domain found for each (the snapshot). */
  *stored(): Generator<{ page: V3StatusPage | undefined; verifiedDomain?: string }> {
    for (const page of this.pages.all) {
      const domain = page && this.verified.get(page.id);
      yield domain === undefined ? { page } : { page, verifiedDomain: domain };
    }
  }

  added(page: V3StatusPage, verifiedDomain?: string): V3StatusPage {
    this.pages.add(page);
    this.idByUrl.set(page.url.toLowerCase(), page.id);
    if (verifiedDomain !== undefined) this.verified.set(page.id, verifiedDomain);
    return page;
  }

  addDeleted(): void {
    this.pages.addDeleted();
  }

  replaced(page: V3StatusPage): V3StatusPage {
    const before = this.require(page.id);
    this.idByUrl.delete(before.url.toLowerCase());
    this.pages.put(page);
    this.idByUrl.set(page.url.toLowerCase(), page.id);
    return page;
  }

  deleted(id: string): void {
    const page = this.require(id);
    for (const part of Object.values(this.parts)) if (part !== this && holdsPageRecords(part)) part.deleteOfV3Page(id);
    this.pages.delete(id);
    this.idByUrl.delete(page.url.toLowerCase());
    this.verified.delete(id);
  }

  domainVerified(id: string, domain: string): void {
    this.require(id);
    this.verified.set(id, domain);
  }

  clear(): void {
    this.pages.clear();
    this.idByUrl.clear();
    this.verified.clear();
  }

  private require(id: string): V3StatusPage {
    const page = this.pages.get(id);
    if (!page) throw new Error(`no V3 status page ${id}`);
    return page;
  }
}

export const V3StatusPageFixture = z.strictObject({
  id: Id.optional(),
  name: Text,
  url: Text,
  description: z.string().max(500).optional(),
  customDomain: z.string().optional(),
  defaultTheme: z.enum(['LIGHT', 'DARK', 'AUTO']).optional(),
  themeColors: z.strictObject({ light: ThemeColors, dark: ThemeColors }).optional(),
  footerText: z.string().max(1000).optional(),
  createdAt: FixtureTime.optional(),
  /** The page's components, a GROUP's own under it. */
  components: z.array(V3ComponentFixture).optional(),
});
type V3StatusPageFixture = z.infer<typeof V3StatusPageFixture>;

/** A fixture page as a new page: every optional field at its default. */
function fixturePage(page: V3StatusPageFixture, id: string, ctx: FixtureContext): V3StatusPage {
  const created = page.createdAt === undefined ? ctx.createdLongAgo : dateOnly(ctx.at(page.createdAt));
  return {
    ...newV3Page(
      {
        name: page.name,
        url: page.url,
        description: page.description ?? null,
        customDomain: page.customDomain ?? null,
        defaultTheme: page.defaultTheme,
        themeColors: page.themeColors ?? null,
        footerText: page.footerText ?? null,
      },
      { id, accountId: ctx.accountId, created_at: created },
    ),
    updated_at: created,
  };
}

/** What a create or a PUT body gives, lower-cased where the hosted API lower-cases. */
export type V3PageFields = Partial<Omit<V3StatusPage, 'id' | 'accountId' | 'version' | 'created_at' | 'updated_at'>> &
  Pick<V3StatusPage, 'name' | 'url'>;

/** The page a body makes: a field left out at its default (a PUT replaces the page). */
export function newV3Page(fields: V3PageFields, own: Pick<V3StatusPage, 'id' | 'accountId' | 'created_at'>): V3StatusPage {
  return {
    id: own.id,
    accountId: own.accountId,
    version: 3,
    name: fields.name,
    url: fields.url.toLowerCase(),
    description: fields.description ?? null,
    customDomain: fields.customDomain?.toLowerCase() ?? null,
    themeColors: fields.themeColors ?? null,
    logo: fields.logo ?? null,
    logoDark: fields.logoDark ?? null,
    redirectTo: fields.redirectTo ?? null,
    favicon: fields.favicon ?? null,
    defaultTheme: fields.defaultTheme ?? 'AUTO',
    privacyPolicyLink: fields.privacyPolicyLink ?? null,
    termsOfServiceLink: fields.termsOfServiceLink ?? null,
    footerText: fields.footerText ?? null,
    googleAnalyticsTag: fields.googleAnalyticsTag ?? null,
    allowIndexing: fields.allowIndexing ?? true,
    created_at: own.created_at,
    updated_at: null,
  };
}

type Entry = { kind: 'v3StatusPage'; page: V3StatusPage; verifiedDomain?: string } | { kind: 'v3StatusPageDeletedPlace' };

export const v3StatusPages = recordKind({
  name: 'v3StatusPages',
  make: (parts: object) => new V3StatusPageRecords(parts),
  changes: {
    v3StatusPageAdded: (part, change: V3StatusPageAdded) => part.added(change.page),
    v3StatusPageReplaced: (part, change: V3StatusPageReplaced) => part.replaced(change.page),
    v3StatusPageDeleted: (part, change: V3StatusPageDeleted) => part.deleted(change.statusPageId),
    v3CustomDomainVerified: (part, change: V3CustomDomainVerified) => part.domainVerified(change.statusPageId, change.domain),
  },
  snapshot: {
    *write(part): Generator<Entry> {
      for (const { page, verifiedDomain } of part.stored()) {
        if (!page) yield { kind: 'v3StatusPageDeletedPlace' };
        else yield verifiedDomain === undefined ? { kind: 'v3StatusPage', page } : { kind: 'v3StatusPage', page, verifiedDomain };
      }
    },
    restore: {
      v3StatusPage: (part, entry: Extract<Entry, { kind: 'v3StatusPage' }>) => void part.added(entry.page, entry.verifiedDomain),
      /** A deleted page's place, so the numbers of the pages after it (list cursors) mean the same. */
      v3StatusPageDeletedPlace: (part, _entry: Extract<Entry, { kind: 'v3StatusPageDeletedPlace' }>) => part.addDeleted(),
    },
  },
  fixtures: {
    field: 'v3StatusPages',
    item: V3StatusPageFixture,
    uniqueIds: true,
    check(items, names) {
      for (const [p, page] of items.entries()) {
        const url = page.url.toLowerCase();
        if (names.has(PAGE_URL, url))
          return { path: ['v3StatusPages', p, 'url'], message: `${JSON.stringify(url)} is the url of another status page` };
        names.declare(PAGE_URL, url, url, ['v3StatusPages', p, 'url']);
      }
      return undefined;
    },
    load(items, ctx) {
      // Lists are served newest first; inserting the file's pages in reverse lists them in file order.
      const pages = items.map((page, index) => ({ page, key: page.id ?? `#${index}` }));
      for (const { page, key } of pages.reverse()) {
        const made = fixturePage(page, ctx.id('v3-page', key), ctx);
        ctx.commit<V3StatusPageAdded>({ kind: 'v3StatusPageAdded', page: made });
        for (const change of v3ComponentFixtureChanges(page.components ?? [], made, key, ctx)) ctx.commit<V3ComponentAdded>(change);
      }
    },
  },
});

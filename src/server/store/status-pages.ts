// An account's status pages, stored with their cards' services embedded; a page is read with
// its latest incidents, looked up at each read.
import { z } from 'zod';
import type { Incident, StatusPage } from '../../contract/schemas.js';
import { SubscriptionStatus, ThemeColors } from '../../contract/schemas.js';
import { maskKey } from '../auth.js';
import { dateOnly } from '../dates.js';
import { FixtureTime, Id, Text } from '../fixtures/fields.js';
import { Collection, type Page } from './collection.js';
import type { IncidentRecords } from './incident-records.js';
import { recordKind } from './kind.js';
import { addFixtureService, declareFixtureService, ServiceFixture, type ServiceRecords } from './services.js';
import type { SubscriptionsAdded } from './subscriptions.js';

/** A status page as stored: its incidents are looked up when it is read. */
export type StoredStatusPage = Omit<StatusPage, 'incidents'>;

/** A new status page: its cards name services by id (the store embeds the services). */
export type NewStatusPage = Omit<StoredStatusPage, 'cards'> & {
  cards: (Omit<StoredStatusPage['cards'][number], 'services'> & { serviceIds: string[] })[];
};

export interface StatusPageAdded {
  kind: 'statusPageAdded';
  page: NewStatusPage;
}

interface Parts {
  readonly services: ServiceRecords;
  readonly incidents: IncidentRecords;
}

export const STATUS_PAGE_INCIDENT_LIMIT = 20;

/** What the fixture checks declare a page's url as: a url is unique among the pages of both generations. */
export const PAGE_URL = 'status page url';

export class StatusPageRecords {
  // Only ever appended: a page's place is its sequence number (list cursors).
  private readonly pages = new Collection<StoredStatusPage>();

  constructor(private readonly parts: Parts) {}

  get count(): number {
    return this.pages.count;
  }

  /** As stored, oldest first. */
  get stored(): readonly StoredStatusPage[] {
    // Never deleted: no holes.
    return this.pages.all as readonly StoredStatusPage[];
  }

  has(id: string): boolean {
    return this.pages.has(id);
  }

  /** Whether a page has this url, letter case aside (a V3 page's url is unique among both generations). */
  hasUrl(url: string): boolean {
    const wanted = url.toLowerCase();
    return this.stored.some((page) => page.url.toLowerCase() === wanted);
  }

  list(limit: number, beforeSeq?: number): Page<StatusPage> {
    const page = this.pages.list(limit, beforeSeq);
    return { entries: page.entries.map((stored) => this.withIncidents(stored)), lastSeq: page.lastSeq };
  }

  get(id: string): StatusPage | undefined {
    const page = this.pages.get(id);
    return page === undefined ? undefined : this.withIncidents(page);
  }

  /** Cards name services by id; the stored services are embedded. */
  added(page: NewStatusPage): void {
    const { cards, ...rest } = page;
    this.restore({
      ...rest,
      cards: cards.map(({ serviceIds, ...card }) => ({ ...card, services: serviceIds.map((id) => this.parts.services.require(id)) })),
    });
  }

  /** A page as stored (a snapshot's, or a new one with its services embedded). */
  restore(page: StoredStatusPage): void {
    this.pages.add(page);
    this.parts.services.holdOnCards(page);
  }

  clear(): void {
    this.pages.clear();
  }

  /** The latest incidents touching one of the page's services: a k-way merge of the per-service indexes. */
  private withIncidents(page: StoredStatusPage): StatusPage {
    const incidents = this.parts.incidents;
    const lists: (readonly number[])[] = [];
    const seen = new Set<string>();
    for (const card of page.cards) {
      for (const service of card.services) {
        if (seen.has(service.id)) continue;
        seen.add(service.id);
        const seqs = incidents.seqsOfService(service.id);
        if (seqs?.length) lists.push(seqs);
      }
    }
    const cursors = lists.map((seqs) => seqs.length - 1);
    const latest: Incident[] = [];
    let previous = Infinity;
    while (latest.length < STATUS_PAGE_INCIDENT_LIMIT) {
      let best = -1;
      for (let i = 0; i < lists.length; i++) {
        const seq = lists[i]![cursors[i]!];
        if (seq !== undefined && (best === -1 || seq > lists[best]![cursors[best]!]!)) best = i;
      }
      if (best === -1) break;
      const seq = lists[best]![cursors[best]!]!;
      cursors[best]!--;
      // An incident on two of the page's services comes out of two lists, one after the other.
      if (seq === previous) continue;
      previous = seq;
      latest.push(incidents.atSeq(seq)!);
    }
    return { ...page, incidents: latest };
  }
}

export const StatusPageFixture = z.strictObject({
  id: Id.optional(),
  name: Text,
  url: Text,
  description: z.string().max(500).optional(),
  customDomain: z.string().optional(),
  logo: z.string().optional(),
  favicon: z.string().optional(),
  redirectTo: z.string().optional(),
  defaultTheme: z.enum(['LIGHT', 'DARK', 'AUTO']).optional(),
  themeColors: z.strictObject({ light: ThemeColors, dark: ThemeColors }).optional(),
  isPrivate: z.boolean().optional(),
  createdAt: FixtureTime.optional(),
  cards: z.array(
    z.strictObject({
      id: Id.optional(),
      name: Text,
      services: z.array(ServiceFixture),
    }),
  ),
  keys: z.array(z.strictObject({ id: Id.optional(), key: z.string().min(8) })).optional(),
  /** Subscribers of the page: VERIFIED unless said otherwise. */
  subscriptions: z
    .array(
      z.strictObject({
        address: z.email('expected an email address'),
        status: SubscriptionStatus.optional(),
        createdAt: FixtureTime.optional(),
      }),
    )
    .optional(),
});

export const statusPages = recordKind({
  name: 'statusPages',
  make: (parts: Parts) => new StatusPageRecords(parts),
  changes: {
    /** Cards name services by id; the stored services are embedded. */
    statusPageAdded: (pages, change: StatusPageAdded) => pages.added(change.page),
  },
  snapshot: {
    *write(pages) {
      for (const page of pages.stored) yield { kind: 'statusPage' as const, page };
    },
    restore: {
      statusPage: (pages, entry: { kind: 'statusPage'; page: StoredStatusPage }) => pages.restore(entry.page),
    },
  },
  fixtures: {
    field: 'statusPages',
    item: StatusPageFixture,
    uniqueIds: true,
    check(items, names) {
      for (const [p, page] of items.entries()) {
        // A V3 page's url may not be one of these (v3-status-pages.ts checks it).
        names.declare(PAGE_URL, page.url.toLowerCase(), page.url.toLowerCase(), ['statusPages', p, 'url']);
        for (const [c, card] of page.cards.entries()) {
          for (const [s, service] of card.services.entries()) {
            const problem = declareFixtureService(names, service, ['statusPages', p, 'cards', c, 'services', s]);
            if (problem) return problem;
          }
        }
      }
      return undefined;
    },
    load(items, ctx, parts) {
      const { id, at } = ctx;
      // Lists are served newest first; inserting the file's pages in reverse lists them in file order.
      const pages = items.map((page, index) => ({ page, key: page.id ?? `#${index}` }));
      for (const { page, key: pageKey } of pages.reverse()) {
        const created = page.createdAt === undefined ? ctx.createdLongAgo : dateOnly(at(page.createdAt));
        for (const card of page.cards) for (const service of card.services) addFixtureService(ctx, parts.services, service, created);
        ctx.commit<StatusPageAdded>({
          kind: 'statusPageAdded',
          page: {
            id: id('page', pageKey),
            name: page.name,
            url: page.url,
            accountId: ctx.accountId,
            description: page.description ?? null,
            customDomain: page.customDomain ?? null,
            logo: page.logo ?? null,
            favicon: page.favicon ?? null,
            redirectTo: page.redirectTo ?? null,
            defaultTheme: page.defaultTheme ?? 'AUTO',
            themeColors: page.themeColors ?? null,
            isPrivate: page.isPrivate ?? false,
            cards: page.cards.map((card, index) => ({
              id: id('card', `${pageKey}/${card.id ?? `#${index}`}`),
              name: card.name,
              created_at: created,
              updated_at: created,
              serviceIds: card.services.map((service) => id('service', service.id)),
            })),
            // Only the masked form is stored: the full key is not needed for anything the API does.
            keys: (page.keys ?? []).map((key, index) => ({
              id: id('page-key', `${pageKey}/${key.id ?? `#${index}`}`),
              maskedKey: maskKey(key.key),
              created_at: created,
              updated_at: created,
            })),
            created_at: created,
            updated_at: created,
          },
        });
        if (!page.subscriptions?.length) continue;
        ctx.commit<SubscriptionsAdded>({
          kind: 'subscriptionsAdded',
          statusPageId: id('page', pageKey),
          subscriptions: page.subscriptions.map((subscription, index) => {
            const day = subscription.createdAt === undefined ? created : dateOnly(at(subscription.createdAt));
            return {
              id: id('subscription', `${pageKey}/#${index}`),
              type: 'EMAIL' as const,
              address: subscription.address,
              status: subscription.status ?? 'VERIFIED',
              created_at: day,
              updated_at: day,
            };
          }),
        });
      }
    },
  },
});

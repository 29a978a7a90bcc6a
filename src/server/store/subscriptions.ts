// Each status page's subscriptions, oldest first, and who is notified of an incident's update.
import type { Incident, Subscription } from '../../contract/schemas.js';
import { recordKind } from './kind.js';

/** The new subscriptions only: those skipped (already subscribed) are not in the record. */
export interface SubscriptionsAdded {
  kind: 'subscriptionsAdded';
  statusPageId: string;
  subscriptions: Subscription[];
}

export interface SubscriptionDeleted {
  kind: 'subscriptionDeleted';
  statusPageId: string;
  subscriptionId: string;
}

export interface SubscriptionVerified {
  kind: 'subscriptionVerified';
  statusPageId: string;
  subscriptionId: string;
  today: string;
}

/** What subscriptions need of the status pages (status-pages.ts: which makes subscriptions of its fixtures). */
interface Parts {
  readonly statusPages: {
    has(id: string): boolean;
    readonly stored: readonly { id: string; cards: readonly { services: readonly { id: string }[] }[] }[];
  };
}

export class SubscriptionRecords {
  /** Per status page, its subscriptions by id, oldest first. */
  private readonly byPage = new Map<string, Map<string, Subscription>>();

  constructor(private readonly parts: Parts) {}

  /** A status page's subscriptions, newest first; undefined for a page that does not exist. */
  list(statusPageId: string): Subscription[] | undefined {
    if (!this.parts.statusPages.has(statusPageId)) return undefined;
    return [...(this.byPage.get(statusPageId)?.values() ?? [])].reverse();
  }

  get(statusPageId: string, subscriptionId: string): Subscription | undefined {
    return this.byPage.get(statusPageId)?.get(subscriptionId);
  }

  /** Whether the address is subscribed to the page already (addresses compare without letter case). */
  isSubscribed(statusPageId: string, address: string): boolean {
    const wanted = address.toLowerCase();
    for (const subscription of this.byPage.get(statusPageId)?.values() ?? []) {
      if (subscription.address.toLowerCase() === wanted) return true;
    }
    return false;
  }

  /**
   * Who would be notified of an update of the incident: each VERIFIED subscriber of each page
   * whose cards hold one of the incident's services, in the order of the pages.
   */
  recipients(incident: Incident): { statusPageId: string; address: string }[] {
    const serviceIds = new Set(incident.services.map((service) => service.id));
    const recipients: { statusPageId: string; address: string }[] = [];
    for (const page of this.parts.statusPages.stored) {
      if (!page.cards.some((card) => card.services.some((service) => serviceIds.has(service.id)))) continue;
      for (const subscription of this.byPage.get(page.id)?.values() ?? []) {
        if (subscription.status === 'VERIFIED') recipients.push({ statusPageId: page.id, address: subscription.address });
      }
    }
    return recipients;
  }

  /** Each page's subscriptions, oldest first, by page id. */
  get all(): ReadonlyMap<string, ReadonlyMap<string, Subscription>> {
    return this.byPage;
  }

  added(statusPageId: string, subscriptions: Subscription[]): Subscription[] {
    if (!this.parts.statusPages.has(statusPageId)) throw new Error(`unknown status page ${statusPageId}`);
    let stored = this.byPage.get(statusPageId);
    if (!stored) this.byPage.set(statusPageId, (stored = new Map()));
    for (const subscription of subscriptions) stored.set(subscription.id, subscription);
    return subscriptions;
  }

  deleted(statusPageId: string, subscriptionId: string): void {
    if (!this.byPage.get(statusPageId)?.delete(subscriptionId))
      throw new Error(`unknown subscription ${subscriptionId} of status page ${statusPageId}`);
  }

  verified(statusPageId: string, subscriptionId: string, today: string): Subscription {
    const subscription = this.byPage.get(statusPageId)?.get(subscriptionId);
    if (!subscription) throw new Error(`unknown subscription ${subscriptionId} of status page ${statusPageId}`);
    if (subscription.status !== 'VERIFIED') {
      subscription.status = 'VERIFIED';
      subscription.updated_at = today;
    }
    return subscription;
  }

  clear(): void {
    this.byPage.clear();
  }
}

export const subscriptions = recordKind({
  name: 'subscriptions',
  make: (parts: Parts) => new SubscriptionRecords(parts),
  changes: {
    subscriptionsAdded: (part, change: SubscriptionsAdded) => part.added(change.statusPageId, change.subscriptions),
    subscriptionDeleted: (part, change: SubscriptionDeleted) => part.deleted(change.statusPageId, change.subscriptionId),
    subscriptionVerified: (part, change: SubscriptionVerified) => part.verified(change.statusPageId, change.subscriptionId, change.today),
  },
  snapshot: {
    *write(part) {
      for (const [statusPageId, subscriptions] of part.all)
        if (subscriptions.size) yield { kind: 'subscriptions' as const, statusPageId, subscriptions: [...subscriptions.values()] };
    },
    restore: {
      /** A page's subscriptions, oldest first. */
      subscriptions: (part, entry: { kind: 'subscriptions'; statusPageId: string; subscriptions: Subscription[] }) =>
        void part.added(entry.statusPageId, entry.subscriptions),
    },
  },
});

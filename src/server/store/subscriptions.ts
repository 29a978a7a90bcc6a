// Each status page's subscriptions, oldest first, and who is notified of an incident's update.
import type { Incident, Subscription } from '../../contract/schemas.js';
import type { StatusPageRecords } from './status-pages.js';

export class SubscriptionRecords {
  /** Per status page, its subscriptions by id, oldest first. */
  private readonly byPage = new Map<string, Map<string, Subscription>>();

  constructor(private readonly statusPages: StatusPageRecords) {}

  /** A status page's subscriptions, newest first; undefined for a page that does not exist. */
  list(statusPageId: string): Subscription[] | undefined {
    if (!this.statusPages.has(statusPageId)) return undefined;
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
    for (const page of this.statusPages.stored) {
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
    if (!this.statusPages.has(statusPageId)) throw new Error(`unknown status page ${statusPageId}`);
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

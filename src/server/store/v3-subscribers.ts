// The V3 subscribers kind: the email subscribers of each V3 status page, each with the
// components it is told about (docs/api-rules.md#v3-subscribers), newest first in a page's list,
// with cursors that keep their meaning. A page's subscribers go in the change deleting the page
// (deleteOfV3Page: store/v3-status-pages.ts tells every part that has it).
import { z } from 'zod';
import type { V3Subscriber } from '../../contract/schemas.js';
import { SubscriptionStatus } from '../../contract/schemas.js';
import { dateOnly } from '../dates.js';
import { FixtureTime, Id, Text } from '../fixtures/fields.js';
import { Collection, collectionSnapshot, type Page } from './collection.js';
import { recordKind } from './kind.js';
import type { V3ComponentHolder } from './v3-components.js';

/** A subscriber as held: the answer's shape, and the page it belongs to. */
export interface HeldV3Subscriber {
  readonly id: string;
  readonly statusPageId: string;
  readonly subscriber: V3Subscriber;
}

export interface V3SubscribersAdded {
  kind: 'v3SubscribersAdded';
  statusPageId: string;
  /** The new ones only: a skipped address is in no change. */
  subscribers: V3Subscriber[];
}

export interface V3SubscriberRemoved {
  kind: 'v3SubscriberRemoved';
  statusPageId: string;
  subscriberId: string;
}

/** Addresses compare without letter case: Ops@Example.com is ops@example.com. */
const addressKey = (statusPageId: string, address: string) => `${statusPageId}\n${address.toLowerCase()}`;

export class V3SubscriberRecords extends Collection<HeldV3Subscriber> implements V3ComponentHolder {
  private readonly addresses = new Set<string>();

  /** The page's subscribers, newest first, of one status if given; `beforeSeq` is a cursor. */
  ofPage(statusPageId: string, limit: number, beforeSeq?: number, status?: V3Subscriber['status']): Page<V3Subscriber> {
    const page = this.list(
      limit,
      beforeSeq,
      (held) => held.statusPageId === statusPageId && (!status || held.subscriber.status === status),
    );
    return { entries: page.entries.map((held) => held.subscriber), lastSeq: page.lastSeq };
  }

  /** Every subscriber of the page, oldest first (who a notice goes to). */
  allOfPage(statusPageId: string): V3Subscriber[] {
    return this.all.flatMap((held) => (held && held.statusPageId === statusPageId ? [held.subscriber] : []));
  }

  find(statusPageId: string, subscriberId: string): V3Subscriber | undefined {
    const held = this.get(subscriberId);
    // Another page's subscriber is not found on this one: the path names both.
    return held?.statusPageId === statusPageId ? held.subscriber : undefined;
  }

  isSubscribed(statusPageId: string, address: string): boolean {
    return this.addresses.has(addressKey(statusPageId, address));
  }

  added(statusPageId: string, subscribers: readonly V3Subscriber[]): void {
    for (const subscriber of subscribers) this.hold({ id: subscriber.id, statusPageId, subscriber });
  }

  removed(subscriberId: string): void {
    const held = this.delete(subscriberId);
    if (held) this.addresses.delete(addressKey(held.statusPageId, held.subscriber.address));
  }

  /**
   * One of the page's components is deleted (store/v3-components.ts, V3ComponentHolder): it
   * leaves the lists naming it. A list left empty stays empty (told of no component) rather
   * than turning into null (every component), which the subscriber never asked for.
   */
  v3ComponentDeleted(statusPageId: string, componentId: string, today: string): void {
    for (const held of this.all) {
      const named = held?.statusPageId === statusPageId ? held.subscriber.subscribedComponents : null;
      if (!held || !named?.includes(componentId)) continue;
      const subscribedComponents = named.filter((id) => id !== componentId);
      this.put({ ...held, subscriber: { ...held.subscriber, subscribedComponents, updated_at: today } });
    }
  }

  /** The page is deleted: its subscribers go with it. */
  deleteOfV3Page(statusPageId: string): void {
    for (const held of this.all) if (held?.statusPageId === statusPageId) this.removed(held.id);
  }

  hold(held: HeldV3Subscriber): void {
    this.add(held);
    this.addresses.add(addressKey(held.statusPageId, held.subscriber.address));
  }

  override clear(): void {
    super.clear();
    this.addresses.clear();
  }
}

export const V3SubscriberFixture = z.strictObject({
  id: Id.optional(),
  /** The key of a V3 page of the file. */
  statusPage: Id,
  address: Text,
  status: SubscriptionStatus.optional(),
  /** Keys of the page's components; left out or null: every component. */
  subscribedComponents: z.array(Id).max(200).nullable().optional(),
  createdAt: FixtureTime.optional(),
});

const snapshot = collectionSnapshot<HeldV3Subscriber>()('v3Subscriber');

export const v3Subscribers = recordKind({
  name: 'v3Subscribers',
  make: () => new V3SubscriberRecords(),
  changes: {
    v3SubscribersAdded: (part, change: V3SubscribersAdded) => part.added(change.statusPageId, change.subscribers),
    v3SubscriberRemoved: (part, change: V3SubscriberRemoved) => part.removed(change.subscriberId),
  },
  snapshot: {
    write: (part) => snapshot.write(part),
    restore: {
      v3Subscriber: (part, entry: { kind: 'v3Subscriber'; record: HeldV3Subscriber }) => part.hold(entry.record),
      v3SubscriberDeleted: (part, _entry: { kind: 'v3SubscriberDeleted' }) => part.addDeleted(),
    },
  },
  fixtures: {
    field: 'v3Subscribers',
    item: V3SubscriberFixture,
    uniqueIds: true,
    load(items, { id, at, commit, createdLongAgo }) {
      for (const [index, item] of items.entries()) {
        const day = item.createdAt === undefined ? createdLongAgo : dateOnly(at(item.createdAt));
        const subscriber: V3Subscriber = {
          id: id('v3-subscriber', item.id ?? `${item.statusPage}/#${index}`),
          type: 'EMAIL',
          address: item.address,
          status: item.status ?? 'VERIFIED',
          subscribedComponents: item.subscribedComponents?.map((key) => id('v3-component', `${item.statusPage}/${key}`)) ?? null,
          created_at: day,
          updated_at: day,
        };
        commit<V3SubscribersAdded>({ kind: 'v3SubscribersAdded', statusPageId: id('v3-page', item.statusPage), subscribers: [subscriber] });
      }
    },
  },
});

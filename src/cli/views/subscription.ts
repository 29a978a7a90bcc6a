// A subscriber of a status page of either kind: the rows of `subscriptions list` and what
// `subscriptions remove` names. A V3 page's subscriber may be told of some components only; a v2
// page's, like a V3 one subscribed to every component, hears of every incident (`all`).
import type { Subscription, V3Subscriber } from '../../contract/schemas.js';
import type { V3Component } from '../api/types.js';
import { tableFormat, timeCell } from '../output/cells.js';
import type { View } from '../output/view.js';
import type { ResourceView } from './resource.js';

/** A subscriber as either API answers it: the V3 one adds the components it chose. */
export type AnySubscriber = Subscription | V3Subscriber;

/** A subscriber as shown: with the components it is told of (null: every one). */
export interface ShownSubscription {
  readonly subscription: AnySubscriber;
  readonly components: readonly Pick<V3Component, 'id' | 'name'>[] | null;
}

/** The components of `subscriber`, named from `components` (an id no longer on the page is shown as it is). */
export function shownSubscription(subscriber: AnySubscriber, components: readonly Pick<V3Component, 'id' | 'name'>[]): ShownSubscription {
  const chosen = 'subscribedComponents' in subscriber ? subscriber.subscribedComponents : null;
  if (chosen === null) return { subscription: subscriber, components: null };
  const byId = new Map(components.map((component) => [component.id, component]));
  return { subscription: subscriber, components: chosen.map((id) => byId.get(id) ?? { id, name: id }) };
}

/** `all`, or the components: their ids piped (scripts), their names on a terminal and in Markdown. */
function componentsText(ctx: View, components: ShownSubscription['components']): string {
  if (components === null) return 'all';
  if (components.length === 0) return '-';
  return tableFormat(ctx) === 'tsv' ? components.map((component) => component.id).join(',') : components.map((c) => c.name).join(', ');
}

export const SUBSCRIPTION: ResourceView<ShownSubscription> = {
  title: 'Subscription',
  argument: { name: 'subscriber', help: 'subscription id or email address' },
  id: (shown) => shown.subscription.id,
  columns: [{ header: 'id', id: true }, 'address', 'status', 'created', { header: 'components', optional: 1 }],
  // In the order given (the API's: newest first).
  rows(ctx, items) {
    const s = ctx.io.style;
    const now = ctx.now();
    return items.map(({ subscription, components }) => [
      subscription.id,
      subscription.address,
      { text: subscription.status, paint: subscription.status === 'VERIFIED' ? s.green : s.yellow },
      timeCell(subscription.created_at, now),
      componentsText(ctx, components),
    ]);
  },
  fields: (ctx, { subscription, components }) => [
    ['address', subscription.address],
    ['status', subscription.status],
    ['created', timeCell(subscription.created_at, ctx.now())],
    ['components', componentsText(ctx, components)],
  ],
};

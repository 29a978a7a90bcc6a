// A subscriber of a status page: the rows of `subscriptions list`.
import type { Subscription } from '../../contract/schemas.js';
import { timeCell } from '../output/cells.js';
import type { ResourceView } from './resource.js';

export const SUBSCRIPTION: ResourceView<Subscription> = {
  title: 'Subscription',
  argument: { name: 'subscriber', help: 'subscription id or email address' },
  id: (subscription) => subscription.id,
  columns: [{ header: 'id', id: true }, 'address', 'status', 'created'],
  // In the order given (the API's: newest first).
  rows(ctx, subscriptions) {
    const s = ctx.io.style;
    const now = ctx.now();
    return subscriptions.map((subscription) => [
      subscription.id,
      subscription.address,
      { text: subscription.status, paint: subscription.status === 'VERIFIED' ? s.green : s.yellow },
      timeCell(subscription.created_at, now),
    ]);
  },
  fields: (ctx, subscription) => [
    ['address', subscription.address],
    ['status', subscription.status],
    ['created', timeCell(subscription.created_at, ctx.now())],
  ],
};

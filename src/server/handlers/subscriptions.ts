// A status page's subscriptions (docs/api-rules.md#subscriptions): stored per page; an address
// already subscribed is skipped; autoVerify decides whether they start VERIFIED.
import type { Subscription } from '../../contract/schemas.js';
import { dateOnly } from '../dates.js';
import { notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import type { Handler } from './types.js';

function requirePage(store: AccountStore, statusPageId: string): Subscription[] {
  const subscriptions = store.listSubscriptions(statusPageId);
  if (!subscriptions) throw notFound('status page', statusPageId);
  return subscriptions;
}

function requireSubscription(store: AccountStore, statusPageId: string, subscriptionId: string): Subscription {
  requirePage(store, statusPageId);
  // Another page's subscription is not found here either: the path names both.
  const subscription = store.getSubscription(statusPageId, subscriptionId);
  if (!subscription) throw notFound('subscription', subscriptionId);
  return subscription;
}

export const listSubscriptions: Handler<'listSubscriptions'> = ({ params, account: { store } }) => ({
  status: 200,
  body: requirePage(store, params.statusPageId),
});

export const createSubscriptions: Handler<'createSubscriptions'> = ({ params, body, account: { store }, app }) => {
  requirePage(store, params.statusPageId);
  const status = body.autoVerify ? 'VERIFIED' : 'PENDING';
  const today = dateOnly(app.now());
  const inThisRequest = new Set<string>();
  const fresh: Subscription[] = [];
  let skipped = 0;
  for (const { type, config } of body.subscriptions) {
    // Addresses compare without letter case: Ops@Example.com is ops@example.com.
    const address = config.toLowerCase();
    if (inThisRequest.has(address) || store.isSubscribed(params.statusPageId, config)) {
      skipped++;
      continue;
    }
    inThisRequest.add(address);
    fresh.push({ id: app.newId(), type, address: config, status, created_at: today, updated_at: today });
  }
  if (fresh.length) store.addSubscriptions(params.statusPageId, fresh);
  return { status: 201, body: { created: fresh.length, skipped, status } };
};

export const deleteSubscription: Handler<'deleteSubscription'> = ({ params, account: { store } }) => {
  requireSubscription(store, params.statusPageId, params.subscriptionId);
  store.deleteSubscription(params.statusPageId, params.subscriptionId);
  return { status: 204, body: null };
};

/** Reference only: what the subscriber's click on the confirmation mail would do. */
export const verifySubscription: Handler<'verifySubscription'> = ({ params, account: { store }, app }) => {
  const subscription = requireSubscription(store, params.statusPageId, params.subscriptionId);
  if (subscription.status === 'VERIFIED') return { status: 200, body: subscription };
  return { status: 200, body: store.verifySubscription(params.statusPageId, params.subscriptionId, dateOnly(app.now())) };
};

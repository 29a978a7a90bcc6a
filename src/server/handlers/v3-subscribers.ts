// A V3 status page's subscribers (docs/api-rules.md#v3-subscribers): as a v2 page's
// subscriptions (an address already subscribed is skipped; autoVerify decides whether they
// start VERIFIED), each told of the components it names, which must be the page's.
import type { V3Subscriber } from '../../contract/schemas.js';
import { dateOnly } from '../dates.js';
import { badField, notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import type { V3SubscriberRemoved, V3SubscribersAdded } from '../store/v3-subscribers.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, listBody } from './pagination.js';
import type { Handler } from './types.js';

const CURSOR = 'v3subscribers';

/** The V3 page of the path, or a 404 (another account's page is not found either). */
export function requireV3Page(store: AccountStore, statusPageId: string): void {
  if (!store.records.v3StatusPages.has(statusPageId)) throw notFound('status page', statusPageId);
}

export const listV3Subscribers: Handler<'listV3Subscribers'> = ({ params, query, account: { store } }) => {
  const part = store.records.v3Subscribers;
  // The query is checked before the page is looked up: a bad cursor is a 400 (docs/api-rules.md#errors).
  const before = query.nextId === undefined ? undefined : decodeCursor(CURSOR, query.nextId, part.count);
  requireV3Page(store, params.statusPageId);
  const page = part.ofPage(params.statusPageId, query.limit ?? DEFAULT_PAGE_SIZE, before, query.status);
  return { status: 200, body: listBody(CURSOR, page) };
};

export const createV3Subscribers: Handler<'createV3Subscribers'> = ({ params, body, account: { store }, app }) => {
  const { statusPageId } = params;
  requireV3Page(store, statusPageId);
  const components = store.records.v3Components.idsOfPage(statusPageId);
  for (const [index, { config }] of body.subscriptions.entries()) {
    for (const [item, componentId] of (config.subscribedComponents ?? []).entries())
      if (!components.has(componentId))
        throw badField(`subscriptions[${index}].config.subscribedComponents[${item}]`, `no component ${componentId} on this status page`);
  }
  const status = body.autoVerify ? 'VERIFIED' : 'PENDING';
  const today = dateOnly(app.now());
  const inThisRequest = new Set<string>();
  const fresh: V3Subscriber[] = [];
  let skipped = 0;
  for (const { type, config } of body.subscriptions) {
    const address = config.address.toLowerCase();
    if (inThisRequest.has(address) || store.records.v3Subscribers.isSubscribed(statusPageId, address)) {
      skipped++;
      continue;
    }
    inThisRequest.add(address);
    const subscribedComponents = config.subscribedComponents ? [...new Set(config.subscribedComponents)] : null;
    fresh.push({ id: app.newId(), type, address: config.address, status, subscribedComponents, created_at: today, updated_at: today });
  }
  if (fresh.length) store.commit<V3SubscribersAdded>({ kind: 'v3SubscribersAdded', statusPageId, subscribers: fresh });
  return { status: 201, body: { created: fresh.length, skipped, status } };
};

export const deleteV3Subscriber: Handler<'deleteV3Subscriber'> = ({ params, account: { store } }) => {
  requireV3Page(store, params.statusPageId);
  if (!store.records.v3Subscribers.find(params.statusPageId, params.subscriberId)) throw notFound('subscriber', params.subscriberId);
  store.commit<V3SubscriberRemoved>({ kind: 'v3SubscriberRemoved', statusPageId: params.statusPageId, subscriberId: params.subscriberId });
  return { status: 204, body: null };
};

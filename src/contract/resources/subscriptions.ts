// Subscriptions: a status page's subscribers.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';
import { PAGE_ID, SUBSCRIPTION_IDS } from './ids.js';

export const subscriptionRows = define('status-pages', {
  listSubscriptions: {
    method: 'GET',
    path: '/v1/status-pages/{statusPageId}/subscriptions',
    summary: "List a status page's subscribers, newest first",
    paramDescriptions: PAGE_ID,
    responses: { 200: 'SubscriptionList' },
    tool: {
      title: 'List subscribers',
      description:
        "Lists a status page's subscribers (email addresses, PENDING until they confirm or VERIFIED), newest first. The statusPageId comes from list_status_pages; each subscription id is for delete_subscription.",
    },
  },
  createSubscriptions: {
    method: 'POST',
    path: '/v1/status-pages/{statusPageId}/subscriptions/bulk',
    summary: 'Subscribe up to 100 email addresses to a status page',
    sample: {
      params: { statusPageId: EXAMPLE_ID },
      body: { subscriptions: [{ type: 'EMAIL', config: 'ops@example.com' }], autoVerify: false },
    },
    paramDescriptions: PAGE_ID,
    body: 'BulkSubscriptionsInput',
    bodyRequired: true,
    responses: { 201: 'BulkSubscriptionsResult' },
    // Sent again, the addresses the first request added are counted as skipped: the answer
    // could not tell whether the first was applied, and no read shows which request added what.
    readBack: 'none',
    tool: {
      title: 'Subscribe email addresses',
      description:
        'Subscribes 1 to 100 email addresses to a status page: subscriptions as [{"type": "EMAIL", "config": "ops@example.com"}]. An address already subscribed is skipped and counted in skipped. autoVerify: true subscribes them VERIFIED without a confirmation mail. The statusPageId comes from list_status_pages.',
    },
  },
  deleteSubscription: {
    method: 'DELETE',
    path: '/v1/status-pages/{statusPageId}/subscriptions/{subscriptionId}',
    summary: 'Remove a subscriber from a status page',
    paramDescriptions: SUBSCRIPTION_IDS,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Remove a subscriber',
      description:
        'Removes one subscriber from a status page; it gets no more notices. Both ids come from list_subscriptions (statusPageId is the page it was listed for).',
      destructive: true,
    },
  },
});

// The subscribers of a V3 status page: email addresses, each told of the components it chose.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';

const V3_PAGE = { statusPageId: 'id of the V3 status page (list_v3_status_pages)' };

export const v3SubscriberRows = define('status-pages', {
  listV3Subscribers: {
    method: 'GET',
    path: '/v3/status-pages/{statusPageId}/subscribers',
    summary: "List a V3 status page's subscribers, newest first, paginated",
    paramDescriptions: V3_PAGE,
    sample: { params: { statusPageId: EXAMPLE_ID }, query: { limit: '20', status: 'VERIFIED' } },
    query: 'V3SubscriberQuery',
    responses: { 200: 'V3SubscriberList' },
    tool: {
      title: 'List V3 subscribers',
      description:
        'Lists the email subscribers of a V3 status page, newest first, with the components each is told about (subscribedComponents null: every component). status PENDING or VERIFIED filters them; paginated by nextId (limit 1 to 100, default 20). The statusPageId comes from list_v3_status_pages; each id is for delete_v3_subscriber.',
    },
  },
  createV3Subscribers: {
    method: 'POST',
    path: '/v3/status-pages/{statusPageId}/subscribers/bulk',
    summary: 'Subscribe up to 100 email addresses to a V3 status page, each to all or some of its components',
    paramDescriptions: V3_PAGE,
    sample: {
      params: { statusPageId: EXAMPLE_ID },
      body: {
        subscriptions: [{ type: 'EMAIL', config: { address: 'ops@example.com', subscribedComponents: null } }],
        autoVerify: false,
      },
    },
    body: 'V3BulkSubscribersInput',
    bodyRequired: true,
    responses: { 201: 'V3BulkSubscribersResult' },
    // Sent again, the addresses the first request added are counted as skipped: the answer
    // could not tell whether the first was applied, and no read shows which request added what.
    readBack: 'none',
    tool: {
      title: 'Subscribe email addresses to a V3 page',
      description:
        'Subscribes 1 to 100 email addresses to a V3 status page: subscriptions as [{"type": "EMAIL", "config": {"address": "ops@example.com", "subscribedComponents": ["<component id>"]}}]; subscribedComponents null or left out is every component (ids from list_v3_components, at most 200). An address already subscribed is skipped and counted in skipped. autoVerify: true subscribes them VERIFIED without a confirmation mail.',
    },
  },
  deleteV3Subscriber: {
    method: 'DELETE',
    path: '/v3/status-pages/{statusPageId}/subscribers/{subscriberId}',
    summary: 'Remove a subscriber from a V3 status page',
    paramDescriptions: { ...V3_PAGE, subscriberId: 'id of the subscriber (list_v3_subscribers)' },
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Remove a V3 subscriber',
      description:
        'Removes one subscriber from a V3 status page; it gets no more notices. Both ids come from list_v3_subscribers (statusPageId is the page it was listed for).',
      destructive: true,
    },
  },
});

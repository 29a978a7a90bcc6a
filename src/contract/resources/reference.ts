// The reference server's own routes (docs/api-rules.md#reference-only-inputs): no MCP tool, not in the hosted API.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';
import { HEARTBEAT_ID, SUBSCRIPTION_IDS } from './ids.js';

export const referenceRows = define({
  recordErrorEvent: {
    method: 'POST',
    path: '/_reference/error-events',
    summary: 'Record an error from a check run (reference server only)',
    sample: {
      body: { checkId: 'checkout-api', rawErrorMessage: 'Error: connect ECONNREFUSED 10.0.3.17:5432', timestamp: '2025-03-10T11:00:00Z' },
    },
    body: 'ErrorEventInput',
    bodyRequired: true,
    responses: { 201: 'ErrorGroup' },
    referenceOnly: true,
    readBack: 'none',
  },
  recordHeartbeatEvent: {
    method: 'POST',
    path: '/_reference/heartbeats/{checkId}/events',
    // A check whose id is not a UUID could be pinged but never read by the routes above.
    checksIdForm: true,
    summary: 'Record a heartbeat ping (reference server only)',
    sample: { params: { checkId: EXAMPLE_ID }, body: { state: 'RECEIVED', timestamp: '2025-03-10T11:00:00Z' } },
    paramDescriptions: HEARTBEAT_ID,
    body: 'HeartbeatEventInput',
    bodyRequired: true,
    responses: { 201: 'HeartbeatEvent' },
    referenceOnly: true,
    readBack: 'none',
    // An unknown check is started by its first ping (docs/api-rules.md#reference-only-inputs).
    notFound: false,
  },
  verifySubscription: {
    method: 'POST',
    path: '/_reference/status-pages/{statusPageId}/subscriptions/{subscriptionId}/verify',
    summary: 'Mark a subscription VERIFIED, as its confirmation mail would (reference server only)',
    paramDescriptions: SUBSCRIPTION_IDS,
    responses: { 200: 'Subscription' },
    referenceOnly: true,
    // It sets a state: sent twice, the subscription is as verified as after once.
    idempotent: true,
  },
  listNotifications: {
    method: 'GET',
    path: '/_reference/notifications',
    summary: 'The notifications subscribers would have been sent, newest first (reference server only)',
    sample: { query: { incidentId: EXAMPLE_ID } },
    query: 'NotificationQuery',
    responses: { 200: 'NotificationList' },
    referenceOnly: true,
  },
  moveClock: {
    method: 'POST',
    path: '/_reference/clock',
    summary: "Move the server's test clock forward (reference server only, started with --test-clock)",
    sample: { body: { now: '2025-03-10T12:00:00Z' } },
    body: 'ClockInput',
    bodyRequired: true,
    responses: { 200: 'TestClock' },
    referenceOnly: true,
    // Moving the clock to an instant twice leaves it there.
    idempotent: true,
    alsoAnswers: { 404: 'the server was started without --test-clock: its time is the real one' },
  },
});

// Heartbeat checks: the pings they received and their availability.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID, EXAMPLE_WINDOW } from './examples.js';
import { HEARTBEAT_ID } from './ids.js';

export const heartbeatRows = define('heartbeats', {
  getHeartbeatAvailability: {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/availability',
    checksIdForm: true,
    summary: 'Success ratio of a heartbeat check, now and in the previous period',
    sample: { params: { checkId: EXAMPLE_ID }, query: EXAMPLE_WINDOW },
    paramDescriptions: { checkId: 'id of the heartbeat check' },
    query: 'AvailabilityQuery',
    responses: { 200: 'HeartbeatAvailability' },
    tool: {
      title: 'Heartbeat availability',
      description:
        'Success ratio (percent) of a heartbeat check over a period (default the last 24 hours) and over the period before it. checkId: the heartbeat check id. startTime and endTime are dates (YYYY-MM-DD) or date-times with an offset.',
    },
  },
  listHeartbeatEvents: {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/events',
    checksIdForm: true,
    summary: 'The pings a heartbeat check received, newest first, with its availability',
    sample: { params: { checkId: EXAMPLE_ID }, query: { ...EXAMPLE_WINDOW, limit: '10' } },
    paramDescriptions: HEARTBEAT_ID,
    query: 'HeartbeatEventQuery',
    responses: { 200: 'HeartbeatEventList' },
    tool: {
      title: 'List heartbeat events',
      description:
        'Lists the pings a heartbeat check received (RECEIVED, EARLY, GRACE are on time; LATE, FAILING are not), newest first, at most limit (1 to 10, default 10), with availability stats for the last 24 hours and 7 days. startTime and endTime as get_heartbeat_availability (default the last 24 hours).',
    },
  },
  getHeartbeatEvent: {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/events/{id}',
    checksIdForm: true,
    summary: 'One ping of a heartbeat check, with its availability',
    paramDescriptions: { ...HEARTBEAT_ID, id: 'id of the event (list_heartbeat_events)' },
    responses: { 200: 'HeartbeatEventWithStats' },
    tool: {
      title: 'Get a heartbeat event',
      description: "Retrieves one ping of a heartbeat check with the check's availability stats. The id comes from list_heartbeat_events.",
    },
  },
});

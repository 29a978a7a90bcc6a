// Check sessions: running checks on demand (the hosted API's "schedule now") and waiting for them.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';

const SESSION_ID = { checkSessionId: 'id of the check session (trigger_check_sessions)' };

export const checkSessionRows = define('triage', {
  triggerCheckSessions: {
    method: 'POST',
    path: '/v2/check-sessions/trigger',
    summary: 'Run checks now: a check session for each check the target matches',
    sample: { body: { target: { matchTags: [['checkout']], checkId: [EXAMPLE_ID] }, refreshCache: false } },
    body: 'CheckSessionTrigger',
    bodyRequired: true,
    responses: { 201: 'CheckSessionsTriggered' },
    alsoAnswers: {
      402: "the account's plan has no runs on demand left",
      404: 'no check of the account matches the target',
    },
    // Each call starts sessions of its own; their checks' results show what ran, not which call.
    readBack: 'none',
    tool: {
      title: 'Run checks now',
      description:
        'Starts a run of each check the target matches (target.checkId: ids; target.matchTags: lists of tags a check must all hold; neither: every activated check) and answers one check session per check, STARTED. Follow one with get_check_session or await_check_session.',
    },
  },
  getCheckSession: {
    method: 'GET',
    path: '/v2/check-sessions/{checkSessionId}',
    checksIdForm: true,
    summary: 'Retrieve a check session with its result once the run ended',
    paramDescriptions: SESSION_ID,
    responses: { 200: 'CheckSession' },
    tool: {
      title: 'Get a check session',
      description: "One check session: STARTED while its check runs, then PASSED, FAILED or DEGRADED with the run's result.",
    },
  },
  awaitCheckSession: {
    method: 'GET',
    path: '/v2/check-sessions/{checkSessionId}/completion',
    checksIdForm: true,
    summary: 'Wait for a check session to end: 200 when it has, else 408 after maxWaitSeconds',
    sample: { params: { checkSessionId: EXAMPLE_ID }, query: { maxWaitSeconds: '1' } },
    paramDescriptions: SESSION_ID,
    query: 'CompletionQuery',
    responses: { 200: 'CheckSessionCompleted' },
    tool: {
      title: 'Wait for a check session',
      description: 'Waits up to maxWaitSeconds (1 to 30) for a check session to end and answers it; a 408 means it still runs: call again.',
    },
  },
});

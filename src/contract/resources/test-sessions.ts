// Test sessions: what a CI run of the test suite recorded, its results, and waiting for its end.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';

const SESSION_ID = { testSessionId: 'id of the test session (list_test_sessions)' };

export const testSessionRows = define('triage', {
  listTestSessions: {
    method: 'GET',
    path: '/v1/test-sessions',
    summary: 'List the test sessions of the account, newest first, by cursor',
    sample: { query: { limit: '20', statuses: 'FAILED,PASSED', textSearch: 'deploy', from: '1741564800', to: '1741651200' } },
    query: 'TestSessionQuery',
    responses: { 200: 'TestSessionList' },
    alsoAnswers: { 402: "the account's plan keeps no test sessions this old" },
    tool: {
      title: 'List test sessions',
      description:
        'Lists the test sessions (CI runs of the test suite) newest first, with their status and the ids of their passed, failed and running results. Filters: statuses (comma-separated RUNNING, FAILED, PASSED, CANCELLED), textSearch on the name, errorGroupId, from and to (UNIX seconds); limit 1 to 100 (default 20), nextId from the previous page.',
    },
  },
  getTestSession: {
    method: 'GET',
    path: '/v1/test-sessions/{testSessionId}',
    checksIdForm: true,
    summary: 'Retrieve a test session with its results',
    paramDescriptions: SESSION_ID,
    responses: { 200: 'TestSession' },
    tool: {
      title: 'Get a test session',
      description: 'One test session: its status, its results (each with its status and error groups) and how long it ran.',
    },
  },
  awaitTestSession: {
    method: 'GET',
    path: '/v1/test-sessions/{testSessionId}/completion',
    checksIdForm: true,
    summary: 'Wait for a test session to end: 200 when it has, else 408 after maxWaitSeconds',
    sample: { params: { testSessionId: EXAMPLE_ID }, query: { maxWaitSeconds: '1' } },
    paramDescriptions: SESSION_ID,
    query: 'CompletionQuery',
    responses: { 200: 'TestSessionCompleted' },
    tool: {
      title: 'Wait for a test session',
      description:
        'Waits up to maxWaitSeconds (1 to 30) for a test session to end and answers it; a 408 means it is still running: call again.',
    },
  },
  getTestSessionResult: {
    method: 'GET',
    path: '/v1/test-sessions/{testSessionId}/results/{testSessionResultId}',
    checksIdForm: true,
    summary: 'Retrieve one result of a test session',
    paramDescriptions: { ...SESSION_ID, testSessionResultId: "id of the result (the session's results[].testSessionResultId)" },
    responses: { 200: 'TestSessionResultDetail' },
    tool: {
      title: 'Get a test session result',
      description: 'One result of a test session in detail: its status, check type, error groups and times.',
    },
  },
});

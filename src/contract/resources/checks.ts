// Check results and test sessions as the platform would record them: reference-only routes
// (docs/api-rules.md#check-results, #test-sessions), no MCP tool, not in the hosted API.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';

export const checkRows = define({
  recordCheckResult: {
    method: 'POST',
    path: '/_reference/check-results',
    summary: 'Record the result of a check run, starting the check if it is new (reference server only)',
    sample: {
      body: {
        checkId: EXAMPLE_ID,
        name: 'Checkout API',
        checkType: 'API',
        tags: ['checkout'],
        outcome: 'failed',
        runLocation: 'eu-central-1',
        responseTime: 1840,
        errorMessage: 'Request failed with status code 502 (Bad Gateway)',
        timestamp: '2025-03-10T11:00:00Z',
      },
    },
    body: 'CheckResultInput',
    bodyRequired: true,
    responses: { 201: 'CheckResult' },
    referenceOnly: true,
    readBack: 'none',
    publishes: 'v3-rule-incidents',
  },
  recordTestSession: {
    method: 'POST',
    path: '/_reference/test-sessions',
    summary: 'Record a test session and its results, grouping the errors of failed ones (reference server only)',
    sample: {
      body: {
        name: 'Deploy checks on main',
        status: 'FAILED',
        results: [
          { name: 'Checkout API', checkType: 'API', outcome: 'failed', errorMessage: 'Request failed with status code 502 (Bad Gateway)' },
        ],
        startedAt: '2025-03-10T11:00:00Z',
        stoppedAt: '2025-03-10T11:02:00Z',
      },
    },
    body: 'TestSessionInput',
    bodyRequired: true,
    responses: { 201: 'TestSession' },
    referenceOnly: true,
    readBack: 'none',
  },
  endTestSession: {
    method: 'PATCH',
    path: '/_reference/test-sessions/{testSessionId}',
    summary: 'End a running test session (reference server only)',
    sample: { params: { testSessionId: EXAMPLE_ID }, body: { status: 'PASSED' } },
    paramDescriptions: { testSessionId: 'id of the running test session' },
    body: 'TestSessionPatch',
    bodyRequired: true,
    responses: { 200: 'TestSession' },
    idempotent: true,
    referenceOnly: true,
  },
  setCheckNextOutcome: {
    method: 'PUT',
    path: '/_reference/checks/{checkId}/next-outcome',
    summary: "Say how a check's next run on demand ends (reference server only)",
    sample: { params: { checkId: EXAMPLE_ID }, body: { outcome: 'failed' } },
    paramDescriptions: { checkId: 'id of the check' },
    body: 'NextOutcomeInput',
    bodyRequired: true,
    responses: { 200: 'NextOutcome' },
    referenceOnly: true,
  },
});

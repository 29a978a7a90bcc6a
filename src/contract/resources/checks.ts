// Check results as the platform's check runs would record them: a reference-only route
// (docs/api-rules.md#check-results), no MCP tool, not in the hosted API.
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
});

// Root cause analyses: asked for an error group, read when done.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';

/** What the hosted API answers to a request for an analysis beyond the account's plan. */
const ANALYSIS_QUOTA = { 402: "The account's plan does not include root cause analyses, or its quota of them is used up" } as const;

/** A request for an analysis, of either kind of error group: what the body is and what it answers. */
const REQUEST_ANALYSIS = {
  body: 'RequestAnalysisInput',
  bodyRequired: false,
  responses: { 202: 'RootCauseAnalysisPending' },
  // The analysis id is in the lost answer only: nothing tells a second request from the first.
  readBack: 'none',
  alsoAnswers: ANALYSIS_QUOTA,
} as const;

export const analysisRows = define('error-groups', {
  getRootCauseAnalysis: {
    method: 'GET',
    path: '/v1/root-cause-analyses/{id}',
    summary: 'Retrieve a root cause analysis (202 while it is still being generated)',
    paramDescriptions: { id: 'id of the analysis (request_root_cause_analysis)' },
    responses: { 200: 'RootCauseAnalysis', 202: 'RootCauseAnalysisPending' },
    tool: {
      title: 'Get a root cause analysis',
      description:
        'Retrieves a root cause analysis by its id (from request_root_cause_analysis). While it is still being generated the result is only {id, status: "PENDING"}: call again a little later; a COMPLETED one carries the analysis.',
    },
  },
  requestRootCauseAnalysis: {
    method: 'POST',
    path: '/v1/root-cause-analyses/test-session-error-groups/{testSessionErrorGroupId}',
    summary: 'Request a root cause analysis of an error group',
    sample: { params: { testSessionErrorGroupId: EXAMPLE_ID }, body: { userContext: 'after the deploy' } },
    paramDescriptions: { testSessionErrorGroupId: 'id of the error group to analyse' },
    ...REQUEST_ANALYSIS,
    tool: {
      title: 'Request a root cause analysis',
      description:
        'Starts an AI root cause analysis of an error group (testSessionErrorGroupId: the error group id) and returns at once with the analysis id; fetch the analysis with get_root_cause_analysis. userContext (optional, up to 256 characters) tells the analysis what you already know.',
    },
  },
  requestErrorGroupAnalysis: {
    method: 'POST',
    path: '/v1/root-cause-analyses/error-groups/{errorGroupId}',
    summary: "Request a root cause analysis of a check's error group",
    sample: { params: { errorGroupId: EXAMPLE_ID }, body: { userContext: 'after the deploy' } },
    paramDescriptions: { errorGroupId: 'id of the error group to analyse (list_error_groups)' },
    ...REQUEST_ANALYSIS,
    tool: {
      title: "Request a root cause analysis of a check's error group",
      description:
        'Starts an AI root cause analysis of an error group of a check (errorGroupId: an id from list_error_groups or list_check_error_groups) and returns at once with the analysis id; fetch the analysis with get_root_cause_analysis. userContext (optional, up to 256 characters) tells the analysis what you already know.',
    },
  },
});

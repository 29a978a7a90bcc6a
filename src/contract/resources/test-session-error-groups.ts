// Test-session error groups: the errors of test sessions' results, grouped by message, a kind of
// their own beside the check runs' error groups (error-groups.ts).
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';

const GROUP_ID = { id: 'id of the test-session error group (list_test_session_error_groups)' };

export const testSessionErrorGroupRows = define('triage', {
  listTestSessionErrorGroups: {
    method: 'GET',
    path: '/v1/test-session-error-groups',
    summary: 'List the test-session error groups of the account, newest lastSeen first, by page',
    sample: { query: { limit: '10', page: '1' } },
    query: 'ErrorGroupQuery',
    responses: { 200: 'TestSessionErrorGroupList' },
    tool: {
      title: 'List test-session error groups',
      description:
        "Lists the errors of test sessions' results grouped by message, newest lastSeen first, archived ones included; page from 1, limit 1 to 100 (default 10). Their ids go to request_root_cause_analysis and update_test_session_error_group.",
    },
  },
  listProjectTestSessionErrorGroups: {
    method: 'GET',
    path: '/v1/test-session-error-groups/projects/{projectId}',
    checksIdForm: true,
    summary: "List a project's test-session error groups",
    paramDescriptions: { projectId: 'id of the project' },
    responses: { 200: 'TestSessionErrorGroupList' },
    // A project with no error has no groups ([]): the hosted API declares no 404 here.
    notFound: false,
    tool: {
      title: "List a project's test-session error groups",
      description: "Lists one project's test-session error groups, newest lastSeen first.",
    },
  },
  getTestSessionErrorGroup: {
    method: 'GET',
    path: '/v1/test-session-error-groups/{id}',
    checksIdForm: true,
    summary: 'Retrieve a test-session error group',
    paramDescriptions: GROUP_ID,
    responses: { 200: 'TestSessionErrorGroup' },
    tool: {
      title: 'Get a test-session error group',
      description: 'One test-session error group with its cleaned message, first and last seen times and analyses.',
    },
  },
  updateTestSessionErrorGroup: {
    method: 'PATCH',
    path: '/v1/test-session-error-groups/{id}',
    checksIdForm: true,
    summary: 'Archive or unarchive a test-session error group',
    sample: { params: { id: EXAMPLE_ID }, body: { archiveForEver: false, archivedUntilNextEvent: true } },
    paramDescriptions: GROUP_ID,
    body: 'ErrorGroupPatch',
    bodyRequired: true,
    responses: { 200: 'TestSessionErrorGroup' },
    idempotent: true,
    tool: {
      title: 'Archive or unarchive a test-session error group',
      description:
        'Archives a test-session error group (archiveForEver: true for good, archivedUntilNextEvent: true until it happens again) or brings it back (false).',
      destructive: true,
    },
  },
});

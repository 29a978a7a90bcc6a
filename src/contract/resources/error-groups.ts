// Error groups: the errors of check runs, grouped by message.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';

export const errorGroupRows = define('error-groups', {
  listErrorGroups: {
    method: 'GET',
    path: '/v1/error-groups',
    summary: 'List the error groups of the account, newest lastSeen first, by page',
    sample: { query: { limit: '10', page: '1' } },
    query: 'ErrorGroupQuery',
    responses: { 200: 'ErrorGroupList' },
    tool: {
      title: 'List error groups',
      description:
        'Lists the error groups of the account (errors of check runs grouped by message), newest lastSeen first, archived ones included (archivedUntilNextEvent says so). By page: page from 1, limit 1 to 100 (default 10); a page past the end is empty. Gives the ids update_error_group and request_error_group_analysis take.',
    },
  },
  listCheckErrorGroups: {
    method: 'GET',
    path: '/v1/error-groups/checks/{checkId}',
    summary: "List a check's error groups, newest lastSeen first, by page",
    sample: { params: { checkId: EXAMPLE_ID }, query: { limit: '10', page: '1' } },
    paramDescriptions: { checkId: 'id of the check whose errors are grouped' },
    query: 'ErrorGroupQuery',
    responses: { 200: 'ErrorGroupList' },
    // A check with no error recorded has no groups ([]): the hosted API declares no 404 here.
    notFound: false,
    tool: {
      title: "List a check's error groups",
      description: "Lists one check's error groups, newest lastSeen first, archived ones included; page and limit as list_error_groups.",
    },
  },
  getErrorGroup: {
    method: 'GET',
    path: '/v1/error-groups/{id}',
    summary: 'Retrieve an error group',
    paramDescriptions: { id: 'id of the error group (list_error_groups)' },
    responses: { 200: 'ErrorGroup' },
    tool: {
      title: 'Get an error group',
      description:
        'Retrieves one error group with its cleaned message, first and last seen days and analyses. The id comes from list_error_groups.',
    },
  },
  updateErrorGroup: {
    method: 'PATCH',
    path: '/v1/error-groups/{id}',
    summary: 'Archive or unarchive an error group',
    sample: { params: { id: EXAMPLE_ID }, body: { archiveForEver: false, archivedUntilNextEvent: true } },
    paramDescriptions: { id: 'id of the error group' },
    body: 'ErrorGroupPatch',
    bodyRequired: true,
    responses: { 200: 'ErrorGroup' },
    // The body states the wanted archive state; sending it twice leaves the same state.
    idempotent: true,
    tool: {
      title: 'Archive or unarchive an error group',
      description:
        'Archives an error group (archiveForEver: true hides it for good, archivedUntilNextEvent: true until it happens again) or brings it back (false). id: the error group id.',
      destructive: true,
    },
  },
});

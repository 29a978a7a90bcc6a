// Status pages: the pages of the account, with their cards, incidents and keys.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { PAGE_ID } from './ids.js';

export const statusPageRows = define('status-pages', {
  listStatusPages: {
    method: 'GET',
    path: '/v1/status-pages',
    summary: 'List the status pages of the account, with their cards, incidents and keys',
    sample: { query: { limit: '5' } },
    query: 'PageQuery',
    responses: { 200: 'StatusPageList' },
    tool: {
      title: 'List status pages',
      description:
        'Lists the status pages of the account with their cards, services, recent incidents and keys. Use it first: the services (id, name, accountId) that create_incident needs are in cards[].services[].',
    },
  },
  getStatusPage: {
    method: 'GET',
    path: '/v1/status-pages/{statusPageId}',
    summary: 'Retrieve one status page',
    paramDescriptions: PAGE_ID,
    responses: { 200: 'StatusPage' },
    tool: {
      title: 'Get a status page',
      description: 'Retrieves one status page with its cards, services and incidents. The statusPageId comes from list_status_pages.',
    },
  },
});

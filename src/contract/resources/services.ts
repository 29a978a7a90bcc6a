// Services: what the status pages' cards show, and what an incident names.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';

export const serviceRows = define('status-pages', {
  listServices: {
    method: 'GET',
    path: '/v1/status-pages/services',
    summary: "List the services the account's status page cards hold, newest first, paginated",
    sample: { query: { limit: '10', paginated: 'true' } },
    query: 'ServiceQuery',
    responses: { 200: 'ServiceList' },
    tool: {
      title: 'List services',
      description:
        'Lists the services the account\'s status pages show, newest first, each as {id, name, accountId} ready for create_incident and update_incident. Paginated: pass the nextId of a page to get the next one (limit 1 to 100, default 20), or paginated: "false" for all at once.',
    },
  },
  getService: {
    method: 'GET',
    path: '/v1/status-pages/services/{serviceId}',
    summary: 'Retrieve one service',
    paramDescriptions: { serviceId: 'id of the service (list_services)' },
    responses: { 200: 'Service' },
    tool: {
      title: 'Get a service',
      description: "Retrieves one service of a status page by id (from list_services or a status page's cards[].services[]).",
    },
  },
});

// Runtimes: what checks can run on, the same for every account.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';

export const runtimeRows = define('runtimes', {
  listRuntimes: {
    method: 'GET',
    path: '/v1/runtimes',
    summary: 'List the supported runtimes',
    responses: { 200: 'RuntimeList' },
    tool: {
      title: 'List runtimes',
      description: 'Lists the runtimes checks can run on, with Node.js version, stage (CURRENT, DEPRECATED...) and end of life.',
    },
  },
  getRuntime: {
    method: 'GET',
    path: '/v1/runtimes/{id}',
    summary: 'Retrieve one runtime by name',
    paramDescriptions: { id: 'name of the runtime, such as 2025.04 (list_runtimes)' },
    namedParams: ['id'],
    responses: { 200: 'Runtime' },
    tool: {
      title: 'Get a runtime',
      description:
        'Retrieves one runtime by its name (id: such as 2025.04, from list_runtimes) with its Node.js version, stage, end of life and packages.',
    },
  },
});

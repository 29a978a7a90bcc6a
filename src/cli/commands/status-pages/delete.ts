// `status-pages delete PAGE...`: delete V3 pages, with their components, incidents, subscribers
// and rules (verbs/delete.ts: what goes shown and asked about on a terminal, --yes off one).
import { findV3Page } from '../../lookup/page-kinds.js';
import { deleteVerb } from '../../verbs/delete.js';
import { V3_STATUS_PAGE } from '../../views/v3-status-page.js';

export const { declare, run } = deleteVerb(V3_STATUS_PAGE, {
  description:
    'Delete V3 status pages together with their components, incidents, subscribers and automation rules; this cannot be undone. ' +
    'v2 pages are not deleted by statusctl.\n\n' +
    'On a terminal the pages are shown and you are asked once; off a terminal --yes is required (exit 2 without it). ' +
    'One result line per page (PAGE, outcome, name); -o json: an array of {id, ok, status, error}. --dry-run reads each page and prints the requests.',
  examples: [
    'statusctl status-pages delete acme-platform --dry-run',
    'statusctl status-pages create --name "Short-lived" --url short-lived && statusctl status-pages delete short-lived --yes',
  ],
  ids: 'id (or its first 6 or more characters), url, custom domain or name of each V3 status page, or - to read them from stdin',
  words: { dryRun: 'read each page and print the request (method, path) instead of sending it', several: 'pages', one: 'that page' },
  goneIsDone: true,
  async open(_ctx, client) {
    return {
      find: (given) => findV3Page(client, given, 'status-pages delete'),
      describe: (page) => `${page.name} (url ${page.url}) with its components, incidents and subscribers`,
      request: (page) => ['deleteV3StatusPage', { params: { statusPageId: page.id } }],
    };
  },
});

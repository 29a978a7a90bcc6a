// `status-pages edit PAGE...`: change a V3 page's fields. The API's PUT replaces the page, so each
// page is read and sent whole with only the given fields changed (verbs/write.ts: one result line
// per page, the page shown after one on a terminal).
import type { V3StatusPage } from '../../api/types.js';
import { findV3Page } from '../../lookup/page-kinds.js';
import { usageError } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { type BulkOptions, bulkWriteVerb } from '../../verbs/write.js';
import { V3_STATUS_PAGE } from '../../views/v3-status-page.js';
import { type PageOptions, pageBody, pageOptions } from './create.js';

type EditOptions = PageOptions & BulkOptions;

const FIELDS = ['name', 'url', 'description', 'theme', 'customDomain', 'logo', 'favicon', 'redirectTo', 'footer'] as const;

function request(page: V3StatusPage, options: EditOptions) {
  if (!FIELDS.some((field) => options[field] !== undefined)) {
    throw usageError(
      'nothing to change: give at least one of --name, --url, --description, --theme, --custom-domain, --logo, --favicon, --redirect-to, --footer',
    );
  }
  return { params: { statusPageId: page.id }, body: pageBody(options, page) };
}

export const { declare, run } = bulkWriteVerb<V3StatusPage, EditOptions>(V3_STATUS_PAGE, {
  name: 'edit',
  description:
    "Change the fields of V3 status pages: each page is read and sent whole with only the options given changed (the API's PUT " +
    'replaces the page, so a field not given keeps its value). An empty value clears an optional field (--footer "").\n\n' +
    'Prints one line per page: PAGE, outcome, name (on a terminal one page is shown after its line); -o json: an array of ' +
    '{id, ok, status, error, page}. --dry-run reads each page and prints the request instead.',
  examples: [
    'statusctl status-pages edit acme-platform --theme dark --dry-run',
    'statusctl status-pages edit acme-platform --footer "" --dry-run -o json',
  ],
  ids: 'id (or its first 6 or more characters), url, custom domain or name of each V3 status page, or - to read them from stdin',
  words: {
    dryRun: 'read each page and print the request (method, path, JSON body) instead of sending it',
    several: 'pages',
    one: 'that page',
  },
  options: (command) => pageOptions(command as Noun, ' ("" clears it)', false),
  failed: { page: null },
  async plan(reader, given, options) {
    const { planRequest, plannedOutcome } = await import('../../api/dry-run.js');
    const page = await findV3Page(reader, given, 'status-pages edit');
    return plannedOutcome('would-edit', await planRequest('updateV3StatusPage', request(page, options)), 200, page.name);
  },
  async write(client, given, options) {
    const page = await findV3Page(client, given, 'status-pages edit');
    const { status, body } = await client.call('updateV3StatusPage', request(page, options));
    return { outcome: 'edited', status, reason: body.name, fields: { page: body }, item: body };
  },
});

// `error-groups unarchive`: the group is active again, whichever way it was archived. The request
// flow, options and record are archive's.
import type { BulkOptions } from '../../verbs/write.js';
import { bulkWriteVerb } from '../../verbs/write.js';
import { ERROR_GROUP } from '../../views/error-group.js';
import { IDS_HELP, patchSpec } from './archive.js';

export const { declare, run } = bulkWriteVerb(
  ERROR_GROUP,
  patchSpec<BulkOptions>(
    {
      name: 'unarchive',
      description: `Unarchive error groups.\n\n${IDS_HELP}`,
      examples: [
        'statusctl error-groups unarchive c463c2d9-a899-5e7b-9e54-5b24368461d1',
        'statusctl error-groups unarchive c463c2d9-a899-5e7b-9e54-5b24368461d1 --json',
        'statusctl error-groups unarchive - --dry-run < ids.txt',
      ],
    },
    // Both flags false: whichever way the group was archived, it is active again.
    () => ({ archivedUntilNextEvent: false, archiveForEver: false }),
    () => undefined,
  ),
);

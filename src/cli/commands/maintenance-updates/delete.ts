// `maintenance-updates delete WINDOW OCCURRENCE UPDATE...`: deletes status updates of one
// occurrence (its status becomes the latest remaining one's); asked about on a terminal, --yes
// off one (verbs/delete.ts).
import { findOccurrence, findUpdate, readWindow } from '../../lookup/maintenance-windows.js';
import { deleteVerb } from '../../verbs/delete.js';
import { MAINTENANCE_UPDATE, OCCURRENCE_ARG } from '../../views/maintenance-update.js';
import { MAINTENANCE_WINDOW } from '../../views/maintenance-window.js';

export const { declare, run } = deleteVerb(MAINTENANCE_UPDATE, {
  description:
    "Delete status updates of one occurrence of a maintenance window; the occurrence's status becomes that of its latest " +
    'remaining update (SCHEDULED when none is left).\n\n' +
    'Each update is read first; on a terminal what goes is shown and asked about (default no). Not on a terminal --yes is ' +
    'required (exit 2 otherwise, nothing deleted). One result line per update: UPDATE<TAB>OUTCOME<TAB>REASON.',
  examples: [
    'statusctl maintenance-updates delete 5219801255 next "$(statusctl maintenance get 5219801255 --jq \'.maintenances[0].updates[0].id\')" --dry-run',
  ],
  parents: [
    ['window', MAINTENANCE_WINDOW.argument.help, 'maintenance-window'],
    ['occurrence', OCCURRENCE_ARG, 'maintenance'],
  ],
  ids: 'ids of status updates of the occurrence (or the unique start of each), or - to read them from stdin',
  words: { dryRun: 'read each update and print the request instead of sending it', several: 'updates', one: 'that update' },
  what: (ids, [window, occurrence]) =>
    `${ids.length === 1 ? `update ${ids[0]}` : `${ids.length} updates`} of occurrence ${occurrence} of window ${window}`,
  open: async (ctx, _client, [window, occurrence]) => {
    const entry = await readWindow(ctx, window!);
    const maintenance = findOccurrence(entry, occurrence!);
    return {
      find: async (given, found) => {
        const update = findUpdate(entry.window.id, maintenance, given);
        found(update.id);
        return update;
      },
      describe: (update) => `${update.status} ${update.created_at} ${update.description}`,
      request: (update) => [
        'deleteMaintenanceUpdate',
        { params: { id: String(entry.window.id), maintenanceId: maintenance.id, updateId: update.id } },
      ],
    };
  },
  goneIsDone: true,
});

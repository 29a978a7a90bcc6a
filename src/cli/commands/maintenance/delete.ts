// `maintenance delete WINDOW...`: deletes windows with their occurrences and updates; what goes
// is read and shown first, asked about on a terminal, and needs --yes off one (verbs/delete.ts).
import { readWindow } from '../../lookup/maintenance-windows.js';
import { deleteVerb } from '../../verbs/delete.js';
import { MAINTENANCE_WINDOW, repeats } from '../../views/maintenance-window.js';

export const { declare, run } = deleteVerb(MAINTENANCE_WINDOW, {
  description:
    'Delete maintenance windows, each with all its occurrences and their status updates (`maintenance cancel` calls off one ' +
    'occurrence instead).\n\n' +
    'Each window is read first; on a terminal what goes is shown and asked about (default no). Not on a terminal --yes is ' +
    'required (exit 2 otherwise, nothing deleted). One result line per window: WINDOW<TAB>OUTCOME<TAB>REASON.',
  examples: [
    'statusctl maintenance delete 5219801255 --dry-run',
    'statusctl maintenance list --past --jq ".[].id" | statusctl maintenance delete - --yes',
  ],
  ids: 'numbers of maintenance windows, or - to read them from stdin',
  words: { dryRun: 'read each window and print the request instead of sending it', several: 'windows', one: 'that window' },
  open: async (ctx) => ({
    find: async (given, found) => {
      const entry = await readWindow(ctx, given);
      found(String(entry.window.id));
      return entry;
    },
    describe: ({ window, next }) => `${window.name} (${repeats(window)}${next ? `, next ${next.startsAt} ${next.status}` : ''})`,
    request: ({ window }) => ['deleteMaintenanceWindow', { params: { id: String(window.id) } }],
  }),
  goneIsDone: true,
  json: (entry) => entry.window,
});

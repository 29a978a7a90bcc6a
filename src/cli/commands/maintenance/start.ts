// `maintenance start WINDOW [OCCURRENCE]`: posts IN_PROGRESS on an occurrence (default the next
// one not over). The verbs that post a status (verify, complete, cancel) are made here by
// statusVerb, each with its status, its words and its default text.
import type { MaintenanceStatus } from '../../../contract/schemas.js';
import { runBulk } from '../../api/bulk.js';
import { usageError } from '../../errors/exit-codes.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { nonEmpty } from '../../input/incident-options.js';
import { findOccurrence, readWindow } from '../../lookup/maintenance-windows.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { MAINTENANCE_WINDOW } from '../../views/maintenance-window.js';
import { OCCURRENCE_ARG } from '../../views/maintenance-update.js';

export interface StatusOptions {
  message?: string;
  notify?: boolean;
  dryRun?: boolean;
}

export interface StatusSpec {
  readonly name: string;
  readonly status: MaintenanceStatus;
  /** The result's word: `started`, `completed`. */
  readonly outcome: string;
  readonly description: string;
  /** The update's text without --message. */
  readonly text: string;
  readonly examples: string[];
}

/** JSON fields of an occurrence that failed: each key of a success's, null. */
const FAILED = { window: null, updateId: null, maintenanceStatus: null };

export function statusVerb(spec: StatusSpec) {
  const declare = (maintenance: Noun): void => {
    examples(
      maintenance
        .command(spec.name)
        .description(
          `${spec.description}\n\nPosts a ${spec.status} status update on the occurrence (default: the next one neither completed ` +
            `nor cancelled), with --message or "${spec.text}". --notify tells the verified subscribers of its status pages. ` +
            'Completed and cancelled occurrences take no further update: one of them is exit 2 (the same status again: ' +
            `already-${spec.outcome}, exit 0). Prints one sentence on a terminal, else WINDOW-OCCURRENCE<TAB>OUTCOME<TAB>REASON; ` +
            '-o json: [{id, ok, status, error, window, updateId, maintenanceStatus}].',
        )
        .argument('<window>', MAINTENANCE_WINDOW.argument.help)
        .argument('[occurrence]', OCCURRENCE_ARG)
        .option('--message <text>', `text of the update (default: "${spec.text}")`, nonEmpty)
        .option('--notify', 'notify the verified subscribers of its status pages')
        .option('--dry-run', 'read the window and print the request (method, path, JSON body) instead of sending it')
        .action((window, occurrence, options, command) => run(Context.fromCommand(command), window, occurrence, options)),
      spec.examples,
    );
    valueKinds(maintenance, spec.name, { window: 'maintenance-window', occurrence: 'maintenance' });
  };

  const run = async (ctx: Context, givenWindow: string, givenOccurrence: string | undefined, options: StatusOptions): Promise<void> => {
    const entry = await readWindow(ctx, givenWindow);
    const occurrence = findOccurrence(entry, givenOccurrence ?? 'next');
    const { window } = entry;
    const label = `window ${window.id} ${window.name}`;
    const already = occurrence.status === spec.status && (spec.status === 'COMPLETED' || spec.status === 'CANCELLED');
    if (!already && (occurrence.status === 'COMPLETED' || occurrence.status === 'CANCELLED')) {
      throw usageError(
        `occurrence ${occurrence.id} of ${label} is ${occurrence.status}: completed and cancelled maintenances take no further update`,
        `statusctl maintenance get ${window.id} lists its occurrences; \`next\` is the next one not over`,
      );
    }
    const params = { id: String(window.id), maintenanceId: occurrence.id };
    const body = { status: spec.status, description: options.message ?? spec.text, ...(options.notify ? { notifySubscribers: true } : {}) };
    if (options.dryRun) {
      const { planRequest, printPlanned } = await import('../../api/dry-run.js');
      return printPlanned(ctx, await planRequest('createMaintenanceUpdate', { params, body }));
    }
    const client = await ctx.client();
    await runBulk(
      ctx,
      [occurrence.id],
      1,
      async () => {
        if (already) {
          return {
            outcome: `already-${spec.outcome}`,
            status: 200,
            reason: label,
            fields: { window: window.id, updateId: null, maintenanceStatus: spec.status },
          };
        }
        // A lost answer is read back by the client (the row's readBack): the update among the occurrence's.
        const update = await client.createMaintenanceUpdate({ params, body });
        return {
          outcome: spec.outcome,
          status: 201,
          reason: `${label}: ${update.status}`,
          fields: { window: window.id, updateId: update.id, maintenanceStatus: update.status },
        };
      },
      FAILED,
      { noun: 'maintenance' },
    );
  };
  return { declare, run };
}

export const { declare, run } = statusVerb({
  name: 'start',
  status: 'IN_PROGRESS',
  outcome: 'started',
  description: 'Start a maintenance now: its status pages show it in progress and its services under maintenance.',
  text: 'The scheduled maintenance is in progress.',
  examples: [
    'statusctl maintenance start 5219801255 --dry-run',
    'statusctl maintenance start 5219801255 next --message "We are starting the upgrade." --notify --dry-run',
  ],
});

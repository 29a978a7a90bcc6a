// `maintenance-updates add WINDOW OCCURRENCE`: posts a status update of any status on one
// occurrence (`maintenance start|verify|complete|cancel` post the usual ones).
import { choiceOption, examples } from '../../runtime/command-kit.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { usageError } from '../../errors/exit-codes.js';
import { messageFileOption, nonEmpty } from '../../input/incident-options.js';
import { messageText } from '../../input/read.js';
import { findOccurrence, readWindow } from '../../lookup/maintenance-windows.js';
import { renderRecord } from '../../views/resource.js';
import { MAINTENANCE_UPDATE, OCCURRENCE_ARG } from '../../views/maintenance-update.js';
import { isFinal, MAINTENANCE_WINDOW } from '../../views/maintenance-window.js';
import type { MaintenanceStatus } from '../../../contract/schemas.js';

export const STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'VERIFYING', 'COMPLETED', 'CANCELLED'] as const;

export interface AddOptions {
  message?: string;
  messageFile?: string;
  status?: MaintenanceStatus;
  notify?: boolean;
  dryRun?: boolean;
}

export function declare(updates: Noun): void {
  examples(
    updates
      .command('add')
      .argument('<window>', MAINTENANCE_WINDOW.argument.help)
      .argument('<occurrence>', OCCURRENCE_ARG)
      .description(
        "Post a status update on one occurrence of a maintenance window: its text (--message or --message-file) and its status (default: the occurrence's). " +
          'The occurrence takes the status. Completed and cancelled occurrences take no further update (exit 2).\n\n' +
          'Prints the update; -o json the API answer.',
      )
      .option('--message <text>', 'text of the update, 1 to 2000 characters', nonEmpty)
      .addOption(messageFileOption('the text of the update'))
      .addOption(choiceOption('--status <status>', 'status of the update (any case)', STATUSES))
      .option('--notify', 'notify the verified subscribers of its status pages')
      .option('--dry-run', 'read the window and print the request (method, path, JSON body) instead of sending it')
      .action((window, occurrence, options, command) => run(Context.fromCommand(command), window, occurrence, options)),
    [
      'statusctl maintenance-updates add 5219801255 next --message "Replication is catching up." --dry-run',
      'statusctl maintenance-updates add 5219801255 next --status in_progress --message "Started early." --notify --dry-run',
    ],
  );
  valueKinds(updates, 'add', { window: 'maintenance-window', occurrence: 'maintenance' });
}

export async function run(ctx: Context, givenWindow: string, givenOccurrence: string, options: AddOptions): Promise<void> {
  const description = await messageText(ctx, options);
  if (description === undefined) {
    throw usageError('missing the text of the update: --message TEXT or --message-file FILE|-', 'statusctl maintenance-updates add --help');
  }
  const entry = await readWindow(ctx, givenWindow);
  const occurrence = findOccurrence(entry, givenOccurrence);
  if (isFinal(occurrence.status)) {
    throw usageError(
      `occurrence ${occurrence.id} of window ${entry.window.id} is ${occurrence.status}: completed and cancelled maintenances take no further update`,
      `statusctl maintenance-updates put ${entry.window.id} ${occurrence.id.slice(0, 8)} UPDATE --message TEXT changes the text of one of its updates`,
    );
  }
  const input = {
    params: { id: String(entry.window.id), maintenanceId: occurrence.id },
    body: { status: options.status ?? occurrence.status, description, ...(options.notify ? { notifySubscribers: true } : {}) },
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('createMaintenanceUpdate', input));
  }
  const client = await ctx.client();
  const update = await client.createMaintenanceUpdate(input);
  if (ctx.json) return ctx.printJson(update);
  ctx.out(await renderRecord(ctx, MAINTENANCE_UPDATE, update, 'Added maintenance update'));
}

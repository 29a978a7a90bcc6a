// `maintenance-updates put WINDOW OCCURRENCE UPDATE`: changes the text of a status update, and
// its status when --status is given.
import { choiceOption, examples } from '../../runtime/command-kit.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { usageError } from '../../errors/exit-codes.js';
import { messageFileOption, nonEmpty } from '../../input/incident-options.js';
import { messageText } from '../../input/read.js';
import { findOccurrence, findUpdate, readWindow } from '../../lookup/maintenance-windows.js';
import { renderRecord } from '../../views/resource.js';
import { MAINTENANCE_UPDATE, OCCURRENCE_ARG, UPDATE_ARG } from '../../views/maintenance-update.js';
import { MAINTENANCE_WINDOW } from '../../views/maintenance-window.js';
import { type AddOptions, STATUSES } from './add.js';

export type PutOptions = Omit<AddOptions, 'notify'>;

export function declare(updates: Noun): void {
  examples(
    updates
      .command('put')
      .argument('<window>', MAINTENANCE_WINDOW.argument.help)
      .argument('<occurrence>', OCCURRENCE_ARG)
      .argument('<update>', UPDATE_ARG)
      .description(
        'Change a status update of a maintenance: its text (--message or --message-file, required: the API replaces it), and its ' +
          'status with --status (left out: kept).\n\nPrints the update; -o json the API answer.',
      )
      .option('--message <text>', 'the new text, 1 to 2000 characters', nonEmpty)
      .addOption(messageFileOption('the new text'))
      .addOption(choiceOption('--status <status>', 'the new status (any case; default: kept)', STATUSES))
      .option('--dry-run', 'read the window and print the request (method, path, JSON body) instead of sending it')
      .action((window, occurrence, update, options, command) => run(Context.fromCommand(command), window, occurrence, update, options)),
    [
      'statusctl maintenance-updates put 5219801255 next "$(statusctl maintenance get 5219801255 --jq \'.maintenances[0].updates[0].id\')" --message "We will upgrade the primary database on Sunday." --dry-run',
    ],
  );
  valueKinds(updates, 'put', { window: 'maintenance-window', occurrence: 'maintenance' });
}

export async function run(
  ctx: Context,
  givenWindow: string,
  givenOccurrence: string,
  givenUpdate: string,
  options: PutOptions,
): Promise<void> {
  const description = await messageText(ctx, options);
  if (description === undefined) {
    throw usageError(
      'missing the new text of the update: --message TEXT or --message-file FILE|-',
      'statusctl maintenance-updates put --help',
    );
  }
  const entry = await readWindow(ctx, givenWindow);
  const occurrence = findOccurrence(entry, givenOccurrence);
  const update = findUpdate(entry.window.id, occurrence, givenUpdate);
  const input = {
    params: { id: String(entry.window.id), maintenanceId: occurrence.id, updateId: update.id },
    body: { description, ...(options.status ? { status: options.status } : {}) },
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('updateMaintenanceUpdate', input));
  }
  const client = await ctx.client();
  const changed = await client.updateMaintenanceUpdate(input);
  if (ctx.json) return ctx.printJson(changed);
  ctx.out(await renderRecord(ctx, MAINTENANCE_UPDATE, changed, 'Updated maintenance update'));
}

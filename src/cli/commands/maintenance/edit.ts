// `maintenance edit WINDOW [options]`: changes the fields given (the API's PUT is partial; its
// occurrences to come without an update follow the new schedule). The options are create's.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { usageError } from '../../errors/exit-codes.js';
import { checkWindowBody, type WindowOptions, windowBody, windowOptions } from '../../input/maintenance-options.js';
import { allMaintenances, entryOf, readWindow } from '../../lookup/maintenance-windows.js';
import { examples } from '../../runtime/command-kit.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { actionArguments } from '../../verbs/get.js';
import { MAINTENANCE_WINDOW } from '../../views/maintenance-window.js';
import { renderRecord } from '../../views/resource.js';

export function declare(maintenance: Noun): void {
  const command = maintenance
    .command('edit')
    .description(
      'Change a maintenance window: only the fields the options give (--name, the schedule, its pages, services or components, ' +
        'who is told, what the checks do). Its occurrences to come that have no status update yet follow the new schedule; ' +
        'past ones and those with updates stay (maintenance reschedule moves one).\n\n' +
        "WHEN is read in the window's time zone unless --timezone is given. --starts alone keeps the window's length. " +
        'Each switch has a --no- form to turn it off (--no-notify-start). --service without --status-page is looked for on ' +
        "the window's pages. Giving no option is exit 2.\n\n" +
        'Prints the window; -o json the API answer.',
    )
    .argument('<window>', MAINTENANCE_WINDOW.argument.help) as unknown as CommandUnknownOpts;
  examples(
    windowOptions(command, true).action((...given: unknown[]) => {
      const { args, options, command: self } = actionArguments<WindowOptions>(given);
      return run(Context.fromCommand(self), args[0]!, options);
    }),
    [
      'statusctl maintenance edit 5219801255 --description "Writes pause for up to two minutes." --dry-run',
      'statusctl maintenance edit 5219801255 --starts "2030-03-17 03:00" --notify-start --remind 24h --remind 1h --dry-run',
      'statusctl maintenance edit 5219801255 --repeat week --until 2030-06-30 --no-auto-end --dry-run',
    ],
  );
  valueKinds(maintenance, 'edit', { window: 'maintenance-window' });
}

export async function run(ctx: Context, given: string, options: WindowOptions): Promise<void> {
  const { window } = await readWindow(ctx, given);
  const body = await windowBody(ctx, options, window);
  if (Object.keys(body).length === 0) {
    throw usageError(
      `nothing to change: give the fields of window ${window.id} to change`,
      `statusctl maintenance edit --help lists them (--name, --starts, --service...)`,
    );
  }
  await checkWindowBody(body, false);
  const input = { params: { id: String(window.id) }, body: body as never };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('updateMaintenanceWindow', input));
  }
  const client = await ctx.client();
  const updated = await client.updateMaintenanceWindow(input);
  if (ctx.json) return ctx.printJson(updated);
  const entry = entryOf(updated, await allMaintenances(client, String(updated.id)));
  ctx.out(await renderRecord(ctx, MAINTENANCE_WINDOW, entry, 'Updated maintenance window'));
}

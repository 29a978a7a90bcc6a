// `incident-updates put`: changes an update. A PUT replaces the whole update, so what is not
// given is taken from the stored one.
import { choiceOption, examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import type { IncidentUpdate } from '../../api/types.js';
import { INCIDENT_STATUSES, isoDateTime, messageFileOption, nonEmpty } from '../../input/incident-options.js';
import { onIncident, readUpdate, updateIdOn } from '../../api/incident-timeline.js';
import { type AddOptions, refuseFutureDate } from './add.js';
import { INCIDENT_ARG, renderUpdate, UPDATE_ARG } from '../../views/incident-update.js';
import { messageText } from '../../input/read.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { editorOption, requireTerminal } from '../../input/editor.js';

/** The fields of an update, as add takes them; here a field not given keeps the stored one (notify: --notify or --no-notify). */
export type PutOptions = AddOptions;

export function declare(updates: Noun): void {
  examples(
    updates
      .command('put')
      .argument('<incident>', INCIDENT_ARG)
      .argument('<update>', UPDATE_ARG)
      .description(
        'Change an update of an incident of either kind of status page. What is not given is kept: the stored update is read and sent whole, with the given ' +
          'text, status, notify flag and date in place of its own (a PUT replaces the update, so the API needs all of it). ' +
          'At least one of --message, --message-file, -e/--editor (opened on the stored text), --status, --notify/--no-notify, --date.',
      )
      .option('--message <text>', 'new text of the update', nonEmpty)
      .addOption(messageFileOption('the new text'))
      .addOption(editorOption('the new text (the stored text in it to start with)'))
      .addOption(choiceOption('--status <status>', 'new status of the update (any case)', INCIDENT_STATUSES))
      .option('--notify', 'mark the update as notifying subscribers')
      .option('--no-notify', 'mark it as not notifying them')
      .option('--date <iso>', 'public date of the update, ISO 8601 with a zone, not later than now', isoDateTime)
      .option('--dry-run', 'read the update and print the request (method, path, JSON body) instead of sending it')
      .action((incident, update, options, command) => run(Context.fromCommand(command), incident, update, options)),
    [
      'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --message "Typo fixed: payments, not payouts"',
      'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --status identified',
      'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --message "Resolved" --status resolved --no-notify',
      'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --message-file corrected.txt --dry-run',
      'statusctl incident-updates put 388fd544-07ea-5670-bdf5-ea5c52188fcb 04f275a3-b110-53a5-ab04-4693922f0e83 --status monitoring --dry-run   # on a V3 page',
    ],
  );
  valueKinds(updates, 'put', { incident: 'incident', update: 'update' });
}

export async function run(ctx: Context, givenIncident: string, givenUpdate: string, options: PutOptions): Promise<void> {
  let description = await messageText(ctx, options);
  if (options.editor) requireTerminal(ctx);
  if (description === undefined && !options.editor && !options.status && options.notify === undefined && !options.date) {
    throw usageError('nothing to change: give --message, --message-file, --status, --notify, --no-notify or --date');
  }
  if (options.date) refuseFutureDate(ctx, options.date);
  const client = await ctx.client();
  // Either kind: a V3 incident's update is read and changed on its page.
  const { place, incidentUpdateId, stored } = await onIncident(ctx, givenIncident, async (place) => {
    const incidentUpdateId = await updateIdOn(client, place, givenUpdate);
    // The stored update fills in what was not given: a PUT replaces the whole update.
    return { place, incidentUpdateId, stored: await readUpdate(client, place, incidentUpdateId) };
  });
  const incidentId = place.id;
  if (options.editor) {
    const { editText } = await import('../../input/editor.js');
    const about = [`Update ${incidentUpdateId} of incident ${incidentId} (${stored.status}), shown on the status page.`];
    description = await editText(ctx, { initial: stored.description, about });
  }
  // Every field, on either kind: the hosted document gives a left-out date and notify flag
  // defaults (now, false), so an update sent without its own would be moved or changed.
  const body = {
    description: description ?? stored.description,
    status: options.status ?? stored.status,
    notifySubscribers: options.notify ?? stored.notifySubscribers,
    publicIncidentUpdateDate: options.date ?? stored.publicIncidentUpdateDate,
  };
  const { planRequest, printPlanned } = await import('../../api/dry-run.js');
  let update: IncidentUpdate;
  if (place.kind === 'v2') {
    const input = { params: { incidentId, incidentUpdateId }, body };
    if (options.dryRun) return printPlanned(ctx, await planRequest('updateIncidentUpdate', input));
    update = await client.updateIncidentUpdate(input);
  } else {
    const input = { params: { statusPageId: place.page.id, incidentId, incidentUpdateId }, body };
    if (options.dryRun) return printPlanned(ctx, await planRequest('updateV3IncidentUpdate', input));
    update = await client.updateV3IncidentUpdate(input);
  }
  if (ctx.json) await ctx.printJson(update);
  else ctx.out(await renderUpdate(ctx, incidentId, update, 'Changed update'));
}

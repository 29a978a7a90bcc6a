// `incident-updates delete`: removes one update, for an update posted to the wrong incident. The
// update is read first, so what goes is shown (and asked about on a terminal); the incident's
// status is then what its remaining updates say. Prints the update that was removed.
import { examples } from '../../runtime/command-kit.js';
import { type ConfirmOptions, confirmDelete, requireYes, yesOption } from '../../prompts/confirm.js';
import { Context } from '../../runtime/context.js';
import { CliError, ExitCode } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { IncidentIds, resolveUpdateId } from '../../api/short-ids.js';
import { INCIDENT_ARG, renderUpdate, UPDATE_ARG } from '../../views/incident-update.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { terminalLine } from '../../output/terminal-text.js';

export type DeleteOptions = ConfirmOptions;

export function declare(updates: Noun): void {
  examples(
    updates
      .command('delete')
      .argument('<incident>', INCIDENT_ARG)
      .argument('<update>', UPDATE_ARG)
      .description(
        'Delete one update of an incident; the incident then takes its status from the updates left ' +
          '(deleting the last one leaves it INVESTIGATING, with no timeline).\n\n' +
          'The update is read first. On a terminal, the command shows it and asks; not on a terminal, --yes is ' +
          'required (exit 2 otherwise, nothing deleted). --dry-run shows it and sends nothing. Prints the update ' +
          'that was deleted (-o json: the update as it was read before).',
      )
      .addOption(yesOption())
      .option('--dry-run', 'read the update and print the request (method, path) instead of sending it')
      .action((incident, update, options, command) => run(Context.fromCommand(command), incident, update, options)),
    [
      'statusctl incident-updates delete 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --dry-run',
      'update=$(statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Posted by mistake" --jq .id) && statusctl incident-updates delete 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd "$update" --yes',
    ],
  );
  valueKinds(updates, 'delete', { incident: 'incident', update: 'update' });
}

export async function run(ctx: Context, givenIncident: string, givenUpdate: string, options: DeleteOptions): Promise<void> {
  requireYes(ctx, options, `update ${givenUpdate}`);
  const client = await ctx.client();
  const resolved = await new IncidentIds(() => ctx.client()).resolve(givenIncident);
  const incident = resolved.incident ?? (await client.getIncident({ params: { incidentId: resolved.id } }));
  const incidentUpdateId = await resolveUpdateId(client, incident.id, givenUpdate, incident);
  const update = (incident.incidentUpdates ?? []).find((candidate) => candidate.id === incidentUpdateId);
  if (!update) {
    throw new CliError(
      ExitCode.notFound,
      `incident ${incident.id} has no update ${incidentUpdateId}`,
      undefined,
      `'statusctl incident-updates list ${incident.id}' shows its updates`,
    );
  }
  const input = { params: { incidentId: incident.id, incidentUpdateId } };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    ctx.info(
      terminalLine(
        `would delete update ${update.id} of incident ${incident.id} (${incident.name}): ${update.status}: ${update.description}`,
      ),
    );
    return printPlanned(ctx, await planRequest('deleteIncidentUpdate', input));
  }
  const left = (incident.incidentUpdates ?? []).length - 1;
  await confirmDelete(ctx, options, 'Delete this update?', [
    `About to delete an update of incident ${incident.id} (${incident.name}):`,
    `  ${update.id}  ${update.publicIncidentUpdateDate}  ${update.status}: ${update.description}`,
    left === 0
      ? '  It is the only update: the incident would be left INVESTIGATING, with no timeline.'
      : `  ${left} update${left === 1 ? '' : 's'} would be left; the incident takes its status from them.`,
  ]);
  await client.deleteIncidentUpdate(input);
  if (ctx.json) await ctx.printJson(update);
  else ctx.out(await renderUpdate(ctx, incident.id, update, 'Deleted update'));
}

// `incident-updates delete`: removes one update, for an update posted to the wrong incident. The
// update is read first, so what goes is shown (and asked about on a terminal); the incident's
// status is then what its remaining updates say. Prints the update that was removed (verbs/delete.ts).
// An incident of a V3 page keeps its last update (the API refuses to delete it): that is said
// before anything is asked or sent.
import type { IncidentUpdate } from '../../api/types.js';
import { updateIdOn } from '../../api/incident-timeline.js';
import { findIncident, shownIncident } from '../../lookup/v3-incidents.js';
import { CliError, ExitCode, usageError } from '../../errors/exit-codes.js';
import { deleteVerb } from '../../verbs/delete.js';
import { INCIDENT_ARG, INCIDENT_UPDATE, type PostedUpdate } from '../../views/incident-update.js';

export const { declare, run } = deleteVerb(INCIDENT_UPDATE, {
  description:
    'Delete one update of an incident, of either kind of status page; the incident then takes its status from the ' +
    'updates left. Deleting the last one leaves a v2 incident INVESTIGATING, with no timeline; an incident of a V3 ' +
    'page keeps its last update (the API refuses to delete it: exit 2, nothing sent; post the right update first, ' +
    'or delete the incident).\n\n' +
    'The update is read first. On a terminal, the command shows it and asks; not on a terminal, --yes is ' +
    'required (exit 2 otherwise, nothing deleted). --dry-run shows it and sends nothing. Prints the update ' +
    'that was deleted (-o json: the update as it was read before).',
  examples: [
    'statusctl incident-updates delete 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --dry-run',
    'statusctl incident-updates delete 388fd544-07ea-5670-bdf5-ea5c52188fcb 04f275a3-b110-53a5-ab04-4693922f0e83 --dry-run   # an update of an incident of a V3 page',
    'update=$(statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Posted by mistake" --jq .id) && statusctl incident-updates delete 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd "$update" --yes',
  ],
  parents: [['incident', INCIDENT_ARG, 'incident']],
  words: { dryRun: 'read the update and print the request (method, path) instead of sending it' },
  async open(ctx, client, [givenIncident]) {
    // Either kind, read whole: what goes is shown from its timeline.
    const place = await findIncident(ctx, givenIncident!);
    const incident = shownIncident(place);
    const updates = incident.incidentUpdates ?? [];
    const of = `of incident ${incident.id} (${incident.name})`;
    return {
      async find(given) {
        const incidentUpdateId = await updateIdOn(client, place, given);
        const update = updates.find((candidate) => candidate.id === incidentUpdateId);
        if (!update) {
          throw new CliError(
            ExitCode.notFound,
            `incident ${incident.id} has no update ${incidentUpdateId}`,
            undefined,
            `'statusctl incident-updates list ${incident.id}' shows its updates`,
          );
        }
        if (place.kind === 'v3' && updates.length === 1) {
          throw usageError(
            `update ${update.id} is the only update ${of}, on status page ${place.page.name}: the API does not delete ` +
              "the last update of a V3 page's incident (it answers 400); nothing was sent",
            `post the right update first (statusctl incident-updates add ${incident.id} --message TEXT), then delete this one; or delete the incident (statusctl incidents delete ${incident.id})`,
          );
        }
        return { ...update, incidentId: incident.id };
      },
      describe: (update) => `update ${update.id} ${of}: ${update.status}: ${update.description}`,
      request: (update) =>
        place.kind === 'v2'
          ? ['deleteIncidentUpdate', { params: { incidentId: incident.id, incidentUpdateId: update.id } }]
          : ['deleteV3IncidentUpdate', { params: { statusPageId: place.page.id, incidentId: incident.id, incidentUpdateId: update.id } }],
      shown: ([update]) => [
        `About to delete an update ${of}${place.kind === 'v3' ? `, on status page ${place.page.name}` : ''}:`,
        `  ${update!.id}  ${update!.publicIncidentUpdateDate}  ${update!.status}: ${update!.description}`,
        updates.length === 1
          ? '  It is the only update: the incident would be left INVESTIGATING, with no timeline.'
          : `  ${updates.length - 1} update${updates.length === 2 ? '' : 's'} would be left; the incident takes its status from them.`,
        ...(place.kind === 'v3' && update!.status === 'RESOLVED' && incident.lastUpdateStatus === 'RESOLVED'
          ? ["  If that reopens it, the components' impacts its resolving ended stay ended (the API reopens none)."]
          : []),
      ],
    };
  },
  // The update as the API gave it, without the incident the view adds.
  json: ({ incidentId: _, ...update }: PostedUpdate): IncidentUpdate => update,
});

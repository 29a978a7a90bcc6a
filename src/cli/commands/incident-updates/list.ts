// `incident-updates list`: the updates of one incident, newest first, as a list of their own
// (`incidents get` shows them as the incident's timeline, oldest first).
import type { IncidentUpdate } from '../../api/types.js';
import { listUpdates, onIncident } from '../../api/incident-timeline.js';
import { listVerb } from '../../verbs/list.js';
import { INCIDENT_ARG, INCIDENT_UPDATE, type PostedUpdate } from '../../views/incident-update.js';

export const { declare, run } = listVerb<PostedUpdate, object>(INCIDENT_UPDATE, {
  arguments: [['incident', INCIDENT_ARG, 'incident']],
  description:
    'The updates of an incident of either kind of status page, newest first: id, time, status, whether subscribers were notified, text.\n\n' +
    'With -o json, the API response: an array of updates (the same shape for an incident of a V3 page).',
  examples: [
    'statusctl incident-updates list 7385595c-e0b7-5ea5-864c-ef529d079682',
    'statusctl incident-updates list 7385595c -o md',
    "statusctl incident-updates list 7385595c-e0b7-5ea5-864c-ef529d079682 --jq '.[0].status'   # the latest status",
    'statusctl incident-updates list 388fd544            # an incident of a V3 page: the same columns and JSON',
  ],
  async fetch(ctx, _options, [givenIncident]) {
    const client = await ctx.client();
    // Either kind: a V3 incident's updates are listed on its page.
    const { incidentId, updates } = await onIncident(ctx, givenIncident!, async (place) => ({
      incidentId: place.id,
      updates: await listUpdates(client, place),
    }));
    const entries = newestFirst(updates).map((update) => ({ ...update, incidentId }));
    return { json: updates, entries, none: `Incident ${incidentId} has no updates.` };
  },
});

/** Newest first, whatever order the answer came in. */
function newestFirst(updates: IncidentUpdate[]): IncidentUpdate[] {
  return [...updates].sort((a, b) => Date.parse(b.publicIncidentUpdateDate) - Date.parse(a.publicIncidentUpdateDate));
}

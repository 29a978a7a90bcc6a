// `incident-updates get`: one update of an incident, as its view shows it (views/incident-update.ts),
// which every command that prints an update uses (`add`, `put`, `delete`, `incidents resolve`).
import { onIncident, readUpdate, updateIdOn } from '../../api/incident-timeline.js';
import { getVerb } from '../../verbs/get.js';
import { INCIDENT_ARG, INCIDENT_UPDATE } from '../../views/incident-update.js';

export const { declare, run } = getVerb(INCIDENT_UPDATE, {
  parents: [['incident', INCIDENT_ARG, 'incident']],
  description:
    'One update of an incident, of either kind of status page (-o json: the update as the API answers it, the same shape for both)',
  examples: [
    'statusctl incident-updates get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9',
    'statusctl incident-updates get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 -o json',
    'statusctl incident-updates get 388fd544 04f275a3   # an update of an incident of a V3 page, by short ids',
  ],
  async fetch(ctx, givenUpdate, [givenIncident]) {
    const client = await ctx.client();
    // Either kind: a V3 incident's update is read on its page.
    return onIncident(ctx, givenIncident!, async (place) => {
      const update = await readUpdate(client, place, await updateIdOn(client, place, givenUpdate));
      return { ...update, incidentId: place.id };
    });
  },
  // The API's update, as it answered.
  json: ({ incidentId: _incident, ...update }) => update,
  paged: false,
});

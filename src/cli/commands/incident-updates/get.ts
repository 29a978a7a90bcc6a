// `incident-updates get`: one update of an incident, as its view shows it (views/incident-update.ts),
// which every command that prints an update uses (`add`, `put`, `delete`, `incidents resolve`).
import { IncidentIds, resolveUpdateId } from '../../lookup/short-ids.js';
import { getVerb } from '../../verbs/get.js';
import { INCIDENT_ARG, INCIDENT_UPDATE } from '../../views/incident-update.js';

export const { declare, run } = getVerb(INCIDENT_UPDATE, {
  parents: [['incident', INCIDENT_ARG, 'incident']],
  description: 'One update of an incident',
  examples: [
    'statusctl incident-updates get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9',
    'statusctl incident-updates get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 -o json',
  ],
  async fetch(ctx, givenUpdate, [givenIncident]) {
    const client = await ctx.client();
    const { id: incidentId, incident } = await new IncidentIds(() => ctx.client()).resolve(givenIncident!);
    const incidentUpdateId = await resolveUpdateId(client, incidentId, givenUpdate, incident);
    const update = await client.getIncidentUpdate({ params: { incidentId, incidentUpdateId } });
    return { ...update, incidentId };
  },
  // The API's update, as it answered.
  json: ({ incidentId: _incident, ...update }) => update,
  paged: false,
});

// For test/cli/mcp.test.ts: ids of a V3 status page's records, for the V3 incident tools (their
// statusPageId and incidentId name a V3 page and one of its incidents, not a v2 page's), and the
// calls of the V3 incident tools that have no sample.
import { EXAMPLE_COMPONENT_ID } from '../../src/contract/resources/v3-incidents.js';
import { demoIds } from '../../src/server/index.js';
import type { TestServer } from '../support/server.js';

export interface V3Ids extends Record<string, string> {
  statusPageId: string;
  incidentId: string;
  incidentUpdateId: string;
  componentId: string;
  /** A second update of the incident, for delete_v3_incident_update. */
  secondUpdateId: string;
}

/** The account's demo V3 page and one of its components, and an incident on it with two updates dated before the samples'. */
export async function v3Ids(server: TestServer): Promise<V3Ids> {
  const demo = demoIds(server.account.id);
  const statusPageId = demo.v3StatusPages.acmePlatform;
  const componentId = demo.v3Components.restApi;
  const incidents = `/v3/status-pages/${statusPageId}/incidents`;
  const incident = await server.call('POST', incidents, {
    body: {
      name: 'MCP V3 samples',
      componentImpacts: [{ componentId, status: 'MAJOR_OUTAGE' }],
      incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING', publicIncidentUpdateDate: '2025-03-10T09:00:00Z' }],
    },
  });
  const second = await server.call('POST', `${incidents}/${incident.json.id}/incident-updates`, {
    body: { description: 'Still looking', status: 'INVESTIGATING', publicIncidentUpdateDate: '2025-03-10T09:30:00Z' },
  });
  if (second.status !== 201) throw new Error(`the V3 records for the MCP test could not be made: ${incident.text} ${second.text}`);
  return {
    statusPageId,
    incidentId: incident.json.id,
    incidentUpdateId: incident.json.incidentUpdates[0].id,
    componentId,
    secondUpdateId: second.json.id,
  };
}

/** A sample body naming the account's component instead of the example one. */
export function withComponent(body: Record<string, unknown>, componentId: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(body).replaceAll(EXAMPLE_COMPONENT_ID, componentId));
}

/** The V3 incident tools without a sample, each with its arguments: the reads, then the deletes. */
export function v3Calls(ids: V3Ids): [string, Record<string, string>][] {
  const incident = { statusPageId: ids.statusPageId, incidentId: ids.incidentId };
  return [
    ['get_v3_incident', incident],
    ['list_v3_incident_updates', incident],
    ['get_v3_incident_update', { ...incident, incidentUpdateId: ids.incidentUpdateId }],
    ['delete_v3_incident_update', { ...incident, incidentUpdateId: ids.secondUpdateId }],
    ['delete_v3_incident', incident],
  ];
}

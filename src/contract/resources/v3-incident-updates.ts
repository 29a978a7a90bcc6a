// Updates of the incidents of the current generation's status pages: an incident's timeline.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';
import { V3_INCIDENT_IDS, V3_UPDATE_MATCH, V3_UPDATE_SAMPLE } from './v3-incidents.js';

const V3_UPDATE_IDS = {
  ...V3_INCIDENT_IDS,
  incidentUpdateId: "id of the update (the incident's incidentUpdates[].id, list_v3_incident_updates)",
};
const UPDATE_PARAMS = { statusPageId: EXAMPLE_ID, incidentId: EXAMPLE_ID, incidentUpdateId: EXAMPLE_ID };

export const v3IncidentUpdateRows = define('incidents', {
  listV3IncidentUpdates: {
    method: 'GET',
    path: '/v3/status-pages/{statusPageId}/incidents/{incidentId}/incident-updates',
    summary: "List a V3 incident's updates, newest first (at most 100)",
    paramDescriptions: V3_INCIDENT_IDS,
    responses: { 200: 'V3IncidentUpdateList' },
    tool: {
      title: "List a V3 incident's updates",
      description:
        'Lists the updates of an incident of a V3 status page, newest first by publicIncidentUpdateDate, at most 100. The ids come from list_v3_incidents.',
    },
  },
  createV3IncidentUpdate: {
    method: 'POST',
    path: '/v3/status-pages/{statusPageId}/incidents/{incidentId}/incident-updates',
    publishes: 'v3-incident',
    summary: 'Post an update to a V3 incident',
    paramDescriptions: V3_INCIDENT_IDS,
    sample: { params: { statusPageId: EXAMPLE_ID, incidentId: EXAMPLE_ID }, body: { ...V3_UPDATE_SAMPLE, status: 'MONITORING' } },
    body: 'V3IncidentUpdateInput',
    bodyRequired: true,
    responses: { 201: 'V3IncidentUpdate' },
    // An update of the incident's timeline with the text and status sent, dated since the write began.
    readBack: { read: 'listV3IncidentUpdates', noun: 'update', match: V3_UPDATE_MATCH },
    tool: {
      title: 'Post a V3 incident update',
      description:
        "Posts an update on an incident of a V3 status page: description and status (INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED) are required. RESOLVED closes the incident and ends every open component impact at the update's date; a later update that is not RESOLVED reopens it. publicIncidentUpdateDate may not be before the incident's first update. Each call adds another update.",
    },
  },
  getV3IncidentUpdate: {
    method: 'GET',
    path: '/v3/status-pages/{statusPageId}/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Retrieve an update of a V3 incident',
    paramDescriptions: V3_UPDATE_IDS,
    responses: { 200: 'V3IncidentUpdate' },
    tool: {
      title: 'Get a V3 incident update',
      description: 'Retrieves one update of an incident of a V3 status page. The ids come from get_v3_incident (incidentUpdates[].id).',
    },
  },
  updateV3IncidentUpdate: {
    method: 'PUT',
    path: '/v3/status-pages/{statusPageId}/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    publishes: 'v3-incident',
    summary: 'Edit an update of a V3 incident',
    paramDescriptions: V3_UPDATE_IDS,
    sample: { params: UPDATE_PARAMS, body: { ...V3_UPDATE_SAMPLE, description: 'We found the cause.', status: 'IDENTIFIED' } },
    body: 'V3IncidentUpdateInput',
    bodyRequired: true,
    responses: { 200: 'V3IncidentUpdate' },
    tool: {
      title: 'Edit a V3 incident update',
      description:
        "Replaces the text and status of an update of a V3 incident (both required); publicIncidentUpdateDate and notifySubscribers change only when sent. The incident's status, duration and impacts are worked out again. The ids come from get_v3_incident (incidentUpdates[].id).",
      destructive: true,
    },
  },
  deleteV3IncidentUpdate: {
    method: 'DELETE',
    path: '/v3/status-pages/{statusPageId}/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    publishes: 'v3-incident',
    summary: 'Delete an update of a V3 incident',
    paramDescriptions: V3_UPDATE_IDS,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete a V3 incident update',
      description:
        "Deletes one update of an incident of a V3 status page; the incident's status and duration are worked out again from the updates left. The last remaining update cannot be deleted (delete the incident instead). The ids come from get_v3_incident or list_v3_incident_updates.",
      destructive: true,
    },
  },
});

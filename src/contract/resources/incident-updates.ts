// Incident updates: an incident's timeline.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';
import { INCIDENT_ID, UPDATE_IDS } from './ids.js';

/** How a lost update is found among an incident's (row.ts, Match): an incident's first update too. */
export const UPDATE_MATCH = {
  description: 'sent',
  status: 'if-sent',
  notifySubscribers: 'if-sent',
  publicIncidentUpdateDate: 'if-sent',
} as const;

/** What a sample update holds besides its status, date and notify flag: the fields the server sets too. */
export const UPDATE_SAMPLE = { description: 'We are investigating.', id: '00000000-0000-4000-8000-0000000000f1', created_at: '2025-03-10' };

export const incidentUpdateRows = define('incidents', {
  listIncidentUpdates: {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates',
    summary: "List an incident's updates, newest first",
    paramDescriptions: INCIDENT_ID,
    responses: { 200: 'IncidentUpdateList' },
    tool: {
      title: "List an incident's updates",
      description: "Lists an incident's updates, newest first (by publicIncidentUpdateDate). The incidentId comes from list_incidents.",
    },
  },
  createIncidentUpdate: {
    method: 'POST',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates',
    summary: 'Add an update to an incident',
    sample: {
      params: { incidentId: EXAMPLE_ID },
      body: { ...UPDATE_SAMPLE, status: 'MONITORING', publicIncidentUpdateDate: '2025-03-10T10:00:00+01:00', notifySubscribers: true },
    },
    publishes: 'incident',
    paramDescriptions: INCIDENT_ID,
    body: 'IncidentUpdateInput',
    bodyRequired: true,
    clientBody: 'IncidentUpdateFields',
    responses: { 200: 'IncidentUpdate' },
    // An update of the incident's timeline with the text, status and notify flag sent, dated since the write began.
    readBack: { read: 'getIncident', items: 'incidentUpdates', noun: 'update', match: UPDATE_MATCH },
    tool: {
      title: 'Add an incident update',
      description:
        'Posts a new update on an incident (what is known, optionally a new status such as MONITORING or RESOLVED; RESOLVED closes the incident). The incidentId comes from list_incidents. Each call adds another update.',
    },
  },
  getIncidentUpdate: {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Retrieve an incident update',
    paramDescriptions: UPDATE_IDS,
    responses: { 200: 'IncidentUpdate' },
    tool: {
      title: 'Get an incident update',
      description: "Retrieves one update of an incident. Both ids come from get_incident (the incident's incidentUpdates[].id).",
    },
  },
  updateIncidentUpdate: {
    method: 'PUT',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Change an incident update',
    sample: {
      params: { incidentId: EXAMPLE_ID, incidentUpdateId: EXAMPLE_ID },
      body: { ...UPDATE_SAMPLE, status: 'RESOLVED', publicIncidentUpdateDate: '2025-03-10T10:00:00Z', notifySubscribers: true },
    },
    publishes: 'incident',
    paramDescriptions: UPDATE_IDS,
    body: 'IncidentUpdateInput',
    bodyRequired: true,
    clientBody: 'IncidentUpdateFields',
    responses: { 200: 'IncidentUpdate' },
    tool: {
      title: 'Change an incident update',
      description:
        'Replaces the text (and optionally the status or date) of an existing incident update; what it said before is overwritten. Both ids come from get_incident (incidentUpdates[].id).',
      destructive: true,
    },
  },
  deleteIncidentUpdate: {
    method: 'DELETE',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Delete an incident update',
    publishes: 'incident',
    paramDescriptions: UPDATE_IDS,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete an incident update',
      description:
        "Deletes one update of an incident (one posted to the wrong incident, say); the incident's status and duration are worked out again from the updates left. Both ids come from get_incident or list_incident_updates.",
      destructive: true,
    },
  },
});

// Incidents: declared, listed, changed and deleted.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID, EXAMPLE_SERVICE } from './examples.js';
import { UPDATE_MATCH, UPDATE_SAMPLE } from './incident-updates.js';
import { INCIDENT_ID } from './ids.js';

/** A changed incident as a fetched one is sent back: the PUT's sample body, and the PATCH's. */
const CHANGE_SAMPLE = {
  name: 'Checkout API returns 502 errors',
  severity: 'CRITICAL',
  services: [EXAMPLE_SERVICE],
  id: EXAMPLE_ID,
  created_at: '2025-01-01',
  updated_at: '2025-01-01',
  lastUpdateStatus: 'INVESTIGATING',
  duration: null,
} as const;

export const incidentRows = define('incidents', {
  createIncident: {
    method: 'POST',
    path: '/v1/status-pages/incidents',
    summary: 'Create an incident',
    sample: {
      body: {
        name: 'Checkout API returns 502 errors',
        severity: 'MAJOR',
        services: [EXAMPLE_SERVICE],
        incidentUpdates: [
          { ...UPDATE_SAMPLE, status: 'INVESTIGATING', publicIncidentUpdateDate: '2025-03-10T10:00:00.000Z', notifySubscribers: false },
        ],
        id: EXAMPLE_ID,
        created_at: '2025-01-01',
        updated_at: '2025-01-01',
        lastUpdateStatus: 'INVESTIGATING',
        duration: null,
      },
    },
    publishes: 'incident',
    body: 'CreateIncidentInput',
    bodyRequired: true,
    clientBody: 'CreateIncidentFields',
    responses: { 201: 'Incident' },
    // An incident of the list with the name, severity, services and first update sent, made since the write began.
    readBack: {
      read: 'listIncidents',
      noun: 'incident',
      match: { name: 'sent', severity: 'if-sent', services: 'ids', incidentUpdates: UPDATE_MATCH },
    },
    alsoAnswers: {
      404: 'A service in the body that the account does not have (the reference server answers a 400 naming the field)',
    },
    tool: {
      title: 'Create an incident',
      description:
        'Declares a new incident on a status page. services: the affected services as {id, name, accountId}, copied from a status page (list_status_pages, cards[].services[]). incidentUpdates: exactly one first update, e.g. [{"description": "Investigating elevated errors", "status": "INVESTIGATING"}]. Returns the incident with its id, for get_incident and create_incident_update.',
    },
  },
  listIncidents: {
    method: 'GET',
    path: '/v1/status-pages/incidents',
    summary: 'List the latest incidents, newest first, paginated',
    sample: { query: { limit: '20' } },
    query: 'PageQuery',
    responses: { 200: 'IncidentList' },
    tool: {
      title: 'List incidents',
      description:
        'Lists the latest incidents, newest first, with their updates. Paginated: pass the nextId of a page to get the next one (limit 1 to 100, default 20). Gives the incidentId the incident tools need.',
    },
  },
  getIncident: {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}',
    summary: 'Retrieve an incident',
    paramDescriptions: INCIDENT_ID,
    responses: { 200: 'Incident' },
    tool: {
      title: 'Get an incident',
      description:
        'Retrieves one incident with its services and all its updates. The incidentId comes from list_incidents or create_incident.',
    },
  },
  updateIncident: {
    method: 'PUT',
    path: '/v1/status-pages/incidents/{incidentId}',
    summary: "Change an incident's name, severity and services",
    sample: {
      params: { incidentId: EXAMPLE_ID },
      body: CHANGE_SAMPLE,
    },
    publishes: 'incident',
    paramDescriptions: INCIDENT_ID,
    body: 'UpdateIncidentInput',
    bodyRequired: true,
    clientBody: 'UpdateIncidentFields',
    responses: { 200: 'Incident' },
    tool: {
      title: 'Change an incident',
      description:
        'Changes the name, severity and services of an incident (escalate MINOR to CRITICAL, fix a typo, add an affected service). All three are required: get_incident first and send back what stays. services: the whole new list as {id, name, accountId} (from list_services). The updates are not touched; change those with update_incident_update.',
      destructive: true,
    },
  },
  patchIncident: {
    method: 'PATCH',
    path: '/v1/status-pages/incidents/{incidentId}',
    summary: "Change some of an incident's name, severity and services, keeping the rest",
    beyondDocument: { of: 'PUT', sentBy: "the vendor's own CLI (9.5), for `incidents update --severity`" },
    sample: { params: { incidentId: EXAMPLE_ID }, body: CHANGE_SAMPLE },
    publishes: 'incident',
    paramDescriptions: INCIDENT_ID,
    body: 'PatchIncidentInput',
    bodyRequired: true,
    clientBody: 'PatchIncidentFields',
    responses: { 200: 'Incident' },
    // Sets the values it names: a repeat changes nothing more.
    idempotent: true,
  },
  deleteIncident: {
    method: 'DELETE',
    path: '/v1/status-pages/incidents/{incidentId}',
    summary: 'Delete an incident and its updates',
    publishes: 'incident',
    paramDescriptions: INCIDENT_ID,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete an incident',
      description:
        'Deletes an incident and all its updates; status pages stop showing it. For an incident declared by mistake: one that happened is resolved (create_incident_update with status RESOLVED), not deleted. The incidentId comes from list_incidents.',
      destructive: true,
    },
  },
});
